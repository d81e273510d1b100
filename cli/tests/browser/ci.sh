#!/usr/bin/env bash
# The browser test of `cards serve`, as CI runs it: installs Debian's chromium (as root, when it
# is missing) and playwright-core from the npm registry (package-lock.json), builds `cards`, and
# plays a deal of every game in headless Chromium. Screenshots go to target/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/../../.."

# Retries a command that reaches a registry: a passing network failure does not fail CI.
retry() {
  local n
  for n in 1 2 3; do
    if "$@"; then return 0; fi
    echo "($* failed, attempt $n of 3)" >&2
    sleep $((n * 10))
  done
  return 1
}

# A CJK font draws the title of Big A (打大A) in the screenshots.
if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi wenquanyi; then
  export DEBIAN_FRONTEND=noninteractive
  retry apt-get update -qq
  retry apt-get install -y -qq chromium fonts-dejavu-core fonts-wqy-microhei > /dev/null
fi
command -v node > /dev/null || { echo "node is missing: the browser test needs Node.js 20 or later" >&2; exit 1; }
(cd cli/tests/browser && retry npm ci --no-audit --no-fund --loglevel=error)
cargo build -q --locked -p cli
CARDS_BIN="${CARGO_TARGET_DIR:-$PWD/target}/debug/cards" CHROMIUM=/usr/bin/chromium \
  node cli/tests/browser/play.mjs
# The pages' words come from the catalogue: the pseudo-locale marks every one (issue 47 item 2).
CARDS_BIN="${CARGO_TARGET_DIR:-$PWD/target}/debug/cards" CHROMIUM=/usr/bin/chromium \
  node cli/tests/browser/i18n.mjs
