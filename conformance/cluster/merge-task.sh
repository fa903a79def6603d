#!/usr/bin/env bash
# The last job of a sharded campaign on Slurm (submit.sh): merges OUT/shard-*.json into the reports the
# unsharded run writes (spec/conformance.md, K16): OUT/merged.json and OUT/merged.md (and OUT/merged.xml for
# a sweep), with the summary in OUT/merge.log. Its exit code is the unsharded sweep's (0 for a cross-check
# that ran); 2 when a shard's report is missing or does not belong.
#   sbatch --dependency=afterany:ARRAY_JOB merge-task.sh ONNXSEM OUT N sweep|crosscheck
#SBATCH --job-name=onnxsem-merge
#SBATCH --cpus-per-task=1
set -uo pipefail
onnxsem=${1:?ONNXSEM}
out=${2:?OUT}
n=${3:?N}
command=${4:?sweep or crosscheck}
reports=()
for ((k = 0; k < n; k++)); do reports+=("$out/shard-$k.json"); done
extra=()
[ "$command" = sweep ] && extra=(--junit "$out/merged.xml")
"$onnxsem" merge "${reports[@]}" --json "$out/merged.json" --markdown "$out/merged.md" "${extra[@]}" >"$out/merge.log" 2>&1
rc=$?
echo $rc >"$out/merge.exit"
exit $rc
