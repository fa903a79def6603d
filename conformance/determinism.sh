#!/usr/bin/env bash
# Determinism across processes (spec/conformance.md, K10): sweeps a suite twice, in two onnxsem
# processes, and requires every test that passes in both to have the same output digest.
#   determinism.sh ONNXSEM SUITE_DIR [FILTER]
set -u
onnxsem=$1
suite=$2
filter=${3:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for k in 1 2; do
  "$onnxsem" sweep "$suite" --filter "$filter" --jobs 2 --json "$tmp/run$k.json" >/dev/null 2>&1
done
extract() { sed -n 's/.*"test": "\([^"]*\)", "status": "pass".*"digest": "\([0-9a-f]*\)".*/\1 \2/p' "$1" | sort; }
extract "$tmp/run1.json" >"$tmp/a"
extract "$tmp/run2.json" >"$tmp/b"
n=$(wc -l <"$tmp/a")
if [ "$n" -eq 0 ]; then echo "no passing test to compare"; exit 1; fi
if ! diff "$tmp/a" "$tmp/b" >"$tmp/diff"; then
  echo "output digests differ between two processes:"; cat "$tmp/diff"; exit 1
fi
echo "$n passing tests: the same output digest in two processes"
