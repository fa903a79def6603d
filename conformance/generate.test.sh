#!/usr/bin/env bash
# `onnxsem generate` end to end (spec/conformance.md, GN1-GN5): 2,000 models from Debian's suite's node
# configurations, none refused by check; the same seed gives the same bytes; two shards give exactly the
# cases of the whole campaign; and a sweep of the generated folder passes every test (the models, inputs
# and outputs written read back to the same results, under reverse and random schedules and the demand-
# driven formulation, so the fixpoint's order independence is tested on generated graphs too).
#   generate.test.sh ONNXSEM
set -u
onnxsem=$1
suite=/usr/share/libonnx-testdata/data
[ -d "$suite" ] || { echo "FAIL Debian's libonnx-testdata is not installed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# The runs that are compared are made two at a time, one on each core.
"$onnxsem" generate "$tmp/b" --count 2000 --seed 11 --size 1-8 >/dev/null 2>&1 &
"$onnxsem" generate "$tmp/a" --count 2000 --seed 11 --size 1-8 >"$tmp/a.log" 2>&1 || fail "generate ended $?"
wait
cat "$tmp/a.log"
grep -q '^generated 2000 models, .* 0 refused by check$' "$tmp/a.log" && echo "ok   2000 models, 0 refused by check" ||
  fail "some generated model was refused"
covered=$(sed -n 's/^operator coverage: \([0-9]*\) of .*/\1/p' "$tmp/a.log")
[ "${covered:-0}" -ge 140 ] && echo "ok   $covered operators generated" || fail "only ${covered:-0} operators generated"

diff -r "$tmp/a" "$tmp/b" >/dev/null && echo "ok   the same seed gives the same bytes" || fail "two runs with one seed differ"
"$onnxsem" generate "$tmp/c" --count 2000 --seed 11 --size 1-8 --shard 0/2 >/dev/null 2>&1 &
"$onnxsem" generate "$tmp/c" --count 2000 --seed 11 --size 1-8 --shard 1/2 >/dev/null 2>&1
wait
diff -r "$tmp/a" "$tmp/c" >/dev/null && echo "ok   shards 0/2 and 1/2 together give the whole campaign" ||
  fail "the two shards differ from the whole"

"$onnxsem" sweep "$tmp/a" --filter 'gen-11-[0-9]*[05]$' --schedules 2 --jobs 2 >"$tmp/sweep.log" 2>&1
tail -1 "$tmp/sweep.log"
grep -q '^400 passed, 0 failed, 0 skipped$' "$tmp/sweep.log" && echo "ok   the sweep of 400 generated tests passes" ||
  { fail "the sweep of the generated tests does not pass"; grep -v '^  ' "$tmp/sweep.log" | head -20; }
[ "$failures" -eq 0 ] && echo "generate: all checks passed" || exit 1
