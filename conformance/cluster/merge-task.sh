#!/usr/bin/env bash
# The last job of a sharded sweep on Slurm (submit.sh): merges OUT/shard-*.json into the reports the
# unsharded sweep writes (spec/conformance.md, K16): OUT/sweep.json, OUT/sweep.md, OUT/sweep.xml, and the
# summary in OUT/merge.log. Its exit code is the unsharded sweep's; 2 when a shard's report is missing.
#   sbatch --dependency=afterany:ARRAY_JOB merge-task.sh ONNXSEM OUT N
#SBATCH --job-name=onnxsem-merge
#SBATCH --cpus-per-task=1
set -uo pipefail
onnxsem=${1:?ONNXSEM}
out=${2:?OUT}
n=${3:?N}
reports=()
for ((k = 0; k < n; k++)); do reports+=("$out/shard-$k.json"); done
"$onnxsem" merge "${reports[@]}" --json "$out/sweep.json" --markdown "$out/sweep.md" --junit "$out/sweep.xml" \
  >"$out/merge.log" 2>&1
rc=$?
echo $rc >"$out/merge.exit"
exit $rc
