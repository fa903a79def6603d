#!/usr/bin/env bash
# The latency benchmark (README.md, "Benchmark"; spec/conformance.md, K12): the median latency of one
# evaluation by onnxsem on one thread, beside ONNX Runtime's on one intra-op thread with graph
# optimizations disabled (onnxruntime-node, crosscheck/onnxruntime), on the same model and the same inputs,
# for the nine light models of ../shared/onnx-suite, the 640x640 Conv stack and the 640x640 feature pyramid
# network (fpn_640.onnxtxt, written by fpn_640.py) of this folder; and the peak
# resident memory (/usr/bin/time's maximum RSS) of one `onnxsem run` beside one run of the ONNX Runtime
# adapter on the same model and inputs.
#
#   bash conformance/bench/run.sh [--repeat N] [--onnxsem PATH] [--out FILE.md] [MODEL...]
#
# Prints a Markdown table (also written to --out, default out/bench.md). It measures; it is not a test and
# fails only when a command cannot run. Run it on an otherwise idle machine.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
repeat=5
onnxsem="$root/build/cli/onnxsem"
out="$root/out/bench.md"
models=()
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat="$2"; shift 2 ;;
    --onnxsem) onnxsem="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) models+=("$1"); shift ;;
  esac
done
if [ ${#models[@]} -eq 0 ]; then
  models=("$root"/../shared/onnx-suite/light/*.onnx "$root/conformance/bench/conv_stack_640.onnxtxt"
          "$root/conformance/bench/fpn_640.onnxtxt")
fi
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
adapter="$root/crosscheck/onnxruntime/adapter.js"
have_ort=0
node "$adapter" --probe >/dev/null 2>&1 && have_ort=1

# The maximum resident set of a command in MB (one decimal), or nothing when it fails.
peak_mb() {
  local f="$data/peak.txt"
  if /usr/bin/time -f '%M' -o "$f" "$@" >/dev/null 2>"$data/peak.err"; then
    awk '{ printf "%.1f", $1 / 1024 }' "$f"
  fi
}

mkdir -p "$(dirname "$out")"
{
  echo "| model | onnxsem median (ms) | ONNX Runtime median (ms) | ratio | onnxsem peak (MB) | ONNX Runtime peak (MB) | ratio |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
} >"$out.tmp"
status=0
for m in "${models[@]}"; do
  line=$("$onnxsem" bench "$m" --repeat "$repeat" --data "$data" | tail -1)
  name=${line%% *}
  if [[ "$line" == *"not measured"* ]]; then
    echo "| $name | ${line#* } | | |" >>"$out.tmp"
    status=1
    continue
  fi
  ours=$(echo "$line" | awk '{print $2}')
  theirs="not run (adapter not set up)"
  ratio=""
  if [ "$have_ort" -eq 1 ]; then
    ort_line=$(node "$adapter" "$data/$name/model.onnx" "$data/$name" "$data/$name/ort" --optimize disabled \
      --repeat "$repeat" 2>"$data/ort.err" | grep '^latency_ms')
    if [ -n "$ort_line" ]; then
      theirs=$(echo "$ort_line" | sed 's/.*median=\([0-9.]*\).*/\1/')
      ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')
    else
      theirs="failed: $(head -c 200 "$data/ort.err")"
    fi
  fi
  # Peak memory: one evaluation each, as a user runs it (the process's maximum resident set, in MB).
  mem_ours=$(peak_mb "$onnxsem" run "$data/$name/model.onnx" --inputs "$data/$name" --output-dir "$data/$name/mem")
  mem_theirs=""; mem_ratio=""
  if [ "$have_ort" -eq 1 ]; then
    mem_theirs=$(peak_mb node "$adapter" "$data/$name/model.onnx" "$data/$name" "$data/$name/ort-mem" --optimize disabled)
    [ -n "$mem_ours" ] && [ -n "$mem_theirs" ] &&
      mem_ratio=$(awk -v a="$mem_ours" -v b="$mem_theirs" 'BEGIN { printf "%.2f", a / b }')
  fi
  echo "| $name | $ours | $theirs | $ratio | ${mem_ours:-failed} | $mem_theirs | $mem_ratio |" >>"$out.tmp"
  echo "$name: onnxsem $ours ms, ONNX Runtime $theirs ms, ratio $ratio; peak $mem_ours MB against $mem_theirs MB" >&2
done
mv "$out.tmp" "$out"
echo
echo "Median of $repeat runs after one warm-up, one thread each ($(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))."
cat "$out"
exit $status
