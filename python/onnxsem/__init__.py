"""onnxsem in Python: the executable semantics of ONNX inference as an in-process oracle (docs/python.md).

    import numpy as np, onnxsem
    session = onnxsem.InferenceSession("model.onnx")
    outputs = session.run(None, {"x": np.ones((2, 3), np.float32)})

Sessions are shaped like ONNX Runtime's (`run(output_names, feeds)`, `get_inputs()`, `get_outputs()`), with
`run(..., intermediate=True)` as ONNX's reference evaluator has it. Every refusal, evaluation error and
unsupported feature raises a subclass of `onnxsem.Error` whose `clause` names the clause of spec/ it reports.
"""
import json as _json
import os as _os

from . import _onnxsem
from ._values import RAW_TYPES, RawArray, bfloat16_to_float32, element_type, float32_to_bfloat16, raw

__all__ = [
    "Error", "Refused", "EvaluationError", "Unsupported", "UsageError", "InternalError",
    "InferenceSession", "ValueInfo", "Finding", "Typing", "Comparison", "NodeVerdict",
    "check", "types", "compare", "model_with_every_output", "read_value_file",
    "RawArray", "RAW_TYPES", "raw", "element_type", "bfloat16_to_float32", "float32_to_bfloat16",
]
__version__ = "0.1.0"


class Error(Exception):
    """An outcome of onnxsem other than success (spec/values.md, "Outcomes"). `clause` is the ID of the clause of
    spec/ it reports ("C1", "N4", ...); `node`, `operator` and `tensor` say where, when known; `message` says what
    was wrong. A refusal by the check also lists every finding in `findings`."""

    clause = ""
    node = ""
    operator = ""
    tensor = ""
    message = ""
    findings = ()


class Refused(Error):
    """The model breaks a clause of the graph rules or of the static semantics (the command's exit 1)."""


class EvaluationError(Error):
    """An operator's precondition failed on these inputs (exit 3)."""


class Unsupported(Error):
    """An operator, version, element type or attribute form onnxsem does not implement (exit 4). Never a pass."""


class UsageError(Error, ValueError):
    """A call that cannot be understood or a file that cannot be read (exit 2): a wrong input name, a value that
    is not of the declared kind, a model file that does not exist."""


class InternalError(Error):
    """A defect of onnxsem itself (exit 5): please report it with the model."""


_onnxsem._set_error_classes({
    "refused": Refused, "evaluation error": EvaluationError, "unsupported": Unsupported,
    "usage": UsageError, "internal error": InternalError,
})


def _make_raw(array, onnx_type):
    view = array.view(RawArray)
    view.onnx_type = onnx_type
    return view


_onnxsem._set_raw_factory(_make_raw)


def _source(model):
    """A model as the extension reads it: a path (str or os.PathLike), bytes, or an onnx.ModelProto (serialized)."""
    if isinstance(model, (bytes, bytearray, memoryview)):
        return bytes(model)
    if isinstance(model, (str, _os.PathLike)):
        return _os.fspath(model)
    if hasattr(model, "SerializeToString"):
        return model.SerializeToString()
    raise UsageError(f"[U2] a model is a path, bytes or an onnx.ModelProto, not a {type(model).__name__}")


class ValueInfo:
    """A declared input or output, as ONNX Runtime's NodeArg: `name`, `type` ("tensor(float)", "seq(tensor(int64))",
    ...), `shape` (a list of int, str for a symbolic dimension and None for an unknown one; None when the
    declaration has no shape) and `element_type` ("float", ...; "undefined" for a value that is not a tensor)."""

    __slots__ = ("name", "type", "shape", "element_type")

    def __init__(self, name, type, shape, element_type):  # noqa: A002 (ONNX Runtime's name)
        self.name, self.type, self.shape, self.element_type = name, type, shape, element_type

    def __repr__(self):
        return f"ValueInfo(name={self.name!r}, type={self.type!r}, shape={self.shape!r})"


class Finding:
    """A finding of the check: `clause`, `severity` ("error" refuses the model, "warning" does not), `node` (its
    name), `operator` (its domain::op_type, when the node is one of the main graph's), `tensor`, `message`."""

    __slots__ = ("severity", "clause", "node", "operator", "tensor", "message", "text")

    def __init__(self, severity, clause, node, operator, tensor, message, text):
        self.severity, self.clause, self.node, self.operator = severity, clause, node, operator
        self.tensor, self.message, self.text = tensor, message, text

    def __repr__(self):
        return f"Finding({self.text!r})"

    def __str__(self):
        return self.text


def _findings(tuples):
    return [Finding(*t) for t in tuples]


# The extension hands out findings as tuples; exceptions carry them as Finding objects.
def _with_findings(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Error as e:
        e.findings = _findings(e.findings or ())
        raise


class InferenceSession:
    """A model loaded and checked once (under `profile`, "onnx" or "sonnx"; a refused model raises Refused), then
    evaluated by `run` any number of times, from any number of threads at once.

    model: a path, bytes or an onnx.ModelProto. A path's external data are read from its folder (F7, F8);
           bytes and a ModelProto have no folder, so their external references are refused.
    schedule: "depth-first" (None), "ordered", "reverse" or "random" (with `seed`): the outputs are the same (E6).
    threads: the threads each evaluation's kernels share (None: every core); the same bits for any count (E9).
    max_tensor_bytes, max_loop_iterations, max_work, max_firing_work: the limits of spec/ (L3, L4, L5); the
    command's defaults when None. strict_shapes: I4.
    """

    def __init__(self, model, *, profile="onnx", schedule=None, seed=0, threads=None, max_tensor_bytes=None,
                 max_loop_iterations=None, max_work=None, max_firing_work=None, strict_shapes=False):
        self._session = _with_findings(
            _onnxsem.Session, _source(model), profile, schedule, int(seed), threads,
            _onnxsem.default_tensor_bytes if max_tensor_bytes is None else int(max_tensor_bytes),
            _onnxsem.default_loop_iterations if max_loop_iterations is None else int(max_loop_iterations),
            _onnxsem.default_work if max_work is None else int(max_work),
            _onnxsem.default_firing_work if max_firing_work is None else int(max_firing_work),
            bool(strict_shapes))
        self._inputs = [ValueInfo(*v) for v in self._session.inputs()]
        self._outputs = [ValueInfo(*v) for v in self._session.outputs()]

    def get_inputs(self):
        """The graph inputs a caller feeds (those without an initializer), in the graph's order."""
        return list(self._inputs)

    def get_outputs(self):
        """The graph outputs, in the graph's order."""
        return list(self._outputs)

    def read_inputs(self, folder):
        """The feeds a suite's test data folder holds: its input_K.pb files, file K for the K-th input of
        get_inputs(), each read as its declaration says (a TensorProto, SequenceProto or OptionalProto), as
        `onnxsem run --inputs FOLDER` reads them."""
        return self._session.read_inputs(_os.fspath(folder))

    @property
    def warnings(self):
        """The check's warnings on the model (findings that do not refuse it)."""
        return _findings(self._session.warnings())

    def run(self, output_names, input_feed, *, intermediate=False):
        """The values of the graph outputs `output_names` (all of them, in order, when None) for the inputs in
        `input_feed` (a dict by input name; an input with an initializer may be left out), as a list. With
        intermediate=True, a dict of every named value of the main graph instead: initializers, inputs and every
        operation's outputs, as onnx.reference.ReferenceEvaluator's run(..., intermediate=True).

        Tensors are numpy arrays (raw views for the element types numpy has not), sequences lists, optionals
        None or their value, maps dicts (docs/python.md, "Values")."""
        names = None if output_names is None else [str(n) for n in output_names]
        if input_feed is None:
            input_feed = {}
        if not isinstance(input_feed, dict):
            raise UsageError(f"[U2] the inputs are a dict by input name, not a {type(input_feed).__name__}")
        return self._session.run(names, input_feed, bool(intermediate))


def check(model, profile="onnx"):
    """Every finding of `onnxsem check` on the model under the profile ("onnx" or "sonnx"): those of the static
    semantics and, when they refuse nothing, those of its constant part. The model is refused when one of them
    has severity "error"."""
    return _findings(_onnxsem.check(_source(model), profile))


class Typing:
    """What the static semantics concluded (`onnxsem types`, docs/types.md): `scopes`, a dict from each scope
    ("main", a subgraph, a function call) to a dict from name to ValueInfo; `findings`; `operations_typed` and
    `operations_untyped`; `json`, the report as the command writes it."""

    def __init__(self, report):
        self.json = report
        self.scopes = {
            s["scope"]: {n["name"]: ValueInfo(n["name"], n["type"], n["shape"], None) for n in s["names"]}
            for s in report["scopes"]
        }
        self.findings = [f["message"] for f in report["findings"]]
        self.operations_typed = report["operations_typed"]
        self.operations_untyped = report["operations_untyped"]


def types(model):
    """The inferred type of every name of every graph of the model (spec/types.md, TY1-TY11)."""
    source = _source(model)
    name = source if isinstance(source, str) else ""
    return Typing(_json.loads(_onnxsem.types(source, name)))


class NodeVerdict:
    """One operation judged (spec/conformance.md, XC11): `index`, `name`, `op_type`, `clause` (its accuracy
    clause), `verdict` ("in-bound", "out-of-bound", "in-tolerance", "out-of-tolerance", "not-comparable"),
    `max_ulp`, `bound_units` (None without a bound), `detail`."""

    def __init__(self, node):
        self.json = node
        for k in ("index", "name", "op_type", "clause", "verdict", "max_ulp", "bound_units", "detail"):
            setattr(self, k, node.get(k))
        self.departs = self.verdict in ("out-of-bound", "out-of-tolerance")

    def __repr__(self):
        return f"NodeVerdict({self.index}, {self.name!r}, {self.op_type}, {self.verdict})"


class Comparison:
    """A runtime's values judged node by node: `mode`, `nodes` (NodeVerdict, in the model's order),
    `first_departing_node` (the first NodeVerdict that departs, or None), `missing` (values the runtime did not
    give), and `json`, exactly the "localisation" member of a case of the cross-check's JSON report."""

    def __init__(self, report):
        self.json = report
        self.mode = report["mode"]
        self.nodes = [NodeVerdict(n) for n in report["nodes"]]
        first = report["first_departing_node"]
        self.first_departing_node = None if first is None else self.nodes[
            next(i for i, n in enumerate(self.nodes) if n.index == first["index"])]
        self.missing = list(report["missing"])


def compare(model, feeds, runtime_values, *, mode="isolated", rtol=1e-3, atol=1e-7, max_tensor_bytes=None):
    """Judges a runtime's values of the model's operations on `feeds` node by node, as `onnxsem compare` and the
    cross-check's --localise do (spec/conformance.md, XC10-XC11; spec/accuracy.md). `runtime_values` is a dict
    of named arrays: the runtime's value of each operation output it gives (for instance from an ONNX Runtime
    session of the model with every node output made a graph output). mode: "isolated" (each operation reads
    the runtime's values of its inputs) or "cumulative" (onnxsem's). rtol and atol: K1's tolerance, for the
    operations without a bound (AC7)."""
    if not isinstance(feeds, dict) or not isinstance(runtime_values, dict):
        raise UsageError("[U2] feeds and runtime_values are dicts by name")
    report = _with_findings(
        _onnxsem.compare, _source(model), feeds, runtime_values, mode, float(rtol), float(atol),
        _onnxsem.default_tensor_bytes if max_tensor_bytes is None else int(max_tensor_bytes))
    return Comparison(_json.loads(report))


def model_with_every_output(model, feeds, *, max_tensor_bytes=None):
    """The model with every output of every operation of its main graph also a graph output (after its own), each
    typed and shaped from onnxsem's value on `feeds`, as serialized bytes: run it in the runtime under test (graph
    optimisation off, so that no value is folded away) and give its outputs by name to `compare`, as the
    cross-check does (spec/conformance.md, XC10). Values that are not tensors are left out."""
    return _onnxsem.every_output_model(
        _source(model), feeds, _onnxsem.default_tensor_bytes if max_tensor_bytes is None else int(max_tensor_bytes))


def read_value_file(path):
    """A value file of the suite's layout (a serialized TensorProto, SequenceProto or OptionalProto) as Python."""
    return _onnxsem.read_value_file(_os.fspath(path))
