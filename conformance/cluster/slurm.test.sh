#!/usr/bin/env bash
# Sharded campaigns on a real batch engine (spec/conformance.md, K15-K16): starts a single-node Slurm
# cluster from Debian's slurm-wlm and munge in a scratch folder (its own munge key and socket, its own
# ports, nothing of the machine's configuration touched) and runs two campaigns through submit.sh, each as a
# job array of 3 shards plus a merge job, and each again unsharded: a sweep of part of Debian's suite (the
# merged JSON report equal to the unsharded one apart from the measured seconds, the Markdown and JUnit
# reports and the exit code equal), and a cross-check of 90 generated models against a fake runtime with a
# planted departure (crosscheck/fixtures/perturbing_adapter.cpp; the merged JSON and Markdown reports equal
# to the unsharded ones byte for byte). Every shard must have run as an array task on the cluster, and the
# shards must hold each test once.
#   slurm.test.sh ONNXSEM SOURCE_DIR PERTURBING_ADAPTER
# Exit 77 (skipped, with the reason) when Slurm or munge is not installed or the test is not run as root
# (slurmd must start jobs); .ci/setup installs both and CI runs as root.
set -u
onnxsem=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
adapter=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
suite=/usr/share/libonnx-testdata/data
for p in slurmctld slurmd munged sbatch squeue scontrol; do
  command -v "$p" >/dev/null || PATH=$PATH:/usr/sbin
  command -v "$p" >/dev/null || { echo "SKIP: $p is not installed (Debian slurm-wlm, munge)"; exit 77; }
done
[ "$(id -u)" -eq 0 ] || { echo "SKIP: a single-node Slurm cluster needs root to start jobs"; exit 77; }
[ -d "$suite" ] || { echo "SKIP: Debian's libonnx-testdata is not installed"; exit 77; }

tmp=$(mktemp -d /tmp/onnxsem-slurm.XXXXXX)
chmod 755 "$tmp"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
export SLURM_CONF=$tmp/slurm.conf
cleanup() {
  scontrol shutdown >/dev/null 2>&1
  sleep 1
  for f in "$tmp"/slurmctld.pid "$tmp"/slurmd.pid "$tmp"/munge/pid; do
    [ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null
  done
  rm -rf "$tmp"
}
trap cleanup EXIT

# The cluster: munge with a fresh key, a controller and one node with this machine's cores.
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log"
chmod 700 "$tmp/munge"
head -c 1024 /dev/urandom >"$tmp/munge/key"
chmod 400 "$tmp/munge/key"
munged -f --socket="$tmp/munge/sock" --key-file="$tmp/munge/key" --log-file="$tmp/log/munged.log" \
  --pid-file="$tmp/munge/pid" --seed-file="$tmp/munge/seed" || { echo "FAIL munged did not start"; exit 1; }
base=$((20000 + $$ % 20000))
node=$(hostname -s)
cat >"$SLURM_CONF" <<CONF
ClusterName=onnxsem-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$base
SlurmdPort=$((base + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=onnxsem Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$SLURM_CONF" || { echo "FAIL slurmctld did not start"; cat "$tmp/log/slurmctld.log"; exit 1; }
slurmd -f "$SLURM_CONF" -N "$node" || { echo "FAIL slurmd did not start"; cat "$tmp/log/slurmd.log"; exit 1; }
for i in $(seq 60); do
  sinfo -h -o %t 2>/dev/null | grep -q idle && break
  sleep 1
done
sinfo -h -o %t | grep -q idle || { echo "FAIL the node did not come up"; tail "$tmp"/log/*.log; exit 1; }
echo "ok   single-node cluster up (node $node, ports $base-$((base + 1)))"

# The known-results list: Debian's, plus a stale entry and a passing test listed as failing, so that the
# merged comparison has both kinds of difference to carry.
filter='test_(s|bernoulli)'
cp "$src/conformance/expected/debian-onnx-1.12.tsv" "$tmp/expected.tsv"
printf 'node/test_size_no_such_test\tfail\ta stale entry\nnode/test_sigmoid\tfail\tlisted wrongly on purpose\n' \
  >>"$tmp/expected.tsv"
args=("$suite" --filter "$filter" --expected "$tmp/expected.tsv")

timeout 900 bash "$src/conformance/cluster/submit.sh" --shards 3 --out "$tmp/out" --onnxsem "$onnxsem" --wait \
  -- --time=20 -- sweep "${args[@]}" >"$tmp/submit.log" 2>&1
rc=$?
cat "$tmp/submit.log"
[ "$rc" -eq 1 ] || fail "the merge job ended $rc (want 1: two results differ from the list)"
for k in 0 1 2; do
  grep -q "\"shard\": \"$k/3\"" "$tmp/out/shard-$k.json" 2>/dev/null || fail "shard $k/3 wrote no report"
  ls "$tmp/out/slurm-"*"_$k.out" >/dev/null 2>&1 || fail "array task $k left no Slurm output file"
done

"$onnxsem" sweep "${args[@]}" --jobs 2 --json "$tmp/full.json" --markdown "$tmp/full.md" --junit "$tmp/full.xml" \
  >"$tmp/full.log" 2>&1
full_rc=$?
[ "$full_rc" -eq "$rc" ] || fail "the unsharded sweep ended $full_rc, the merge $rc"
strip() { sed -e 's/"seconds": [^,]*, //' -e 's/ time="[^"]*"//' "$1"; }
if diff <(strip "$tmp/full.json") <(strip "$tmp/out/merged.json") >"$tmp/diff"; then
  echo "ok   merged JSON report = unsharded ($(grep -c '"test": ' "$tmp/full.json") tests, seconds aside)"
else
  fail "merged JSON differs from the unsharded sweep's:"; head -20 "$tmp/diff"
fi
cmp -s "$tmp/full.md" "$tmp/out/merged.md" && echo "ok   merged Markdown = unsharded" || fail "Markdown differs"
diff <(strip "$tmp/full.xml") <(strip "$tmp/out/merged.xml") >/dev/null && echo "ok   merged JUnit = unsharded (times aside)" ||
  fail "JUnit differs"
grep -q 'node/test_size_no_such_test: listed as fail but no such test' "$tmp/out/merged.json" || fail "stale entry lost"
grep -q '"differs": "node/test_sigmoid: pass (listed: fail)' "$tmp/out/merged.json" || fail "difference lost"
n=0
for k in 0 1 2; do n=$((n + $(grep -c '"test": ' "$tmp/out/shard-$k.json"))); done
found=$(sed -n 's/.*"found": \([0-9]*\).*/\1/p' "$tmp/full.json")
[ "$n" -eq "$found" ] && echo "ok   the 3 shards hold $n tests, the sweep found $found" || fail "shards hold $n, found $found"

# A generation campaign cross-checked against the planted departure, as 3 shards and unsharded.
gen=(crosscheck --runtime planted --adapter "$adapter" --generate 90 --seed 4 --size 2-6 --ops Tanh,Add,Relu,Mul,Abs)
timeout 900 bash "$src/conformance/cluster/submit.sh" --shards 3 --out "$tmp/gen" --onnxsem "$onnxsem" --wait \
  -- --time=20 -- "${gen[@]}" >"$tmp/gen-submit.log" 2>&1
rc=$?
cat "$tmp/gen-submit.log"
[ "$rc" -eq 0 ] || fail "the merge of the generation campaign ended $rc"
"$onnxsem" "${gen[@]}" --json "$tmp/gen-full.json" --markdown "$tmp/gen-full.md" >"$tmp/gen-full.log" 2>&1
cmp -s "$tmp/gen-full.json" "$tmp/gen/merged.json" && cmp -s "$tmp/gen-full.md" "$tmp/gen/merged.md" &&
  echo "ok   merged cross-check reports = unsharded, byte for byte ($(grep -c '"outcome": "differ"' "$tmp/gen-full.json") differing cases)" ||
  { fail "merged cross-check reports differ from the unsharded run's"; diff "$tmp/gen-full.md" "$tmp/gen/merged.md" | head; }
grep -q '"outcome": "differ"' "$tmp/gen-full.json" || fail "the planted departure was not found"
for k in 0 1 2; do
  ls "$tmp/gen/slurm-"*"_$k.out" >/dev/null 2>&1 || fail "generation task $k left no Slurm output file"
done
[ "$failures" -eq 0 ] && echo "slurm: all checks passed" || { tail -5 "$tmp"/log/slurmctld.log; exit 1; }
