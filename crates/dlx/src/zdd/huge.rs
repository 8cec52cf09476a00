//! Transparent huge pages for the build's large arrays, on Linux.
//!
//! The memo's keys and table, the ZDD's nodes and their table grow to
//! gigabytes (at 20x20 dominoes) and are read at random: with 4 KiB pages
//! most of those reads also miss the TLB. Where the kernel gives huge
//! pages only on request (`/sys/kernel/mm/transparent_hugepage/enabled`
//! set to `madvise`, a common default), [`advise`] asks for them; elsewhere
//! it does nothing. It changes how the kernel backs the pages, never what
//! they hold (docs/decisions/zdd-memo.md has the measured effect).

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
