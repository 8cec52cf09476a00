#!/usr/bin/env python3
"""Splits the instructions of Algorithm M's search, ours and Knuth's DLX3, into
the same components (docs/decisions/algorithm-m-components.md), from
callgrind profiles taken with --dump-instr=yes.

    python3 benches/m_components.py ours PROFILE BINARY
    python3 benches/m_components.py dlx3 PROFILE BINARY SOURCE

PROFILE is a callgrind file (`valgrind --tool=callgrind --dump-instr=yes
--callgrind-out-file=PROFILE CMD`), BINARY the program it ran, built with line
tables (our release profile has them; DLX3 with `gcc -g -O3`), and SOURCE the C
file DLX3 was compiled from, with ctangle's `#line` directives taken out so that
the line tables name it, and fewer nodes reserved, which valgrind can map:

    sed 's/#define max_nodes 100000000/#define max_nodes 10000000/' dlx3.c > dlx3v.c
    grep -v '^#line' dlx3v.c > dlx3h.c
    gcc -g -O3 -I. -o dlx3g dlx3h.c gb_flip.o

Each instruction's self cost (calls not included) is given to a component:

- ours: by its chain of inlined functions (`addr2line -i`): anything inside a
  tweak or untweak is "tweak"; otherwise the innermost function that names a
  component decides (a `hide_node` inside `cover` inside `commit_others_bounded`
  is "hide");
- DLX3: by the innermost CWEB section its line is in (the `/*N:*/` marks
  ctangle writes), with the lines of the main loop's own section (26) that
  read or write a bound, the level's first tweak or the score test given to
  "bound", as our `choose_bounded` and `try_bounded` are.

Prints instructions per component, the whole search's, and the rest (start-up,
input, output).
"""
import collections
import re
import subprocess
import sys

COMPONENTS = ["choice", "hide", "tweak", "commit", "bound", "entry", "leaves"]

NAMES = {
    "choice": "choice (M3's walk of the active items)",
    "hide": "hide/unhide: cover, uncover and their option walks",
    "tweak": "tweak/untweak, with the hiding they do",
    "commit": "commit/uncommit: the walk around the chosen option (M6, M8)",
    "bound": "bound and slack: M4, M5, M7, the null move",
    "entry": "level entry and exit: node count, checks, level up and down",
    "leaves": "solutions and leaves",
}

# Our functions (the last path segment of the name) that name a component.
OURS = {
    "leftmost_branch_item": "choice",
    "branch_item": "choice",
    "random_branch_item": "choice",
    "commit_others_bounded": "commit",
    "uncommit_bounded_from": "commit",
    "uncommit_others_bounded": "commit",
    "counts": "leaves",
    "choose_bounded": "bound",
    "try_bounded": "bound",
    "restore_level": "bound",
    "undo_choice": "bound",
    "deactivate": "bound",
    "reactivate": "bound",
    "enter": "entry",
    "enter_unwatched": "entry",
    "count_node": "entry",
    "next_choice": "entry",
    "counts_silently": "entry",
    "advance_bounded": "entry",
}
HIDING = (
    "hide unhide hide_node unhide_node hide_fixed unhide_fixed hide_general hide_listed "
    "unhide_listed note_marks cover uncover dooms cover_unless_doomed purify_checking "
    "unpurify unlink_item relink_item take_out_item put_back_item"
).split()
OURS.update({name: "hide" for name in HIDING})
TWEAKS = {"tweak", "untweak_one", "untweak_chain"}

# DLX3's sections (dlx3.w) that are one component.
SECTIONS = {34: "hide", 35: "hide", 38: "hide", 39: "hide", 40: "tweak", 41: "tweak",
            42: "choice", 43: "leaves", 44: "leaves", 36: "commit", 37: "commit",
            31: "bound", 32: "bound", 33: "bound", 28: "entry", 29: "entry", 30: "entry",
            26: "entry"}


def self_costs(profile, binary):
    """Self cost per instruction address of the object `binary` names."""
    names = {}
    costs = collections.Counter()
    obj, addr, after_call = "", 0, False
    base = binary.rsplit("/", 1)[-1]
    with open(profile) as lines:
        for line in lines:
            if line.startswith(("ob=", "cob=")):
                # An object's name is given once, where its id first appears,
                # which may be a call's (`cob=`).
                m = re.match(r"c?ob=\((\d+)\)\s*(.*)", line.strip())
                if m.group(2):
                    names[m.group(1)] = m.group(2)
                if line.startswith("ob="):
                    obj = names.get(m.group(1), "")
            elif line.startswith("calls="):
                after_call = True
            elif line[:1] in "+-*0123456789":
                field = line.split()
                a = field[0]
                if a.startswith("+"):
                    addr += int(a[1:], 0)
                elif a.startswith("-"):
                    addr -= int(a[1:], 0)
                elif a != "*":
                    addr = int(a, 16)
                if after_call:
                    after_call = False  # the call's inclusive cost
                elif obj.endswith(base) and len(field) > 2:
                    costs[addr] += int(field[2])
    return costs


def inline_chains(binary, addrs):
    """For each address, [(function, file:line)] from the innermost out."""
    out = subprocess.run(["addr2line", "-i", "-f", "-C", "-a", "-e", binary],
                         input="\n".join(hex(a) for a in addrs), capture_output=True,
                         text=True, check=True).stdout.splitlines()
    chains, cur, i = {}, None, 0
    while i < len(out):
        if out[i].startswith("0x"):
            cur = int(out[i], 16)
            chains[cur] = []
            i += 1
        else:
            chains[cur].append((out[i], out[i + 1] if i + 1 < len(out) else ""))
            i += 2
    return chains


def last_segment(name):
    while "<" in name:
        stripped = re.sub(r"<[^<>]*>", "", name)
        if stripped == name:
            break
        name = stripped
    return name.split("::")[-1].strip()


def ours_component(chain):
    if not chain or "advance_bounded" not in chain[-1][0] and "dooms" not in chain[-1][0]:
        return None
    names = [last_segment(f) for f, _ in chain]
    if any(n in TWEAKS for n in names):
        return "tweak"
    for n in names:
        if n in OURS:
            return OURS[n]
    return "entry"


def dlx3_sections(source):
    """The innermost section of each line of ctangle's output."""
    stack, of_line = [], {}
    with open(source) as lines:
        for number, line in enumerate(lines, 1):
            for mark in re.finditer(r"/\*(:?)(\d+):?\*/", line):
                if mark.group(1):
                    if stack:
                        stack.pop()
                else:
                    stack.append(int(mark.group(2)))
            of_line[number] = (stack[-1] if stack else None, line)
    return of_line


def dlx3_component(chain, sections):
    if not chain:
        return None
    where = chain[0][1]
    try:
        number = int(where.rsplit(":", 1)[1].split()[0])
    except (IndexError, ValueError):
        return None
    section, text = sections.get(number, (None, ""))
    component = SECTIONS.get(section)
    if section == 26 and re.search(r"bound|first_tweak|score<=0", text):
        component = "bound"
    return component


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("ours", "dlx3"):
        sys.exit(__doc__)
    who, profile, binary = sys.argv[1:4]
    costs = self_costs(profile, binary)
    chains = inline_chains(binary, [a for a, c in costs.items() if c])
    sections = dlx3_sections(sys.argv[4]) if who == "dlx3" else None
    parts = collections.Counter()
    for a, c in costs.items():
        chain = chains.get(a, [])
        part = dlx3_component(chain, sections) if sections else ours_component(chain)
        parts[part] += c
    search = sum(parts[k] for k in COMPONENTS)
    for k in COMPONENTS:
        print(f"{parts[k]:>15,}  {NAMES[k]}")
    print(f"{search:>15,}  the search, all")
    print(f"{parts[None]:>15,}  the rest of {binary.rsplit('/', 1)[-1]}")


if __name__ == "__main__":
    main()
