#!/usr/bin/env bash
# The Python package's CI (called by .ci/run): formatting and lints of its Rust crate, then a
# fresh virtual environment in a temporary folder, `pip install "./python[test]"` (maturin,
# numpy, pettingzoo, gymnasium and pytest from PyPI; the extension built in release mode from
# the crates of this checkout), and its tests: the engine API, the no-leak test, PettingZoo's
# api_test for every game, the Gymnasium environments and the batch environment; then bench.py
# for a moment (tiny sizes) from a folder outside python/, against the installed package as a
# user runs it.
set -euo pipefail
cd "$(dirname "$0")"
here="$(pwd)"
export CARGO_TERM_COLOR=never

echo "-- python/: cargo fmt, cargo clippy"
cargo fmt --check
# Not --locked: python/Cargo.lock pins pyo3 and numpy, but the engines' own dependencies come
# from the root workspace's crates, and a dependency added there must not fail this step.
cargo clippy --release -- -D warnings

venv="$(mktemp -d)"
trap 'rm -rf "$venv"' EXIT
if ! python3 -m venv "$venv" 2>/dev/null; then
  # Debian's python3 keeps venv (ensurepip) in a package of its own.
  apt-get update -q > /dev/null
  apt-get install -y -q python3-venv > /dev/null
  python3 -m venv --clear "$venv"
fi
echo "-- python/: pip install ./python[test] into a fresh venv"
"$venv/bin/pip" install -q --disable-pip-version-check ".[test]"
echo "-- python/: pytest"
# The package's sources are in python/python/ (maturin's python-source), so no folder here
# shadows the installed package; the tests run from tests/ all the same.
cd tests
"$venv/bin/python" -m pytest -q -p no:cacheprovider .
echo "-- python/: bench.py, tiny sizes, from outside python/"
cd "$venv"
"$venv/bin/python" "$here/bench.py" --seconds 0.05 --batch 16 --vector 4 --threads 1,2 \
  > bench.out
cat bench.out
grep -q "cards_engines cego" bench.out
