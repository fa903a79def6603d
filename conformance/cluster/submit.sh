#!/usr/bin/env bash
# Runs a sweep or a cross-check (a generation campaign, most often) as N shards on a Slurm cluster
# (docs/cluster.md): a job array of N tasks, each `onnxsem COMMAND ... --shard K/N`
# (shard-task.sh), then one job that merges their reports once they have all ended (merge-task.sh). OUT must
# be on a file system every node sees, and so must ONNXSEM and the suite folders.
#
#   submit.sh --shards N --out OUT [--onnxsem PATH] [--cpus C] [--wait] [-- SBATCH_OPTION...] -- COMMAND ARGS...
#
# COMMAND ARGS are `sweep` or `crosscheck` with their arguments (folders, --filter, --expected, --runtime,
# --generate, ...), without --shard, --jobs and --json, which the tasks set. Options for sbatch (partition,
# account, time limit) go between the first and the second "--". Prints the two job ids; with --wait, waits
# for the merge and ends with its exit code (that of the unsharded run).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shards= out= onnxsem=$here/../../build/cli/onnxsem cpus=1 wait=0
while [ $# -gt 0 ]; do
  case $1 in
    --shards) shards=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --onnxsem) onnxsem=$2; shift 2 ;;
    --cpus) cpus=$2; shift 2 ;;
    --wait) wait=1; shift ;;
    --) shift; break ;;
    *) echo "submit.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --shards N (1 or more) is required" >&2; exit 2; }
[ -n "$out" ] || { echo "submit.sh: --out DIR is required" >&2; exit 2; }
sbatch_opts=()
sweep_args=("$@")  # the command and its arguments
for ((i = 0; i < $#; i++)); do  # a second "--" separates sbatch's options from the sweep's arguments
  if [ "${sweep_args[$i]}" = "--" ]; then
    sbatch_opts=("${sweep_args[@]:0:$i}")
    sweep_args=("${sweep_args[@]:$((i + 1))}")
    break
  fi
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
onnxsem=$(cd "$(dirname "$onnxsem")" && pwd)/$(basename "$onnxsem")
command=${sweep_args[0]:-}
[ "$command" = sweep ] || [ "$command" = crosscheck ] ||
  { echo "submit.sh: the command must be sweep or crosscheck (got '$command')" >&2; exit 2; }
rm -f "$out"/shard-*.json "$out"/shard-*.exit "$out"/merge.exit
array=$(sbatch --parsable "${sbatch_opts[@]}" --array="0-$((shards - 1))" --cpus-per-task="$cpus" \
  --output="$out/slurm-%A_%a.out" "$here/shard-task.sh" "$onnxsem" "$out" -- "${sweep_args[@]}")
array=${array%%;*}
merge_opts=(--parsable "${sbatch_opts[@]}" --dependency="afterany:$array" --output="$out/slurm-merge-%j.out")
[ $wait -eq 1 ] && merge_opts+=(--wait)
echo "array job $array: $shards shards of onnxsem ${sweep_args[*]}"
set +e
merge=$(sbatch "${merge_opts[@]}" "$here/merge-task.sh" "$onnxsem" "$out" "$shards" "$command")
rc=$?
set -e
echo "merge job ${merge%%;*}: reports in $out/merged.json and merged.md"
if [ $wait -eq 1 ]; then
  cat "$out/merge.log" 2>/dev/null | tail -3
  exit $rc
fi
