//! Link options for the `sudoku-dlx` binary alone
//! (docs/decisions/cli-start-up.md): `cargo:rustc-link-arg-bins` reaches
//! this package's binaries and nothing else, not its tests, not the
//! libraries, the Python package's cdylib or the proc-macros.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=SUDOKU_DLX_DYNAMIC");
    println!("cargo::rerun-if-env-changed=SUDOKU_DLX_SCATTERED");
    println!("cargo::rerun-if-changed=link/hot-code.ld");
    let target = |key: &str| std::env::var(format!("CARGO_CFG_TARGET_{key}")).unwrap_or_default();
    // Only where it is known to link and was measured: GNU/Linux on
    // x86-64, whose objects are position-independent code either way;
    // never a wasm, musl, macOS or Windows build.
    if !(target("OS") == "linux" && target("ENV") == "gnu" && target("ARCH") == "x86_64") {
        return;
    }
    // A position-dependent executable: its ~9,700 relative relocations
    // are resolved at link time, so the loader writes no page of the
    // binary's read-only data at start-up. The price is the binary's image
    // at a fixed address (no ASLR for it; heap, stack and mmaps keep
    // theirs).
    println!("cargo::rustc-link-arg-bins=-no-pie");
    hot_code();
    // A static link, where the C library's archives are installed: no
    // loader, no shared libraries to map and bind, so a tiny problem's
    // whole process costs about a third fewer page faults.
    if std::env::var_os("SUDOKU_DLX_DYNAMIC").is_some() {
        return;
    }
    match static_stand_ins() {
        Ok(dir) => {
            println!("cargo::rustc-link-arg-bins=-static");
            println!("cargo::rustc-link-arg-bins=-L{}", dir.display());
        }
        Err(why) => println!("cargo::warning=sudoku-dlx linked dynamically: {why}"),
    }
}

/// Gathers the functions a small run executes at the start of the code
/// (`link/hot-code.ld`, written by `link/hot_code.py`): the kernel maps the
/// code 64 KB around each page touched and counts it as resident, so a
/// small run's code in one place costs it about 1.5 MB less (the 8x8 ZDD
/// run: 3.95 -> 2.45 MB). The script is a GNU ld / lld one (`INSERT
/// BEFORE`), so a build told to link with mold or gold, or with
/// `SUDOKU_DLX_SCATTERED` set, is left as the linker lays it out; nothing
/// but the layout depends on it.
fn hot_code() {
    if std::env::var_os("SUDOKU_DLX_SCATTERED").is_some() {
        return;
    }
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if ["mold", "gold"].iter().any(|other| flags.contains(other)) {
        println!("cargo::warning=sudoku-dlx: hot code not gathered (a linker without INSERT)");
        return;
    }
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let script = Path::new(&dir).join("link").join("hot-code.ld");
    if script.is_file() {
        println!("cargo::rustc-link-arg-bins=-Wl,-T,{}", script.display());
    } else {
        println!("cargo::warning=sudoku-dlx: hot code not gathered (no link/hot-code.ld)");
    }
}

/// The libraries rustc names for a dynamically linked std on GNU/Linux,
/// each with the static archives that stand in for it.
const STAND_INS: [(&str, &[&str]); 7] = [
    ("gcc_s", &["libgcc_eh.a"]),
    ("util", &["libutil.a"]),
    ("rt", &["librt.a"]),
    ("pthread", &["libpthread.a"]),
    ("m", &["libm.a"]),
    ("dl", &["libdl.a"]),
    ("c", &["libc.a", "libgcc_eh.a", "libgcc.a"]),
];

/// A directory of linker scripts, `libNAME.so` for each library rustc
/// names, each reading the static archives that stand in for it.
///
/// rustc links std's libraries dynamically (`-Wl,-Bdynamic -lgcc_s ...
/// -lc`) unless `crt-static` is a target feature, and that is a codegen
/// flag for every crate, not a link argument: set for the workspace it
/// drops the Python package's cdylib and breaks the proc-macros. `-static`
/// given to the C compiler picks the static start files, and these
/// scripts, found before the system's libraries (the `-L` comes before
/// the default directories), make every `-l` read an archive, so the
/// binary needs no loader. The archives are the ones `crt-static` links;
/// the same std is linked either way. Where an archive is missing (Fedora
/// without glibc-static, say) the binary is linked dynamically, as before.
fn static_stand_ins() -> Result<PathBuf, String> {
    let out = std::env::var_os("OUT_DIR").ok_or("no OUT_DIR")?;
    let dir = PathBuf::from(out).join("static-link");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for (name, archives) in STAND_INS {
        let paths = archives
            .iter()
            .map(|archive| archive_path(archive).ok_or(format!("no {archive} installed")))
            .collect::<Result<Vec<_>, _>>()?;
        let script = format!("GROUP({})\n", paths.join(" "));
        let file = dir.join(format!("lib{name}.so"));
        std::fs::write(&file, script).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    Ok(dir)
}

/// Where the C compiler that links finds `archive`, asked as
/// `cc -print-file-name`, which prints the bare name when it finds none.
fn archive_path(archive: &str) -> Option<String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let out = Command::new(cc)
        .arg(format!("-print-file-name={archive}"))
        .output()
        .ok()
        .filter(|out| out.status.success())?;
    let path = String::from_utf8(out.stdout).ok()?.trim().to_owned();
    Path::new(&path).is_absolute().then_some(path)
}
