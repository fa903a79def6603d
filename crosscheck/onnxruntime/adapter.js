#!/usr/bin/env node
// onnxsem cross-check adapter for ONNX Runtime for Node.js, CPU execution provider (docs/crosscheck.md).
// The protocol (XC1, XC6) and its command line are in ../js/ort-adapter.js; here is what is
// particular to this runtime: its npm package and its session options (one intra-op thread, or the count in
// the environment variable ONNXSEM_ORT_THREADS, which the benchmark sets for its two-thread column; the
// requested graph optimization level; the optimized graph saved when asked).
'use strict';

const path = require('path');
const { main, loadPackages } = require('../js/ort-adapter.js');

const [ort, protobuf] = loadPackages('onnxruntime', () => [require('onnxruntime-node'), require('protobufjs')]);

main({
  ort,
  protobuf,
  name: 'onnxruntime-node',
  version: require('onnxruntime-node/package.json').version,
  takesPath: true,
  sessionOptions(optimize, saveOptimized) {
    const threads = Math.max(1, Number.parseInt(process.env.ONNXSEM_ORT_THREADS || '1', 10) || 1);
    const options = { intraOpNumThreads: threads, interOpNumThreads: 1, graphOptimizationLevel: optimize, logSeverityLevel: 4 };
    if (saveOptimized) options.optimizedModelFilePath = path.resolve(saveOptimized);
    return options;
  },
}, process.argv.slice(2));
