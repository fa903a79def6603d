#!/usr/bin/env python3
"""Writes the two transformer models of the benchmark (docs/benchmark.md), with seeded weights kept in
external data (spec/values.md, F7): nothing is downloaded.

  bert_base_128/    a BERT-base-sized encoder: vocabulary 30,522, 12 layers, hidden size 768, 12 heads,
                    feed-forward 3,072, 512 positions; inputs input_ids and attention_mask (int64,
                    [batch, sequence]); output the last hidden state. 109 M weights, 437 MB.
  gpt2_small_step/  one decoding step of a GPT-2-small-sized decoder with a KV cache: vocabulary 50,257, 12
                    layers, hidden size 768, 12 heads, 1,024 positions; inputs input_ids and position_ids
                    (int64, [batch, 1]) and the past keys and values of every layer (float, [batch, 12,
                    past, 64]); outputs the logits of the next token and the present keys and values.
                    163 M weights (a separate output projection), 651 MB.

Each folder holds model.onnx, weights.bin (every initializer of 1,024 bytes or more, at offsets that are
multiples of 4,096; the smaller ones, shapes and scalars, stay in the model as exporters keep them) and
bench-args, the arguments `onnxsem bench` needs for it: the values of the symbolic dimensions (batch 1,
sequence 128, past 128) and the bound of the token ids. The weights are uniform in +-[2^-7, 2^-5): random
bytes from Python's generator seeded with 2026, with the sign and exponent bits of each float32 set;
LayerNormalization's scales are 1 and its biases 0. The graphs are written as protobuf text and encoded
with protoc (Debian protobuf-compiler) against libonnx-dev's onnx.proto.

    python3 conformance/bench/transformers.py OUT_DIR
"""
import math
import os
import random
import struct
import subprocess
import sys

ALIGN = 4096
INLINE = 1024  # tensors of fewer bytes are kept in the model (ONNX's save_model writes them so by default)
FLOAT, INT64 = 1, 7


class Builder:
    """A graph in protobuf text, its initializers' bytes appended to one weights file."""

    def __init__(self, folder, rng):
        self.folder = folder
        self.rng = rng
        self.parts = []
        self.nodes = []
        self.inits = []
        self.offset = 0
        self.count = 0
        self.weights = open(os.path.join(folder, "weights.bin"), "wb")
        # float32 with byte 3 = sign | 0x3C: exponent 120 or 121, so |x| in [2^-7, 2^-5).
        self.top = bytes(0x3C | (b & 0x80) for b in range(256))

    def name(self, stem):
        self.count += 1
        return f"{stem}_{self.count}"

    def _store(self, name, dims, data, dtype=FLOAT):
        dims_text = " ".join(f"dims: {d}" for d in dims)
        if len(data) < INLINE:  # small tensors stay in the model, as exporters keep them (shapes, scalars)
            raw = "".join(f"\\{b:03o}" for b in data)
            self.inits.append(f'initializer {{ name: "{name}" data_type: {dtype} {dims_text} raw_data: "{raw}" }}')
            return name
        pad = (-self.offset) % ALIGN
        self.weights.write(b"\0" * pad)
        self.offset += pad
        self.weights.write(data)
        self.inits.append(
            f'initializer {{ name: "{name}" data_type: {dtype} {dims_text} data_location: EXTERNAL '
            f'external_data {{ key: "location" value: "weights.bin" }} '
            f'external_data {{ key: "offset" value: "{self.offset}" }} '
            f'external_data {{ key: "length" value: "{len(data)}" }} }}')
        self.offset += len(data)
        return name

    def random(self, stem, dims):
        n = math.prod(dims)
        raw = bytearray(self.rng.randbytes(4 * n))
        raw[3::4] = raw[3::4].translate(self.top)
        return self._store(self.name(stem), dims, bytes(raw))

    def filled(self, stem, dims, value):
        return self._store(self.name(stem), dims, struct.pack("<f", value) * math.prod(dims))

    def ints(self, stem, values):
        return self._store(self.name(stem), [len(values)], struct.pack(f"<{len(values)}q", *values), INT64)

    def node(self, op, inputs, outputs=None, **attrs):
        outs = outputs or [self.name(op.lower())]
        text = f'node {{ op_type: "{op}" ' + " ".join(f'input: "{i}"' for i in inputs) + " "
        text += " ".join(f'output: "{o}"' for o in outs)
        for k, v in attrs.items():
            if isinstance(v, list):
                text += f' attribute {{ name: "{k}" type: INTS ' + " ".join(f"ints: {x}" for x in v) + " }"
            elif isinstance(v, float):
                text += f' attribute {{ name: "{k}" type: FLOAT f: {v} }}'
            else:
                text += f' attribute {{ name: "{k}" type: INT i: {v} }}'
        self.nodes.append(text + " }")
        return outs[0] if len(outs) == 1 else outs

    def write(self, name, inputs, outputs):
        self.weights.close()

        def value_info(n, t, dims):
            shape = " ".join(f'dim {{ dim_param: "{d}" }}' if isinstance(d, str) else f"dim {{ dim_value: {d} }}"
                             for d in dims)
            return f'{{ name: "{n}" type {{ tensor_type {{ elem_type: {t} shape {{ {shape} }} }} }} }}'

        text = ["ir_version: 8", 'producer_name: "onnxsem conformance/bench/transformers.py"',
                "opset_import { version: 17 }", "graph {", f'  name: "{name}"']
        text += ["  " + i for i in self.inits] + ["  " + n for n in self.nodes]
        text += [f"  input {value_info(*i)}" for i in inputs] + [f"  output {value_info(*o)}" for o in outputs]
        text.append("}")
        proto = "/usr/include/onnx/onnx.proto"
        with open(os.path.join(self.folder, "model.onnx"), "wb") as out:
            subprocess.run(["protoc", "-I/usr/include", "--encode=onnx.ModelProto", proto],
                           input="\n".join(text).encode(), stdout=out, check=True)


def dense(b, x, n_in, n_out, stem):
    return b.node("Add", [b.node("MatMul", [x, b.random(stem + "_w", [n_in, n_out])]), b.random(stem + "_b", [n_out])])


def layer_norm(b, x, hidden, stem):
    return b.node("LayerNormalization", [x, b.filled(stem + "_scale", [hidden], 1.0),
                                         b.filled(stem + "_bias", [hidden], 0.0)], axis=-1, epsilon=1e-5)


def gelu(b, x):
    """0.5 x (1 + erf(x / sqrt 2)), as exporters write GELU below opset 20."""
    half, one, root2 = (b.filled(s, [], v) for s, v in (("half", 0.5), ("one", 1.0), ("sqrt2", math.sqrt(2.0))))
    e = b.node("Erf", [b.node("Div", [x, root2])])
    return b.node("Mul", [b.node("Mul", [x, half]), b.node("Add", [e, one])])


def heads(b, x, shape4, perm):
    """[batch, seq, 768] -> [batch, 12, seq, 64] (perm [0, 2, 1, 3]) or its key form (perm [0, 2, 3, 1])."""
    return b.node("Transpose", [b.node("Reshape", [x, shape4])], perm=perm)


def bert(folder, rng, layers=12, hidden=768, n_heads=12, ffn=3072, vocab=30522, positions=512):
    b = Builder(folder, rng)
    head = hidden // n_heads
    shape4 = b.ints("shape_heads", [0, 0, n_heads, head])
    shape3 = b.ints("shape_hidden", [0, 0, hidden])
    # Embeddings: the tokens' rows plus the first `sequence` rows of the position table, then LayerNorm.
    words = b.node("Gather", [b.random("word_embeddings", [vocab, hidden]), "input_ids"])
    seq_len = b.node("Slice", [b.node("Shape", ["input_ids"]), b.ints("one", [1]), b.ints("two", [2])])
    pos = b.node("Slice", [b.random("position_embeddings", [positions, hidden]), b.ints("zero", [0]), seq_len,
                           b.ints("axis0", [0])])
    h = layer_norm(b, b.node("Add", [words, pos]), hidden, "emb_ln")
    # The mask's additive bias, [batch, 1, 1, sequence]: 0 where attention_mask is 1, -10000 where it is 0.
    m = b.node("Cast", ["attention_mask"], to=FLOAT)
    bias = b.node("Mul", [b.node("Sub", [b.filled("mask_one", [], 1.0), m]), b.filled("mask_min", [], -10000.0)])
    bias = b.node("Unsqueeze", [bias, b.ints("axes12", [1, 2])])
    scale = b.filled("attention_scale", [], 1.0 / math.sqrt(head))
    for i in range(layers):
        q = heads(b, dense(b, h, hidden, hidden, f"l{i}_q"), shape4, [0, 2, 1, 3])
        k = heads(b, dense(b, h, hidden, hidden, f"l{i}_k"), shape4, [0, 2, 3, 1])
        v = heads(b, dense(b, h, hidden, hidden, f"l{i}_v"), shape4, [0, 2, 1, 3])
        scores = b.node("Add", [b.node("Mul", [b.node("MatMul", [q, k]), scale]), bias])
        ctx = b.node("MatMul", [b.node("Softmax", [scores], axis=-1), v])
        ctx = b.node("Reshape", [b.node("Transpose", [ctx], perm=[0, 2, 1, 3]), shape3])
        h = layer_norm(b, b.node("Add", [h, dense(b, ctx, hidden, hidden, f"l{i}_o")]), hidden, f"l{i}_ln1")
        f = dense(b, gelu(b, dense(b, h, hidden, ffn, f"l{i}_ff1")), ffn, hidden, f"l{i}_ff2")
        h = layer_norm(b, b.node("Add", [h, f]), hidden, f"l{i}_ln2")
    b.node("Identity", [h], ["last_hidden_state"])
    b.write("bert_base_128", [("input_ids", INT64, ["batch", "sequence"]),
                              ("attention_mask", INT64, ["batch", "sequence"])],
            [("last_hidden_state", FLOAT, ["batch", "sequence", hidden])])
    with open(os.path.join(folder, "bench-args"), "w") as f:
        f.write(f"--dim batch=1 --dim sequence=128 --int-bound input_ids={vocab} --int-bound attention_mask=2\n")


def gpt2(folder, rng, layers=12, hidden=768, n_heads=12, vocab=50257, positions=1024):
    b = Builder(folder, rng)
    head = hidden // n_heads
    shape4 = b.ints("shape_heads", [0, 0, n_heads, head])
    shape3 = b.ints("shape_hidden", [0, 0, hidden])
    x = b.node("Add", [b.node("Gather", [b.random("wte", [vocab, hidden]), "input_ids"]),
                      b.node("Gather", [b.random("wpe", [positions, hidden]), "position_ids"])])
    scale = b.filled("attention_scale", [], 1.0 / math.sqrt(head))
    split = b.ints("qkv_split", [hidden, hidden, hidden])
    inputs = [("input_ids", INT64, ["batch", 1]), ("position_ids", INT64, ["batch", 1])]
    outputs = []
    for i in range(layers):
        a = layer_norm(b, x, hidden, f"l{i}_ln1")
        q, k, v = b.node("Split", [dense(b, a, hidden, 3 * hidden, f"l{i}_qkv"), split],
                         [f"l{i}_q", f"l{i}_k", f"l{i}_v"], axis=-1)
        q = heads(b, q, shape4, [0, 2, 1, 3])
        keys = b.node("Concat", [f"past_key_{i}", heads(b, k, shape4, [0, 2, 1, 3])], [f"present_key_{i}"], axis=2)
        values = b.node("Concat", [f"past_value_{i}", heads(b, v, shape4, [0, 2, 1, 3])], [f"present_value_{i}"],
                        axis=2)
        scores = b.node("Mul", [b.node("MatMul", [q, b.node("Transpose", [keys], perm=[0, 1, 3, 2])]), scale])
        ctx = b.node("MatMul", [b.node("Softmax", [scores], axis=-1), values])
        ctx = b.node("Reshape", [b.node("Transpose", [ctx], perm=[0, 2, 1, 3]), shape3])
        x = b.node("Add", [x, dense(b, ctx, hidden, hidden, f"l{i}_proj")])
        f = dense(b, gelu(b, dense(b, layer_norm(b, x, hidden, f"l{i}_ln2"), hidden, 4 * hidden, f"l{i}_fc")),
                  4 * hidden, hidden, f"l{i}_fc_proj")
        x = b.node("Add", [x, f])
        inputs += [(f"past_key_{i}", FLOAT, ["batch", n_heads, "past", head]),
                   (f"past_value_{i}", FLOAT, ["batch", n_heads, "past", head])]
        outputs += [(f"present_key_{i}", FLOAT, ["batch", n_heads, "total", head]),
                    (f"present_value_{i}", FLOAT, ["batch", n_heads, "total", head])]
    logits = b.node("MatMul", [layer_norm(b, x, hidden, "ln_f"), b.random("lm_head", [hidden, vocab])], ["logits"])
    b.write("gpt2_small_step", inputs, [("logits", FLOAT, ["batch", 1, vocab])] + outputs)
    with open(os.path.join(folder, "bench-args"), "w") as f:
        f.write(f"--dim batch=1 --dim past=128 --int-bound input_ids={vocab} --int-bound position_ids={positions}\n")
    return logits


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    for name, build in (("bert_base_128", bert), ("gpt2_small_step", gpt2)):
        folder = os.path.join(out, name)
        os.makedirs(folder, exist_ok=True)
        build(folder, random.Random(2026))
        size = os.path.getsize(os.path.join(folder, "weights.bin"))
        print(f"{folder}: model.onnx, weights.bin ({size / 1e6:.0f} MB), bench-args")


if __name__ == "__main__":
    main()
