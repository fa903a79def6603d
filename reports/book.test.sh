#!/usr/bin/env bash
# The book (`onnxsem book`, docs/book.md) and the sweep's HTML report (`sweep --html`), from real
# reports: a sweep of a few tests of the suite plus one test whose expected output was altered (so that a
# test fails with its reason), and a cross-check of two of them against the planted departure of
# crosscheck/fixtures/perturbing_adapter.cpp (a "runtime" that adds 1 to the outputs of models with a Tanh).
#
#   book.test.sh ONNXSEM SOURCE_ROOT ADAPTER SUITE [--browser]
#
# Without --browser: the pages say what the reports say (suite results, coverage or "not measured", the
# runtime's outcomes and findings), and missing or malformed reports are refused with exit code 2 before
# anything is written. With --browser, also Debian's headless Chromium over the whole site
# (reports/browser/check-book.js): every page loads with no console error, every internal link and anchor
# resolves, the search box finds an operator, a clause links to its code and its test and back. Skipped
# (exit 77) with the reason when chromium, node or the npm package puppeteer-core (reports/browser/setup.sh)
# is missing or Chromium cannot start; SUITE falls back to Debian's suite, and the test is skipped without one.
set -u
onnxsem=$1
src=$2
adapter=$3
suite=$4
browser=${5:-}
skip() {
  echo "SKIP: $*"
  exit 77
}

if [ "$browser" = --browser ]; then
  chromium=${CHROMIUM:-$(command -v chromium || true)}
  [ -n "$chromium" ] && [ -x "$chromium" ] || skip "chromium is not installed (Debian's package chromium; .ci/setup installs it)"
  command -v node >/dev/null 2>&1 || skip "node is not installed (reports/browser/setup.sh installs it)"
  timeout 60 node "$src/reports/browser/check-book.js" --probe >/dev/null 2>&1 ||
    skip "the npm package puppeteer-core is not installed or does not load in this node: run reports/browser/setup.sh (it needs the npm registry)"
fi
[ -d "$suite/node" ] || suite=/usr/share/libonnx-testdata/data
[ -d "$suite/node/test_add" ] || skip "no ONNX suite with node/test_add (../shared/onnx-suite or Debian's libonnx-testdata)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
ok() { echo "ok   $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
has() {  # has FILE PATTERN WHAT
  if grep -Eq -- "$2" "$1"; then ok "$3"; else fail "$3 (no match for '$2' in ${1#"$tmp"/})"; fi
}

# A test whose expected output is altered: its last byte changed, so a float of the output changes.
mkdir -p "$tmp/extra/node"
cp -r "$suite/node/test_add" "$tmp/extra/node/test_add_wrong"
out="$tmp/extra/node/test_add_wrong/test_data_set_0/output_0.pb"
last=$(od -An -tx1 -j $(($(stat -c %s "$out") - 1)) "$out" | tr -d ' ')
byte='\x40'
[ "$last" = 40 ] && byte='\x3f'
printf "$byte" | dd of="$out" bs=1 seek=$(($(stat -c %s "$out") - 1)) conv=notrunc status=none

filter='^node/test_(tanh|add|add_wrong|where_example|if)$'
"$onnxsem" sweep "$suite" "$tmp/extra" --filter "$filter" --jobs 1 --json "$tmp/sweep.json" --html "$tmp/sweep.html" \
  >"$tmp/sweep.log" 2>&1
tail -1 "$tmp/sweep.log"
has "$tmp/sweep.json" '"test": "node/test_add_wrong", "status": "fail"' "the altered test fails"

# The standalone report: statuses, the per-operator table, the failing test with its reason; no link or
# resource outside the file.
has "$tmp/sweep.html" '<h2 id="operators">By operator</h2>' "sweep --html: the per-operator table"
has "$tmp/sweep.html" '<tr class="bad"><td>Add</td>' "sweep --html: Add's row marks its failing test"
has "$tmp/sweep.html" '<td>node/test_add_wrong</td><td class="fail">fail</td><td>[^<]*</td><td class="text">[^<]+' \
  "sweep --html: the failing test with its reason"
if grep -Eq '(href|src)="[^#d]' "$tmp/sweep.html"; then fail "sweep --html links outside itself"; else ok "sweep --html stands alone"; fi
has "$tmp/sweep.html" '<h2 id="coverage">Clause coverage</h2>' "sweep --html: the clause coverage section"
has "$tmp/sweep.html" '<p>[0-9]+ clauses have a code site with a coverage marker; [0-9]+ were reached by at least one test' \
  "sweep --html: how many instrumented clauses the tests reached"
has "$tmp/sweep.html" '<tr><td>SG</td><td class="n">[0-9]+</td><td class="n">0</td><td class="text">SG1, ' \
  "sweep --html: the signal clauses (no signal test swept) are blind spots"
"$onnxsem" sweep "$suite" --filter '^node/test_tanh$' --no-coverage --json "$tmp/nocov.json" --html "$tmp/nocov.html" \
  >/dev/null 2>&1
has "$tmp/nocov.html" 'Not recorded \(the sweep ran with --no-coverage\)' "sweep --html without coverage says so"
if grep -q '"coverage"\|"clauses"' "$tmp/nocov.json"; then fail "sweep --no-coverage wrote a coverage"; else
  ok "sweep --no-coverage writes no coverage"; fi

"$onnxsem" crosscheck --runtime planted --adapter "$adapter" "$suite" --filter '^node/test_(tanh|add)$' --reduce \
  --json "$tmp/cc.json" >"$tmp/cc.log" 2>&1
tail -1 "$tmp/cc.log"

# The sweep report without clause coverage (whether or not the sweep measured it), and with a coverage of
# known numbers in the form the sweep writes it (top-level "coverage", "clauses" per test), so that the pages'
# numbers can be checked whatever this build's sweep measures.
sed -e '/^  "coverage": /d' -e 's/, "clauses": \[[^]]*\]//' "$tmp/sweep.json" >"$tmp/sweep-plain.json"
sed -e '1a\  "coverage": {"instrumented": ["EW29", "EW2", "SB4"], "reached": {"EW29": 1, "EW2": 2}},' \
    -e '/"test": "node\/test_tanh"/s/"reason": /"clauses": ["EW29"], "reason": /' "$tmp/sweep-plain.json" >"$tmp/sweep-cov.json"

# The paper's coverage table (`onnxsem tables`, papers/tables.sh) from the report of known numbers.
printf 'text\n<!-- table:coverage -->\nold\n<!-- end:coverage -->\nafter\n' >"$tmp/paper.md"
"$onnxsem" tables --into "$tmp/paper.md" "$tmp/sweep-cov.json" "$tmp/sweep-plain.json" >/dev/null 2>&1 || fail "tables exited $?"
has "$tmp/paper.md" '^\| [^|]*sweep-cov.json \| 3 \| 1 \| 2 \|$' "tables: a report's coverage counted from its tests"
has "$tmp/paper.md" '^\| [^|]*sweep-plain.json \| not recorded \| \| \|$' "tables: a report without coverage said so"
has "$tmp/paper.md" '^\| EW \| 2 \| 1 \| EW2 \|$' "tables: the EW family's blind spot"
has "$tmp/paper.md" '^\| SB \| 1 \| 0 \| SB4 \|$' "tables: the SB family's blind spot"
if grep -q '^old$' "$tmp/paper.md" || ! grep -q '^after$' "$tmp/paper.md"; then fail "tables: the block was not replaced alone"
else ok "tables: only the block replaced"; fi

start=$(date +%s%N)
"$onnxsem" book "$tmp/book" --sweep "$tmp/sweep-cov.json" --crosscheck "$tmp/cc.json" --source "$src" >"$tmp/book.log" 2>&1
rc=$?
cat "$tmp/book.log"
[ "$rc" -eq 0 ] && ok "onnxsem book ran in $((($(date +%s%N) - start) / 1000000)) ms" || fail "onnxsem book exited $rc"
b="$tmp/book"
for f in index.html search.js search-index.js style.css op/Tanh.html op/Add.html op/If.html spec/ops-elementwise.html \
         spec/graph.html reports/sweep-1.html reports/crosscheck-1.html reports/coverage-1.html; do
  [ -f "$b/$f" ] || fail "no page $f"
done
has "$b/search-index.js" '\["Tanh","operator","op/Tanh.html"' "the search index lists Tanh"
has "$b/op/Tanh.html" '<div class="clause" id="EW29">' "Tanh's page has its clause EW29 in full"
has "$b/op/Tanh.html" 'Suite tests in <a href="../reports/sweep-1.html">sweep-cov.json</a>: 1 \(<span class="pass">1 pass' \
  "Tanh's page: its suite test and status"
has "$b/op/Tanh.html" '<td>planted</td><td class="n">0</td><td class="n differ">1</td>' "Tanh's page: the runtime's outcomes"
has "$b/op/Tanh.html" 'Distinct findings after reduction' "Tanh's page: the runtime's finding"
has "$b/op/Add.html" '<td>node/test_add_wrong</td><td class="fail">fail</td>' "Add's page: the failing test"
# An operator's own clauses (a code site in its kernel's or shape rule's file) come before the others naming it:
# Conv's window clause NN10 (ops/nn/conv.cpp) before CausalConvWithState's CC1 and the threads clause E9.
order=$(grep -o '<div class="clause" id="[A-Z]*[0-9]*"' "$b/op/Conv.html" | grep -n -E 'id="(NN10|CC1|E9)"' |
          sed -E 's/^([0-9]+):.*id="([A-Z0-9]+)"/\2/' | tr '\n' ' ')
if [ "$order" = "NN10 CC1 E9 " ]; then ok "Conv's page: its own clause NN10 before CC1 and E9"
else fail "Conv's page: clauses in the order '$order', not 'NN10 CC1 E9'"; fi
has "$b/op/Conv.html" 'first the [1-9][0-9]* with a code site in its own kernel or shape rule \(<a href="../src/ops/nn/conv.cpp.html">' \
  "Conv's page: says which files are its own"

has "$b/op/Add.html" '<td>planted</td><td class="n agree">1</td>' "Add's page: the runtime agrees"
has "$b/spec/ops-elementwise.html" '<h3 id="EW29">' "the chapter page anchors its clauses"
has "$b/op/Tanh.html" 'sweep-cov.json: reached by 1 suite test' "coverage of EW29 shown"
has "$b/op/Tanh.html" 'written at <a href="../src/ops/elementwise/signatures.txt.html#L[0-9]+">ops/elementwise/signatures.txt:[0-9]+</a>' \
  "Tanh's page: where its signatures are written, in the family's signature file"
has "$b/src/ops/elementwise/signatures.txt.html" 'op ai.onnx Tanh 13' "the signature file's page shows its text"
has "$b/op/Tanh.html" '<td><a href="../spec/ops-elementwise.html#EW29">EW29</a></td><td>yes</td><td class="n">1</td>' \
  "coverage: Tanh's test reached EW29"
has "$b/op/If.html" 'sweep-cov.json: <span class="fail">reached by no suite test</span>' "coverage: If's SB4 reached by no test"
has "$b/reports/coverage-1.html" '<td><a href="../op/If.html">If</a></td><td><a href="../spec/subgraphs.html#SB4">SB4</a>' \
  "the coverage page names the blind spot SB4 under If"
has "$b/index.html" '2 of 3 counted clauses reached' "the index counts the clauses reached"
"$onnxsem" book "$tmp/book2" --sweep "$tmp/sweep-plain.json" --source "$src" >/dev/null 2>&1 || fail "book without coverage"
has "$tmp/book2/op/Tanh.html" 'sweep-plain.json: <span class="muted">not measured</span>' "without coverage: not measured"
has "$tmp/book2/op/Tanh.html" 'No cross-check report was given' "without a cross-check: said so"
# The coverage this build's sweep measured, as it wrote it: Tanh's test reached EW29.
has "$tmp/sweep.json" '^  "coverage": \{"instrumented": \[' "the sweep's JSON carries its clause coverage"
"$onnxsem" book "$tmp/book3" --sweep "$tmp/sweep.json" --source "$src" >/dev/null 2>&1 || fail "book with the sweep's coverage"
has "$tmp/book3/index.html" '[0-9]+ of [0-9]+ counted clauses reached' "the sweep's own coverage read"
has "$tmp/book3/op/Tanh.html" '<td><a href="../spec/ops-elementwise.html#EW29">EW29</a></td><td>yes</td><td class="n">1</td>' \
  "the sweep's own coverage: Tanh's test reached EW29"

# Text from the reports is escaped: a reason and a precision with markup show as text.
sed -e '/"test": "node\/test_add_wrong"/s/"reason": "/"reason": "<script>alert(1)<\/script> \& /' "$tmp/sweep-plain.json" \
  >"$tmp/sweep-markup.json"
sed -e 's/"max_ulp": [^,}]*/"max_ulp": "<b>inf<\/b>"/' "$tmp/cc.json" >"$tmp/cc-markup.json"
"$onnxsem" book "$tmp/book4" --sweep "$tmp/sweep-markup.json" --crosscheck "$tmp/cc-markup.json" --source "$src" \
  >/dev/null 2>&1 || fail "book of reports with markup"
"$onnxsem" merge "$tmp/sweep-markup.json" --html "$tmp/sweep-markup.html" >/dev/null 2>&1
if grep -q '<script>alert\|<b>inf' "$tmp/book4/op/Add.html" "$tmp/book4/reports/sweep-1.html" "$tmp/sweep-markup.html"; then
  fail "markup from a report reached a page unescaped"
else
  has "$tmp/book4/op/Add.html" '&lt;script&gt;alert\(1\)&lt;/script&gt; &amp; ' "a reason with markup is escaped on the operator page"
  has "$tmp/book4/op/Add.html" '<td class="n">&lt;b&gt;inf&lt;/b&gt;</td>' "a precision with markup is escaped"
  has "$tmp/sweep-markup.html" '&lt;script&gt;alert\(1\)&lt;/script&gt;' "a reason with markup is escaped in sweep --html"
fi

# Bad reports: exit 2 with the reason, nothing written.
refused() {  # refused WHAT PATTERN ARGS...
  local what=$1 pattern=$2
  shift 2
  "$onnxsem" book "$tmp/bad" "$@" >"$tmp/bad.log" 2>&1
  local code=$?
  if [ "$code" -eq 2 ] && grep -Eq "$pattern" "$tmp/bad.log" && [ ! -e "$tmp/bad" ]; then ok "refused: $what"
  else fail "$what: exit $code, $(head -1 "$tmp/bad.log")"; fi
}
echo '{"sweep": ' >"$tmp/truncated.json"
echo '{"sweep": {"roots": []}, "tests": []}' >"$tmp/incomplete.json"
refused "a missing sweep report" "\[F1\] cannot read the sweep report" --sweep "$tmp/none.json"
refused "a truncated sweep report" "\[F1\] .* is not a JSON sweep report" --sweep "$tmp/truncated.json"
refused "an incomplete sweep report" "\[F1\] .* is not a sweep report written by onnxsem sweep" --sweep "$tmp/incomplete.json"
refused "a sweep report given as a cross-check" "give it with --sweep" --crosscheck "$tmp/sweep.json"
refused "a cross-check given as a sweep report" "give it with --crosscheck" --sweep "$tmp/cc.json"
refused "a missing cross-check report" "\[F1\] cannot read the cross-check report" --crosscheck "$tmp/none.json"
sed -e 's/"matrix": {/"matrix": {"Bogus": [1], /' "$tmp/cc.json" >"$tmp/cc-bad.json"
refused "a cross-check report with a malformed matrix" "\[F1\] .* \(matrix.Bogus is not an object\)" --crosscheck "$tmp/cc-bad.json"
"$onnxsem" book "$tmp/sweep.json/book" --source "$src" >"$tmp/bad.log" 2>&1
code=$?
if [ "$code" -eq 2 ] && grep -q "\[F1\] cannot create the folder" "$tmp/bad.log"; then ok "refused: an output folder under a file"
else fail "an output folder under a file: exit $code, $(head -1 "$tmp/bad.log")"; fi
"$onnxsem" book >/dev/null 2>&1
[ $? -eq 2 ] && ok "refused: no DIR" || fail "book without DIR"

# The book written again into its folder removes the pages the earlier book wrote and this one does not
# (listed in .onnxsem-book-files), and leaves every other file alone.
[ -s "$tmp/book2/.onnxsem-book-files" ] && grep -qx 'op/Tanh.html' "$tmp/book2/.onnxsem-book-files" &&
  ok "the book lists the files it wrote" || fail "no manifest .onnxsem-book-files in the book's folder"
echo stale >"$tmp/book2/op/Gone.html"
echo 'op/Gone.html' >>"$tmp/book2/.onnxsem-book-files"
echo '../outside.txt' >>"$tmp/book2/.onnxsem-book-files"
echo mine >"$tmp/book2/notes.txt"
echo mine >"$tmp/outside.txt"
"$onnxsem" book "$tmp/book2" --sweep "$tmp/sweep-plain.json" --source "$src" >/dev/null 2>&1 || fail "book written again"
if [ -e "$tmp/book2/op/Gone.html" ]; then fail "a stale page of the earlier book stayed"; else ok "a stale page removed"; fi
if [ -f "$tmp/book2/notes.txt" ] && [ -f "$tmp/outside.txt" ] && [ -f "$tmp/book2/op/Tanh.html" ]; then
  ok "files the book did not write, and its current pages, stay"
else fail "the book removed a file it did not write, or one of its own pages"; fi

# A sweep refuses an output it cannot write before it runs a test (exit 2, nothing swept).
"$onnxsem" sweep "$suite" --filter '^node/test_tanh$' --json "$tmp/nowhere/r.json" >"$tmp/bad.log" 2>&1
code=$?
if [ "$code" -eq 2 ] && grep -q "\[F1\] cannot write .*nowhere/r.json.: the folder .* does not exist" "$tmp/bad.log" &&
   ! grep -q 'statuses:' "$tmp/bad.log"; then ok "refused before sweeping: an output in a missing folder"
else fail "sweep with an unwritable output: exit $code, $(head -1 "$tmp/bad.log")"; fi
"$onnxsem" sweep "$suite" --filter '^node/test_tanh$' --html "$tmp" >"$tmp/bad.log" 2>&1
code=$?
if [ "$code" -eq 2 ] && grep -q "it is a folder" "$tmp/bad.log"; then ok "refused before sweeping: an output that is a folder"
else fail "sweep --html FOLDER: exit $code, $(head -1 "$tmp/bad.log")"; fi

# The browser checks: each bounded by its own deadline (check-book.js) and by timeout(1) around it.
check_book() {  # check_book DIR LOG
  timeout -k 10 360 node "$src/reports/browser/check-book.js" "$1" --operator Tanh --chromium "$chromium" --deadline 300 >"$2" 2>&1
}
if [ "$browser" = --browser ]; then
  check_book "$b" "$tmp/browser.log"
  rc=$?
  cat "$tmp/browser.log"
  if [ "$rc" -eq 3 ]; then
    # Chromium cannot start: skipped, unless a check above failed (that is not to be hidden by the skip).
    [ "$failures" -eq 0 ] && skip "$(head -1 "$tmp/browser.log")"
    fail "Chromium cannot start, and $failures checks above failed"
  elif [ "$rc" -eq 0 ]; then ok "Chromium: every page, link, anchor, the search and a clause's links"
  elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then fail "Chromium: the check timed out"
  else fail "Chromium found problems"; fi
  # The checker itself fails on a broken page: a logged error, a script error, a broken link, a missing anchor.
  mkdir -p "$tmp/broken/op"
  printf '%s' '<!doctype html><title>x</title><main><a href="op/Tanh.html#nowhere">a</a><a href="gone.html">b</a></main>' \
    '<script>console.error("a logged error"); undefined_call();</script>' >"$tmp/broken/index.html"
  printf '<!doctype html><title>y</title><main></main>' >"$tmp/broken/op/Tanh.html"
  check_book "$tmp/broken" "$tmp/broken.log"
  rc=$?
  if [ "$rc" -eq 1 ] && grep -q 'console error: a logged error' "$tmp/broken.log" && grep -q 'script error' "$tmp/broken.log" &&
     grep -q 'broken link: gone.html' "$tmp/broken.log" && grep -q 'no element #nowhere' "$tmp/broken.log"; then
    ok "the checker fails a page with a logged error, a script error, a broken link and a missing anchor"
  else
    fail "the checker did not fail the broken pages (exit $rc)"
    cat "$tmp/broken.log"
  fi
fi

[ "$failures" -eq 0 ] && echo "book: all checks passed" || echo "book: $failures checks failed"
[ "$failures" -eq 0 ]
