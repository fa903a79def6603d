#!/usr/bin/env bash
# trace-negative.sh CLAUSECHECK ROOT MATRIX: the traceability matrix's check (clausecheck --check-trace) fails
# on edited copies of the generated matrix: a row missing, a row without a code site or a test, a site in an
# unknown file, a row for an unknown clause; each refusal is told apart by its message.
set -u
check=$1 root=$2 m=$3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
failed=0
refused() {  # refused WHAT PATTERN SED-SCRIPT
  sed -e "$3" "$m" >"$t/m.md"
  if "$check" "$root" --check-trace "$t/m.md" >"$t/out"; then echo "FAIL $1: passed"; failed=1
  elif grep -q -- "$2" "$t/out"; then echo "ok   $1"; else echo "FAIL $1:"; cat "$t/out"; failed=1; fi
}
c1='^\(| C1 |[^|]*|[^|]*|\)'
refused "a missing row" ": no row for clause C1 (spec/graph.md:" '/^| C1 |/d'
refused "no code site" ": clause C1 has no code site$" "s/$c1[^|]*|/\\1 |/"
refused "no test" ": clause C1 has no test$" 's/^\(| C1 |.*|\)[^|]*|$/\1 |/'
refused "an unknown file" ": clause C1: gone.cpp is not a code file" "s/$c1 /\\1 gone.cpp:3<br>/"
refused "a row too many" ": a row for unknown clause ZZ9$" '$a | ZZ9 | t | spec/x.md | x.cpp:1 | x.test.cpp:1: x |'
exit $failed
