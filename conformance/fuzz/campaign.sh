#!/usr/bin/env bash
# A fuzzing campaign (docs/fuzzing.md): runs the libFuzzer targets of a build configured with
# -Dfuzz=true (clang; ASan+UBSan through -Db_sanitize=address,undefined), seeded from the models and value
# files of both suites, and keeps what it finds.
#
#   campaign.sh BUILD_DIR SECONDS [--targets "load check run value"] [--jobs N] [--out DIR] [--seed-every K]
#               [--seed S]
#
# Each target runs SECONDS seconds (wall clock, one process each, N at a time; default: the number of
# cores). Its corpus grows in OUT/corpus/TARGET; each crash, sanitizer report, time-out (10 s per input)
# or out-of-memory (2.5 GB) is copied into conformance/fuzz/regressions/TARGET/, where `meson test` replays
# it from then on (fix it, then commit it). OUT/summary.tsv gets one row per target: seconds, CPU seconds,
# executions, libFuzzer's final cov: and ft: figures, corpus size, findings. Exit 1 when anything was found.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:?usage: campaign.sh BUILD_DIR SECONDS [--targets LIST] [--jobs N] [--out DIR] [--seed-every K]}
seconds=${2:?seconds per target}
shift 2
targets="load check run value"
jobs=$(nproc)
out=$root/out/fuzz
every=1
seed_args=()
while [ $# -gt 0 ]; do
  case $1 in
    --targets) targets=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --seed-every) every=$2; shift 2 ;;
    --seed) seed_args=(-seed="$2"); shift 2 ;;
    *) echo "campaign.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
build=$(cd "$build" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)

# Seeds: the suites' models (at most 64 KB: the light models would only slow every execution) and their
# value files, each prefixed with the byte that says what the value target should expect (0: tensor,
# 1: sequence, 2: optional), taken from the file's directory name. Every K-th file when --seed-every K.
suites=()
[ -d "$root/../shared/onnx-suite" ] && suites+=("$root/../shared/onnx-suite")
[ -d /usr/share/libonnx-testdata/data ] && suites+=(/usr/share/libonnx-testdata/data)
seeds=$out/seeds
if [ ! -f "$seeds/.done-$every" ]; then
  rm -rf "$seeds"; mkdir -p "$seeds/model" "$seeds/value"
  n=0
  while IFS= read -r f; do
    n=$((n + 1)); [ $((n % every)) -eq 0 ] || continue
    cp "$f" "$seeds/model/$(echo "$f" | md5sum | cut -c1-16).onnx"
  done < <(find "${suites[@]}" -name '*.onnx' -size -64k | sort)
  n=0
  while IFS= read -r f; do
    n=$((n + 1)); [ $((n % every)) -eq 0 ] || continue
    kind='\x00'
    case $f in *sequence*|*seq*) kind='\x01' ;; *optional*) kind='\x02' ;; esac
    { printf "$kind"; cat "$f"; } > "$seeds/value/$(echo "$f" | md5sum | cut -c1-16).bin"
  done < <(find "${suites[@]}" -name '*.pb' -size -64k | sort)
  touch "$seeds/.done-$every"
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
run_target() {
  local t=$1 bin=$build/conformance/fuzz/fuzz_$1
  local kind=model; [ "$t" = value ] && kind=value
  mkdir -p "$out/corpus/$t" "$out/artifacts/$t"
  local start=$(date +%s)
  /usr/bin/time -f "%U %S" -o "$out/$t.time" \
    "$bin" "$out/corpus/$t" "$seeds/$kind" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 \
      -max_len=65536 -print_final_stats=1 "${seed_args[@]}" -artifact_prefix="$out/artifacts/$t/" >"$out/$t.log" 2>&1
  local rc=$? end=$(date +%s)
  local execs cov ft
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$out/$t.log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$out/$t.log" | tail -1 | cut -d' ' -f2)
  local cpu; cpu=$(tail -1 "$out/$t.time" | awk '{printf "%.0f", $1 + $2}' 2>/dev/null)
  local found; found=$(find "$out/artifacts/$t" -type f | wc -l)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$((end - start))" "${cpu:-0}" "${execs:-0}" "${cov:-0}" \
    "${ft:-0}" "$(find "$out/corpus/$t" -type f | wc -l)" "$found" "$rc" > "$out/$t.row"
  if [ "$found" -gt 0 ]; then
    mkdir -p "$here/regressions/$t"
    cp "$out/artifacts/$t"/* "$here/regressions/$t/"
  fi
}

for t in $targets; do
  [ -x "$build/conformance/fuzz/fuzz_$t" ] || { echo "campaign.sh: no target $build/conformance/fuzz/fuzz_$t (configure with -Dfuzz=true)" >&2; exit 2; }
done
running=0
for t in $targets; do
  run_target "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

{
  printf 'target\tseconds\tcpu_seconds\texecutions\tcov\tft\tcorpus\tfindings\texit\n'
  for t in $targets; do cat "$out/$t.row"; done
} > "$out/summary.tsv"
column -t -s $'\t' "$out/summary.tsv"
total=$(awk -F'\t' 'NR > 1 { s += $8 } END { print s + 0 }' "$out/summary.tsv")
bad_exit=$(awk -F'\t' 'NR > 1 && $9 != 0 { n++ } END { print n + 0 }' "$out/summary.tsv")
echo "fuzzing: $total findings, $bad_exit targets ended abnormally (logs: $out/TARGET.log)"
[ "$total" -eq 0 ] && [ "$bad_exit" -eq 0 ]
