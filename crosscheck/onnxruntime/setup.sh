#!/usr/bin/env bash
# Sets up the ONNX Runtime adapter (README.md, "Cross-checking a runtime"): Node.js from Debian's packages
# when it is missing, then the npm packages of package-lock.json into node_modules/ (npm ci
# --ignore-scripts: onnxruntime-node carries its native library for linux/x64 in the package itself, so its
# install script, which would download more, is not needed).
#
# Exit 0 and a last line "adapter ready" when the adapter can run; exit 0 with a last line
# "adapter not set up: REASON" when it cannot (no network to a registry, no node); callers test
# `node adapter.js --probe` to know which.
set -uo pipefail
cd "$(dirname "$0")"

not_set_up() {
  echo "adapter not set up: $*"
  exit 0
}

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

if node adapter.js --probe 2>/dev/null; then
  echo "adapter ready"
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
if [ ! -e node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1 ] && [ "$(uname -m)" = x86_64 ]; then
  not_set_up "onnxruntime-node came without its native library"
fi
if node adapter.js --probe; then
  echo "adapter ready"
else
  not_set_up "the npm packages are installed but do not load"
fi
