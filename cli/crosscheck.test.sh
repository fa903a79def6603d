#!/usr/bin/env bash
# End-to-end test of `onnxsem crosscheck --runtime onnxruntime` on the fixtures in crosscheck/fixtures/
# (README.md, "Cross-checking a runtime"). Skipped (exit 77, meson's skip code) when node or the npm
# packages of crosscheck/onnxruntime/ are not there; crosscheck/onnxruntime/setup.sh installs them.
set -uo pipefail
onnxsem=$1
src=$2
adapter="$src/crosscheck/onnxruntime/adapter.js"
fx="$src/crosscheck/fixtures"

if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: node is not installed (crosscheck/onnxruntime/setup.sh installs it and the npm packages)"
  exit 77
fi
if ! probe=$(node "$adapter" --probe 2>&1); then
  echo "SKIP: the ONNX Runtime adapter cannot load its npm packages; run crosscheck/onnxruntime/setup.sh ($probe)"
  exit 77
fi
echo "$probe"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
expect() {  # expect NAME PATTERN FILE: FILE has a line matching PATTERN
  if grep -Eq "$2" "$3"; then echo "ok: $1"; else echo "FAIL: $1 (no line matching '$2')"; failed=1; fi
}

"$onnxsem" crosscheck --runtime onnxruntime "$fx" --random 2 --seed 3 --transform --json "$tmp/r.json" \
    --markdown "$tmp/r.md" >"$tmp/out.txt" 2>&1
rc=$?
cat "$tmp/out.txt"
[ "$rc" -eq 0 ] || { echo "FAIL: crosscheck exited $rc"; failed=1; }
# Add on float tensors with a symbolic dimension: both sides agree on every random set.
expect "add agrees"                 '"test": "add_symbolic.onnxtxt", "set": "random_1", "ops": "Add", "outcome": "agree"' "$tmp/r.json"
# A bfloat16 input: the Node.js binding of ONNX Runtime cannot take it.
expect "bfloat16 runtime-unsupported" '"test": "bfloat16_identity.onnxtxt", "set": "random_0", "ops": "Identity", "outcome": "runtime-unsupported"' "$tmp/r.json"
# Integer division by zero: onnxsem refuses it (N9); the runtime either fails or gives a number.
expect "div by zero judged"         '"test": "int_div_zero.onnxtxt", "set": "random_0", "ops": "Constant Div", "outcome": "(spec-error|agree)"' "$tmp/r.json"
expect "transform compared"         '"transform": "agree"' "$tmp/r.json"
expect "summary line"               '^crosscheck \(onnxruntime\): 3 models, [0-9]+ cases' "$tmp/out.txt"
expect "markdown"                   '^\| agree \| [0-9]+ \|' "$tmp/r.md"

# The adapter protocol itself: exit 3 and a one-line reason for what the runtime cannot take.
mkdir -p "$tmp/in" "$tmp/out"
node "$adapter" "$tmp/none.onnx" "$tmp/in" "$tmp/out" 2>"$tmp/err.txt"
rc=$?
[ "$rc" -eq 2 ] && echo "ok: adapter refuses an unreadable model (exit 2)" || { echo "FAIL: adapter exit $rc for a missing model"; failed=1; }

exit $failed
