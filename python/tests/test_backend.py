"""ONNX's own backend test runner (onnx.backend.test.BackendTest, python3-onnx 1.12) driving onnxsem.backend on the
suite it ships, which is Debian's libonnx-testdata, the suite `meson test sweep-debian` sweeps.

The tests the runner does not expect to pass are those conformance/expected/debian-onnx-1.12.tsv lists (the sweep's
known results), and those conformance/expected/backend-onnx-1.12.tsv lists (tests of random operators, which the
sweep passes by judging the expected outputs as a possible draw and a backend cannot), with the reasons written
there, read from those files so that the lists are one: each listed test is an expected failure (the runner's
xfail), so that one that passes fails this test as an unexpected success, and every test not listed must pass; the
real/ models, which the runner downloads (the suite does not ship them), are excluded instead. The counts are
checked against the sweep's at the end of the session (conftest.py, pytest_sessionfinish).
"""
import numpy as np
import onnx
import onnx.backend.test

import onnxsem.backend
from conftest import DEBIAN_SUITE, SOURCE

# ONNX 1.12's runner compares string outputs with `np.object`, an alias numpy 1.24 (Debian's) removed; it is the
# builtin `object`, which is what the runner meant.
if not hasattr(np, "object"):
    np.object = object

EXPECTED_FILE = SOURCE / "conformance" / "expected" / "debian-onnx-1.12.tsv"
BACKEND_FILE = SOURCE / "conformance" / "expected" / "backend-onnx-1.12.tsv"
# The operators that draw random numbers (spec/ops-nn.md, NN44), and Dropout, which does in training mode.
RANDOM_OPERATORS = {"Bernoulli", "RandomUniform", "RandomUniformLike", "RandomNormal", "RandomNormalLike",
                    "Multinomial", "Dropout"}


def listed(path):
    """{suite key: (status, reason)} of a known-results list."""
    out = {}
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, status, reason = line.split("\t", 2)
        out[key] = (status, reason)
    return out


LISTED = listed(EXPECTED_FILE)
BACKEND_ONLY = listed(BACKEND_FILE)
# The runner names a test after its folder, with the device: node/test_abs is test_abs_cpu.
EXCLUDED = {k: v for k, v in LISTED.items() if k.startswith("real/")}
XFAIL = {k: v for k, v in {**LISTED, **BACKEND_ONLY}.items() if not k.startswith("real/")}


class BackendTest(onnx.backend.test.BackendTest):
    """ONNX's runner, with one defect of ONNX 1.12's mended: comparing a sequence output, it passes each item where
    a list of outputs is expected, so a sequence of 0-d tensors fails in len() (test_loop16_seq_none). Here each
    item goes to the runner's own comparison as a list of one; everything else is the runner's."""

    @classmethod
    def assert_similar_outputs(cls, ref_outputs, outputs, rtol, atol):
        np.testing.assert_equal(len(outputs), len(ref_outputs))
        for ref, out in zip(ref_outputs, outputs):
            if isinstance(out, (list, tuple)):
                cls.assert_similar_outputs(list(ref), list(out), rtol, atol)
            else:
                super().assert_similar_outputs([ref], [out], rtol, atol)


def test_backend_only_entries_hold_random_operators():
    """A test may be listed for the backend alone only when the sweep passes it (it is not in the sweep's list) and
    its model holds an operator that draws random numbers: the one reason the runner cannot pass it."""
    assert BACKEND_ONLY
    for key in BACKEND_ONLY:
        assert key not in LISTED, key
        m = onnx.load(str(DEBIAN_SUITE / key / "model.onnx"))
        assert {n.op_type for n in m.graph.node} & RANDOM_OPERATORS, key


backend_test = BackendTest(onnxsem.backend, __name__)
for key in EXCLUDED:
    backend_test.exclude(f"^{key.split('/', 1)[1]}_cpu$")
for key in XFAIL:
    backend_test.xfail(f"^{key.split('/', 1)[1]}_cpu$")
globals().update(backend_test.test_cases)


def test_run_node_run_model_and_devices():
    import onnx.helper as oh

    assert onnxsem.backend.supports_device("CPU") and not onnxsem.backend.supports_device("CUDA")
    (c,) = onnxsem.backend.run_node(oh.make_node("Add", ["a", "b"], ["c"]),
                                    [np.array([1, 2], np.float32), np.array([3, 4], np.float32)])
    assert c.dtype == np.float32 and c.tolist() == [4, 6]
    outputs = onnxsem.backend.run_node(oh.make_node("Relu", ["a"], ["c"]), {"a": np.array([-1, 2], np.int32)})
    assert outputs.c.tolist() == [0, 2] and outputs["c"].dtype == np.int32
    graph = oh.make_graph([oh.make_node("Neg", ["x"], ["y"])], "g", [oh.make_tensor_value_info("x", 1, [2])],
                          [oh.make_tensor_value_info("y", 1, [2])])
    (y,) = onnxsem.backend.run_model(oh.make_model(graph), [np.array([1, 2], np.float32)])
    assert y.tolist() == [-1, -2]
