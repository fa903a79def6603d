#!/usr/bin/env bash
# clauses-negative.sh CLAUSECHECK: the clause check reads the clause ID of every raise site (eval_error,
# type_error, usage_error, refused, Error{ErrorKind::k, ...}, require<"ID">) and refuses an unknown one, also where the ID is
# on the line after the call; a tree without one passes; and it refuses a list of IDs for the compiler
# (runtime/clause_ids.inc, written by --write-ids) that no longer matches spec/. Runs on a small tree of
# its own.
set -u
check=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/spec" "$t/ops"
printf '# A\n\n### A1 - A clause\nText.\n' >"$t/spec/a.md"
printf 'TEST_CASE("[A1] a test") {}\n' >"$t/ops/a.test.cpp"
good='// [spec:A1]\nvoid f() { eval_error("A1", "x"); type_error("A1", "x"); usage_error("A1", "x"); }\n'
printf "$good" >"$t/ops/a.cpp"
mkdir -p "$t/runtime"
"$check" "$t" --write-ids  # runtime/clause_ids.inc, the list the compiler checks IDs against
failed=0
if "$check" "$t" >"$t/out"; then echo "ok   a tree whose raise sites name known clauses"
else echo "FAIL a tree whose raise sites name known clauses:"; cat "$t/out"; failed=1; fi
refused() {  # refused WHAT ID CODE
  printf "$good$3" >"$t/ops/a.cpp"
  if "$check" "$t" >"$t/out"; then echo "FAIL $1: passed"; failed=1
  elif grep -q -- "raises an error with unknown clause $2\$" "$t/out"; then echo "ok   $1"
  else echo "FAIL $1:"; cat "$t/out"; failed=1; fi
}
refused "eval_error" ZZ1 'void g() { eval_error("ZZ1", "x"); }\n'
refused "type_error" ZZ2 'void g() { type_error("ZZ2", "x"); }\n'
refused "usage_error" ZZ3 'void g() { usage_error("ZZ3", "x"); }\n'
refused "the ID on the next line" ZZ4 'void g() { type_error(\n    "ZZ4", "x"); }\n'
refused "an Error value" ZZ5 'Error e{ErrorKind::refused, "ZZ5", "x"};\n'
refused "a require site" ZZ6 'void g() { require<"ZZ6">(true, "x"); }\n'
# The list of IDs must match spec/: a clause added to spec/ without writing the list again is refused.
printf "$good" >"$t/ops/a.cpp"
printf '\n### A2 - Another clause\nText. [spec:A2] is cited in a.cpp.\n' >>"$t/spec/a.md"
printf '// [spec:A2]\n' >>"$t/ops/a.cpp"
printf 'TEST_CASE("[A2] another test") {}\n' >>"$t/ops/a.test.cpp"
if "$check" "$t" >"$t/out"; then echo "FAIL a stale list of clause IDs: passed"; failed=1
elif grep -q -- "runtime/clause_ids.inc does not list the clauses of spec/" "$t/out"; then
  echo "ok   a stale list of clause IDs"
else echo "FAIL a stale list of clause IDs:"; cat "$t/out"; failed=1; fi
exit $failed
