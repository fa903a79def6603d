#!/usr/bin/env bash
# Runs every command shown in README.md and docs/*.md and checks its exit code (docs/README.md, "Commands in
# these pages"); checks that every relative link of those pages leads to a file, and to a heading when it names
# one.
#
#   commands.test.sh ONNXSEM SOURCE_ROOT
#
# A command is a line of a fenced block opened with ```sh (a line ending in `\` goes on; `for`, `while` and `if`
# go on to their `done` or `fi`). A comment `# exit N` gives the exit code it must end with, 0 otherwise. The
# placeholders below are replaced with fixtures of the repository, `out/` with a scratch folder fresh for each
# page, `build/` with the build directory of ONNXSEM. A command runs from SOURCE_ROOT, at most 60 seconds.
# Each command is run (onnxsem, clausecheck and mkdir only), or skipped because something it needs is absent
# (said with the reason), or excluded below with the reason; the test fails on a command that is none of
# these, on an exclusion that no longer matches a command, and on a command that ends otherwise than its page
# says.
set -uo pipefail
exe=$(realpath "${1:?usage: commands.test.sh ONNXSEM SOURCE_ROOT}")
root=$(realpath "${2:?usage: commands.test.sh ONNXSEM SOURCE_ROOT}")
build=$(dirname "$(dirname "$exe")")
cd "$root" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)

# The commands that are shown but not run: the start of the command as shown (comments and line breaks left
# out, spaces squeezed), and why.
excluded=(
  "bash .ci/sweep|set-up: installs Debian packages and builds; CI runs it ('onnxsem sweep', its last step, runs here)"
  "bash .ci/test|set-up: installs Debian packages, builds, and runs every meson test, this one among them; CI runs it"
  "bash crosscheck/onnxruntime/setup.sh|set-up: Node.js and npm packages from the npm registry; CI runs it"
  "bash crosscheck/onnxruntime-web/setup.sh|set-up: Node.js and npm packages from the npm registry; CI runs it"
  "CXX=clang++-14 CC=clang-14 meson setup build-san|set-up of the sanitizer build; .ci/sanitize makes it in CI"
  "ninja -C build-san|builds the sanitizer build (many minutes); .ci/sanitize does it in CI"
  "bash spec/proof/check.sh|the meson tests proof and proof-negative run this script (about 20 s, with Coq)"
  "bash conformance/fuzz/campaign.sh|an hour per target; CI's sanitizer stage makes a short run of every target"
  "bash conformance/bench/generated.sh|a measurement, not a check: it needs the adapters and writes out/ in the tree"
  "conformance/cluster/submit.sh|needs a Slurm cluster; the meson test slurm runs submit.sh on a one-node cluster"
  "for k in 0 1 2 3 4 5 6 7 8 9; do|the campaign of 100,000 generated models: about 22 minutes"
  "onnxsem merge shard-*.json|merges the shards of that campaign, which is not run"
  "build/cli/onnxsem sweep ../shared/onnx-suite --expected conformance/expected/onnx-suite.tsv\
|the 1,951 tests of the newest suite: 30 s on an idle machine, past a minute on a busy one; CI sweeps it so"
  "build/cli/onnxsem crosscheck --runtime onnxruntime --runtime onnxruntime-web --runtime opencv ../shared/onnx-suite\
|CI's cross-check of both suites: about 1.5 minutes; CI runs it"
)

# The placeholders and the fixtures that stand for them.
fx=$tmp/fixtures
mkdir -p "$fx"
deb=/usr/share/libonnx-testdata/data
suite_from=""
for d in "$deb/node" ../shared/onnx-suite/node; do
  if [ -d "$d/test_add" ]; then suite_from=$d; break; fi
done
if [ -n "$suite_from" ]; then
  mkdir -p "$fx/suite"
  for t in test_add test_relu test_tanh test_sigmoid test_abs test_matmul_2d; do
    [ -d "$suite_from/$t" ] && cp -r "$suite_from/$t" "$fx/suite/"
  done
fi
cp papers/onnxsem.md "$fx/onnxsem.md"
declare -A placeholder=(
  [MODEL]="$root/conformance/fixtures/add_constants.onnxtxt"  # a model without graph inputs
  [TEST]="$fx/suite/test_add"                                  # a test folder of a suite (inputs x and y)
  [SUITE]="$fx/suite"                                          # a few test folders of Debian's suite
  [RUNTIME]="$build/crosscheck/fixtures/onnxsem-perturbing-adapter"  # a runtime: onnxsem with a planted departure
  [PAPER.md]="$fx/onnxsem.md"                                  # a paper with table markers
)

# What a command needs, when it may be absent: prints the reason and fails when it is.
needs() {  # needs KEY
  local key=" $1 "
  case $key in *" SUITE"* | *" TEST/"* | *"=TEST/"*)
    [ -n "$suite_from" ] || { echo "neither Debian's suite nor ../shared/onnx-suite is installed"; return 1; } ;;
  esac
  case $key in *../shared/onnx-suite*)
    [ -d ../shared/onnx-suite ] || { echo "../shared/onnx-suite is not there"; return 1; } ;;
  esac
  case $key in *"$deb"*)
    [ -d "$deb" ] || { echo "Debian's libonnx-testdata is not installed"; return 1; } ;;
  esac
  case $key in *" onnxsem sweep "| *"/onnxsem sweep ")
    [ -d "$deb" ] || { echo "Debian's libonnx-testdata is not installed"; return 1; } ;;
  esac
  case $key in *" RUNTIME "* | *onnxsem-perturbing-adapter*)
    [ -x "${placeholder[RUNTIME]}" ] ||
      { echo "the perturbing adapter is not built (build every target)"; return 1; } ;;
  esac
  case $key in *"build/spec/clausecheck"*)
    [ -x "$build/spec/clausecheck" ] ||
      { echo "build/spec/clausecheck is not built (build every target)"; return 1; } ;;
  esac
  local rt
  for rt in onnxruntime onnxruntime-web; do
    case $key in *"--runtime $rt "*)
      node "crosscheck/$rt/adapter.js" --probe >/dev/null 2>&1 ||
        { echo "the $rt adapter is not set up (bash crosscheck/$rt/setup.sh)"; return 1; } ;;
    esac
  done
  case $key in *"--runtime opencv "*)
    "$build/crosscheck/opencv/onnxsem-opencv-adapter" --probe >/dev/null 2>&1 ||
      { echo "the OpenCV adapter is not built (it needs libopencv-dnn-dev)"; return 1; } ;;
  esac
  return 0
}

# The pages, README first. For each command, extract writes a file NUMBER.sh with the lines as shown and a line
# of the index: NUMBER, page, line, exit code, the command in one line.
pages=(README.md docs/*.md)
extract() {
  awk -v dir="$tmp/cmd" -v n0="$1" '
    function strip(s,   i, c, q, out) {  # s without its comment (a "#" after a blank, outside quotes)
      q = ""; out = ""
      for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (q == "" && c == "#" && (i == 1 || substr(s, i - 1, 1) ~ /[ \t]/)) break
        if (q == "" && (c == "\"" || c == "\047")) q = c; else if (c == q) q = ""
        out = out c
      }
      return out
    }
    function flush() {
      if (text == "") return
      n++
      file = dir "/" n ".sh"
      printf "%s", text > file
      close(file)
      gsub(/[ \t]+/, " ", key); sub(/^ /, "", key); sub(/ $/, "", key)
      printf "%d\t%s\t%d\t%s\t%s\n", n, FILENAME, first, code, key
      text = ""; key = ""; code = 0; depth = 0
    }
    BEGIN { n = n0; text = ""; key = ""; code = 0; depth = 0; fence = "" }
    FNR == 1 { fence = "" }
    /^ ? ? ?```/ {
      if (fence == "") { fence = ($0 ~ /^ ? ? ?```sh[ \t]*$/) ? "sh" : "other" } else { flush(); fence = "" }
      next
    }
    fence == "" && /^    +(build\/cli\/)?onnxsem [a-z]/ {
      printf "0\t%s\t%d\t-\tINDENTED %s\n", FILENAME, FNR, $0
      next
    }
    fence != "sh" { next }
    {
      line = $0
      if (text == "") { if (strip(line) ~ /^[ \t]*$/) next; first = FNR }
      text = text line "\n"
      if (match(line, /#[ \t]*exit[ \t]+[0-9]+/)) {
        c = substr(line, RSTART, RLENGTH); sub(/^#[ \t]*exit[ \t]+/, "", c); code = c + 0
      }
      s = strip(line)
      cont = (s ~ /\\[ \t]*$/)
      sub(/\\[ \t]*$/, "", s)
      key = key " " s
      if (s ~ /^[ \t]*(for|while|if)[ \t]/) depth++
      if (s ~ /^[ \t]*(done|fi)([ \t;]|$)/) depth--
      if (!cont && depth <= 0) flush()
    }
    END { flush() }
  ' "${pages[@]}"
}
mkdir -p "$tmp/cmd"
extract 0 >"$tmp/index.tsv"

# Substitutes the placeholders, out/ and build/ in a command file, writing the command to run.
substitute() {  # substitute FILE OUT_DIR
  local args=(-E)
  local p
  for p in "${!placeholder[@]}"; do
    args+=(-e "s#(^|[^A-Za-z0-9_])${p//./\\.}([^A-Za-z0-9_]|\$)#\\1${placeholder[$p]}\\2#g")
  done
  args+=(-e "s#(^|[ =])out(/|[ ;]|\$)#\\1$2\\2#g"
         -e "s#^([ \t]*)(build/cli/)?onnxsem([ \t])#\\1$exe\\3#"
         -e "s#(^|[ =])build/#\\1$build/#g")
  sed "${args[@]}" "$1"
}

failures=0 ran=0 skipped=0 nexcluded=0
declare -A used_exclusion=() done_before=()
page_out() { echo "$tmp/out/$(echo "$1" | tr '/.' '__')"; }
while IFS=$'\t' read -r n page line code key; do
  where="$page:$line"
  if [ "$n" = 0 ]; then
    echo "FAIL     $where: an indented command; show it in a \`\`\`sh block: ${key#INDENTED }"
    failures=$((failures + 1)); continue
  fi
  reason=""
  for e in "${excluded[@]}"; do
    prefix=${e%%|*}
    if [ "${key:0:${#prefix}}" = "$prefix" ]; then reason=${e#*|}; used_exclusion[$prefix]=1; break; fi
  done
  if [ -n "$reason" ]; then
    echo "excluded $where: $key"
    echo "         ($reason)"
    nexcluded=$((nexcluded + 1)); continue
  fi
  case ${key%% *} in
    build/cli/onnxsem | onnxsem | build/spec/clausecheck | mkdir) ;;
    *) echo "FAIL     $where: $key: the test runs only onnxsem, clausecheck and mkdir; list this command among the"
       echo "         exclusions with the reason"
       failures=$((failures + 1)); continue ;;
  esac
  if ! why=$(needs "$key"); then
    echo "skipped  $where: $key"
    echo "         ($why)"
    skipped=$((skipped + 1)); continue
  fi
  out=$(page_out "$page")
  if [ "${last_page:-}" != "$page" ]; then rm -rf "$out"; last_page=$page; fi
  substitute "$tmp/cmd/$n.sh" "$out" >"$tmp/run.sh"
  text=$(cat "$tmp/run.sh")
  if [ -n "${done_before[$text]:-}" ]; then  # the same command on another page, writing nowhere: run once
    rc=${done_before[$text]%% *}
    if [ "$rc" -eq "$code" ]; then echo "ok       $where: $key (exit $rc, as at ${done_before[$text]#* })"; continue; fi
  fi
  t0=$(date +%s%N)
  timeout 60 bash "$tmp/run.sh" >"$tmp/log" 2>&1 </dev/null
  rc=$?
  ms=$((($(date +%s%N) - t0) / 1000000))
  ran=$((ran + 1))
  [[ $text == *"$tmp/out/"* ]] || done_before[$text]="$rc $where"
  if [ "$rc" -eq "$code" ]; then
    printf 'ok       %s: %s (exit %d, %d.%01d s)\n' "$where" "$key" "$rc" $((ms / 1000)) $((ms % 1000 / 100))
  else
    if [ "$rc" -eq 124 ]; then
      echo "FAIL     $where: $key: ran past 60 seconds (make it smaller, or exclude it with the reason)"
    else
      echo "FAIL     $where: $key: exit $rc, the page says $code; the command run and its last output:"
    fi
    sed 's/^/    | /' "$tmp/run.sh"
    tail -15 "$tmp/log" | sed 's/^/    > /'
    failures=$((failures + 1))
  fi
done <"$tmp/index.tsv"

for e in "${excluded[@]}"; do
  prefix=${e%%|*}
  if [ -z "${used_exclusion[$prefix]:-}" ]; then
    echo "FAIL     an exclusion matches no command shown: $prefix"
    failures=$((failures + 1))
  fi
done

# Relative links: the file or folder exists; an anchor into a Markdown file is one of its headings.
slugs() {  # the anchors of the headings of a Markdown file, one a line
  awk '/^ ? ? ?```/ { f = !f; next } !f && /^#+ / {
         s = tolower($0); sub(/^#+ +/, "", s); gsub(/[^a-z0-9 _-]/, "", s); gsub(/ /, "-", s); print s }' "$1"
}
links=0
for page in "${pages[@]}"; do
  dir=$(dirname "$page")
  while IFS= read -r target; do
    links=$((links + 1))
    path=${target%%#*}
    anchor=""
    [ "$path" != "$target" ] && anchor=${target#*#}
    file=$page
    [ -n "$path" ] && file="$dir/$path"
    if [ ! -e "$file" ]; then
      echo "FAIL     $page: a link to $target: no such file or folder"; failures=$((failures + 1)); continue
    fi
    if [ -n "$anchor" ] && [[ $file == *.md ]] && ! slugs "$file" | grep -qx -- "$anchor"; then
      echo "FAIL     $page: a link to $target: $file has no heading with that anchor"; failures=$((failures + 1))
    fi
  done < <(awk '/^ ? ? ?```/ { f = !f; next } !f' "$page" | grep -oE '\]\([^)( ]+\)' | sed 's/^](//; s/)$//' |
           grep -v -E '^(https?|mailto):')
done

echo "$ran commands run, $skipped skipped, $nexcluded excluded; $links relative links checked;" \
  "$failures failed; $(($(date +%s) - start)) s"
[ "$failures" -eq 0 ]
