#!/usr/bin/env bash
# The fuzzing CI runs (.ci/run): every target from a scratch copy of its
# committed seeds, with a fixed seed and a fixed number of executions, so the
# same commit gives the same run on any machine. A crash, timeout,
# out-of-memory or leak input fails it and stays in fuzz/artifacts/TARGET/.
#
#   bash fuzz/smoke.sh            # every target
#   bash fuzz/smoke.sh fix line   # some
set -euo pipefail
cd "$(dirname "$0")"

# Executions per target: about a minute each on an idle 2-core machine
# (the targets differ a hundredfold in speed: `fix` analyses and fixes a
# whole document up to eight times, `grammar` parses one line).
declare -A runs=(
  [cache]=10000 [document]=5000 [fix]=5000 [frames]=300000
  [grammar]=1000000 [line]=300000 [logs]=2000000
)
seed=20261127

if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  fuzz=(cargo +nightly fuzz)
else
  fuzz=(env RUSTC_BOOTSTRAP=1 cargo fuzz)
fi
"${fuzz[@]}" build -s none
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <("${fuzz[@]}" list)
for target in "${targets[@]}"; do
  count=${runs[$target]:-10000}
  # A scratch copy of the seeds: what the run adds is not committed.
  rm -rf "target/ci-corpus/$target" && mkdir -p "target/ci-corpus/$target"
  cp corpus/"$target"/seed-* "target/ci-corpus/$target/"
  started=$(date +%s)
  marker=$(mktemp) # inputs a developer's earlier runs left are not this run's
  "${fuzz[@]}" run -s none "$target" "target/ci-corpus/$target" -- \
    -seed=$seed -runs="$count" -max_total_time=300 -timeout=30 -rss_limit_mb=2048 \
    -print_final_stats=1 2>&1 |
    awk '/panicked/ { after = 4 }
      after > 0 || /^(stat::number_of_executed_units|Done|==|SUMMARY)|deadly signal/ { print; after-- }' || true
  echo "fuzz $target: $count executions asked, $(( $(date +%s) - started )) s"
  # crash-, timeout-, oom- or leak- files; slow-unit- ones are only slow.
  if find artifacts/"$target" -newer "$marker" \( -name 'crash-*' -o -name 'timeout-*' \
    -o -name 'oom-*' -o -name 'leak-*' \) 2>/dev/null | grep -q .; then
    echo "fuzz target $target found a failing input (fuzz/artifacts/$target); in base64:" >&2
    # The log may be all one sees of a CI machine: the input, to replay.
    find artifacts/"$target" -newer "$marker" -type f -exec sh -c 'base64 -w 0 "$1" | head -c 20000; echo' _ {} \; >&2 || true
    rm -f "$marker"
    exit 1
  fi
  rm -f "$marker"
done
