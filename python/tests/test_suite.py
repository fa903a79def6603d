"""On Debian's suite (ONNX 1.12's backend tests, libonnx-testdata), every test's outputs from onnxsem in Python are
bit for bit those `onnxsem run` writes, and a test the command refuses, or finds unsupported, raises the class of that
outcome with the same clause in Python."""
import os
import pathlib
import re
import subprocess
import tempfile

import numpy as np
import onnx
import onnx.numpy_helper
import pytest

import onnxsem
from conftest import COMMAND, DEBIAN_SUITE, same_bits

EXIT_CLASS = {1: onnxsem.Refused, 2: onnxsem.UsageError, 3: onnxsem.EvaluationError, 4: onnxsem.Unsupported}


def suite_tests():
    if not DEBIAN_SUITE.is_dir():
        return []
    return sorted(p for p in DEBIAN_SUITE.glob("*/*") if (p / "model.onnx").is_file() and (p / "test_data_set_0").is_dir())


def file_value(path, declared):
    """A value file read with ONNX's own numpy_helper (independently of onnxsem's reader)."""
    data = pathlib.Path(path).read_bytes()
    if declared.HasField("sequence_type"):
        s = onnx.SequenceProto()
        s.ParseFromString(data)
        return onnx.numpy_helper.to_list(s)
    if declared.HasField("optional_type"):
        o = onnx.OptionalProto()
        o.ParseFromString(data)
        return onnx.numpy_helper.to_optional(o)
    t = onnx.TensorProto()
    t.ParseFromString(data)
    if t.data_type == onnx.TensorProto.BFLOAT16:  # numpy_helper gives float32; the bits, exactly
        return ("bfloat16", onnx.numpy_helper.to_array(t))
    return onnx.numpy_helper.to_array(t)


def same(ours, theirs):
    if isinstance(theirs, tuple):  # bfloat16, as float32
        return getattr(ours, "onnx_type", None) == theirs[0] and same_bits(onnxsem.bfloat16_to_float32(ours), theirs[1])
    if isinstance(theirs, list):
        return isinstance(ours, list) and len(ours) == len(theirs) and all(map(same, ours, theirs))
    if theirs is None:
        return ours is None
    return same_bits(ours, theirs)


def inputs_folder(model, data, into):
    """The test's input files, those of ONNX 1.12's bfloat16 inputs rewritten: that suite stores bfloat16 data as
    uint16 tensors of the bit patterns (the sweep reads them so, conformance/suite.cpp), which `onnxsem run`, reading
    a file as the graph declares it, refuses (I3). The same bits, as a bfloat16 tensor."""
    initialized = {i.name for i in model.graph.initializer}
    fed = [i for i in model.graph.input if i.name not in initialized]
    for k, declared in enumerate(fed):
        source = data / f"input_{k}.pb"
        if not source.exists():
            continue
        content = source.read_bytes()
        if declared.type.tensor_type.elem_type == onnx.TensorProto.BFLOAT16:
            t = onnx.TensorProto()
            t.ParseFromString(content)
            if t.data_type == onnx.TensorProto.UINT16:
                bits = onnx.numpy_helper.to_array(t)
                t = onnx.TensorProto(name=t.name, dims=t.dims, data_type=onnx.TensorProto.BFLOAT16,
                                     raw_data=bits.astype("<u2").tobytes())
                content = t.SerializeToString()
        (into / f"input_{k}.pb").write_bytes(content)


@pytest.mark.parametrize("test", suite_tests(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_outputs_equal_the_commands(test):
    model = onnx.load(str(test / "model.onnx"))
    with tempfile.TemporaryDirectory() as tmp:
        data, out = pathlib.Path(tmp) / "inputs", pathlib.Path(tmp) / "outputs"
        data.mkdir()
        inputs_folder(model, test / "test_data_set_0", data)
        run = subprocess.run([COMMAND, "run", str(test / "model.onnx"), "--inputs", str(data), "--output-dir", str(out)],
                             capture_output=True, text=True)
        try:
            session = onnxsem.InferenceSession(str(test / "model.onnx"))
            outputs = session.run(None, session.read_inputs(data))
        except onnxsem.Error as e:
            assert run.returncode in EXIT_CLASS, run.stderr
            assert isinstance(e, EXIT_CLASS[run.returncode]), (e, run.stderr)
            clauses = re.findall(r"^(?:onnxsem: [a-z ]+: )?\[(\w+)\]", run.stdout + run.stderr, re.M)
            assert e.clause in clauses, (e, run.stdout + run.stderr)
            return
        assert run.returncode == 0, run.stderr
        declared = [o.type for o in model.graph.output]
        for k, ours in enumerate(outputs):
            assert same(ours, file_value(os.path.join(out, f"output_{k}.pb"), declared[k])), f"output {k}"
