#!/usr/bin/env bash
# Sets up the ONNX Runtime adapter (docs/crosscheck.md): Node.js and the npm packages of
# package-lock.json (crosscheck/js/setup.sh says how). onnxruntime-node carries its native library for
# linux/x64 in the package itself, so its install script, which would download more, is not needed; on
# x86-64 the library must be there.
here=$(cd "$(dirname "$0")" && pwd)
needs=()
[ "$(uname -m)" = x86_64 ] && needs=(--needs node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1)
exec bash "$here/../js/setup.sh" "$here" "${needs[@]}"
