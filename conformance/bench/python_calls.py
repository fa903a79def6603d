#!/usr/bin/env python3
"""The cost of one call of onnxsem from Python (docs/python.md, "What a call costs"): calls per second of
`InferenceSession.run` in process, of a session made anew each time, and of one `onnxsem run` process per call
(inputs and outputs as files, the way a test suite used the command before the package), on the same small model
and inputs, side by side in one run, in rounds that alternate the three (the median of the round medians is given).

    PYTHONPATH=build/python /usr/bin/python3 conformance/bench/python_calls.py [--calls N] [--rounds R] [MODEL]

MODEL defaults to a y = Relu(x @ w + b) of a 1 x 64 input (a 64 x 64 w). It measures; it is not a test.
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import onnx
import onnx.helper as oh
import onnx.numpy_helper

import onnxsem

ROOT = pathlib.Path(__file__).resolve().parents[2]


def small_model():
    rng = np.random.default_rng(0)
    w = onnx.numpy_helper.from_array(rng.standard_normal((64, 64)).astype(np.float32), "w")
    b = onnx.numpy_helper.from_array(rng.standard_normal(64).astype(np.float32), "b")
    nodes = [oh.make_node("MatMul", ["x", "w"], ["m"]), oh.make_node("Add", ["m", "b"], ["a"]),
             oh.make_node("Relu", ["a"], ["y"])]
    graph = oh.make_graph(nodes, "small", [oh.make_tensor_value_info("x", 1, [1, 64])],
                          [oh.make_tensor_value_info("y", 1, [1, 64])], initializer=[w, b])
    m = oh.make_model(graph, opset_imports=[oh.make_opsetid("", 17)])
    m.ir_version = 8
    return m


def per_second(fn, calls):
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return calls / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("model", nargs="?")
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--onnxsem", default=str(ROOT / "build" / "cli" / "onnxsem"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        path = args.model or str(tmp / "small.onnx")
        if not args.model:
            onnx.save(small_model(), path)
        session = onnxsem.InferenceSession(path, threads=1)
        rng = np.random.default_rng(1)
        feeds = {}
        (tmp / "in").mkdir()
        for k, info in enumerate(session.get_inputs()):
            shape = [d if isinstance(d, int) else 1 for d in info.shape]
            feeds[info.name] = rng.standard_normal(shape).astype(np.float32)
            (tmp / "in" / f"input_{k}.pb").write_bytes(
                onnx.numpy_helper.from_array(feeds[info.name]).SerializeToString())
        command = [args.onnxsem, "run", path, "--inputs", str(tmp / "in"), "--output-dir", str(tmp / "out"),
                   "--threads", "1"]
        # The same outputs from both, before anything is timed.
        subprocess.run(command, check=True, capture_output=True)
        ours = session.run(None, feeds)
        for k, y in enumerate(ours):
            theirs = onnx.numpy_helper.to_array(onnx.load_tensor(str(tmp / "out" / f"output_{k}.pb")))
            assert y.tobytes() == theirs.tobytes(), "the session and the command disagree"

        rows = {"session.run, in process": [], "InferenceSession(path) then run": [], "`onnxsem run` process": []}
        for _ in range(args.rounds):
            rows["session.run, in process"].append(per_second(lambda: session.run(None, feeds), args.calls))
            rows["InferenceSession(path) then run"].append(
                per_second(lambda: onnxsem.InferenceSession(path, threads=1).run(None, feeds), max(args.calls // 4, 1)))
            rows["`onnxsem run` process"].append(
                per_second(lambda: subprocess.run(command, check=True, capture_output=True), max(args.calls // 10, 1)))
        command_rate = statistics.median(rows["`onnxsem run` process"])
        print(f"model: {args.model or 'MatMul 1x64 @ 64x64, Add, Relu'}; {args.rounds} rounds, "
              f"median of the rounds")
        print("| call | calls per second | microseconds per call | against the command |")
        print("|---|---:|---:|---:|")
        for name, rates in rows.items():
            rate = statistics.median(rates)
            print(f"| {name} | {rate:,.0f} | {1e6 / rate:,.0f} | {rate / command_rate:.1f} x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
