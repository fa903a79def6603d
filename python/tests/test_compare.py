"""onnxsem.compare judges a runtime's values node by node as the cross-check does (XC10, XC11): a planted
departure is named as the first departing node, and the verdicts equal those of `onnxsem compare` with the planting
adapter (crosscheck/fixtures/perturbing_adapter.cpp) on the same model and inputs."""
import json
import os
import subprocess

import numpy as np
import onnx
import onnx.helper as oh
import onnx.numpy_helper
import onnx.parser
import pytest

import onnxsem
from conftest import COMMAND, SOURCE

MODEL = SOURCE / "conformance" / "findings" / "models" / "cv_conv_add_chain.onnxtxt"
FACTOR = 1.000030517578125  # 1 + 2^-15


def feeds():
    rng = np.random.default_rng(5)
    return {"X": rng.uniform(-1, 1, (1, 2, 4, 4)).astype(np.float32), "C": np.array([0.5, -0.25], np.float32)}


def planted_values(name):
    """Every value of the model when `name` is multiplied by FACTOR where its operation leaves it (later
    operations read the product), as the planting adapter computes them: onnxsem on the planted model."""
    m = onnx.parser.parse_model(MODEL.read_text())
    for node in m.graph.node:
        node.output[:] = [o + "__unperturbed" if o == name else o for o in node.output]
    m.graph.initializer.append(onnx.numpy_helper.from_array(np.array(FACTOR, np.float32), name + "__factor"))
    m.graph.node.append(oh.make_node("Mul", [name + "__unperturbed", name + "__factor"], [name]))
    every = onnxsem.InferenceSession(m).run(None, feeds(), intermediate=True)
    return {k: v for k, v in every.items() if "__" not in k and k not in feeds()}


@pytest.mark.parametrize("mode", ["isolated", "cumulative"])
def test_a_planted_departure_is_localised(mode):
    clean = onnxsem.InferenceSession(str(MODEL)).run(None, feeds(), intermediate=True)
    c = onnxsem.compare(str(MODEL), feeds(), clean, mode=mode)
    assert c.first_departing_node is None and {n.verdict for n in c.nodes} == {"in-bound"}
    c = onnxsem.compare(str(MODEL), feeds(), planted_values("A"), mode=mode)
    first = c.first_departing_node
    assert (first.op_type, first.name, first.verdict, first.clause) == ("Add", "#2", "out-of-bound", "AC3")
    assert [n.verdict for n in c.nodes[:2]] == ["in-bound", "in-bound"]


def test_verdicts_equal_the_commands(tmp_path):
    adapter = os.environ.get("ONNXSEM_PLANTING_ADAPTER")
    if not adapter:
        pytest.fail("ONNXSEM_PLANTING_ADAPTER is not set (meson test sets it)")
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    for k, name in enumerate(["X", "C"]):
        (inputs / f"input_{k}.pb").write_bytes(onnx.numpy_helper.from_array(feeds()[name]).SerializeToString())
    for mode in ("isolated", "cumulative"):
        report = tmp_path / f"{mode}.json"
        run = subprocess.run([COMMAND, "compare", str(MODEL), "--runtime", "planted", "--adapter", adapter,
                              "--inputs", str(inputs), "--mode", mode, "--json", str(report)],
                             env=dict(os.environ, ONNXSEM_PLANT=f"A={FACTOR}"), capture_output=True, text=True)
        assert report.exists(), run.stdout + run.stderr
        [case] = [c for c in json.loads(report.read_text())["cases"] if "localisation" in c]
        ours = onnxsem.compare(str(MODEL), feeds(), planted_values("A"), mode=mode)
        assert ours.json == case["localisation"]


def test_a_runtime_runs_the_model_with_every_output():
    """The runtime's side as a user writes it: the rewritten model, run by a runtime (here onnxsem itself, the
    stand-in), its outputs zipped with their names, judged: every node in bound."""
    rewritten = onnxsem.model_with_every_output(str(MODEL), feeds())
    m = onnx.load_from_string(rewritten)
    names = [o.name for o in m.graph.output]
    assert names[0] == "Y" and set(names) == {"Y", "H1", "R1", "A", "H2", "R2"}
    runtime = onnxsem.InferenceSession(rewritten)
    values = dict(zip(names, runtime.run(None, feeds())))
    c = onnxsem.compare(str(MODEL), feeds(), values)
    assert [n.verdict for n in c.nodes] == ["in-bound"] * 6 and c.missing == []


def test_missing_values_are_not_comparable():
    clean = onnxsem.InferenceSession(str(MODEL)).run(None, feeds(), intermediate=True)
    del clean["R2"]
    c = onnxsem.compare(str(MODEL), feeds(), clean)
    assert "R2" in c.missing
    assert [n.verdict for n in c.nodes if n.name == "#4"] == ["not-comparable"]


def test_bad_mode_and_unknown_inputs():
    with pytest.raises(onnxsem.UsageError):
        onnxsem.compare(str(MODEL), feeds(), {}, mode="sideways")
    with pytest.raises(onnxsem.UsageError):
        onnxsem.compare(str(MODEL), {"nope": np.zeros(1, np.float32)}, {})
