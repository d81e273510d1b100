#!/usr/bin/env bash
# Checks every library crate's public API against its last release with cargo-semver-checks:
# the crate as it is now against the commit `releases.toml` names for it. A breaking change
# (a changed public type, a removed item, a trait gaining a required item, ...) without a
# version bump in the crate's Cargo.toml fails. Not part of .ci/run: installing
# cargo-semver-checks and building each crate's rustdoc twice takes longer than CI's budget.
#
#   scripts/release-check.sh [CRATE...]     (default: every crate in releases.toml)
#
# Installs cargo-semver-checks (cargo install --locked) when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v cargo-semver-checks > /dev/null; then
  cargo install cargo-semver-checks --locked
fi
entries="$(python3 - <<'PY'
import tomllib
with open("releases.toml", "rb") as f:
    for name, release in tomllib.load(f).items():
        print(name, release["version"], release["commit"])
PY
)"
status=0
while read -r crate version commit; do
  if [ $# -gt 0 ] && [[ " $* " != *" $crate "* ]]; then
    continue
  fi
  now="$(sed -n 's/^version = "\(.*\)"/\1/p' "$crate/Cargo.toml" | head -1)"
  echo "== $crate: $now against its release $version ($commit)"
  if ! cargo semver-checks check-release -p "$crate" --baseline-rev "$commit"; then
    status=1
  fi
done <<< "$entries"
exit "$status"
