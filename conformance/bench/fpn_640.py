#!/usr/bin/env python3
"""Writes conformance/bench/fpn_640.onnxtxt (docs/benchmark.md): a detector-sized feature pyramid
network on a 640x640 RGB image, in ONNX's textual syntax. A backbone of five strided 3x3 convolutions
(32, 64, 128, 256 and 384 channels, down to 20x20), 1x1 lateral convolutions to 128 channels, a top-down
path of nearest-neighbour Resize by 2 and Add, 3x3 smoothing convolutions, a Concat of the finest level with
the upsampled middle one, and 1x1 heads of 85 channels at 80x80, 40x40 and 20x20 (3.43 G multiply-adds,
6.9 GFLOP).
Weights and biases are computed in the graph (sin of a ramp scaled by 1/sqrt(fan-in), as in
conv_stack_640.onnxtxt) so that the file stays small and every runtime computes the same model.

    python3 conformance/bench/fpn_640.py > conformance/bench/fpn_640.onnxtxt
"""
import math

lines = []


def node(text):
    lines.append("  " + text)


def conv(name, x, cin, cout, k, stride, relu=True):
    """A convolution with in-graph weights; returns the name of its (activated) output."""
    n = cout * cin * k * k
    scale = 1.0 / math.sqrt(cin * k * k)
    node(f"{name}_n = Constant <value = float {{{float(n)}}}> ()")
    node(f"{name}_r = Range (zero, {name}_n, one)")
    node(f"{name}_s = Sin ({name}_r)")
    node(f"{name}_k = Constant <value = float {{{scale:.6f}}}> ()")
    node(f"{name}_f = Mul ({name}_s, {name}_k)")
    node(f"{name}_sh = Constant <value = int64[4] {{{cout}, {cin}, {k}, {k}}}> ()")
    node(f"{name}_w = Reshape ({name}_f, {name}_sh)")
    node(f"{name}_bn = Constant <value = float {{{float(cout)}}}> ()")
    node(f"{name}_br = Range (zero, {name}_bn, one)")
    node(f"{name}_b = Mul ({name}_br, bias_step)")
    pad = k // 2
    node(f"{name}_c = Conv <kernel_shape = [{k}, {k}], strides = [{stride}, {stride}], "
         f"pads = [{pad}, {pad}, {pad}, {pad}]> ({x}, {name}_w, {name}_b)")
    if not relu:
        return f"{name}_c"
    node(f"{name}_a = Relu ({name}_c)")
    return f"{name}_a"


def up2(name, x):
    node(f"{name} = Resize <mode = \"nearest\"> ({x}, , up_scales)")
    return name


node("zero = Constant <value = float {0.0}> ()")
node("one = Constant <value = float {1.0}> ()")
node("bias_step = Constant <value = float {0.01}> ()")
node("up_scales = Constant <value = float[4] {1.0, 1.0, 2.0, 2.0}> ()")
c1 = conv("b1", "x", 3, 32, 3, 2)        # 320x320
c2 = conv("b2", c1, 32, 64, 3, 2)        # 160x160
c3 = conv("b3", c2, 64, 128, 3, 2)       # 80x80
c4 = conv("b4", c3, 128, 256, 3, 2)      # 40x40
c5 = conv("b5", c4, 256, 384, 3, 2)      # 20x20
l5 = conv("l5", c5, 384, 128, 1, 1, relu=False)
l4 = conv("l4", c4, 256, 128, 1, 1, relu=False)
l3 = conv("l3", c3, 128, 128, 1, 1, relu=False)
node(f"p4 = Add ({l4}, {up2('u5', l5)})")
node(f"p3 = Add ({l3}, {up2('u4', 'p4')})")
o5 = conv("o5", l5, 128, 128, 3, 1)
o4 = conv("o4", "p4", 128, 128, 3, 1)
o3 = conv("o3", "p3", 128, 128, 3, 1)
node(f"m3 = Concat <axis = 1> ({o3}, {up2('u34', o4)})")
h3 = conv("h3", "m3", 256, 85, 1, 1, relu=False)
h4 = conv("h4", o4, 128, 85, 1, 1, relu=False)
h5 = conv("h5", o5, 128, 85, 1, 1, relu=False)
node(f"y3 = Identity ({h3})")
node(f"y4 = Identity ({h4})")
node(f"y5 = Identity ({h5})")

print("# A detector-sized feature pyramid network (docs/benchmark.md), written by fpn_640.py; do not edit.")
print("<\n  ir_version: 8,\n  opset_import: [\"\" : 17]\n>")
print("fpn_640 (float[1, 3, 640, 640] x) => (float[1, 85, 80, 80] y3, float[1, 85, 40, 40] y4, "
      "float[1, 85, 20, 20] y5)\n{")
print("\n".join(lines))
print("}")
