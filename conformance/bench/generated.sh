#!/usr/bin/env bash
# Throughput of generated cases (docs/generate.md, "Throughput"): cases per second of `onnxsem generate`
# (reading the configurations once, then for each case growing the model by trial evaluations, checking
# it and evaluating it; with and without writing the test folders, whose cost is the file system's), and of `onnxsem crosscheck --generate` against each runtime named,
# one job (one core for onnxsem, the runtime's adapter in serve mode beside it).
#
#   bash conformance/bench/generated.sh [--count N] [--onnxsem PATH] [--out FILE.md] [RUNTIME...]
#
# Prints a Markdown table (also written to --out, default out/bench-generated.md) with wall-clock and CPU
# seconds (user + system of onnxsem and its children). It measures; it is not a test. Run it on an
# otherwise idle machine.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
count=2000
onnxsem="$root/build/cli/onnxsem"
out="$root/out/bench-generated.md"
runtimes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count="$2"; shift 2 ;;
    --onnxsem) onnxsem="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) runtimes+=("$1"); shift ;;
  esac
done
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$(dirname "$out")"
row() {  # row LABEL CASES -- command...
  local label=$1 cases=$2
  shift 3
  /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" >"$tmp/log" 2>&1 || { echo "| $label | failed | | | |"; tail -3 "$tmp/log" >&2; return; }
  read -r wall user sys <"$tmp/time"
  awk -v l="$label" -v n="$cases" -v w="$wall" -v u="$user" -v s="$sys" \
    'BEGIN { c = u + s; printf "| %s | %d | %.1f | %.1f | %.0f | %.0f |\n", l, n, w, c, n / w, (c > 0 ? n / c : 0) }'
}
{
  echo "Generated cases, seed 1, 1 to 6 operations, configurations from Debian's suite ($(nproc) cores, $(date -u +%Y-%m-%d))."
  echo
  echo "| what | cases | wall s | CPU s | cases/s (wall) | cases/CPU-s |"
  echo "|---|---|---|---|---|---|"
  row "generate --no-write (onnxsem alone)" "$count" -- "$onnxsem" generate "$tmp/n" --count "$count" --seed 1 --no-write
  row "generate, writing the test folders" "$count" -- "$onnxsem" generate "$tmp/g" --count "$count" --seed 1
  row "configurations only" 0 -- "$onnxsem" generate "$tmp/g0" --count 0 --seed 1
  for rt in "${runtimes[@]}"; do
    row "crosscheck --generate, $rt" "$count" -- "$onnxsem" crosscheck --runtime "$rt" --generate "$count" --seed 1 \
      --jobs 1 --reduce-runs 0
  done
} | tee "$out"
