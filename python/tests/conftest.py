"""What the tests of the Python package share: where the repository, the command and the suites are (meson test
sets ONNXSEM, ONNXSEM_SOURCE and PYTHONPATH; see python/tests/meson.build), and small models built with onnx.helper."""
import os
import pathlib

import numpy as np
import onnx
import onnx.helper as oh
import pytest

SOURCE = pathlib.Path(os.environ.get("ONNXSEM_SOURCE", pathlib.Path(__file__).resolve().parents[2]))
COMMAND = os.environ.get("ONNXSEM", str(SOURCE / "build" / "cli" / "onnxsem"))
DEBIAN_SUITE = pathlib.Path("/usr/share/libonnx-testdata/data")
FIXTURES = SOURCE / "conformance" / "fixtures"


def model(nodes, inputs, outputs, *, opset=17, ir_version=8, initializers=(), domains=()):
    """A model of one graph: inputs and outputs as (name, elem_type, shape) or ValueInfoProto."""
    def info(v):
        return v if isinstance(v, onnx.ValueInfoProto) else oh.make_tensor_value_info(*v)
    graph = oh.make_graph(nodes, "g", [info(v) for v in inputs], [info(v) for v in outputs],
                          initializer=list(initializers))
    imports = [oh.make_opsetid("", opset)] + [oh.make_opsetid(d, v) for d, v in domains]
    m = oh.make_model(graph, opset_imports=imports)
    m.ir_version = ir_version
    return m


def identity(elem_type, shape, *, opset=17, ir_version=8):
    """y = Identity(x), both of the element type and shape."""
    return model([oh.make_node("Identity", ["x"], ["y"])], [("x", elem_type, shape)], [("y", elem_type, shape)],
                 opset=opset, ir_version=ir_version)


def same_bits(a, b):
    """Equal element type, shape and element bytes (NaN payloads included)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype == object:
        return a.tolist() == b.tolist()
    return a.tobytes() == b.tobytes()


@pytest.fixture
def fixtures():
    return FIXTURES


# The backend runner's counts (test_backend.py) against the sweep's on the same suite: the tests of the suite that
# the known-results list does not list must all pass, those it lists (but the downloaded real/ models) must all be
# expected failures, and nothing else may happen on the CPU. Checked when the session ends; a difference fails it.
_backend_outcomes = {}


def pytest_runtest_logreport(report):
    if "test_backend.py::OnnxBackend" in report.nodeid and (report.when == "call" or report.outcome == "skipped"):
        outcome = "xfailed" if hasattr(report, "wasxfail") else report.outcome
        _backend_outcomes[report.nodeid] = outcome


def pytest_sessionfinish(session, exitstatus):
    if not _backend_outcomes:
        return
    import test_backend
    counts = {}
    for nodeid, outcome in _backend_outcomes.items():
        device = "cuda" if nodeid.endswith("_cuda") else "cpu"
        counts[(device, outcome)] = counts.get((device, outcome), 0) + 1
    suite = [p for p in DEBIAN_SUITE.glob("*/*") if p.is_dir()]
    sweep_passes = len(suite) - len(test_backend.LISTED)
    got = {"passed": counts.get(("cpu", "passed"), 0), "xfailed": counts.get(("cpu", "xfailed"), 0),
           "skipped": counts.get(("cpu", "skipped"), 0), "failed": counts.get(("cpu", "failed"), 0)}
    # Every test the sweep passes passes here, but the random operators' (backend-onnx-1.12.tsv).
    want = {"passed": sweep_passes - len(test_backend.BACKEND_ONLY), "xfailed": len(test_backend.XFAIL),
            "skipped": len(test_backend.EXCLUDED), "failed": 0}
    line = (f"backend runner on {DEBIAN_SUITE} (CPU): {got['passed']} passed, {got['xfailed']} expected failures, "
            f"{got['skipped']} excluded, {got['failed']} failed; CUDA: "
            f"{sum(v for (d, _), v in counts.items() if d == 'cuda')} skipped by the runner. The sweep of the same "
            f"suite passes {sweep_passes} of {len(suite)}; {len(test_backend.BACKEND_ONLY)} of them only as a "
            f"possible draw of a random operator")
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter:
        reporter.write_line(line)
        for key, (status, reason) in sorted({**test_backend.LISTED, **test_backend.BACKEND_ONLY}.items()):
            reporter.write_line(f"  listed {status}: {key}: {reason}")
    if got != want:
        if reporter:
            reporter.write_line(f"the counts differ from the sweep's: expected {want}")
        session.exitstatus = 1
