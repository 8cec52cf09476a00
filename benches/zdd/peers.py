"""Count a problem in Knuth's DLX1/DLX2 format through a Python peer's ZDD.

    python peers.py xcover FILE   # xcover.covers_zdd (colors allowed)
    python peers.py dxz FILE      # dxz.dxz_count (plain exact cover only)

Prints one line: `PEER COUNT SECONDS`, the seconds of the call alone (a
tiny problem is solved first, so numba's compile time is not counted), or
`PEER unsupported REASON` when the peer cannot read the problem (exit 3).
The whole process's peak memory is for the caller to measure
(/usr/bin/time -v). Used by benches/zdd/run.sh.
"""

import sys
import time


def read(path):
    """Items (primary, secondary) and options (lists of `item` or `item:color`)."""
    lines = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            t = line.strip()
            if t and not t.startswith("|"):
                lines.append(t)
    head = lines[0].split()
    if "|" in head:
        k = head.index("|")
        primary, secondary = head[:k], head[k + 1 :]
    else:
        primary, secondary = head, []
    if any(":" in p for p in primary):
        raise ValueError("multiplicities (DLX3)")
    return primary, secondary, [line.split() for line in lines[1:]]


def count_xcover(primary, secondary, options):
    import xcover

    colored = any(":" in entry for option in options for entry in option)
    # Warm numba's compiled code on a tiny problem of the same kind.
    if colored:
        list(xcover.covers_zdd([["a", "x:1"], ["a", "x:2"]], ["a"], ["x"], colored=True, use_memo_cache=True))
    else:
        list(xcover.covers_zdd([["a"], ["a"]], ["a"], [], use_memo_cache=True))
    start = time.perf_counter()
    nodes = list(
        xcover.covers_zdd(options, primary, secondary, colored=colored, use_memo_cache=True)
    )
    # The solutions below each node; the last node is the root.
    below = {0: 0, 1: 1}
    for index, _option, lo, hi in nodes:
        below[index] = below[lo] + below[hi]
    count = below[nodes[-1][0]] if nodes else 0
    return count, time.perf_counter() - start


def count_dxz(primary, secondary, options):
    import dxz

    if secondary:
        raise ValueError("secondary items (dxz reads plain exact cover)")
    column = {item: k for k, item in enumerate(primary)}
    matrix = [0] * (len(options) * len(primary))
    for r, option in enumerate(options):
        for item in option:
            matrix[r * len(primary) + column[item]] = 1
    dxz.dxz_count(1, 1, [1])
    start = time.perf_counter()
    count = dxz.dxz_count(len(options), len(primary), matrix)
    return count, time.perf_counter() - start


def main():
    peer, path = sys.argv[1], sys.argv[2]
    try:
        problem = read(path)
        count, seconds = {"xcover": count_xcover, "dxz": count_dxz}[peer](*problem)
    except ValueError as e:
        print(f"{peer} unsupported {e}")
        sys.exit(3)
    print(f"{peer} {count} {seconds:.3f}")


if __name__ == "__main__":
    main()
