#!/usr/bin/env bash
# Localisation against a planted departure (spec/conformance.md, XC10, XC11): the fake runtime of
# crosscheck/fixtures/perturbing_adapter.cpp is onnxsem itself, except that ONNXSEM_PLANT=VALUE=FACTOR
# multiplies one value deep in the model by FACTOR where its operation leaves it. On the model
# conformance/findings/models/cv_conv_add_chain.onnxtxt (Conv -> Relu -> Add -> Conv -> Relu -> Conv) the Add's output
# is multiplied by 1 + 2^-15 (about 256 ulp): `onnxsem compare` must name the Add as the first departing
# node in both modes, with its bound units, and keep its one-operation reproducer; without the plant no node
# departs; and `crosscheck --localise` reports the same in its JSON.
#   localise.test.sh ONNXSEM ADAPTER SOURCE_DIR
set -u
onnxsem=$1
adapter=$2
src=$3
model="$src/conformance/findings/models/cv_conv_add_chain.onnxtxt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# field JSON PYTHON-EXPRESSION: evaluates the expression on the report's only localised case, `loc`.
field() {
  python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
cases = [c for c in r["cases"] if "localisation" in c]
loc = cases[0]["localisation"] if len(cases) == 1 else None
print(eval(sys.argv[2]))
PY
}

for mode in isolated cumulative; do
  ONNXSEM_PLANT=A=1.000030517578125 "$onnxsem" compare "$model" --runtime planted --adapter "$adapter" \
    --mode "$mode" --json "$tmp/$mode.json" --keep "$tmp/keep-$mode" >"$tmp/$mode.log" 2>&1
  first=$(field "$tmp/$mode.json" 'loc["first_departing_node"]["op_type"] + " " + loc["first_departing_node"]["name"]')
  [ "$first" = "Add #2" ] && echo "ok   $mode: the first departing node is the Add (#2)" ||
    { fail "$mode: first departing node '$first'"; cat "$tmp/$mode.log"; }
  verdict=$(field "$tmp/$mode.json" '[n for n in loc["nodes"] if n["op_type"] == "Add"][0]["verdict"]')
  units=$(field "$tmp/$mode.json" '[n for n in loc["nodes"] if n["op_type"] == "Add"][0]["bound_units"]')
  [ "$verdict" = out-of-bound ] && python3 -c "import sys; sys.exit(not 400 < float('$units') < 1100)" &&
    echo "ok   $mode: the Add is out of bound by $units bound units (AC3: 0.5 ulp allowed)" ||
    fail "$mode: the Add's verdict is $verdict, $units bound units"
  before=$(field "$tmp/$mode.json" '",".join(n["verdict"] for n in loc["nodes"][:2])')
  [ "$before" = "in-bound,in-bound" ] && echo "ok   $mode: the Conv and the Relu before it are in bound" ||
    fail "$mode: the nodes before the Add: $before"
  mode_seen=$(field "$tmp/$mode.json" 'loc["mode"]')
  [ "$mode_seen" = "$mode" ] || fail "the report says mode $mode_seen"
done
after=$(field "$tmp/isolated.json" '",".join(n["verdict"] for n in loc["nodes"][3:])')
[ "$after" = "in-bound,in-bound,in-bound" ] &&
  echo "ok   isolated: the three operations after the Add, fed the runtime's values, are in bound" ||
  fail "isolated: the operations after the Add: $after"
after=$(field "$tmp/cumulative.json" 'loc["nodes"][4]["verdict"]')
[ "$after" = out-of-bound ] &&
  echo "ok   cumulative: the departure propagates (the Relu after the next Conv departs too)" ||
  fail "cumulative: the Relu after the next Conv is $after"

repro=$(ls -d "$tmp/keep-isolated/localised/"* 2>/dev/null | head -1)
if [ -n "$repro" ] && [ -f "$repro/model.onnx" ] && [ -f "$repro/test_data_set_0/output_0.pb" ] &&
  [ -f "$repro/onnxsem_output_0.pb" ]; then
  ops=$("$onnxsem" check "$repro/model.onnx" 2>&1 | head -1)
  n=$(ls "$repro/test_data_set_0/" | grep -c '^input_')
  [ "$n" -eq 2 ] &&
    echo "ok   the reproducer is the Add alone with its 2 inputs, the runtime's and onnxsem's outputs" ||
    fail "the reproducer has $n inputs ($ops)"
else
  fail "no reproducer kept"
fi

"$onnxsem" compare "$model" --runtime planted --adapter "$adapter" --json "$tmp/clean.json" >"$tmp/clean.log" 2>&1
clean=$(field "$tmp/clean.json" '(loc["first_departing_node"], sorted(set(n["verdict"] for n in loc["nodes"])))')
[ "$clean" = "(None, ['in-bound'])" ] && echo "ok   without the plant no node departs: every node in bound" ||
  { fail "without the plant: $clean"; cat "$tmp/clean.log"; }

ONNXSEM_PLANT=R2=1.000030517578125 "$onnxsem" crosscheck --runtime planted --adapter "$adapter" --localise \
  --random 2 "$model" --json "$tmp/cc.json" >"$tmp/cc.log" 2>&1
firsts=$(python3 -c "
import json; r = json.load(open('$tmp/cc.json'))
print(' '.join(c['localisation']['first_departing_node']['op_type'] for c in r['cases']))")
[ "$firsts" = "Relu Relu" ] && echo "ok   crosscheck --localise: both random sets localised to the second Relu" ||
  { fail "crosscheck --localise: $firsts"; cat "$tmp/cc.log"; }

# compare --inputs: the benchmark's input files of the model (written by `onnxsem bench --data`) as its set.
"$onnxsem" bench "$model" --repeat 1 --data "$tmp/data" >/dev/null 2>&1
ONNXSEM_PLANT=A=1.000030517578125 "$onnxsem" compare "$model" --runtime planted --adapter "$adapter" \
  --inputs "$tmp/data/cv_conv_add_chain" --json "$tmp/in.json" >"$tmp/in.log" 2>&1
given=$(python3 -c "
import json; c = json.load(open('$tmp/in.json'))['cases']
print(len(c), c[0]['set'], c[0]['localisation']['first_departing_node']['op_type'])" 2>&1)
[ "$given" = "1 inputs Add" ] && echo "ok   compare --inputs: one case on the given set, localised to the Add" ||
  { fail "compare --inputs: $given"; cat "$tmp/in.log"; }

[ "$failures" -eq 0 ] && echo "localise: all checks passed" || exit 1
