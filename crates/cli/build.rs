//! Link options for the `sudoku-dlx` binary alone
//! (docs/decisions/cli-start-up.md): `cargo:rustc-link-arg-bins` reaches
//! this package's binaries and nothing else, not its tests, not the
//! libraries, the Python package's cdylib or the proc-macros.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let target = |key: &str| std::env::var(format!("CARGO_CFG_TARGET_{key}")).unwrap_or_default();
    // A position-dependent executable: its ~9,700 relative relocations
    // are resolved at link time, so the loader writes no page of the
    // binary's read-only data at start-up (8 queens: 28-38 fewer page
    // faults, about 160 instead of 190). The price is the binary's image at a fixed address (no
    // ASLR for it; libraries, heap and stack keep theirs). Only where it
    // is known to link and was measured: GNU/Linux on x86-64, whose
    // objects are position-independent code either way; never a wasm,
    // musl, macOS or Windows build.
    if target("OS") == "linux" && target("ENV") == "gnu" && target("ARCH") == "x86_64" {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}
