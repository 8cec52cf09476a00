//! Transparent huge pages for the build's large arrays, and the arrays
//! that grow in place, on Linux.
//!
//! The memo's table and the ZDD's unique table grow to gigabytes (at
//! 20x20 dominoes) and are read at random: with 4 KiB pages
//! most of those reads also miss the TLB. Where the kernel gives huge
//! pages only on request (`/sys/kernel/mm/transparent_hugepage/enabled`
//! set to `madvise`, a common default), [`advise`] asks for them; elsewhere
//! it does nothing. It changes how the kernel backs the pages, never what
//! they hold (docs/decisions/zdd-node-table.md has the measured effect).
//!
//! The arrays that only grow at their end, the memo's keys, the ZDD's
//! nodes and each node's first parent, are [`Reserved`]: past a few MiB they move once into a
//! reservation of address space as large as they can ever be, and grow
//! there without being copied again, in small pages
//! (docs/decisions/zdd-growth.md).

use std::ops::{Deref, DerefMut};

/// Buffers smaller than this are left alone: a huge page is 2 MiB.
const AT_LEAST: usize = 4 << 20;

/// Asks the kernel to back `buffer`'s allocation (its whole capacity) with
/// huge pages; call it after each reallocation, before the new part is
/// written. A hint: nothing happens where it cannot be given.
pub(super) fn advise<T>(buffer: &Vec<T>) {
    let bytes = buffer.capacity() * std::mem::size_of::<T>();
    if bytes >= AT_LEAST {
        advise_range(buffer.as_ptr().cast(), bytes);
    }
}

#[cfg(all(target_os = "linux", not(miri)))]
#[allow(unsafe_code)] // one system call, a hint
fn advise_range(start: *const u8, bytes: usize) {
    // madvise wants a page-aligned start: the whole pages inside the
    // allocation.
    const PAGE: usize = 4096;
    let first = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize + bytes) & !(PAGE - 1);
    if end > first {
        // SAFETY: `first..end` lies within one live allocation of ours (the
        // buffer's), and MADV_HUGEPAGE only changes how the kernel backs
        // those pages, not their contents or whether they are mapped; an
        // error (a kernel without huge pages) leaves everything as it was,
        // so the result is ignored.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(all(target_os = "linux", not(miri))))]
fn advise_range(_start: *const u8, _bytes: usize) {}

/// An array that only grows at its end (`push`, `extend_from_slice`) and
/// is otherwise a slice.
///
/// A `Vec` while it is small; past [`AT_LEAST`] bytes it moves, once, into
/// a [`Reservation`] of address space for `1 << 32` elements (the most a
/// `u32` id or offset reaches) and grows there in place. A `Vec` that
/// doubles copied everything it held into fresh pages at each doubling
/// (huge-page advice split its mapping, so the allocator could not move it
/// with `mremap`). The reservation's pages are found and zeroed once, when
/// first written; what is reserved but not written costs no memory. Where
/// no reservation can be made (not Linux, Miri, a limit on address space,
/// strict overcommit), the array stays a `Vec`.
///
/// Neither is advised for huge pages: these arrays are written in order and
/// read at random only on a memo hit or an equal node's hash, so small
/// pages cost little in the TLB, and a first touch of huge pages costs
/// several times as much system time on a VM whose host takes freed memory
/// back (docs/decisions/zdd-growth.md). The kernel's own setting still
/// applies (THP `always` gives them huge pages).
pub(crate) struct Reserved<T: Copy> {
    /// The elements while there is no reservation.
    heap: Vec<T>,
    /// The elements once they have moved; `heap` is then empty.
    mapped: Option<Reservation<T>>,
    /// Whether a reservation filled up (then the array stays a `Vec`).
    spilled: bool,
}

/// Elements a reservation has room for: more than any `u32` id or offset
/// of the build reaches (an array that outgrows it goes back to a `Vec`).
/// Reservations are made on 64-bit targets only; on a 32-bit one (the web
/// page's WebAssembly) `1 << 32` does not fit a `usize`, and the constant is
/// never used.
const RESERVED_ELEMENTS: usize = match 1usize.checked_shl(32) {
    Some(elements) => elements,
    None => usize::MAX,
};

impl<T: Copy> Reserved<T> {
    /// Appends `value`.
    #[inline]
    pub(super) fn push(&mut self, value: T) {
        self.extend_from_slice(std::slice::from_ref(&value));
    }

    /// Appends `values`.
    #[inline]
    pub(super) fn extend_from_slice(&mut self, values: &[T]) {
        if let Some(mapped) = &mut self.mapped {
            if mapped.extend_from_slice(values) {
                return;
            }
        } else if values.len() <= self.heap.capacity() - self.heap.len() {
            self.heap.extend_from_slice(values);
            return;
        }
        self.make_room(values.len());
        if let Some(mapped) = &mut self.mapped
            && mapped.extend_from_slice(values)
        {
            return;
        }
        self.heap.extend_from_slice(values);
    }

    /// Makes room for `more` elements: in a reservation once past
    /// [`AT_LEAST`] bytes, else (where none can be made, or one is full)
    /// in the `Vec`, grown as it grows.
    #[cold]
    fn make_room(&mut self, more: usize) {
        if let Some(mapped) = self.mapped.take() {
            // Full: back to a `Vec`, for good.
            self.heap = mapped.as_slice().to_vec();
            self.spilled = true;
        }
        let bytes = (self.heap.len() + more) * std::mem::size_of::<T>();
        if bytes >= AT_LEAST
            && !self.spilled
            && let Some(mut mapped) = Reservation::new(RESERVED_ELEMENTS)
            && mapped.extend_from_slice(&self.heap)
        {
            self.heap = Vec::new();
            self.mapped = Some(mapped);
            return;
        }
        self.heap.reserve(more);
    }

    /// Bytes the array holds: the `Vec`'s allocation, or the
    /// reservation's pages written so far (the rest costs no memory).
    pub(super) fn bytes(&self) -> u64 {
        let bytes = match &self.mapped {
            Some(mapped) => mapped.len * std::mem::size_of::<T>(),
            None => self.heap.capacity() * std::mem::size_of::<T>(),
        };
        bytes as u64
    }

    /// Gives the `Vec`'s spare capacity back (a reservation's unwritten
    /// pages cost nothing already).
    pub(super) fn shrink_to_fit(&mut self) {
        self.heap.shrink_to_fit();
    }
}

impl<T: Copy> From<Vec<T>> for Reserved<T> {
    fn from(heap: Vec<T>) -> Self {
        Reserved {
            heap,
            mapped: None,
            spilled: false,
        }
    }
}

impl<T: Copy> Deref for Reserved<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        match &self.mapped {
            Some(mapped) => mapped.as_slice(),
            None => &self.heap,
        }
    }
}

impl<T: Copy> DerefMut for Reserved<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.mapped {
            Some(mapped) => mapped.as_mut_slice(),
            None => &mut self.heap,
        }
    }
}

impl<T: Copy> Clone for Reserved<T> {
    fn clone(&self) -> Self {
        Reserved::from(self.to_vec())
    }
}

impl<T: Copy + std::fmt::Debug> std::fmt::Debug for Reserved<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + PartialEq> PartialEq for Reserved<T> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq> Eq for Reserved<T> {}

pub(super) use reservation::Reservation;

/// The reservation under [`Reserved`]: `mmap` and `munmap`, on 64-bit
/// Linux outside Miri.
#[cfg(all(target_os = "linux", target_pointer_width = "64", not(miri)))]
#[allow(unsafe_code)] // a mapping of our own, read as a slice up to `len`
mod reservation {
    use std::ptr::NonNull;

    /// A huge page's size: the mapping starts on one.
    const HUGE_PAGE: usize = 2 << 20;

    /// Elements `0..len` written at `start`, in a private anonymous mapping
    /// with room for `capacity` of them.
    pub(in crate::zdd) struct Reservation<T> {
        /// The mapping, as `mmap` returned it (for `munmap`).
        base: NonNull<libc::c_void>,
        /// The mapping's length in bytes.
        mapped_bytes: usize,
        /// The first element: `base` rounded up to a huge page, aligned
        /// for `T`.
        start: NonNull<T>,
        /// Elements written: `start..start + len` are initialized, and
        /// nothing after them has ever been written (`len` never drops).
        pub(in crate::zdd) len: usize,
        /// Elements the mapping has room for after `start`.
        capacity: usize,
    }

    // SAFETY: a `Reservation<T>` owns its elements as a `Vec<T>` does (no
    // other handle to the mapping exists), so it may cross threads when
    // `T` may.
    unsafe impl<T: Send> Send for Reservation<T> {}
    // SAFETY: shared access only reads, as for a `Vec<T>`.
    unsafe impl<T: Sync> Sync for Reservation<T> {}

    impl<T: Copy> Reservation<T> {
        /// Room for `capacity` elements, not yet backed by memory; `None`
        /// if the kernel refuses the address space.
        pub(in crate::zdd) fn new(capacity: usize) -> Option<Self> {
            let bytes = capacity.checked_mul(size_of::<T>())?;
            let mapped_bytes = bytes.checked_add(HUGE_PAGE)?;
            // SAFETY: a new private anonymous mapping at an address of the
            // kernel's choosing: it overlaps nothing of ours. NORESERVE
            // asks for no swap or commit up front (pages are backed when
            // first written), so this is address space only.
            let base = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    mapped_bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                    -1,
                    0,
                )
            };
            if base == libc::MAP_FAILED {
                return None;
            }
            let base = NonNull::new(base)?;
            // A huge page's boundary is aligned for every `T` here (a
            // `u64`, three `u32`s).
            debug_assert!(HUGE_PAGE.is_multiple_of(align_of::<T>()));
            let offset =
                (base.as_ptr() as usize).next_multiple_of(HUGE_PAGE) - base.as_ptr() as usize;
            // SAFETY: `offset < HUGE_PAGE`, so `start` and the `bytes`
            // after it lie inside the mapping of `bytes + HUGE_PAGE` bytes.
            let start = unsafe { base.byte_add(offset) }.cast::<T>();
            Some(Reservation {
                base,
                mapped_bytes,
                start,
                len: 0,
                capacity,
            })
        }

        /// Appends `values` if there is room for them (else writes
        /// nothing): whether it did.
        #[inline]
        pub(in crate::zdd) fn extend_from_slice(&mut self, values: &[T]) -> bool {
            if values.len() > self.capacity - self.len {
                return false;
            }
            // SAFETY: `len + values.len() <= capacity`, so the destination
            // lies inside the mapping, which is writable; `values` is a
            // slice of ours elsewhere (a `&[T]` cannot borrow past `len`,
            // where we write), so the two do not overlap.
            unsafe {
                self.start
                    .add(self.len)
                    .as_ptr()
                    .copy_from_nonoverlapping(values.as_ptr(), values.len());
            }
            self.len += values.len();
            true
        }

        /// The elements written.
        #[inline]
        pub(in crate::zdd) fn as_slice(&self) -> &[T] {
            // SAFETY: `start..start + len` are initialized elements inside
            // our mapping, aligned, and only `&mut self` changes them.
            unsafe { std::slice::from_raw_parts(self.start.as_ptr(), self.len) }
        }

        /// The elements written, to change.
        #[inline]
        pub(in crate::zdd) fn as_mut_slice(&mut self) -> &mut [T] {
            // SAFETY: as in `as_slice`, and `&mut self` is the only access.
            unsafe { std::slice::from_raw_parts_mut(self.start.as_ptr(), self.len) }
        }
    }

    impl<T> Drop for Reservation<T> {
        fn drop(&mut self) {
            // SAFETY: `base` and `mapped_bytes` are the mapping `new` made,
            // unmapped only here; no slice of it outlives `self`. `T` is
            // `Copy` where elements are written, so nothing is dropped.
            unsafe {
                libc::munmap(self.base.as_ptr(), self.mapped_bytes);
            }
        }
    }
}

/// No reservation here: [`Reserved`] stays a `Vec`.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64", not(miri))))]
mod reservation {
    /// Never made.
    pub(in crate::zdd) struct Reservation<T> {
        pub(in crate::zdd) len: usize,
        _never: std::convert::Infallible,
        _elements: std::marker::PhantomData<T>,
    }

    impl<T: Copy> Reservation<T> {
        pub(in crate::zdd) fn new(_capacity: usize) -> Option<Self> {
            None
        }

        pub(in crate::zdd) fn extend_from_slice(&mut self, _values: &[T]) -> bool {
            match self._never {}
        }

        pub(in crate::zdd) fn as_slice(&self) -> &[T] {
            match self._never {}
        }

        pub(in crate::zdd) fn as_mut_slice(&mut self) -> &mut [T] {
            match self._never {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Reserved;

    #[test]
    #[cfg_attr(miri, ignore)] // Miri has no reservation: a plain `Vec`, slowly
    fn a_reserved_array_holds_what_a_vec_holds_across_the_move() {
        // Past AT_LEAST bytes (4 MiB: 524,288 words) it moves into a
        // reservation where there is one; the same elements either way.
        let mut reserved = Reserved::from(vec![7u64]);
        let mut vec = vec![7u64];
        for k in 0..700_000u64 {
            if k % 3 == 0 {
                reserved.extend_from_slice(&[k, k + 1]);
                vec.extend_from_slice(&[k, k + 1]);
            } else {
                reserved.push(k * 5);
                vec.push(k * 5);
            }
            if k % 100_003 == 0 {
                let at = usize::try_from(k).unwrap() / 2;
                reserved[at] = k;
                vec[at] = k;
            }
        }
        assert_eq!(&*reserved, &vec[..]);
        assert_eq!(reserved.clone(), reserved);
        assert!(reserved.bytes() >= (vec.len() * 8) as u64);
    }
}
