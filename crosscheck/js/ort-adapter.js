// The cross-check adapter protocol (docs/crosscheck.md; spec/conformance.md, XC1 and XC6)
// for runtimes with ONNX Runtime's JavaScript API (onnxruntime-common): ONNX Runtime for Node.js and ONNX
// Runtime Web. Each runtime's folder has an adapter.js that loads its npm packages and calls `main` with
// what differs between them (its name, its session options, what it can save).
//
//   node adapter.js MODEL INPUT_DIR OUTPUT_DIR [--optimize all|disabled] [--save-optimized FILE] [--repeat N]
//   node adapter.js --serve          (the same, one request per line on standard input)
//   node adapter.js --probe          (exits 0 when the npm packages load)
//
// Reads INPUT_DIR/input_K.pb (a serialized TensorProto for the K-th graph input without initializer), runs
// the model with one intra-op thread, writes OUTPUT_DIR/output_K.pb in graph-output order and exits 0.
// Exit 3 with a one-line reason on stderr when the runtime cannot run the model (an element type the
// binding cannot take, an operator the runtime does not implement); exit 1 for any other runtime error;
// exit 2 for a bad command line.
//
// With --repeat N (the benchmark, conformance/bench/run.sh) the model runs once untimed and then N timed
// times; standard output gets one line "latency_ms median=M min=A max=B runs=N", each time being that of
// session.run alone.
//
// With --serve the adapter loads the runtime once, writes the line "ready NAME VERSION" and then reads
// requests, one JSON object per line: {"model": M, "input_dir": I, "output_dir": O, "optimize":
// "all"|"disabled", "save_optimized": FILE (optional)}. It answers each with one line "STATUS" or "STATUS
// REASON", STATUS being the exit code the one-shot call would have had (0, 1, 2 or 3) and REASON its
// one-line message. Nothing is kept from one request to the next but the loaded module: each has its own
// session. The server ends at the end of its standard input.
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

// A case's failure: the exit code of the one-shot call and the one-line reason.
class CaseFailure extends Error {
  constructor(code, reason) {
    let line = String(reason).replace(/\x1b\[[0-9;]*m/g, '').replace(/\s+/g, ' ').trim();
    // ONNX Runtime puts a long C++ signature before the reason: keep the head and the tail.
    if (line.length > 600) line = line.slice(0, 200) + ' ... ' + line.slice(-380);
    super(line);
    this.code = code;
  }
}

function fail(code, reason) {
  throw new CaseFailure(code, reason);
}

// Any exception as [code, reason]: a CaseFailure as it is, anything else a runtime error (exit 1).
function failureOf(e) {
  if (e instanceof CaseFailure) return [e.code, e.message];
  const f = new CaseFailure(1, e && e.message ? e.message : String(e));
  return [f.code, f.message];
}

// The few ONNX messages the adapter needs, described from ONNX's IR documentation (field names and numbers
// of TensorProto, ValueInfoProto, GraphProto and ModelProto). Fields not listed are skipped when decoding.
const schema = {
  nested: {
    TensorProto: {
      fields: {
        dims: { rule: 'repeated', type: 'int64', id: 1 },
        data_type: { type: 'int32', id: 2 },
        float_data: { rule: 'repeated', type: 'float', id: 4 },
        int32_data: { rule: 'repeated', type: 'int32', id: 5 },
        string_data: { rule: 'repeated', type: 'bytes', id: 6 },
        int64_data: { rule: 'repeated', type: 'int64', id: 7 },
        name: { type: 'string', id: 8 },
        raw_data: { type: 'bytes', id: 9 },
        double_data: { rule: 'repeated', type: 'double', id: 10 },
        uint64_data: { rule: 'repeated', type: 'uint64', id: 11 },
        external_data: { rule: 'repeated', type: 'StringStringEntryProto', id: 13 },
        data_location: { type: 'int32', id: 14 },
      },
    },
    StringStringEntryProto: { fields: { key: { type: 'string', id: 1 }, value: { type: 'string', id: 2 } } },
    ValueInfoProto: { fields: { name: { type: 'string', id: 1 } } },
    // Nodes (with the graphs of their attributes) to tell whether a failing node is one of the model's, and
    // with their tensors to find the model's external data.
    AttributeProto: {
      fields: {
        t: { type: 'TensorProto', id: 5 },
        g: { type: 'GraphProto', id: 6 },
        tensors: { rule: 'repeated', type: 'TensorProto', id: 10 },
        graphs: { rule: 'repeated', type: 'GraphProto', id: 11 },
      },
    },
    NodeProto: {
      fields: {
        name: { type: 'string', id: 3 },
        op_type: { type: 'string', id: 4 },
        attribute: { rule: 'repeated', type: 'AttributeProto', id: 5 },
      },
    },
    GraphProto: {
      fields: {
        node: { rule: 'repeated', type: 'NodeProto', id: 1 },
        initializer: { rule: 'repeated', type: 'TensorProto', id: 5 },
        input: { rule: 'repeated', type: 'ValueInfoProto', id: 11 },
        output: { rule: 'repeated', type: 'ValueInfoProto', id: 12 },
      },
    },
    ModelProto: { fields: { graph: { type: 'GraphProto', id: 7 } } },
  },
};

// ONNX element type numbers (TensorProto.DataType) of the element types the bindings take, with ONNX
// Runtime's type name, the typed array and the TensorProto field that holds them when not in raw_data.
const types = {
  1: { ort: 'float32', array: Float32Array, field: 'float_data' },
  2: { ort: 'uint8', array: Uint8Array, field: 'int32_data' },
  3: { ort: 'int8', array: Int8Array, field: 'int32_data' },
  4: { ort: 'uint16', array: Uint16Array, field: 'int32_data' },
  5: { ort: 'int16', array: Int16Array, field: 'int32_data' },
  6: { ort: 'int32', array: Int32Array, field: 'int32_data' },
  7: { ort: 'int64', array: BigInt64Array, field: 'int64_data' },
  8: { ort: 'string', array: null, field: 'string_data' },
  9: { ort: 'bool', array: Uint8Array, field: 'int32_data' },
  10: { ort: 'float16', array: Uint16Array, field: 'int32_data' },  // bit patterns
  11: { ort: 'float64', array: Float64Array, field: 'double_data' },
  12: { ort: 'uint32', array: Uint32Array, field: 'uint64_data' },
  13: { ort: 'uint64', array: BigUint64Array, field: 'uint64_data' },
};
const onnxTypeNames = {
  14: 'complex64', 15: 'complex128', 16: 'bfloat16', 17: 'float8e4m3fn', 18: 'float8e4m3fnuz',
  19: 'float8e5m2', 20: 'float8e5m2fnuz', 21: 'uint4', 22: 'int4', 23: 'float4e2m1', 24: 'float8e8m0',
  25: 'uint2', 26: 'int2',
};
const codeOfOrt = {};
for (const [code, t] of Object.entries(types)) codeOfOrt[t.ort] = Number(code);

function bigOf(v) {
  // protobufjs gives 64-bit integers as Long objects (or numbers); ONNX Runtime wants BigInt.
  return typeof v === 'number' ? BigInt(v) : BigInt(v.toString());
}

// Whether the model's graph, or a graph of one of its nodes' attributes, has a node of type opType (and,
// unless name is undefined, of that name).
function hasNode(graph, opType, name) {
  return (graph.node || []).some((n) =>
    (n.op_type === opType && (name === undefined || (n.name || '') === name)) ||
    (n.attribute || []).some((a) => (a.g && hasNode(a.g, opType, name)) || (a.graphs || []).some((g) => hasNode(g, opType, name))));
}

// Messages by which ONNX Runtime says it cannot run a model, as opposed to failing while running it.
// `graph` is the model's GraphProto. Two wordings of ONNX Runtime's missing implementations name the
// operation, and count only when that operation is the model's own, so that a node the runtime's graph
// optimizers made and then cannot run stays a runtime error:
//   "Failed to find kernel for Swish(24) (node:'n1' ep:'CPUExecutionProvider'). Kernel not found" (no
//   kernel registered for the node's version and element types, at session creation), and
//   "GRU operator does not support double yet" (a kernel's ORT_NOT_IMPLEMENTED, at run time).
// ONNX Runtime Web gives both as ERROR_CODE 9 (NOT_IMPLEMENTED); ONNX Runtime for Node.js gives no code.
function runtimeCannot(message, graph) {
  if (/NOT_IMPLEMENTED|Could not find an implementation|not supported|unsupported|is not a registered function|Unsupported model IR version|Unrecognized attribute|opset .*is under development|unknown data type|Unexpected input data type|unsupported tensor type/i.test(
    message))
    return true;
  if (!graph) return false;
  const kernel = /Failed to find kernel for ([\w.]+)\(\d+\) \(node:'([^']*)' ep:'[^']*'\)\.[\s\S]*\bKernel not found\b/.exec(message);
  if (kernel) return hasNode(graph, kernel[1], kernel[2]);
  const type = /\b(\w+) operator does not support \w+ yet\b/.exec(message);
  if (type) return hasNode(graph, type[1]);
  return false;
}

// The locations of a graph's external data (initializers and tensor attributes, subgraphs included).
function externalLocations(graph) {
  const found = new Set();
  const visit = (g) => {
    const tensor = (t) => {
      if (t && t.data_location === 1)
        for (const e of t.external_data || []) if (e.key === 'location') found.add(e.value);
    };
    for (const t of g.initializer || []) tensor(t);
    for (const n of g.node || [])
      for (const a of n.attribute || []) {
        tensor(a.t);
        for (const t of a.tensors || []) tensor(t);
        if (a.g) visit(a.g);
        for (const sub of a.graphs || []) visit(sub);
      }
  };
  visit(graph);
  return [...found];
}

// The bytes of each external data file, read as onnxsem reads them (spec/values.md, F8): a relative
// location without '..', reached from the model's folder without a symbolic link, a regular file with
// one hard link. Anything else ends the adapter with exit 2 before a byte is read.
function externalFiles(folder, locations) {
  return locations.map((loc) => {
    const parts = loc.split('/').filter((c) => c !== '' && c !== '.');
    if (loc.startsWith('/') || parts.length === 0 || parts.includes('..') || loc.includes('\0'))
      fail(2, `external data location '${loc}' leaves the model's folder`);
    let at = folder;
    for (const part of parts) {
      at = path.join(at, part);
      let st;
      try {
        st = fs.lstatSync(at);
      } catch (e) {
        fail(2, `external data file '${loc}': ${e.message}`);
      }
      if (st.isSymbolicLink()) fail(2, `external data file '${loc}': '${part}' is a symbolic link`);
    }
    const fd = fs.openSync(at, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.nlink !== 1) {
      fs.closeSync(fd);
      fail(2, `external data file '${loc}' is not a regular file with one hard link`);
    }
    const data = Buffer.alloc(st.size);
    for (let done = 0; done < st.size;) {
      const n = fs.readSync(fd, data, done, st.size - done, done);
      if (n <= 0) fail(2, `external data file '${loc}' ended early`);
      done += n;
    }
    fs.closeSync(fd);
    return { path: loc, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  });
}

// Runs the adapter for one runtime. `rt` says what differs between runtimes:
//   ort             the loaded onnxruntime-common API (InferenceSession, Tensor)
//   protobuf        the loaded protobufjs module
//   name, version   for the "ready" line and --probe
//   sessionOptions(optimize, saveOptimized)  the options of InferenceSession.create
//                   (a runtime that cannot save its optimized graph ignores saveOptimized: no file is written)
//   cannotTake(m)   an extra reason (or null) why the binding cannot hand over input/output metadata m
//   takesPath       the binding opens a model by its path and reads its external data beside it
function main(rt, argv) {
  const root = rt.protobuf.Root.fromJSON(schema);
  const TensorProto = root.lookupType('TensorProto');
  const ModelProto = root.lookupType('ModelProto');
  const ort = rt.ort;

  function tensorFromProto(bytes, file) {
    let p;
    try {
      p = TensorProto.decode(bytes);
    } catch (e) {
      fail(1, `${file}: not a TensorProto: ${e.message}`);
    }
    const code = p.data_type;
    const t = types[code];
    if (!t) fail(3, `unsupported by the runtime: element type ${onnxTypeNames[code] || code} of ${file}`);
    if (p.data_location === 1) fail(1, `${file}: external data is not read by the adapter`);
    const dims = p.dims.map((d) => Number(d.toString()));
    const count = dims.reduce((a, b) => a * b, 1);
    let data;
    if (t.ort === 'string') {
      data = p.string_data.map((b) => Buffer.from(b).toString('utf8'));
    } else if (p.raw_data && p.raw_data.length > 0) {
      const raw = Uint8Array.from(p.raw_data);  // a copy, aligned for the typed array
      data = new t.array(raw.buffer, 0, raw.byteLength / t.array.BYTES_PER_ELEMENT);
    } else {
      const src = p[t.field];
      if (t.array === BigInt64Array || t.array === BigUint64Array) data = t.array.from(src, bigOf);
      else data = t.array.from(src, (v) => Number(v.toString()));
    }
    if (data.length !== count) fail(1, `${file}: ${data.length} elements for dims [${dims}]`);
    return new ort.Tensor(t.ort, data, dims);
  }

  function protoFromTensor(tensor) {
    const code = codeOfOrt[tensor.type];
    if (!code) fail(3, `unsupported by the runtime: output element type ${tensor.type}`);
    const msg = { dims: tensor.dims.map((d) => d), data_type: code };
    if (tensor.type === 'string') msg.string_data = tensor.data.map((s) => Buffer.from(s, 'utf8'));
    else msg.raw_data = Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength);
    return TensorProto.encode(TensorProto.create(msg)).finish();
  }

  function refusal(e, graph) {
    const cannot = runtimeCannot(e.message, graph);
    fail(cannot ? 3 : 1, (cannot ? 'unsupported by the runtime: ' : '') + e.message);
  }

  // Runs one case; returns normally when the outputs are written, throws a CaseFailure (or any exception,
  // a runtime error) otherwise.
  async function runCase(modelPath, inputDir, outputDir, optimize, saveOptimized, repeat = 0) {
    let modelBytes;
    try {
      modelBytes = fs.readFileSync(modelPath);
    } catch (e) {
      fail(2, `cannot read ${modelPath}: ${e.message}`);
    }
    let graph;
    try {
      graph = ModelProto.decode(modelBytes).graph;
    } catch (e) {
      fail(1, `${modelPath}: not a ModelProto: ${e.message}`);
    }
    if (!graph) fail(1, `${modelPath}: the model has no graph`);
    const init = new Set(graph.initializer.map((t) => t.name));
    const fed = graph.input.map((v) => v.name).filter((n) => !init.has(n));

    // A model with external data (spec/values.md, F7): ONNX Runtime for Node.js reads it from the model's
    // folder when it is given the model's path (and checks the locations itself); the web runtime takes the
    // files' bytes, which externalFiles reads with F8's checks.
    const locations = externalLocations(graph);
    let source = modelBytes;
    const options = rt.sessionOptions(optimize, saveOptimized);
    if (locations.length > 0) {
      if (rt.takesPath) source = path.resolve(modelPath);
      else options.externalData = externalFiles(path.dirname(modelPath), locations);
    }
    let session;
    try {
      session = await ort.InferenceSession.create(source, options);
    } catch (e) {
      refusal(e, graph);
    }
    try {
      for (const m of session.inputMetadata.concat(session.outputMetadata)) {
        if (!m.isTensor) fail(3, `unsupported by the runtime: '${m.name}' is not a tensor (the binding takes tensors only)`);
        // The bindings list some element types (int4, uint4) that they then cannot hand over.
        if (!(m.type in codeOfOrt))
          fail(3, `unsupported by the runtime: element type ${m.type} of '${m.name}' (the JavaScript binding does not take it)`);
        const why = rt.cannotTake ? rt.cannotTake(m) : null;
        if (why) fail(3, `unsupported by the runtime: ${why}`);
      }

      const feeds = {};
      for (let k = 0; k < fed.length; ++k) {
        const file = path.join(inputDir, `input_${k}.pb`);
        if (!fs.existsSync(file)) continue;  // an optional input left out
        feeds[fed[k]] = tensorFromProto(fs.readFileSync(file), file);
      }
      let results;
      const times = [];
      for (let r = 0; r <= repeat; ++r) {
        const start = process.hrtime.bigint();
        try {
          results = await session.run(feeds);
        } catch (e) {
          refusal(e, graph);
        }
        if (r > 0) times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      if (repeat > 0) {
        const sorted = times.slice().sort((a, b) => a - b);
        const h = sorted.length >> 1;
        const median = sorted.length % 2 ? sorted[h] : (sorted[h - 1] + sorted[h]) / 2;
        process.stdout.write(`latency_ms median=${median.toFixed(1)} min=${sorted[0].toFixed(1)} ` +
                             `max=${sorted[sorted.length - 1].toFixed(1)} runs=${sorted.length}\n`);
      }
      fs.mkdirSync(outputDir, { recursive: true });
      graph.output.forEach((o, k) => {
        const t = results[o.name];
        if (!t) fail(1, `the runtime gave no value for output '${o.name}'`);
        fs.writeFileSync(path.join(outputDir, `output_${k}.pb`), protoFromTensor(t));
      });
    } finally {
      await session.release().catch(() => {});
    }
  }

  const usage = 'usage: adapter.js MODEL INPUT_DIR OUTPUT_DIR [--optimize all|disabled] [--save-optimized FILE] [--repeat N]';

  // The one-shot call: one case per process; returns the exit code.
  async function oneShot(args) {
    const positional = [];
    let optimize = 'all';
    let saveOptimized = null;
    let repeat = 0;
    for (let i = 0; i < args.length; ++i) {
      if (args[i] === '--optimize') optimize = args[++i];
      else if (args[i] === '--save-optimized') saveOptimized = args[++i];
      else if (args[i] === '--repeat') repeat = Number(args[++i]);
      else if (args[i].startsWith('--')) fail(2, `unknown option ${args[i]}`);
      else positional.push(args[i]);
    }
    if (positional.length !== 3 || !['all', 'disabled'].includes(optimize) || saveOptimized === undefined ||
        !Number.isInteger(repeat) || repeat < 0)
      fail(2, usage);
    await runCase(positional[0], positional[1], positional[2], optimize, saveOptimized, repeat);
    return 0;
  }

  // The serve mode: requests on standard input, one answer line each on standard output.
  async function serve() {
    process.stdout.write(`ready ${rt.name} ${rt.version}\n`);
    const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
    for await (const line of lines) {
      if (line.trim() === '') continue;
      let answer;
      try {
        let r;
        try {
          r = JSON.parse(line);
        } catch (e) {
          fail(2, `a request is one JSON object per line: ${e.message}`);
        }
        const optimize = r.optimize === undefined ? 'all' : r.optimize;
        if (typeof r !== 'object' || r === null || typeof r.model !== 'string' || typeof r.input_dir !== 'string' ||
            typeof r.output_dir !== 'string' || !['all', 'disabled'].includes(optimize) ||
            (r.save_optimized !== undefined && r.save_optimized !== null && typeof r.save_optimized !== 'string'))
          fail(2, 'a request needs "model", "input_dir", "output_dir" (strings), "optimize" all|disabled, "save_optimized" (optional)');
        await runCase(r.model, r.input_dir, r.output_dir, optimize, r.save_optimized || null);
        answer = '0';
      } catch (e) {
        const [code, reason] = failureOf(e);
        answer = `${code} ${reason}`;
      }
      process.stdout.write(answer + '\n');
    }
    return 0;
  }

  async function dispatch() {
    if (argv[0] === '--probe') {
      process.stdout.write(`${rt.name} ${rt.version} loads\n`);
      return 0;
    }
    if (argv[0] === '--serve' && argv.length === 1) return serve();
    return oneShot(argv);
  }

  dispatch().then(
    (code) => process.exit(code),
    (e) => {
      const [code, reason] = failureOf(e);
      process.stderr.write(reason + '\n');
      process.exit(code);
    });
}

// Loads the npm packages of an adapter folder (`load` returns them); on failure exits 1 with the reason.
function loadPackages(folder, load) {
  try {
    return load();
  } catch (e) {
    process.stderr.write(new CaseFailure(1, `cannot load the npm packages (run crosscheck/${folder}/setup.sh): ` + e.message).message + '\n');
    process.exit(1);
  }
}

module.exports = { main, loadPackages };
