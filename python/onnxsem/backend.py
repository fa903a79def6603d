"""onnxsem as an ONNX backend (onnx.backend.base.Backend), so that ONNX's own test runner
(onnx.backend.test.BackendTest) drives it (docs/python.md, "The ONNX backend"):

    import onnx.backend.test, onnxsem.backend
    globals().update(onnx.backend.test.BackendTest(onnxsem.backend, __name__).test_cases)

What it adds to InferenceSession is only what the backend interface asks: inputs by position (the graph's inputs
without an initializer, in order, as input_K.pb numbers them) and outputs as a tuple that also answers by name.
The runner of ONNX 1.12 reads bfloat16 tensors as float32 (numpy has no bfloat16), so a bfloat16 input given
as float32 is taken as its bfloat16 bit patterns when every element is a bfloat16 value, and a bfloat16 output
is given back as float32: both exact, no rounding.
"""
import numpy as np
import onnx
import onnx.backend.base

from . import InferenceSession, _values

__all__ = ["OnnxsemBackend", "OnnxsemRep", "prepare", "run_model", "run_node", "supports_device", "is_compatible"]


def _to_runner(value):
    """An output as the runner compares it: a bfloat16 view as float32, sequences item by item."""
    if isinstance(value, list):
        return [_to_runner(v) for v in value]
    if getattr(value, "onnx_type", None) == "bfloat16":
        return _values.bfloat16_to_float32(value)
    return value


class OnnxsemRep(onnx.backend.base.BackendRep):
    """A prepared model: an InferenceSession and the names of the inputs it is fed by position."""

    def __init__(self, session):
        self.session = session
        self._inputs = session.get_inputs()
        self._outputs = [o.name for o in session.get_outputs()]

    def run(self, inputs, **kwargs):
        if isinstance(inputs, dict):
            feeds = dict(inputs)
        else:
            if isinstance(inputs, np.ndarray) or not isinstance(inputs, (list, tuple)):
                inputs = [inputs]
            if len(inputs) > len(self._inputs):
                raise ValueError(f"{len(inputs)} inputs given, the model takes {len(self._inputs)}")
            feeds = {info.name: value for info, value in zip(self._inputs, inputs)}
        for info in self._inputs:
            v = feeds.get(info.name)
            if info.element_type == "bfloat16" and isinstance(v, np.ndarray) and v.dtype == np.float32:
                feeds[info.name] = _values.float32_to_bfloat16(v)
        outputs = self.session.run(None, feeds)
        return onnx.backend.base.namedtupledict("Outputs", self._outputs)(*[_to_runner(o) for o in outputs])


class OnnxsemBackend(onnx.backend.base.Backend):
    """onnxsem on the CPU, the only device it has; every model it reads is compatible (what it refuses or does
    not implement raises onnxsem's exceptions, with their clauses, when prepared or run)."""

    @classmethod
    def is_compatible(cls, model, device="CPU", **kwargs):
        return cls.supports_device(device)

    @classmethod
    def supports_device(cls, device):
        return onnx.backend.base.Device(device).type == onnx.backend.base.DeviceType.CPU

    @classmethod
    def prepare(cls, model, device="CPU", **kwargs):
        if not cls.supports_device(device):
            raise RuntimeError(f"onnxsem runs on the CPU, not on {device}")
        return OnnxsemRep(InferenceSession(model, **kwargs))

    @classmethod
    def run_model(cls, model, inputs, device="CPU", **kwargs):
        return cls.prepare(model, device, **kwargs).run(inputs)

    @classmethod
    def run_node(cls, node, inputs, device="CPU", outputs_info=None, **kwargs):
        """One node on its inputs: a model of that node alone, its inputs typed by the arrays given (tensors
        only), its outputs of unknown type, under the opset `opset_version` (default: the newest ONNX 1.12 knows)."""
        opset = kwargs.pop("opset_version", onnx.defs.onnx_opset_version())
        if isinstance(inputs, dict):
            arrays = [inputs[n] for n in node.input if n]
        else:
            arrays = list(inputs)
        names = [n for n in node.input if n]

        def element_type(a):
            a = np.asarray(a)
            return onnx.TensorProto.STRING if a.dtype.kind in "OUS" else onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[a.dtype]

        graph_inputs = [onnx.helper.make_tensor_value_info(n, element_type(a), np.shape(a)) for n, a in zip(names, arrays)]
        graph_outputs = [onnx.ValueInfoProto(name=n) for n in node.output if n]
        graph = onnx.helper.make_graph([node], "run_node", graph_inputs, graph_outputs)
        domain = node.domain or ""
        model = onnx.helper.make_model(graph, opset_imports=[onnx.helper.make_opsetid(domain, opset)])
        return cls.prepare(model, device, **kwargs).run(dict(zip(names, arrays)))


prepare = OnnxsemBackend.prepare
run_model = OnnxsemBackend.run_model
run_node = OnnxsemBackend.run_node
supports_device = OnnxsemBackend.supports_device
is_compatible = OnnxsemBackend.is_compatible
