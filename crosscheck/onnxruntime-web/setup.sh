#!/usr/bin/env bash
# Sets up the ONNX Runtime Web adapter (docs/crosscheck.md): Node.js and the npm packages
# of package-lock.json (crosscheck/js/setup.sh says how). The WebAssembly files come inside the
# onnxruntime-web package.
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../js/setup.sh" "$here" --needs node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm
