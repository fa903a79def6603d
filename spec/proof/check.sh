#!/usr/bin/env bash
# Builds the Coq proof of the graph semantics (spec/proof.md) and checks that its main theorems rest on no
# axiom: compiles spec/proof/*.v in dependency order with coqc in a scratch directory (nothing is written
# beside the sources), then prints the assumptions of each theorem and fails unless every one reads
# "Closed under the global context", and fails on any Admitted, admit or Axiom in the sources.
#
#   check.sh [SOURCE_DIR]      (default: the directory of this script)
set -euo pipefail
src=$(cd "${1:-$(dirname "$0")}" && pwd)
command -v coqc >/dev/null || { echo "proof: coqc not found (Debian package coq; .ci/setup installs it)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=(Base Run Demand Agree)
theorems=(E6_order_independence E6_termination E6_maximal_run D4_agree D4_no_failure D4_failed_is_dead
          C3_complete R1_dead_operation)
for f in "${files[@]}"; do cp "$src/$f.v" "$work/"; done
if grep -nE '\b(Admitted|admit|Axiom|Axioms|Conjecture|Parameter|Parameters)\b' "$src"/*.v; then
  echo "proof: the lines above leave a proof open or add an axiom"; exit 1
fi
cd "$work"
for f in "${files[@]}"; do
  coqc -q -Q . Onnxsem "$f.v" || { echo "proof: $f.v does not compile"; exit 1; }
done
{
  echo "From Onnxsem Require Import Base Run Demand Agree."
  for t in "${theorems[@]}"; do echo "Print Assumptions $t."; done
} > Assumptions.v
coqc -q -Q . Onnxsem Assumptions.v > assumptions.txt
closed=$(grep -c "Closed under the global context" assumptions.txt || true)
if [ "$closed" -ne "${#theorems[@]}" ]; then
  cat assumptions.txt
  echo "proof: $closed of ${#theorems[@]} theorems are closed under the global context"; exit 1
fi
echo "proof: ${#files[@]} files compiled ($(cat "${files[@]/%/.v}" | wc -l) lines); ${#theorems[@]} theorems, each closed under the global context: ${theorems[*]}"
