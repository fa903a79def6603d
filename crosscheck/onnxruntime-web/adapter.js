#!/usr/bin/env node
// onnxsem cross-check adapter for ONNX Runtime Web, its WebAssembly backend run under Node.js (docs/crosscheck.md).
// The protocol (XC1, XC6) and its command line are in ../js/ort-adapter.js;
// here is what is particular to this runtime: its npm package, one WebAssembly thread, the "wasm"
// execution provider and the requested graph optimization level. ONNX Runtime Web cannot save its
// optimized graph, so --save-optimized writes nothing (the cross-check's --transform is for onnxruntime).
'use strict';

const { main, loadPackages } = require('../js/ort-adapter.js');

const [ort, protobuf] = loadPackages('onnxruntime-web', () => [require('onnxruntime-web'), require('protobufjs')]);
ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'fatal';

main({
  ort,
  protobuf,
  name: 'onnxruntime-web',
  version: ort.env.versions.web,
  sessionOptions(optimize) {
    return { executionProviders: ['wasm'], graphOptimizationLevel: optimize, logSeverityLevel: 4 };
  },
}, process.argv.slice(2));
