#!/usr/bin/env bash
# The reduction and the grouping of departures (spec/conformance.md, XC8, XC9), against a planted departure:
# a fake runtime (crosscheck/fixtures/perturbing_adapter.cpp) that is onnxsem except that it adds 1 to the
# first element of every float output of a model with a Tanh. `crosscheck --generate` over 300 generated
# models of 3 to 8 operations must find exactly the models with a Tanh to differ, reduce each to a model of
# one or two operations one of which is a Tanh (two when the Tanh's own output is not float, so that
# another operation's float output shows the departure), save it, and report them as findings whose operators hold
# Tanh; a saved reproducer cross-checked again still differs. The adapter runs in its serve mode (XC6), two
# workers with a server each, which crosscheck.test.sh's one-shot path does not exercise with a reduction.
#   reduce.test.sh ONNXSEM ADAPTER
set -u
onnxsem=$1
adapter=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

"$onnxsem" crosscheck --runtime planted --adapter "$adapter" --generate 300 --seed 5 --size 3-8 --ops Tanh,Add,Relu,Mul,Sigmoid,Abs,Neg \
  --jobs 2 --keep "$tmp/keep" --json "$tmp/r.json" --markdown "$tmp/r.md" >"$tmp/out.log" 2>&1
grep -E '^(generated|crosscheck|distinct|  planted)' "$tmp/out.log"
grep -q '^adapter: serve mode' "$tmp/out.log" && echo "ok   the adapter served every case" || fail "the serve mode was not used"
cases() { grep '^    {"test": ' "$tmp/r.json"; }
differ=$(cases | grep -c '"outcome": "differ"')
tanh_models=$(cases | grep -c '"ops": "[^"]*Tanh')
[ "$differ" -gt 20 ] && [ "$differ" -eq "$tanh_models" ] && echo "ok   $differ cases differ: exactly the models with a Tanh" ||
  fail "$differ cases differ, $tanh_models models have a Tanh"
bad=$(cases | grep '"outcome": "differ"' | grep -v -E '"reduced_operations": [12], "reduced_operators": "[^"]*Tanh' | wc -l)
[ "$bad" -eq 0 ] && echo "ok   every differing case reduced to 1 or 2 operations with a Tanh" || fail "$bad cases not reduced so"
ones=$(cases | grep -c '"reduced_operations": 1, "reduced_operators": "Tanh"')
[ "$ones" -gt 0 ] && echo "ok   $ones reduced to the Tanh alone" || fail "no case reduced to the Tanh alone"
grep -q '^distinct findings after reduction: ' "$tmp/out.log" && grep -q '"findings": \[' "$tmp/r.json" &&
  ! sed -n '/"findings"/,$p' "$tmp/r.json" | grep '"operators"' | grep -v -q Tanh &&
  echo "ok   findings grouped, each with a Tanh" || fail "findings missing or without a Tanh"
grep -q 'Distinct findings after reduction' "$tmp/r.md" || fail "the Markdown report has no findings"
repro=$(ls -d "$tmp/keep/reduced/"*-planted 2>/dev/null | head -1)
if [ -n "$repro" ] && [ -f "$repro/model.onnx" ]; then
  "$onnxsem" crosscheck --runtime planted --adapter "$adapter" "$(dirname "$repro")" --filter "$(basename "$repro")" \
    >"$tmp/again.log" 2>&1
  grep -q '1 cases: 0 agree, 1 differ' "$tmp/again.log" && echo "ok   the saved reproducer still differs" ||
    { fail "the saved reproducer does not differ"; cat "$tmp/again.log"; }
else
  fail "no reproducer saved"
fi
[ "$failures" -eq 0 ] && echo "reduce: all checks passed" || exit 1
