"""Every refusal, evaluation error, unsupported feature and usage error raises a subclass of onnxsem.Error that
carries its clause and where it happened, as the command's messages and exit codes do (1, 3, 4, 2)."""
import subprocess

import numpy as np
import onnx
import onnx.helper as oh
import onnx.numpy_helper
import pytest

import onnxsem
from conftest import COMMAND, FIXTURES, identity, model


def command_exit(*args):
    return subprocess.run([COMMAND, *map(str, args)], capture_output=True, text=True).returncode


def test_the_classes():
    for cls in (onnxsem.Refused, onnxsem.EvaluationError, onnxsem.Unsupported, onnxsem.UsageError,
                onnxsem.InternalError):
        assert issubclass(cls, onnxsem.Error) and issubclass(cls, Exception)


def test_refused_model_carries_its_clause_and_findings():
    path = FIXTURES / "c1_second_writer.onnxtxt"
    with pytest.raises(onnxsem.Refused) as e:
        onnxsem.InferenceSession(str(path))
    assert e.value.clause == "C1" and "[C1]" in str(e.value)
    assert any(f.clause == "C1" and f.severity == "error" for f in e.value.findings)
    assert command_exit("run", path) == 1
    findings = onnxsem.check(str(path))
    assert [f.clause for f in findings if f.severity == "error"] == ["C1"]
    assert findings[0].text.startswith("[C1]")


def test_check_names_the_node_and_operator():
    findings = onnxsem.check(str(FIXTURES / "ty2_relu_two_inputs.onnxtxt"))
    [f] = [f for f in findings if f.severity == "error"]
    assert f.clause == "TY2" and f.node and f.operator == "Relu"


def test_evaluation_error_carries_clause_node_and_operator():
    m = model([oh.make_node("Div", ["a", "b"], ["z"], name="divide")], [("a", 6, [2]), ("b", 6, [2])], [("z", 6, [2])])
    session = onnxsem.InferenceSession(m)
    with pytest.raises(onnxsem.EvaluationError) as e:
        session.run(None, {"a": np.array([7, 8], np.int32), "b": np.array([1, 0], np.int32)})
    assert (e.value.clause, e.value.node, e.value.operator) == ("N9", "divide", "Div")
    assert command_exit("run", FIXTURES / "n9_division_by_zero.onnxtxt") == 3


def test_unsupported_is_its_own_outcome(tmp_path):
    path = FIXTURES / "u1_not_implemented.onnxtxt"
    x = np.zeros(2, np.float32)
    with pytest.raises(onnxsem.Unsupported) as e:
        onnxsem.InferenceSession(str(path)).run(None, {"x": x})
    assert e.value.clause == "U1"
    (tmp_path / "x.pb").write_bytes(onnx.numpy_helper.from_array(x).SerializeToString())
    assert command_exit("run", path, "--input", f"x={tmp_path / 'x.pb'}") == 4


def test_usage_errors():
    session = onnxsem.InferenceSession(identity(1, [2]))
    cases = [lambda: session.run(None, {"nope": np.zeros(2, np.float32)}),  # not an input
             lambda: session.run(["nope"], {"x": np.zeros(2, np.float32)}),  # not an output
             lambda: session.run(None, {"x": [np.zeros(2, np.float32)]}),  # a list for a tensor
             lambda: session.run(None, {"x": None}),  # None for a tensor
             lambda: session.run(None, {"x": np.zeros(2, np.complex64)}),  # no such element type
             lambda: onnxsem.InferenceSession(identity(1, [2]), profile="strict"),
             lambda: onnxsem.InferenceSession(identity(1, [2]), schedule="sideways"),
             lambda: onnxsem.InferenceSession(identity(1, [2]), threads=0)]
    for case in cases:
        with pytest.raises(onnxsem.UsageError) as e:
            case()
        assert e.value.clause == "U2", e.value


def test_input_of_the_wrong_type_is_refused_by_I1_clauses():
    session = onnxsem.InferenceSession(identity(1, [2]))
    with pytest.raises(onnxsem.Error) as e:
        session.run(None, {"x": np.zeros(2, np.float64)})  # declared float
    assert e.value.clause.startswith("I")


def test_unreadable_and_malformed_models():
    for path in ("/nonexistent/model.onnx", str(FIXTURES)):  # no file; a folder
        with pytest.raises(onnxsem.UsageError) as e:
            onnxsem.InferenceSession(path)
        assert e.value.clause == "F1"
    with pytest.raises(onnxsem.Error) as e:
        onnxsem.InferenceSession(b"\x08\x07\x12garbage")
    assert e.value.clause and not isinstance(e.value, onnxsem.InternalError)
    with pytest.raises(onnxsem.UsageError):
        onnxsem.InferenceSession(3.5)


def test_limits_are_the_clauses_of_spec():
    big = model([oh.make_node("ConstantOfShape", ["s"], ["z"])], [("s", 7, [1])], [("z", 1, None)])
    session = onnxsem.InferenceSession(big, max_tensor_bytes=1000)
    with pytest.raises(onnxsem.Error) as e:
        session.run(None, {"s": np.array([10 ** 6], np.int64)})
    assert e.value.clause == "L3"
