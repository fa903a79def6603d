#!/usr/bin/env bash
# One task of a sharded campaign run as a Slurm job array (docs/cluster.md;
# spec/conformance.md, K15). Submitted by submit.sh as
#   sbatch --array=0-(N-1) shard-task.sh ONNXSEM OUT -- COMMAND ARGUMENTS...
# where COMMAND is `sweep` or `crosscheck`. Task K of N runs `ONNXSEM COMMAND ARGUMENTS... --shard K/N
# --jobs CPUS --json OUT/shard-K.json`, keeps its standard output in OUT/shard-K.log and its exit code in
# OUT/shard-K.exit. It ends 0 when the report was written (a sweep with failing tests still did its part;
# `onnxsem merge` gives the verdict), 1 otherwise.
#SBATCH --job-name=onnxsem-shard
#SBATCH --cpus-per-task=1
set -uo pipefail
onnxsem=${1:?ONNXSEM}
out=${2:?OUT}
shift 2
[ "${1:-}" = "--" ] && shift
k=${SLURM_ARRAY_TASK_ID:?shard-task.sh runs as a task of a Slurm job array (sbatch --array=0-N)}
n=${SLURM_ARRAY_TASK_COUNT:?shard-task.sh runs as a task of a Slurm job array}
rm -f "$out/shard-$k.json"
"$onnxsem" "$@" --jobs "${SLURM_CPUS_PER_TASK:-1}" --shard "$k/$n" --json "$out/shard-$k.json" >"$out/shard-$k.log" 2>&1
echo $? >"$out/shard-$k.exit"
[ -s "$out/shard-$k.json" ]
