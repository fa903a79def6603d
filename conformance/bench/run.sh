#!/usr/bin/env bash
# The benchmark (docs/benchmark.md; spec/conformance.md, K12): the median latency of one evaluation by
# onnxsem on one thread and on two (--threads, spec/graph.md E9), beside ONNX Runtime's with one and two
# intra-op threads and graph optimizations disabled (onnxruntime-node, crosscheck/onnxruntime), on the same
# model and the same inputs, for the nine light models of ../shared/onnx-suite, the 640x640 Conv stack and
# the 640x640 feature pyramid network (fpn_640.onnxtxt, written by fpn_640.py) of this folder, and a
# BERT-base-sized encoder and a GPT-2-small-sized decoder step (transformers.py, weights in external data,
# each with its bench-args: symbolic dimensions, token-id bounds); and the peak
# resident memory (/usr/bin/time's maximum RSS) of one `onnxsem run` (one thread) beside one run of the ONNX
# Runtime adapter (one thread) on the same model and inputs. onnxsem evaluates under the depth-first schedule
# (spec/graph.md E5) in both measurements.
#
#   bash conformance/bench/run.sh [--repeat N] [--rounds R] [--onnxsem PATH] [--out FILE.md] [MODEL...]
#
# Each latency is measured in R rounds (default 3): a round times onnxsem on one thread, ONNX Runtime on one,
# onnxsem on two and ONNX Runtime on two, one after the other, each the median of N timed runs; the table
# gives, for each column, the median of its R round medians. The rounds alternate the two sides, so a
# change in the load of a shared host (a virtual machine's neighbours) falls on both, and the median of the
# rounds sets aside one disturbed round.
#
# Prints a Markdown table (also written to --out, default out/bench.md). It measures; it is not a test and
# fails only when a command cannot run. Run it on an otherwise idle machine with at least two cores.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
repeat=5
rounds=3
onnxsem="$root/build/cli/onnxsem"
out="$root/out/bench.md"
models=()
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --onnxsem) onnxsem="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) models+=("$1"); shift ;;
  esac
done
if [ ${#models[@]} -eq 0 ]; then
  models=("$root"/../shared/onnx-suite/light/*.onnx "$root/conformance/bench/conv_stack_640.onnxtxt"
          "$root/conformance/bench/fpn_640.onnxtxt")
  # The two transformers, written once into out/transformers/ (transformers.py; about 20 s, 1.1 GB).
  tf="$root/out/transformers"
  [ -f "$tf/gpt2_small_step/bench-args" ] || python3 "$root/conformance/bench/transformers.py" "$tf" >&2 || exit 1
  models+=("$tf/bert_base_128/model.onnx" "$tf/gpt2_small_step/model.onnx")
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
  echo "| model | onnxsem 1 thread (ms) | ORT 1 thread (ms) | ratio | onnxsem 2 threads (ms) | ORT 2 threads (ms) | ratio | onnxsem speed-up | onnxsem peak (MB) | ORT peak (MB) | ratio |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
} >"$out.tmp"
status=0
ratio_of() { awk -v a="$1" -v b="$2" 'BEGIN { if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2f", a / b }'; }
# ONNX Runtime's median on `threads` intra-op threads, or nothing (the reason in $data/ort.err).
ort_ms() {
  ONNXSEM_ORT_THREADS="$2" node "$adapter" "$data/$1/model.onnx" "$data/$1" "$data/$1/ort" --optimize disabled \
    --repeat "$repeat" 2>"$data/ort.err" | grep '^latency_ms' | sed 's/.*median=\([0-9.]*\).*/\1/'
}
# The median of the numbers given (one decimal), or nothing when there are none.
median_of() {
  printf '%s\n' "$@" | grep -E '^[0-9.]+$' | sort -g |
    awk '{ v[NR] = $1 } END { if (NR) printf "%.1f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
for m in "${models[@]}"; do
  # A model's own bench arguments (symbolic dimensions, integer inputs' bounds), when its folder has them:
  # the transformers that transformers.py writes.
  margs=()
  [ -f "$(dirname "$m")/bench-args" ] && read -r -a margs <"$(dirname "$m")/bench-args"
  line=$("$onnxsem" bench "$m" "${margs[@]}" --repeat "$repeat" --threads 1 --data "$data" | tail -1)
  name=${line%% *}
  if [[ "$line" == *"not measured"* ]]; then
    echo "| $name | ${line#* } | | | | | | | | | |" >>"$out.tmp"
    status=1
    continue
  fi
  ours1_r=("$(echo "$line" | awk '{print $2}')"); ours2_r=(); theirs1_r=(); theirs2_r=()
  theirs1="not run (adapter not set up)"; theirs2=""
  for ((round = 1; round <= rounds; ++round)); do
    if [ "$round" -gt 1 ]; then
      ours1_r+=("$("$onnxsem" bench "$m" "${margs[@]}" --repeat "$repeat" --threads 1 | tail -1 | awk '{print $2}')")
    fi
    if [ "$have_ort" -eq 1 ]; then
      v=$(ort_ms "$name" 1); [ -n "$v" ] || theirs1="failed: $(head -c 200 "$data/ort.err")"; theirs1_r+=("$v")
    fi
    ours2_r+=("$("$onnxsem" bench "$m" "${margs[@]}" --repeat "$repeat" --threads 2 | tail -1 | awk '{print $2}')")
    if [ "$have_ort" -eq 1 ]; then
      v=$(ort_ms "$name" 2); [ -n "$v" ] || theirs2="failed: $(head -c 200 "$data/ort.err")"; theirs2_r+=("$v")
    fi
  done
  ours1=$(median_of "${ours1_r[@]}"); ours2=$(median_of "${ours2_r[@]}")
  if [ "$have_ort" -eq 1 ]; then
    [[ "$theirs1" == failed* ]] || theirs1=$(median_of "${theirs1_r[@]}")
    [[ "$theirs2" == failed* ]] || theirs2=$(median_of "${theirs2_r[@]}")
  fi
  # Peak memory: one evaluation each on one thread, as a user runs it (the process's maximum resident set),
  # onnxsem under the schedule its latency is measured with.
  mem_ours=$(peak_mb "$onnxsem" run "$data/$name/model.onnx" --inputs "$data/$name" --output-dir "$data/$name/mem" --threads 1 \
    --schedule depth-first)
  mem_theirs=""
  if [ "$have_ort" -eq 1 ]; then
    mem_theirs=$(peak_mb node "$adapter" "$data/$name/model.onnx" "$data/$name" "$data/$name/ort-mem" --optimize disabled)
  fi
  echo "| $name | $ours1 | $theirs1 | $(ratio_of "$ours1" "$theirs1") | $ours2 | $theirs2 | $(ratio_of "$ours2" "$theirs2") | $(ratio_of "$ours1" "$ours2") | ${mem_ours:-failed} | $mem_theirs | $(ratio_of "$mem_ours" "$mem_theirs") |" >>"$out.tmp"
  echo "$name: onnxsem $ours1 / $ours2 ms (1 / 2 threads), ONNX Runtime $theirs1 / $theirs2 ms; peak $mem_ours MB against $mem_theirs MB" >&2
  echo "  rounds: onnxsem 1 thread ${ours1_r[*]}; ORT ${theirs1_r[*]:-};" \
    "onnxsem 2 threads ${ours2_r[*]}; ORT ${theirs2_r[*]:-}" >&2
done
mv "$out.tmp" "$out"
echo
echo "Median of $rounds rounds' medians of $repeat runs after one warm-up, on one and two threads ($(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))."
cat "$out"
exit $status
