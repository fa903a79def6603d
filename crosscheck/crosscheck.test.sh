#!/usr/bin/env bash
# End-to-end test of `onnxsem crosscheck --runtime RUNTIME` on the fixtures in crosscheck/fixtures/
# (docs/crosscheck.md), for RUNTIME onnxruntime, onnxruntime-web or opencv. Skipped
# (exit 77, meson's skip code) when the runtime's adapter is not set up: node or the npm packages of
# crosscheck/RUNTIME/ missing (crosscheck/RUNTIME/setup.sh installs them), or the OpenCV adapter not built
# (it needs Debian's libopencv-dnn-dev and nlohmann-json3-dev, which .ci/setup installs).
set -uo pipefail
onnxsem=$1
src=$2
runtime=${3:-onnxruntime}
build=${4:-$src/build}
fx="$src/crosscheck/fixtures"

case $runtime in
  onnxruntime | onnxruntime-web)
    if ! command -v node >/dev/null 2>&1; then
      echo "SKIP: node is not installed (crosscheck/$runtime/setup.sh installs it and the npm packages)"
      exit 77
    fi
    adapter=(node "$src/crosscheck/$runtime/adapter.js") ;;
  opencv)
    adapter=("$build/crosscheck/opencv/onnxsem-opencv-adapter")
    if [ ! -x "${adapter[0]}" ]; then
      echo "SKIP: the OpenCV adapter was not built (it needs Debian's libopencv-dnn-dev and nlohmann-json3-dev)"
      exit 77
    fi ;;
  *) echo "crosscheck.test.sh: unknown runtime $runtime" >&2; exit 2 ;;
esac
if ! probe=$("${adapter[@]}" --probe 2>&1); then
  echo "SKIP: the $runtime adapter cannot load; run crosscheck/$runtime/setup.sh ($probe)"
  exit 77
fi
echo "$probe"
# Only ONNX Runtime for Node.js saves its optimized graph, so only it is asked for the transform (XC5).
transform=()
[ "$runtime" = onnxruntime ] && transform=(--transform)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
expect() {  # expect NAME PATTERN FILE: FILE has a line matching PATTERN
  if grep -Eq "$2" "$3"; then echo "ok: $1"; else echo "FAIL: $1 (no line matching '$2')"; failed=1; fi
}

"$onnxsem" crosscheck --runtime "$runtime" "$fx" --random 2 --seed 3 "${transform[@]}" --json "$tmp/r.json" \
    --markdown "$tmp/r.md" >"$tmp/out.txt" 2>&1
rc=$?
cat "$tmp/out.txt"
[ "$rc" -eq 0 ] || { echo "FAIL: crosscheck exited $rc"; failed=1; }
# Add on float tensors with a symbolic dimension: both sides agree on every random set.
expect "add agrees"                 '"test": "add_symbolic.onnxtxt", "set": "random_1", "ops": "Add", "outcome": "agree"' "$tmp/r.json"
# A bfloat16 input: neither ONNX Runtime's JavaScript bindings nor OpenCV's matrices take it.
expect "bfloat16 runtime-unsupported" '"test": "bfloat16_identity.onnxtxt", "set": "random_0", "ops": "Identity", "outcome": "runtime-unsupported"' "$tmp/r.json"
# Integer division by zero: onnxsem refuses it (N9); the runtime either fails or gives a number.
expect "div by zero judged"         '"test": "int_div_zero.onnxtxt", "set": "random_0", "ops": "Constant Div", "outcome": "(spec-error|agree)"' "$tmp/r.json"
[ "$runtime" = onnxruntime ] && expect "transform compared" '"transform": "agree"' "$tmp/r.json"
expect "summary line"               "^crosscheck \\($runtime\\): 3 models, [0-9]+ cases" "$tmp/out.txt"
expect "markdown"                   '^\| agree \| [0-9]+ \|' "$tmp/r.md"
expect "serve mode used"            '^adapter: serve mode' "$tmp/out.txt"

# The one-shot path (one node process per case) gives the same outcomes, and so do two workers.
outcomes() { sed -n 's/^ *{\("test": .*"outcome": "[a-z-]*"\).*/\1/p' "$1"; }
"$onnxsem" crosscheck --runtime "$runtime" "$fx" --random 2 --seed 3 "${transform[@]}" --one-shot --json "$tmp/one.json" \
    >"$tmp/one.txt" 2>&1 || { echo "FAIL: crosscheck --one-shot exited $?"; failed=1; }
expect "one-shot path used"         '^adapter: one process per case' "$tmp/one.txt"
if [ "$(outcomes "$tmp/r.json")" = "$(outcomes "$tmp/one.json")" ] && [ -n "$(outcomes "$tmp/r.json")" ]; then
  echo "ok: one-shot and serve outcomes are the same"
else
  echo "FAIL: one-shot and serve outcomes differ"; diff <(outcomes "$tmp/r.json") <(outcomes "$tmp/one.json"); failed=1
fi
"$onnxsem" crosscheck --runtime "$runtime" "$fx" --random 2 --seed 3 "${transform[@]}" --jobs 2 --json "$tmp/two.json" \
    >"$tmp/two.txt" 2>&1 || { echo "FAIL: crosscheck --jobs 2 exited $?"; failed=1; }
if cmp -s "$tmp/r.json" "$tmp/two.json"; then echo "ok: --jobs 2 gives the same report"; else echo "FAIL: --jobs 2 report differs"; failed=1; fi

# How the adapter classes a runtime's failures (XC1, XC2), on reproducers of conformance/findings: a valid
# model the runtime has no implementation for is runtime-unsupported, a failure while running it stays a
# runtime error; ONNX Runtime's StringNormalizer runs (it needs the locale en_US.UTF-8, made by .ci/setup).
gen="$src/conformance/findings/models/generated"
strnorm=/usr/share/libonnx-testdata/data/node/test_strnormalizer_export_monday_casesensintive_lower
case $runtime in
  onnxruntime) cls=("$gen/ort-gru-double-kernel" "$gen/ort-lrn-rank-3" "$strnorm") ;;
  onnxruntime-web) cls=("$gen/web-gru-double-no-kernel" "$gen/web-lrn-rank3" "$strnorm") ;;
  opencv) cls=("$gen/cv-float16-output-float32" "$gen/cv-lrn-rank3") ;;
esac
"$onnxsem" crosscheck --runtime "$runtime" "${cls[@]}" --json "$tmp/cls.json" >/dev/null 2>&1
case $runtime in
  opencv) expect "float16 output OpenCV gives as float: unsupported" '"ops": "Atan", "outcome": "runtime-unsupported"' "$tmp/cls.json" ;;
  *) expect "missing kernel: runtime-unsupported" '"ops": "GRU", "outcome": "runtime-unsupported"' "$tmp/cls.json"
     expect "StringNormalizer runs"              '"ops": "StringNormalizer", "outcome": "agree"' "$tmp/cls.json" ;;
esac
expect "a failure stays runtime-error"          '"ops": "LRN", "outcome": "runtime-error"' "$tmp/cls.json"

# Localisation (XC10, XC11) of Conv -> Relu -> Add -> Conv -> Relu -> Conv, the Add's second operand of rank 1:
# OpenCV aligns it with the channels instead of the last axis, and the Add must be the first departing node;
# ONNX Runtime computes every node within its bound.
chain="$src/conformance/findings/models/cv_conv_add_chain.onnxtxt"
"$onnxsem" compare "$chain" --runtime "$runtime" --json "$tmp/loc.json" >"$tmp/loc.txt" 2>&1
first=$(python3 -c "
import json; c = [c for c in json.load(open('$tmp/loc.json'))['cases'] if 'localisation' in c]
n = c[0]['localisation']['first_departing_node'] if c else 'not localised'
print(n['op_type'] if isinstance(n, dict) else n)" 2>&1)
case $runtime in
  opencv) want=Add ;;
  *) want=None ;;
esac
[ "$first" = "$want" ] && echo "ok: localisation: first departing node $want" ||
  { echo "FAIL: localisation: first departing node $first, expected $want"; cat "$tmp/loc.txt"; failed=1; }

# The adapter protocol itself: exit 3 and a one-line reason for what the runtime cannot take.
mkdir -p "$tmp/in" "$tmp/out"
"${adapter[@]}" "$tmp/none.onnx" "$tmp/in" "$tmp/out" 2>"$tmp/err.txt"
rc=$?
[ "$rc" -eq 2 ] && echo "ok: adapter refuses an unreadable model (exit 2)" || { echo "FAIL: adapter exit $rc for a missing model"; failed=1; }

# The serve protocol (spec/conformance.md, XC6): "ready", then one answer line per request line; a bad
# request or a failing case does not end the server; the end of standard input does.
printf '%s\n' '<ir_version: 8, opset_import: ["" : 13]>' 'g (float[2] x) => (float[2] y) { y = Neg(x) }' >"$tmp/neg.onnxtxt"
"$onnxsem" crosscheck --runtime "$runtime" "$tmp/neg.onnxtxt" --keep "$tmp/keep" --adapter false >/dev/null 2>&1
neg="$tmp/keep/neg.onnxtxt"
{
  echo "{\"model\": \"$neg/model.onnx\", \"input_dir\": \"$neg/random_0\", \"output_dir\": \"$tmp/s1\", \"optimize\": \"all\"}"
  echo 'not json'
  echo "{\"model\": \"$tmp/none.onnx\", \"input_dir\": \"$tmp/in\", \"output_dir\": \"$tmp/s2\", \"optimize\": \"all\"}"
  echo "{\"model\": \"$neg/model.onnx\", \"input_dir\": \"$neg/random_0\", \"output_dir\": \"$tmp/s3\", \"optimize\": \"disabled\", \"save_optimized\": \"$tmp/opt.onnx\"}"
} | timeout 60 "${adapter[@]}" --serve >"$tmp/serve.txt" 2>"$tmp/serve-err.txt"
rc=$?
cat "$tmp/serve.txt"
[ "$rc" -eq 0 ] && echo "ok: the server ends at the end of its input" || { echo "FAIL: the server exited $rc"; failed=1; }
expect "serve: ready line"          '^ready [a-z-]+ [0-9.]+' "$tmp/serve.txt"
if [ "$(sed -n '2,5p' "$tmp/serve.txt" | cut -c1-2 | tr '\n' ,)" = "0,2 ,2 ,0," ]; then
  echo "ok: serve answers 0, 2 (bad request), 2 (missing model), 0"
else
  echo "FAIL: serve answers"; failed=1
fi
[ -s "$tmp/s1/output_0.pb" ] && [ -s "$tmp/s3/output_0.pb" ] \
  && echo "ok: serve wrote the outputs" || { echo "FAIL: serve outputs missing"; failed=1; }
if [ "$runtime" = onnxruntime ]; then
  [ -s "$tmp/opt.onnx" ] && echo "ok: serve wrote the optimized model" || { echo "FAIL: no optimized model"; failed=1; }
fi

exit $failed
