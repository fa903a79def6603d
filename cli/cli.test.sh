#!/usr/bin/env bash
# End-to-end tests of the onnxsem command: exit codes and clause IDs (README.md, "Exit codes").
#   cli.test.sh ONNXSEM FIXTURES_DIR OPERATOR_INDEX
# OPERATOR_INDEX: the operator index the build wrote (build/cli/operators.md).
set -u
onnxsem=$1
fx=$2
idx=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

expect() {  # expect NAME EXIT_CODE PATTERN -- command...
  local name=$1 code=$2 pattern=$3
  shift 4
  "$@" >"$tmp/out" 2>&1
  local rc=$?
  if [ "$rc" -ne "$code" ] || ! grep -q -- "$pattern" "$tmp/out"; then
    echo "FAIL $name: exit $rc (want $code), output:"
    sed 's/^/    /' "$tmp/out"
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

expect "run computes"            0 "z: tensor(float)\[2\]" -- "$onnxsem" run "$fx/add_constants.onnxtxt" --output-dir "$tmp/o"
[ -s "$tmp/o/output_0.pb" ] || { echo "FAIL run wrote no output_0.pb"; failures=$((failures + 1)); }
expect "check C1"                1 "^\[C1\]"      -- "$onnxsem" check "$fx/c1_second_writer.onnxtxt"
expect "check R1 under sonnx"    1 "^\[R1\]"      -- "$onnxsem" check "$fx/r1_dead_node.onnxtxt" --profile sonnx
expect "dead node ok under onnx" 0 "ok: no findings" -- "$onnxsem" check "$fx/r1_dead_node.onnxtxt" --profile onnx
expect "check W2"                1 "^\[W2\]"      -- "$onnxsem" check "$fx/w2_cycle.onnxtxt"
expect "division by zero"        3 "\[N9\] node"  -- "$onnxsem" run "$fx/n9_division_by_zero.onnxtxt"
expect "allocation limit"        3 "\[L3\]"       -- "$onnxsem" run "$fx/l3_too_large.onnxtxt" --max-tensor-bytes 1000000
expect "work limit: MaxPool"     3 "\[L5\] node .* (MaxPool)" -- "$onnxsem" run "$fx/l5_maxpool_huge_window.onnxtxt"
expect "work limit: seq Loop"    3 "\[L5\] node .* (SequenceInsert)" -- timeout 60 "$onnxsem" run "$fx/l5_sequence_loop.onnxtxt"
expect "work limit: check"       0 "ok: no findings" -- timeout 60 "$onnxsem" check "$fx/l5_sequence_loop.onnxtxt"
expect "work option"             3 "\[L5\].*--max-work" -- "$onnxsem" run "$fx/add_constants.onnxtxt" --max-work 1000
expect "empty tensors, huge axes" 0 "k2: tensor(int64)\[1,2147483647,0,16\] = \[\]" -- timeout 20 "$onnxsem" run "$fx/empty_huge_axes.onnxtxt"
expect "empty sequence parts, huge axes" 0 "l: tensor(double)\[65536,65536,4,0\] = \[\]" -- timeout 20 "$onnxsem" run "$fx/empty_huge_axes.onnxtxt"
expect "not implemented"         4 "\[U1\]"       -- "$onnxsem" run "$fx/u1_not_implemented.onnxtxt" --input "x=$tmp/o/output_0.pb"
printf 'this is not a model' >"$tmp/garbage.onnx"
expect "garbage model"           2 "\[F2\]"       -- "$onnxsem" run "$tmp/garbage.onnx"
expect "missing model"           2 "\[F1\]"       -- "$onnxsem" check "$tmp/nope.onnx"
expect "unknown option"          2 "\[U2\]"       -- "$onnxsem" run "$fx/add_constants.onnxtxt" --bogus
expect "missing input"           2 "\[I1\]"       -- "$onnxsem" run "$fx/r1_dead_node.onnxtxt"
expect "random schedule"         0 "z: tensor"    -- "$onnxsem" run "$fx/add_constants.onnxtxt" --schedule random --seed 9
expect "demand formulation"      0 "z: tensor(float)\[2\]" -- "$onnxsem" run "$fx/add_constants.onnxtxt" --formulation demand
expect "unknown formulation"     2 "\[U2\]"      -- "$onnxsem" run "$fx/add_constants.onnxtxt" --formulation backwards
expect "subgraphs pass check"   0 "ok: no findings" -- "$onnxsem" check "$fx/if_loop_ok.onnxtxt" --profile sonnx
expect "check SB11 shadowing"    1 "^\[SB11\]"   -- "$onnxsem" check "$fx/sb11_shadowing.onnxtxt"
# SB11 allows a Scan body to define the names the main graph assigns by the Scan and after it.
expect "SB11 later names pass check" 0 "ok: no findings" -- "$onnxsem" check "$fx/sb11_later_names_ok.onnxtxt" --profile sonnx
expect "SB11 later names: stacked ys" 0 "^ys: tensor(float)\[3,2\] = \[3, 5, 5, 8, 5, 7\]$" -- "$onnxsem" run "$fx/sb11_later_names_ok.onnxtxt"
expect "SB11 later names: outer y" 0 "^y: tensor(float)\[2\] = \[4, 5\]$" -- "$onnxsem" run "$fx/sb11_later_names_ok.onnxtxt"
expect "SB11 later names: outer w" 0 "^w: tensor(float)\[2\] = \[-3, -3\]$" -- "$onnxsem" run "$fx/sb11_later_names_ok.onnxtxt"
expect "check SB12 Loop body"    1 "^\[SB12\]"   -- "$onnxsem" check "$fx/sb12_loop_body_arity.onnxtxt"
expect "check SB12 If branch"    1 "^\[SB12\]"   -- "$onnxsem" check "$fx/sb12_if_branch_outputs.onnxtxt"
expect "check W1 in a subgraph"  1 "^\[W1\]"     -- "$onnxsem" check "$fx/w1_undefined_in_subgraph.onnxtxt"
expect "check FN2 recursion"     1 "^\[FN2\]"    -- "$onnxsem" check "$fx/fn2_recursion.onnxtxt"
expect "check FN3 function body" 1 "^\[FN3\]"    -- "$onnxsem" check "$fx/fn3_unassigned_output.onnxtxt"
expect "check SB1 own output"     1 "^\[SB1\]"    -- "$onnxsem" check "$fx/sb1_reads_own_output.onnxtxt"
expect "check SB2 formal inputs"  1 "^\[SB2\]"    -- "$onnxsem" check "$fx/sb2_score_mod_inputs.onnxtxt"
expect "check SB3 branch output"  1 "^\[SB3\]"    -- "$onnxsem" check "$fx/sb3_undefined_branch_output.onnxtxt"
expect "check SB4 If condition"   1 "^\[SB4\]"    -- "$onnxsem" check "$fx/sb4_if_cond_type.onnxtxt"
expect "check SB5 stacked shapes" 1 "^\[SB5\].*PE1" -- "$onnxsem" check "$fx/sb5_stacked_shapes.onnxtxt"
expect "check SB6 trip count"     1 "^\[SB6\]"    -- "$onnxsem" check "$fx/sb6_loop_trip_count_type.onnxtxt"
expect "check SB7 no element type" 1 "^\[SB7\].*PE1" -- "$onnxsem" check "$fx/sb7_untyped_scan_output.onnxtxt"
expect "check SB8 Scan axes"      1 "^\[SB8\]"    -- "$onnxsem" check "$fx/sb8_scan_axes_length.onnxtxt"
expect "check SB9 SequenceMap"    1 "^\[SB9\]"    -- "$onnxsem" check "$fx/sb9_sequence_map_tensor.onnxtxt"
expect "check SB10 Scan-8 lens"   1 "^\[SB10\]"   -- "$onnxsem" check "$fx/sb10_scan8_sequence_lens_type.onnxtxt"
expect "check SB13 prob_mod"      1 "^\[SB13\]"   -- "$onnxsem" check "$fx/sb13_prob_mod_outputs.onnxtxt"
expect "check FN1 call arity"     1 "^\[FN1\]"    -- "$onnxsem" check "$fx/fn1_call_arity.onnxtxt"
expect "check PE1 constant part"  1 "^\[N9\].*PE1" -- "$onnxsem" check "$fx/n9_division_by_zero.onnxtxt"
expect "Attention-25 window"      0 "y: tensor(float)\[1,1,4,1\] = \[1.5, 2.33333325, 3.75, 7.5\]" -- "$onnxsem" run "$fx/at25_sliding_window.onnxtxt"
expect "check PE1 stops at a limit" 0 "ok: no findings" -- "$onnxsem" check "$fx/l3_too_large.onnxtxt"
# The static semantics (spec/types.md): each ill-typed fixture is refused by check and by run (exit 1) with
# its clause on a line of its own; a well-typed one passes, and `types` shows what inference concluded.
for f in ty6_add_float_int64:TY6 ty4_sqrt_int64:TY4 ty4_matmul_bool:TY4 ty4_relu_string:TY4 \
         ty4_reshape_int32_shape:TY4 ty2_relu_two_inputs:TY2 ty2_relu_two_outputs:TY2 \
         ty3_cast_without_to:TY3 ty3_unknown_attribute:TY3 ty3_attribute_type:TY3 \
         ty7_output_declared_int64:TY7 ty7_value_info_shape:TY7 ts1_add_broadcast:TS1 ty8_if_branch_types:TY8 \
         ty9_function_call_types:TY6 rd33_matmul_inner_dims:RD33 ty3_window_before_25:TY3 \
         at25_negative_window:AT25 at26_nonpad_with_past:AT26; do
  name=${f%%:*}; clause=${f##*:}
  expect "check $clause $name" 1 "^\[$clause\]" -- "$onnxsem" check "$fx/$name.onnxtxt"
  expect "run refuses $name"   1 "^\[$clause\]" -- "$onnxsem" run "$fx/$name.onnxtxt"
done
expect "well-typed model"        0 "ok: no findings" -- "$onnxsem" check "$fx/types_ok.onnxtxt"
expect "types shows symbols"     0 "  s: tensor(float)\[N,3\]" -- "$onnxsem" types "$fx/types_ok.onnxtxt"
expect "types shows the call"    0 "^function Twice at node" -- "$onnxsem" types "$fx/types_ok.onnxtxt"
expect "types --json"            0 '"type": "tensor(float)", "shape": \["N", 3\]' -- "$onnxsem" types "$fx/types_ok.onnxtxt" --json
deb=/usr/share/libonnx-testdata/data/node
if [ -d "$deb/test_add_bcast" ]; then
  expect "types against libonnx" 0 "names: equal 5, onnxsem more precise 0, onnxsem less precise 0" -- \
    "$onnxsem" types --compare-libonnx "$deb/test_add_bcast" "$deb/test_relu"
fi
expect "types of an ill-typed model" 1 "^\[TY6\]" -- "$onnxsem" types "$fx/ty6_add_float_int64.onnxtxt"
# The operator index the build wrote names where each operator version is registered: it agrees with the
# registry of this build (whatever line the registrations are on), and a copy with a registration moved, a row
# missing, a row too many or a row twice is refused, each told apart.
expect "operator index agrees with the registry" 0 "^ok: " -- "$onnxsem" index --check "$idx"
abs13='^| ai.onnx | Abs | 13 | ops/elementwise/unary.cpp:'
sed "s#${abs13}[0-9]* |#| ai.onnx | Abs | 13 | ops/elementwise/unary.cpp:1 |#" "$idx" >"$tmp/moved.md"
expect "operator index: a moved registration" 1 \
  "ai.onnx::Abs-13 (line [0-9]*): registered at ops/elementwise/unary.cpp:[0-9]*, the index says .*unary.cpp:1$" \
  -- "$onnxsem" index --check "$tmp/moved.md"
grep -v '^| ai.onnx | Acos | 7 |' "$idx" >"$tmp/short.md"
expect "operator index: a missing row" 1 "ai.onnx::Acos-7: no row (registered at ops/elementwise/" \
  -- "$onnxsem" index --check "$tmp/short.md"
{ cat "$idx"; echo '| ai.onnx | Abs | 99 | ops/elementwise/unary.cpp:137 |'; } >"$tmp/padded.md"
expect "operator index: a row too many" 1 \
  "ai.onnx::Abs-99 (line [0-9]*): a row for a version onnxsem does not register" \
  -- "$onnxsem" index --check "$tmp/padded.md"
{ cat "$idx"; grep '^| ai.onnx | Acos | 7 |' "$idx"; } >"$tmp/twice.md"
expect "operator index: a row twice" 1 "ai.onnx::Acos-7 (line [0-9]*): a second row (the first is on line [0-9]*)" \
  -- "$onnxsem" index --check "$tmp/twice.md"
expect "operator index: no file" 2 "\[F1\]" -- "$onnxsem" index --check "$tmp/none.md"
# Written again it is the same; with a sweep report it counts the suite tests of each version, and still agrees.
expect "index --into writes the build's index" 0 "^same$" -- \
  bash -c '"$1" index --into "$2" && cmp "$2" "$3" && echo same' - "$onnxsem" "$tmp/again.md" "$idx"
if [ -d "$deb/test_abs" ]; then
  "$onnxsem" sweep "${deb%/node}" --filter '^node/test_abs$' --json "$tmp/abs.json" >/dev/null 2>&1
  expect "index: Abs-13's suite test" 0 \
    '^| ai.onnx | Abs | 13 | ops/elementwise/unary.cpp:[0-9]* | 1 | 0 | abs.json: node/test_abs |$' -- \
    bash -c '"$1" index --into "$2" "$3" && cat "$2"' - "$onnxsem" "$tmp/with-suite.md" "$tmp/abs.json"
  expect "index with suite tests agrees" 0 "^ok: " -- "$onnxsem" index --check "$tmp/with-suite.md"
fi
expect "index of a missing report" 2 "\[F1\]" -- "$onnxsem" index --into "$tmp/x.md" "$tmp/none.json"
echo "$failures failed"
[ "$failures" -eq 0 ]
