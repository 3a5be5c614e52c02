#!/usr/bin/python3
"""Writes the ONNX fixtures of tests/core/tst_onnx_importer.cpp.

How they were made: Debian 12's python3-onnx 1.12 (apt install python3-onnx), run with the system
interpreter from this folder:

    cd tests/data/onnx && /usr/bin/python3 make_fixtures.py

The files are committed, so the tests and CI do not need python3-onnx. Weights are small
deterministic numbers; only shapes matter to ShardScope. Node and initializer names follow
PyTorch's exporter ("/transformer/h.0/attn/c_attn/MatMul", "transformer.h.0.attn.c_attn.weight")
so the importer's scope grouping is exercised as with real exports.

  gpt_block.onnx     GPT-2-style decoder: token embedding (Gather), 2 blocks of LayerNorm,
                     fused QKV MatMul, MatMul-Softmax-MatMul attention, output projection,
                     residual Add, LayerNorm, MLP with erf-GELU, then final LayerNorm and an
                     untied LM head. h=64, 4 heads, ffn 256, vocab 128; input [batch, sequence].
  gpt_block_fixed.onnx  the same with a fixed input shape [2, 32] (no symbolic dimensions).
  cnn_block.onnx     IR version 3 (initializers also listed as graph inputs), opset 9: Conv,
                     BatchNormalization, Relu, MaxPool, Conv, BatchNormalization, Relu,
                     GlobalAveragePool, Flatten, Gemm. Input [batch, 3, 32, 32].
  mlp_external.onnx  two-layer MLP whose weights live in mlp_external.bin (external data).

Bad inputs for the error tests, written to ../bad/:
  onnx-cycle.onnx     two nodes feeding each other (a -> b -> a)
  onnx-dangling.onnx  a node reads a value nothing produces
  onnx-no-nodes.onnx  a model whose graph has no nodes
  onnx-non-utf8.onnx  a node name with the byte 0xFF (not UTF-8)
"""
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

VOCAB, HIDDEN, HEADS, FFN, BLOCKS = 128, 64, 4, 256, 2
HEAD_DIM = HIDDEN // HEADS


def weight(name, shape, seed):
    rng = np.random.default_rng(seed)
    return numpy_helper.from_array((rng.standard_normal(shape) * 0.02).astype(np.float32), name)


def const(name, value, dtype=np.int64):
    return helper.make_node("Constant", [], [name], name=name.replace("_out", ""),
                            value=numpy_helper.from_array(np.array(value, dtype=dtype), name + "_value"))


def gpt_block(fixed=False):
    nodes, inits, seed = [], [], [0]

    def w(name, shape):
        seed[0] += 1
        inits.append(weight(name, shape, seed[0]))
        return name

    def node(op, inputs, outputs, name, **attrs):
        nodes.append(helper.make_node(op, inputs, outputs, name=name, **attrs))
        return outputs[0]

    x = node("Gather", [w("transformer.wte.weight", [VOCAB, HIDDEN]), "input_ids"], ["/transformer/wte/Gather_output_0"],
             "/transformer/wte/Gather")
    for i in range(BLOCKS):
        p = f"/transformer/h.{i}"
        q = f"transformer.h.{i}"
        ln1 = node("LayerNormalization", [x, w(f"{q}.ln_1.weight", [HIDDEN]), w(f"{q}.ln_1.bias", [HIDDEN])],
                   [f"{p}/ln_1/out"], f"{p}/ln_1/LayerNormalization", axis=-1, epsilon=1e-5)
        qkv = node("MatMul", [ln1, w(f"{q}.attn.c_attn.weight", [HIDDEN, 3 * HIDDEN])], [f"{p}/attn/c_attn/mm"],
                   f"{p}/attn/c_attn/MatMul")
        qkv = node("Add", [qkv, w(f"{q}.attn.c_attn.bias", [3 * HIDDEN])], [f"{p}/attn/c_attn/out"], f"{p}/attn/c_attn/Add")
        nodes.append(const(f"{p}/attn/split_out", [HIDDEN, HIDDEN, HIDDEN]))
        node("Split", [qkv, f"{p}/attn/split_out"], [f"{p}/attn/q", f"{p}/attn/k", f"{p}/attn/v"], f"{p}/attn/Split", axis=-1)
        nodes.append(const(f"{p}/attn/heads_out", [0, 0, HEADS, HEAD_DIM]))
        heads = {}
        for t, perm in (("q", [0, 2, 1, 3]), ("k", [0, 2, 3, 1]), ("v", [0, 2, 1, 3])):
            r = node("Reshape", [f"{p}/attn/{t}", f"{p}/attn/heads_out"], [f"{p}/attn/{t}_r"], f"{p}/attn/Reshape_{t}")
            heads[t] = node("Transpose", [r], [f"{p}/attn/{t}_t"], f"{p}/attn/Transpose_{t}", perm=perm)
        scores = node("MatMul", [heads["q"], heads["k"]], [f"{p}/attn/scores"], f"{p}/attn/MatMul")
        nodes.append(const(f"{p}/attn/scale_out", float(np.sqrt(HEAD_DIM)), np.float32))
        scaled = node("Div", [scores, f"{p}/attn/scale_out"], [f"{p}/attn/scaled"], f"{p}/attn/Div")
        probs = node("Softmax", [scaled], [f"{p}/attn/probs"], f"{p}/attn/Softmax", axis=-1)
        ctx = node("MatMul", [probs, heads["v"]], [f"{p}/attn/ctx"], f"{p}/attn/MatMul_1")
        ctx = node("Transpose", [ctx], [f"{p}/attn/ctx_t"], f"{p}/attn/Transpose", perm=[0, 2, 1, 3])
        nodes.append(const(f"{p}/attn/merge_out", [0, 0, HIDDEN]))
        ctx = node("Reshape", [ctx, f"{p}/attn/merge_out"], [f"{p}/attn/ctx_m"], f"{p}/attn/Reshape")
        proj = node("MatMul", [ctx, w(f"{q}.attn.c_proj.weight", [HIDDEN, HIDDEN])], [f"{p}/attn/c_proj/mm"],
                    f"{p}/attn/c_proj/MatMul")
        proj = node("Add", [proj, w(f"{q}.attn.c_proj.bias", [HIDDEN])], [f"{p}/attn/c_proj/out"], f"{p}/attn/c_proj/Add")
        x = node("Add", [x, proj], [f"{p}/res1"], f"{p}/Add")
        ln2 = node("LayerNormalization", [x, w(f"{q}.ln_2.weight", [HIDDEN]), w(f"{q}.ln_2.bias", [HIDDEN])],
                   [f"{p}/ln_2/out"], f"{p}/ln_2/LayerNormalization", axis=-1, epsilon=1e-5)
        fc = node("MatMul", [ln2, w(f"{q}.mlp.c_fc.weight", [HIDDEN, FFN])], [f"{p}/mlp/c_fc/mm"], f"{p}/mlp/c_fc/MatMul")
        fc = node("Add", [fc, w(f"{q}.mlp.c_fc.bias", [FFN])], [f"{p}/mlp/c_fc/out"], f"{p}/mlp/c_fc/Add")
        # erf GELU: 0.5 * x * (1 + erf(x / sqrt 2)), as torch.onnx exports it before opset 20
        nodes.append(const(f"{p}/mlp/act/sqrt2_out", float(np.sqrt(2.0)), np.float32))
        nodes.append(const(f"{p}/mlp/act/one_out", 1.0, np.float32))
        nodes.append(const(f"{p}/mlp/act/half_out", 0.5, np.float32))
        g = node("Div", [fc, f"{p}/mlp/act/sqrt2_out"], [f"{p}/mlp/act/div"], f"{p}/mlp/act/Div")
        g = node("Erf", [g], [f"{p}/mlp/act/erf"], f"{p}/mlp/act/Erf")
        g = node("Add", [g, f"{p}/mlp/act/one_out"], [f"{p}/mlp/act/add"], f"{p}/mlp/act/Add")
        g = node("Mul", [fc, g], [f"{p}/mlp/act/mul"], f"{p}/mlp/act/Mul")
        g = node("Mul", [g, f"{p}/mlp/act/half_out"], [f"{p}/mlp/act/out"], f"{p}/mlp/act/Mul_1")
        down = node("MatMul", [g, w(f"{q}.mlp.c_proj.weight", [FFN, HIDDEN])], [f"{p}/mlp/c_proj/mm"], f"{p}/mlp/c_proj/MatMul")
        down = node("Add", [down, w(f"{q}.mlp.c_proj.bias", [HIDDEN])], [f"{p}/mlp/c_proj/out"], f"{p}/mlp/c_proj/Add")
        x = node("Add", [x, down], [f"{p}/res2"], f"{p}/Add_1")
    x = node("LayerNormalization", [x, w("transformer.ln_f.weight", [HIDDEN]), w("transformer.ln_f.bias", [HIDDEN])],
             ["/transformer/ln_f/out"], "/transformer/ln_f/LayerNormalization", axis=-1, epsilon=1e-5)
    node("MatMul", [x, w("lm_head.weight", [HIDDEN, VOCAB])], ["logits"], "/lm_head/MatMul")

    graph = helper.make_graph(
        nodes, "gpt_block",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, [2, 32] if fixed else ["batch", "sequence"])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, [2, 32, VOCAB] if fixed else ["batch", "sequence", VOCAB])],
        inits)
    model = helper.make_model(graph, producer_name="shardscope-fixtures", opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save_model(model, "gpt_block_fixed.onnx" if fixed else "gpt_block.onnx")


def cnn_block():
    nodes, inits, seed = [], [], [100]

    def w(name, shape, value=None):
        seed[0] += 1
        inits.append(weight(name, shape, seed[0]) if value is None
                     else numpy_helper.from_array(np.full(shape, value, np.float32), name))
        return name

    def node(op, inputs, outputs, name, **attrs):
        nodes.append(helper.make_node(op, inputs, outputs, name=name, **attrs))
        return outputs[0]

    x = "input"
    x = node("Conv", [x, w("features.0.weight", [16, 3, 3, 3]), w("features.0.bias", [16])], ["c0"], "/features/features.0/Conv",
             kernel_shape=[3, 3], pads=[1, 1, 1, 1])
    x = node("BatchNormalization", [x, w("features.1.weight", [16], 1.0), w("features.1.bias", [16], 0.0),
                                    w("features.1.running_mean", [16], 0.0), w("features.1.running_var", [16], 1.0)],
             ["b1"], "/features/features.1/BatchNormalization")
    x = node("Relu", [x], ["r2"], "/features/features.2/Relu")
    x = node("MaxPool", [x], ["p3"], "/features/features.3/MaxPool", kernel_shape=[2, 2], strides=[2, 2])
    x = node("Conv", [x, w("features.4.weight", [32, 16, 3, 3]), w("features.4.bias", [32])], ["c4"], "/features/features.4/Conv",
             kernel_shape=[3, 3], pads=[1, 1, 1, 1])
    x = node("BatchNormalization", [x, w("features.5.weight", [32], 1.0), w("features.5.bias", [32], 0.0),
                                    w("features.5.running_mean", [32], 0.0), w("features.5.running_var", [32], 1.0)],
             ["b5"], "/features/features.5/BatchNormalization")
    x = node("Relu", [x], ["r6"], "/features/features.6/Relu")
    x = node("GlobalAveragePool", [x], ["gap"], "/avgpool/GlobalAveragePool")
    x = node("Flatten", [x], ["flat"], "/Flatten", axis=1)
    node("Gemm", [x, w("classifier.weight", [10, 32]), w("classifier.bias", [10])], ["logits"], "/classifier/Gemm", transB=1)

    inputs = [helper.make_tensor_value_info("input", TensorProto.FLOAT, ["batch", 3, 32, 32])]
    # IR version 3: every initializer is also a graph input.
    inputs += [helper.make_tensor_value_info(t.name, TensorProto.FLOAT, list(t.dims)) for t in inits]
    graph = helper.make_graph(nodes, "cnn_block", inputs,
                              [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", 10])], inits)
    model = helper.make_model(graph, producer_name="shardscope-fixtures", opset_imports=[helper.make_opsetid("", 9)])
    model.ir_version = 3
    onnx.checker.check_model(model)
    onnx.save_model(model, "cnn_block.onnx")


def mlp_external():
    inits = [weight("mlp.fc1.weight", [32, 128], 7), weight("mlp.fc1.bias", [128], 8),
             weight("mlp.fc2.weight", [128, 32], 9), weight("mlp.fc2.bias", [32], 10)]
    nodes = [
        helper.make_node("MatMul", ["x", "mlp.fc1.weight"], ["h0"], name="/mlp/fc1/MatMul"),
        helper.make_node("Add", ["h0", "mlp.fc1.bias"], ["h1"], name="/mlp/fc1/Add"),
        helper.make_node("Relu", ["h1"], ["h2"], name="/mlp/act/Relu"),
        helper.make_node("MatMul", ["h2", "mlp.fc2.weight"], ["h3"], name="/mlp/fc2/MatMul"),
        helper.make_node("Add", ["h3", "mlp.fc2.bias"], ["y"], name="/mlp/fc2/Add"),
    ]
    graph = helper.make_graph(nodes, "mlp_external",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", "sequence", 32])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", "sequence", 32])], inits)
    model = helper.make_model(graph, producer_name="shardscope-fixtures", opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save_model(model, "mlp_external.onnx", save_as_external_data=True, location="mlp_external.bin",
                    size_threshold=0)


def bad_graphs():
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 8])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", 8])
    opset = [helper.make_opsetid("", 17)]
    cycle = helper.make_graph([
        helper.make_node("Add", ["x", "b_out"], ["a_out"], name="/block/a/Add"),
        helper.make_node("Relu", ["a_out"], ["b_out"], name="/block/b/Relu"),
        helper.make_node("Identity", ["b_out"], ["y"], name="/head/Identity"),
    ], "cycle", [x], [y])
    onnx.save_model(helper.make_model(cycle, opset_imports=opset), "../bad/onnx-cycle.onnx")
    dangling = helper.make_graph([
        helper.make_node("Relu", ["x"], ["r"], name="/block/act/Relu"),
        helper.make_node("Add", ["r", "missing_bias"], ["y"], name="/block/bias/Add"),
    ], "dangling", [x], [y])
    onnx.save_model(helper.make_model(dangling, opset_imports=opset), "../bad/onnx-dangling.onnx")
    empty = helper.make_graph([], "empty", [x], [y])
    onnx.save_model(helper.make_model(empty, opset_imports=opset), "../bad/onnx-no-nodes.onnx")
    named = helper.make_graph([helper.make_node("Relu", ["x"], ["y"], name="/block/act/Relu")], "named", [x], [y])
    data = helper.make_model(named, opset_imports=opset).SerializeToString()
    with open("../bad/onnx-non-utf8.onnx", "wb") as f:  # same length, so the protobuf stays well-formed
        f.write(data.replace(b"/block/act/Relu", b"/bl\xffck/act/Relu"))


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    gpt_block()
    gpt_block(fixed=True)
    cnn_block()
    mlp_external()
    bad_graphs()
