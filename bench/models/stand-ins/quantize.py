"""Dynamic int8 quantization of an ONNX graph, as transformers.js's `model_quantized.onnx` files are.

onnxruntime's quantize_dynamic is Python code shipped in the onnxruntime wheel, which is not on
these machines (no PyPI), so the rewrite is done here with onnx.helper: every MatMul by a constant
weight becomes DynamicQuantizeLinear → MatMulInteger → Cast → Mul by the two scales, and every
Gather from a constant table (the embeddings) gathers uint8 rows and dequantizes them. Weights are
uint8 with a zero point, one scale per tensor, as quantize_dynamic makes them with QUInt8.
The attention's MatMuls (activation by activation) stay float: they have no constant side.
"""
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def _quantize(w: np.ndarray):
    lo, hi = min(float(w.min()), 0.0), max(float(w.max()), 0.0)
    scale = (hi - lo) / 255.0 or 1.0
    zero = int(round(-lo / scale))
    q = np.clip(np.round(w / scale) + zero, 0, 255).astype(np.uint8)
    return q, np.float32(scale), np.uint8(zero)


def quantize_dynamic(model: onnx.ModelProto) -> onnx.ModelProto:
    graph = model.graph
    weights = {t.name: t for t in graph.initializer}
    done = {}  # initializer name -> names of its uint8 copy, scale and zero point
    added = []

    def quantized(name: str):
        if name not in done:
            q, scale, zero = _quantize(numpy_helper.to_array(weights[name]))
            names = (f"{name}_quantized", f"{name}_scale", f"{name}_zero_point")
            added.extend([
                numpy_helper.from_array(q, names[0]),
                numpy_helper.from_array(np.array(scale, dtype=np.float32), names[1]),
                numpy_helper.from_array(np.array(zero, dtype=np.uint8), names[2]),
            ])
            done[name] = names
        return done[name]

    def constant_float(name: str, rank: int) -> bool:
        t = weights.get(name)
        return t is not None and t.data_type == TensorProto.FLOAT and len(t.dims) == rank

    nodes = []
    for i, node in enumerate(graph.node):
        if node.op_type == "MatMul" and constant_float(node.input[1], 2):
            a, (wq, ws, wz) = node.input[0], quantized(node.input[1])
            p = f"{node.name or 'MatMul'}_{i}"
            nodes += [
                helper.make_node("DynamicQuantizeLinear", [a], [f"{p}_aq", f"{p}_as", f"{p}_az"], name=f"{p}_quant"),
                helper.make_node("MatMulInteger", [f"{p}_aq", wq, f"{p}_az", wz], [f"{p}_int"], name=f"{p}_int"),
                helper.make_node("Cast", [f"{p}_int"], [f"{p}_float"], to=TensorProto.FLOAT, name=f"{p}_cast"),
                helper.make_node("Mul", [f"{p}_as", ws], [f"{p}_scale"], name=f"{p}_scales"),
                helper.make_node("Mul", [f"{p}_float", f"{p}_scale"], list(node.output), name=f"{p}_rescale"),
            ]
        elif node.op_type == "Gather" and constant_float(node.input[0], 2):
            (wq, ws, wz), p = quantized(node.input[0]), f"{node.name or 'Gather'}_{i}"
            nodes += [
                helper.make_node("Gather", [wq, node.input[1]], [f"{p}_q"], name=f"{p}_q", **{a.name: helper.get_attribute_value(a) for a in node.attribute}),
                helper.make_node("DequantizeLinear", [f"{p}_q", ws, wz], list(node.output), name=f"{p}_dequant"),
            ]
        else:
            nodes.append(node)

    still_read = {name for n in nodes for name in n.input}
    kept = [t for t in graph.initializer if t.name in still_read] + added
    del graph.node[:]
    graph.node.extend(nodes)
    del graph.initializer[:]
    graph.initializer.extend(kept)
    return model
