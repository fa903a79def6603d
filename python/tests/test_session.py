"""InferenceSession as ONNX Runtime's and the reference evaluator's interfaces have it: run(output_names, feeds),
get_inputs() and get_outputs(), run(..., intermediate=True); a model as a path, bytes or a ModelProto."""
import numpy as np
import onnx
import onnx.helper as oh
import pytest

import onnxsem
from conftest import FIXTURES, model, same_bits


def chain():
    """y = (x + c) * x, z = Neg(y), with c an initializer that is also an input (a default the caller may feed)."""
    c = onnx.numpy_helper.from_array(np.array([1, 2, 3], np.float32), "c")
    return model([oh.make_node("Add", ["x", "c"], ["s"], name="add"), oh.make_node("Mul", ["s", "x"], ["y"]),
                  oh.make_node("Neg", ["y"], ["z"], name="neg")],
                 [("x", 1, ["N", 3]), ("c", 1, [3])], [("y", 1, ["N", 3]), ("z", 1, None)], initializers=[c])


def test_run_gives_the_outputs_asked_in_order():
    session = onnxsem.InferenceSession(chain())
    x = np.array([[1, -2, 0.5], [4, 5, 6]], np.float32)
    y, z = session.run(None, {"x": x})
    assert same_bits(y, (x + np.array([1, 2, 3], np.float32)) * x) and same_bits(z, -y)
    (z2, y2) = session.run(["z", "y"], {"x": x})
    assert same_bits(z2, z) and same_bits(y2, y)
    # An input with an initializer may be fed: it overrides the initializer (E1).
    (y3,) = session.run(["y"], {"x": x, "c": np.zeros(3, np.float32)})
    assert same_bits(y3, x * x)


def test_inputs_and_outputs_as_onnxruntime_describes_them():
    session = onnxsem.InferenceSession(chain())
    [x] = session.get_inputs()  # c has an initializer: not an input a caller must feed
    assert (x.name, x.type, x.shape, x.element_type) == ("x", "tensor(float)", ["N", 3], "float")
    y, z = session.get_outputs()
    assert (y.name, y.shape, z.name, z.shape) == ("y", ["N", 3], "z", None)


def test_intermediate_gives_every_named_value():
    session = onnxsem.InferenceSession(chain())
    x = np.array([[1, 2, 3]], np.float32)
    every = session.run(None, {"x": x}, intermediate=True)
    assert sorted(every) == ["c", "s", "x", "y", "z"]
    assert same_bits(every["s"], x + np.array([1, 2, 3], np.float32))
    assert same_bits(every["z"], session.run(["z"], {"x": x})[0])


def test_path_bytes_and_modelproto_give_the_same_outputs(tmp_path):
    m = chain()
    path = tmp_path / "chain.onnx"
    onnx.save(m, str(path))
    x = np.array([[0.1, 0.2, 0.3]], np.float32)
    results = [onnxsem.InferenceSession(s).run(None, {"x": x}) for s in (m, m.SerializeToString(), str(path), path)]
    for r in results[1:]:
        assert all(same_bits(a, b) for a, b in zip(r, results[0]))
    # ONNX's textual syntax, as the command reads it.
    (z,) = onnxsem.InferenceSession(str(FIXTURES / "add_constants.onnxtxt")).run(None, {})
    assert same_bits(z, np.array([2.0, -2.0], np.float32))


@pytest.mark.parametrize("schedule", ["ordered", "reverse", "random", "depth-first"])
def test_every_schedule_and_thread_count_gives_the_same_bits(schedule):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((64, 3)).astype(np.float32)
    expected = onnxsem.InferenceSession(chain()).run(None, {"x": x})
    for threads in (1, 3):
        got = onnxsem.InferenceSession(chain(), schedule=schedule, seed=7, threads=threads).run(None, {"x": x})
        assert all(same_bits(a, b) for a, b in zip(got, expected))


def test_sonnx_profile_and_warnings():
    session = onnxsem.InferenceSession(chain(), profile="sonnx")
    assert all(w.severity == "warning" for w in session.warnings)
