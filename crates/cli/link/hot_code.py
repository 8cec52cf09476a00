#!/usr/bin/env python3
"""Writes crates/cli/link/hot-code.ld: the functions a small run executes,
laid out together at the start of the binary's code.

The kernel maps a binary's code 64 KB around every page a process touches,
and counts those pages in its resident memory. Left where the linker puts
them, the functions a small run needs (start-up, the file's parsing, a
count, a small ZDD) sit in about 46 such windows spread over 6 MB of code;
gathered in one output section they fit in about 11. The reasons and the
measured effect: docs/decisions/cli-start-up.md.

The script runs a release binary under callgrind on the runs below, takes
every function they execute, and writes a linker script that collects them
into `.text.hot`, before `.text`:

- a Rust function as the pattern `.text.<mangled name up to its hash>*`, so
  the file stays valid while the function's name does (the hash after `17h`
  changes with the compiler, the dependencies and the profile); a function
  whose name several functions share (a generic one's instances) by its
  full name, so that the instances the runs never execute stay out;
- a C library function (static glibc, libgcc) as its archive member, since
  those archives put a whole object in one `.text`.

Run it again when the figures in docs/benchmarks.md ("The binary's hot code
gathered") drift, after a large change of what the common commands run:

    cargo build --release -p sudoku-dlx-cli
    python3 crates/cli/link/hot_code.py target/release/sudoku-dlx

It needs valgrind and the C compiler that links (`cc`, for the archives'
paths). Nothing in it is timed; the set of functions is what matters, and
the script is sorted so that a regenerated file diffs line by line.
"""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
OUT = os.path.join(HERE, "hot-code.ld")

ARCHIVES = ["libc.a", "libm.a", "libgcc.a", "libgcc_eh.a"]


def queens(n):
    """Knuth's queens-dlx n: rows and columns primary, diagonals secondary."""
    rows = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    diagonals = [f"a{d}" for d in range(1, 2 * n - 2)] + [f"b{d}" for d in range(1, 2 * n - 2)]
    lines = [" ".join(rows) + " | " + " ".join(diagonals)]
    for i in range(n):
        for j in range(n):
            option = [f"r{i}", f"c{j}"]
            if 0 < i + j < 2 * n - 2:
                option.append(f"a{i + j}")
            if 0 < i - j + n - 1 < 2 * n - 2:
                option.append(f"b{i - j + n - 1}")
            lines.append(" ".join(option))
    return "\n".join(lines) + "\n"


def dominoes(n):
    """Domino tilings of an n x n board."""
    cells = [f"{r}_{c}" for r in range(n) for c in range(n)]
    lines = [" ".join(cells)]
    for r in range(n):
        for c in range(n):
            if r + 1 < n:
                lines.append(f"{r}_{c} {r + 1}_{c}")
            if c + 1 < n:
                lines.append(f"{r}_{c} {r}_{c + 1}")
    return "\n".join(lines) + "\n"


def runs(work):
    """The runs whose code is gathered: the start-up and memory targets'
    (docs/benchmarks.md) and the README's quick start."""
    q8 = os.path.join(work, "q8.dlx")
    dom8 = os.path.join(work, "dominoes-8.dlx")
    with open(q8, "w") as f:
        f.write(queens(8))
    with open(dom8, "w") as f:
        f.write(dominoes(8))
    sample = os.path.join(REPO, "data", "sample.txt")
    return [
        ["cover", "--count", q8],
        ["cover", "--count", "--method", "search", "--jobs", "1", q8],
        ["cover", "--count", "--method", "zdd", dom8],
        ["solve", sample],
        ["count", "--limit", "2", sample],
        ["--version"],
    ]


def executed(binary, args, work):
    """The (mangled) names of the functions one run executes."""
    out = os.path.join(work, "callgrind.out")
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", binary]
        + args,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    names = set()
    with open(out) as f:
        for line in f:
            m = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
            if m:
                # callgrind marks recursion levels with 'N.
                names.add(re.sub(r"'\d+$", "", m.group(1)))
    return names


def archive_members():
    """Each C library function's archive and member, as `archive:member`."""
    found = {}
    for archive in ARCHIVES:
        path = subprocess.run(
            ["cc", f"-print-file-name={archive}"], check=True, capture_output=True, text=True
        ).stdout.strip()
        if not os.path.isabs(path):
            continue
        with open(path, "rb") as f:
            head = f.read(8)
        paths = [path]
        if head != b"!<arch>\n":
            # A GNU ld script (Debian's libm.a): the archives it groups.
            with open(path) as f:
                paths = re.findall(r"(/\S+\.a)\b", f.read())
        listing = subprocess.run(
            ["nm", "-A", "--defined-only"] + paths, capture_output=True, text=True
        ).stdout
        for line in listing.splitlines():
            # /usr/lib/.../libc.a:malloc.o:0000000000001230 T malloc
            m = re.match(r"^.*?([^/:]+\.a):([^:]+):\S* [TtWwi] (\S+)$", line)
            if m:
                # libm-2.36.a as libm*.a: any glibc's version.
                archive = re.sub(r"-[0-9.]+\.a$", "*.a", m.group(1))
                found.setdefault(m.group(3), f"{archive}:{m.group(2)}")
    return found


def instances(binary):
    """How many functions of the binary share each name up to its hash."""
    listing = subprocess.run(
        ["nm", "--defined-only", binary], check=True, capture_output=True, text=True
    ).stdout
    count = {}
    for line in listing.splitlines():
        m = re.match(r"^\S+ [Tt] (_ZN.*17h)[0-9a-f]{16}E", line)
        if m:
            count[m.group(1)] = count.get(m.group(1), 0) + 1
    return count


def section(name):
    """A function's section: `.text.NAME`, or `.text.unlikely.NAME` where
    the compiler judged it cold (`#[cold]`, or only reached on a path that
    is), which the linker would otherwise put at the end of `.text`."""
    return f"*(.text.{name} .text.unlikely.{name})"


def patterns(names, members, shared):
    rust, c = set(), set()
    for name in names:
        m = re.match(r"^((_ZN.*17h)[0-9a-f]{16}E)(\.llvm\.\d+)?$", name)
        if m and shared.get(m.group(2), 1) == 1:
            # One function of that name: the pattern outlives its hash.
            rust.add(section(m.group(2) + "*"))
        elif m:
            # One instance of a generic function (or of a name used in
            # several places): only that one, by its full name. A new
            # compiler or dependency changes these names and they then
            # match nothing, which costs the layout, never the build.
            rust.add(section(m.group(1) + "*"))
        elif name in members:
            c.add(f"*{members[name]}(.text .text.*)")
        elif re.match(r"^[A-Za-z0-9_.$]+$", name) and not name.startswith("0x"):
            # A Rust function without a hash (`main`, `__rust_alloc`...).
            rust.add(section(name))
    return sorted(rust), sorted(c)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "target/release/sudoku-dlx")
    with tempfile.TemporaryDirectory() as work:
        names = set()
        for args in runs(work):
            names |= executed(binary, args, work)
    rust, c = patterns(names, archive_members(), instances(binary))
    with open(OUT, "w") as f:
        f.write(
            "/* The functions a small run executes, gathered before the rest of the\n"
            "   code (docs/decisions/cli-start-up.md). Written by\n"
            "   crates/cli/link/hot_code.py; do not edit by hand. */\n"
            "SECTIONS {\n  .text.hot : {\n"
        )
        for pattern in rust + c:
            f.write(f"    {pattern}\n")
        f.write("  }\n}\nINSERT BEFORE .text;\n")
    print(f"{OUT}: {len(rust)} Rust patterns, {len(c)} C library members")


if __name__ == "__main__":
    main()
