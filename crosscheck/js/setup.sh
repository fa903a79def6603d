#!/usr/bin/env bash
# Sets up a Node.js adapter of the cross-check (docs/crosscheck.md):
#
#   js/setup.sh ADAPTER_DIR [--needs FILE] [--probe SCRIPT] [--name NAME]
#
# Node.js from Debian's packages when it is missing, then the npm packages of ADAPTER_DIR/package-lock.json
# into ADAPTER_DIR/node_modules/ (npm ci --ignore-scripts: no install script is needed, and none downloads
# anything else). --needs FILE: a file under ADAPTER_DIR that the packages must have brought (a native
# library). Exit 0 and a last line "adapter ready" when the adapter can run; exit 0 with a last line
# "adapter not set up: REASON" when it cannot (no network to a registry, no node); callers test
# `node ADAPTER_DIR/adapter.js --probe` to know which. --probe SCRIPT and --name NAME set up another Node.js
# folder the same way (the book's browser test, reports/browser/): SCRIPT instead of adapter.js, NAME instead of
# "adapter" in the last line.
set -uo pipefail
dir=${1:?usage: js/setup.sh ADAPTER_DIR [--needs FILE] [--probe SCRIPT] [--name NAME]}
shift
needs=""
probe=adapter.js
name=adapter
while [ $# -gt 0 ]; do
  case $1 in
    --needs) needs=${2:-} ;;
    --probe) probe=${2:-} ;;
    --name) name=${2:-} ;;
    *) echo "js/setup.sh: unknown option $1" >&2; exit 2 ;;
  esac
  [ $# -ge 2 ] || { echo "js/setup.sh: $1 needs a value" >&2; exit 2; }
  shift 2
done

not_set_up() {
  echo "$name not set up: $*"
  exit 0
}
cd "$dir" || not_set_up "no folder $dir"

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's nodejs and npm"
    $sudo apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive timeout 600 $sudo apt-get install -y -qq --no-install-recommends nodejs npm \
      >/dev/null 2>&1 || not_set_up "nodejs and npm could not be installed from Debian's packages"
  else
    not_set_up "node and npm are not installed"
  fi
fi

if node "$probe" --probe 2>/dev/null; then
  echo "$name ready"
  exit 0
fi

# Is the npm registry reachable? A short time limit: offline machines should not wait.
if ! timeout 20 npm ping >/dev/null 2>&1; then
  not_set_up "the npm registry is not reachable"
fi
if ! timeout 600 npm ci --ignore-scripts --no-audit --no-fund >/dev/null 2>npm-error.log; then
  tail -3 npm-error.log >&2
  rm -f npm-error.log
  not_set_up "npm ci failed"
fi
rm -f npm-error.log
if [ -n "$needs" ] && [ ! -e "$needs" ]; then
  not_set_up "the npm packages came without $needs"
fi
if node "$probe" --probe; then
  echo "$name ready"
else
  not_set_up "the npm packages are installed but do not load"
fi
