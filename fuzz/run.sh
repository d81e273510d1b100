#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds each, one after another (one job each), and
# prints libFuzzer's final stats per target. Exits non-zero when any target crashed.
#
#   fuzz/run.sh 60            # a minute per target
#   fuzz/run.sh 600 state_json replay_log   # only these targets
#
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`). The seed corpora
# in fuzz/corpus/<target>/ are read, not written: what a run finds goes to fuzz/work/<target>/
# (git-ignored; delete it to start over), crashes to fuzz/artifacts/<target>/, the full
# output to fuzz/work/<target>.log. Reproduce a crash with
#   cargo +nightly fuzz run -s none -a <target> fuzz/artifacts/<target>/<file>
set -u
if [ $# -lt 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
    echo "usage: $0 SECONDS [TARGET...]" >&2
    exit 2
fi
secs=$1
shift
cd "$(dirname "$0")/.." || exit 2
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(action_notation state_json action_sequence replay_log play_line)
fi
# No sanitizer (the engines are safe Rust; panics are what the targets look for), with debug
# assertions (overflow panics as in tests), optimised.
flags=(-s none -a -O)
cargo +nightly fuzz build "${flags[@]}" || exit 2
failed=()
for t in "${targets[@]}"; do
    mkdir -p "fuzz/work/$t" "fuzz/artifacts/$t"
    log="fuzz/work/$t.log"
    echo "== $t: ${secs}s"
    cargo +nightly fuzz run "${flags[@]}" "$t" "fuzz/work/$t" "fuzz/corpus/$t" -- \
        -max_total_time="$secs" -timeout=30 -print_final_stats=1 >"$log" 2>&1
    code=$?
    # libFuzzer's final lines: "Done N runs in S second(s)" and the executed-unit count.
    grep -E '^Done [0-9]+ runs in|stat::number_of_executed_units|stat::average_exec_per_sec' "$log" |
        sed "s/^/  $t: /"
    if [ $code -ne 0 ]; then
        echo "  $t: CRASHED (exit $code); see $log and fuzz/artifacts/$t/"
        grep -E 'panicked at|^SUMMARY|Test unit written to' "$log" | head -5 | sed 's/^/    /'
        failed+=("$t")
    fi
done
if [ ${#failed[@]} -ne 0 ]; then
    echo "crashed: ${failed[*]}"
    exit 1
fi
echo "no crash in ${#targets[@]} targets"
