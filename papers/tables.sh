#!/usr/bin/env bash
# Rebuilds every table of numbers in papers/onnxsem.md from fresh sweep reports (docs/tables.md):
# sweeps both suites with properties on (reverse + 2 random schedules + the demand-driven formulation),
# writes their JSON reports to out/, and lets `onnxsem tables` replace the tables between their markers.
# Beside the reports, out/operators.md: the operator index with each version's suite tests (the build writes
# it without them, build/cli/operators.md; `onnxsem book DIR --sweep REPORT.json...` shows it with them).
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/setup >/dev/null
mkdir -p out
build/cli/onnxsem sweep /usr/share/libonnx-testdata/data --schedules 2 --jobs 2 --json out/debian-onnx-1.12.json >/dev/null || true
reports=(out/debian-onnx-1.12.json)
if [ -d ../shared/onnx-suite ]; then
  build/cli/onnxsem sweep ../shared/onnx-suite --schedules 2 --jobs 2 --json out/onnx-suite.json >/dev/null || true
  reports+=(out/onnx-suite.json)
fi
build/cli/onnxsem tables --into papers/onnxsem.md "${reports[@]}"
build/cli/onnxsem index --into out/operators.md "${reports[@]}"
echo "papers/onnxsem.md and out/operators.md rebuilt from ${reports[*]}"
