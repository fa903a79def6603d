"""Several sessions used from several Python threads at once give the same bits as one at a time, and an evaluation
releases the GIL (other Python threads run meanwhile)."""
import threading
import time

import numpy as np
import onnx.helper as oh

import onnxsem
from conftest import model, same_bits


def heavy():
    """A few products and a softmax: enough work that an evaluation takes a while."""
    nodes = [oh.make_node("MatMul", ["x", "x"], ["a"]), oh.make_node("Tanh", ["a"], ["b"]),
             oh.make_node("MatMul", ["b", "x"], ["c"]), oh.make_node("Softmax", ["c"], ["y"], axis=1)]
    return model(nodes, [("x", 1, [256, 256])], [("y", 1, [256, 256])])


def test_threads_give_the_same_bits():
    rng = np.random.default_rng(3)
    feeds = [rng.standard_normal((256, 256)).astype(np.float32) / 16 for _ in range(4)]
    sessions = [onnxsem.InferenceSession(heavy(), threads=t) for t in (1, 2)]
    expected = [sessions[0].run(None, {"x": x})[0] for x in feeds]
    results, errors = {}, []

    def work(k):
        try:
            for r in range(3):
                i = (k + r) % len(feeds)
                results[(k, r)] = (i, sessions[k % 2].run(None, {"x": feeds[i]})[0])
        except Exception as e:  # reported below, with the thread
            errors.append((k, e))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert len(results) == 24
    for i, y in results.values():
        assert same_bits(y, expected[i])


def test_the_gil_is_released_while_evaluating():
    # One evaluation long enough to see (a chain of 512 x 512 products, some 100 ms on one thread), on a thread of
    # its own, while this thread ticks: a tick needs the GIL, so ticks fall inside the evaluation only if the
    # evaluation let the GIL go.
    nodes = [oh.make_node("MatMul", ["x" if k == 0 else f"m{k - 1}", "x"], [f"m{k}"]) for k in range(12)]
    nodes.append(oh.make_node("Identity", ["m11"], ["y"]))
    session = onnxsem.InferenceSession(model(nodes, [("x", 1, [512, 512])], [("y", 1, [512, 512])]), threads=1)
    x = np.full((512, 512), 1 / 512, np.float32)
    span = []

    def evaluate():
        start = time.perf_counter()
        session.run(None, {"x": x})
        span.extend([start, time.perf_counter()])

    ticks = []
    t = threading.Thread(target=evaluate)
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.0005)
    t.join()
    start, end = span
    inside = [k for k in ticks if start < k < end]
    assert len(inside) >= 5, (len(inside), end - start)
