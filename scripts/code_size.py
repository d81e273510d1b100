#!/usr/bin/env python3
"""Sizes of the library code: functions over 60 and 100 lines, files over 800 lines.

Usage: python3 scripts/code_size.py [--list] [DIR...]   (default: every crate's src/)

A function's size is its lines of code (as clippy's `too_many_lines` counts: neither blank
lines nor comments) from its `fn` line to its closing brace; `#[cfg(test)]` modules are left out (they are tests, not library code). Exit status 1 when a function is over
100 lines, more than 20 are over 60, or a file is over 800 lines (issue 30, item 6).
"""

import pathlib
import re
import sys

FN = re.compile(r"^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)")


def library_files(roots):
    for root in roots:
        for path in sorted(pathlib.Path(root).rglob("*.rs")):
            # A test module in a file of its own (`#[cfg(test)] mod tests;`) is a test too.
            if path.stem == "tests" or path.stem.endswith("_tests"):
                continue
            yield path


def strip_tests(lines):
    """Blank the `#[cfg(test)] mod ... { ... }` blocks, keeping line numbers."""
    out = list(lines)
    i = 0
    while i < len(out):
        # Other attributes and comments may stand between `#[cfg(test)]` and the `mod` line.
        m = i + 1
        while m < len(out) and (out[m].strip().startswith("#[") or out[m].strip().startswith("//")):
            m += 1
        if out[i].strip() == "#[cfg(test)]" and m < len(out) and re.match(r"\s*(pub\s+)?mod\s+\w+\s*\{", out[m]):
            indent = len(out[m]) - len(out[m].lstrip())
            j = m
            while j < len(out) and not (out[j].startswith(" " * indent + "}") and len(out[j].rstrip()) == indent + 1):
                j += 1
            for k in range(i, min(j + 1, len(out))):
                out[k] = ""
            i = j
        i += 1
    return out


def functions(path):
    lines = strip_tests(path.read_text().splitlines())
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        indent = m.group(1)
        # A declaration without a body (trait item) ends with `;` before any `{`.
        j = i
        while j < len(lines) and "{" not in lines[j] and not lines[j].rstrip().endswith(";"):
            j += 1
        if j >= len(lines) or ("{" not in lines[j]):
            continue
        if lines[j].rstrip().endswith("}") and j == i:
            yield (m.group(7), i + 1, 1)
            continue
        k = j + 1
        while k < len(lines) and lines[k].rstrip() != indent + "}":
            k += 1
        code = [x for x in lines[i : k + 1] if x.strip() and not x.strip().startswith("//")]
        yield (m.group(7), i + 1, len(code))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    listing = "--list" in sys.argv
    root = pathlib.Path(__file__).resolve().parent.parent
    roots = args or sorted(str(p) for p in root.glob("*/src"))
    over60, over100, long_files, total = [], [], [], 0
    for path in library_files(roots):
        rel = path.resolve().relative_to(root) if path.resolve().is_relative_to(root) else path
        n = len(path.read_text().splitlines())
        if n > 800:
            long_files.append((n, str(rel)))
        for name, line, size in functions(path):
            total += 1
            if size > 60:
                over60.append((size, f"{rel}:{line} {name}"))
            if size > 100:
                over100.append((size, f"{rel}:{line} {name}"))
    print(f"functions: {total}; over 60 lines: {len(over60)} (at most 20); over 100: {len(over100)} (none); files over 800 lines: {len(long_files)} (none)")
    if listing:
        for size, where in sorted(over60, reverse=True):
            print(f"  {size:4} {where}")
        for n, where in sorted(long_files, reverse=True):
            print(f"  file {n:5} {where}")
    ok = not over100 and len(over60) <= 20 and not long_files
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
