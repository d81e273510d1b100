#!/usr/bin/env bash
# Line coverage of the library crates by their own tests (unit, integration and the
# conformance tests each game crate runs), with cargo-llvm-cov: a table per crate, and with
# --missing every line no test executes, file by file. It finds the refusals and rule branches
# no test reaches (every refused case should have a test). Not part of .ci/run: an
# instrumented build of the workspace takes several minutes on two cores.
#
#   scripts/coverage.sh [--missing] [CRATE...]   (default: cards-core and the five games)
#
# Installs cargo-llvm-cov (cargo install --locked) and the llvm-tools component when missing.
# Builds in target/coverage, apart from the usual builds.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=false
if [ "${1:-}" = "--missing" ]; then
  missing=true
  shift
fi
crates=("$@")
if [ ${#crates[@]} -eq 0 ]; then
  crates=(cards-core game-grosse-kleine-a game-big-a game-einer-ist-immer game-contract-rummy game-cego)
fi
if ! cargo llvm-cov --version > /dev/null 2>&1; then
  rustup component add llvm-tools-preview
  cargo install cargo-llvm-cov --locked
fi
export CARGO_TARGET_DIR="$PWD/target/coverage"
packages=()
for crate in "${crates[@]}"; do
  packages+=(-p "$crate")
done
cargo llvm-cov clean --workspace
cargo llvm-cov --no-report "${packages[@]}" > /dev/null
cargo llvm-cov report --summary-only > "$CARGO_TARGET_DIR/summary.txt"
python3 - "$CARGO_TARGET_DIR/summary.txt" "${crates[@]}" <<'PY'
import sys
path, crates = sys.argv[1], sys.argv[2:]
totals = {c: [0, 0] for c in crates}
for line in open(path):
    fields = line.split()
    if len(fields) < 10 or not fields[0].endswith(".rs"):
        continue
    crate = fields[0].split("/")[0]
    if crate in totals:
        totals[crate][0] += int(fields[7])
        totals[crate][1] += int(fields[8])
print(f"{'crate':<24}{'lines':>8}{'missed':>8}{'covered':>10}")
for crate, (lines, missed) in totals.items():
    share = 100 * (lines - missed) / lines if lines else 0
    print(f"{crate:<24}{lines:>8}{missed:>8}{share:>9.2f}%")
PY
if $missing; then
  cargo llvm-cov report --text | awk '
    /^\/.*\.rs:$/ { file = $0; next }
    /^ *[0-9]+\| *0\|/ { if (file != shown) { print file; shown = file } print }'
fi
