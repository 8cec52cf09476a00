//! How the binary is linked for a fast start (docs/decisions/cli-start-up.md):
//! on x86-64 GNU/Linux a position-dependent executable, and a static one
//! where the C library's archives are installed, so that the loader and
//! its shared libraries cost a tiny problem nothing. No time is asserted:
//! the test reads the binary's ELF program headers. Elsewhere the binary is
//! linked as the platform links any, and the module is not compiled. The
//! functions small runs execute are gathered in `.text.hot`, before the
//! rest of the code (`crates/cli/link/hot-code.ld`).

use std::path::Path;
use std::process::Command;

/// ELF's `e_type` of a position-dependent executable.
const ET_EXEC: u16 = 2;
/// The program header naming the loader (`PT_INTERP`).
const PT_INTERP: u32 = 3;
/// The program header of the dynamic section (`PT_DYNAMIC`).
const PT_DYNAMIC: u32 = 2;

/// The binary's `e_type` and its program headers' types, read from a
/// 64-bit little-endian ELF file.
fn elf_header_types(binary: &[u8]) -> (u16, Vec<u32>) {
    assert_eq!(&binary[..4], b"\x7fELF", "not an ELF file");
    assert_eq!(binary[4], 2, "not a 64-bit ELF file");
    assert_eq!(binary[5], 1, "not a little-endian ELF file");
    let u16_at = |at: usize| u16::from_le_bytes([binary[at], binary[at + 1]]);
    let u32_at = |at: usize| u32::from_le_bytes(binary[at..at + 4].try_into().unwrap());
    let u64_at = |at: usize| u64::from_le_bytes(binary[at..at + 8].try_into().unwrap());
    let program_headers = usize::try_from(u64_at(0x20)).unwrap();
    let (size, count) = (usize::from(u16_at(0x36)), usize::from(u16_at(0x38)));
    let types = (0..count)
        .map(|k| u32_at(program_headers + k * size))
        .collect();
    (u16_at(0x10), types)
}

/// Whether the C compiler finds `libc.a`, which the build script asks
/// the same way before it links statically.
fn static_libc_installed() -> bool {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    Command::new(cc)
        .arg("-print-file-name=libc.a")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .is_some_and(|path| Path::new(path.trim()).is_absolute())
}

#[test]
fn the_binary_is_linked_for_a_fast_start() {
    let binary = std::fs::read(env!("CARGO_BIN_EXE_sudoku-dlx")).unwrap();
    let (kind, headers) = elf_header_types(&binary);
    assert_eq!(kind, ET_EXEC, "the binary is position-independent");
    // The build script's variable, read here from the same environment.
    if static_libc_installed() && std::env::var_os("SUDOKU_DLX_DYNAMIC").is_none() {
        assert!(
            !headers.contains(&PT_INTERP) && !headers.contains(&PT_DYNAMIC),
            "the binary needs a loader or shared libraries: {headers:?}"
        );
    } else {
        assert!(
            headers.contains(&PT_INTERP),
            "a dynamic binary without a loader"
        );
    }
}

/// The binary's sections as (name, address, size), read from a 64-bit
/// little-endian ELF file's section headers.
fn elf_sections(binary: &[u8]) -> Vec<(String, u64, u64)> {
    let u16_at = |at: usize| usize::from(u16::from_le_bytes([binary[at], binary[at + 1]]));
    let u32_at = |at: usize| u32::from_le_bytes(binary[at..at + 4].try_into().unwrap());
    let u64_at = |at: usize| u64::from_le_bytes(binary[at..at + 8].try_into().unwrap());
    let headers = usize::try_from(u64_at(0x28)).unwrap();
    let (size, count, names) = (u16_at(0x3a), u16_at(0x3c), u16_at(0x3e));
    let header = |k: usize| headers + k * size;
    let strings = usize::try_from(u64_at(header(names) + 0x18)).unwrap();
    (0..count)
        .map(|k| {
            let at = strings + usize::try_from(u32_at(header(k))).unwrap();
            let end = at + binary[at..].iter().position(|&b| b == 0).unwrap();
            let name = String::from_utf8_lossy(&binary[at..end]).into_owned();
            (name, u64_at(header(k) + 0x10), u64_at(header(k) + 0x20))
        })
        .collect()
}

#[test]
fn the_code_small_runs_execute_comes_first() {
    // The build script's switch, read here from the same environment.
    if std::env::var_os("SUDOKU_DLX_SCATTERED").is_some() {
        return;
    }
    let binary = std::fs::read(env!("CARGO_BIN_EXE_sudoku-dlx")).unwrap();
    let sections = elf_sections(&binary);
    let find = |name: &str| sections.iter().find(|(n, ..)| n == name);
    let (Some(hot), Some(text)) = (find(".text.hot"), find(".text")) else {
        panic!("no .text.hot beside .text: link/hot-code.ld was not applied ({sections:?})");
    };
    // Any build gathers something: the C library's members and the
    // functions whose patterns carry no hash match in every profile.
    assert!(
        hot.2 > 0,
        "an empty .text.hot: its patterns matched nothing"
    );
    assert!(
        hot.1 < text.1,
        ".text.hot is not before .text: {hot:?} {text:?}"
    );
}
