#!/bin/sh
# Counts, with callgrind, the instructions `check` of the bench's 5 MB
# article executes at the working tree ("now") and at an older commit
# ("before"), one run each, and prints the totals and the functions that
# cost most. Instruction counts do not depend on the machine's load, as
# times do.
#
#   benches-against/profile.sh [COMMIT]
#
# Output files: target/benches-against/callgrind.{before,now}.out
# (callgrind_annotate reads them).
set -eu
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
commit=${1:-acff6b5}
BENCHES_AGAINST=prepare "$root/benches-against/run.sh" "$commit"
dir=$root/target/benches-against
(cd "$dir/bench" && cargo build --profile bench --bin profile)
binary=$dir/bench/target/release/profile
for which in before now; do
    # Threads are left off (the cold pass parallelises above 2,048 lines;
    # callgrind runs them one after another anyway, and counts them all).
    valgrind --tool=callgrind --callgrind-out-file="$dir/callgrind.$which.out" \
        "$binary" "$which" 1 2>"$dir/callgrind.$which.log"
    total=$(grep -m1 '^summary:' "$dir/callgrind.$which.out" | cut -d' ' -f2)
    echo "$which: $total instructions"
done
for which in before now; do
    echo "== $which"
    callgrind_annotate --inclusive=no "$dir/callgrind.$which.out" 2>/dev/null | sed -n '1,40p' | grep -v '^--\|^$' | tail -n +8 | head -25
done
