#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the generated part of the bad-input catalog (tests/data/bad/, docs/bad-inputs.md).

Run from anywhere: python3 tests/data/bad/make_bad_files.py. Only the standard library is used.
Every file is derived from a small valid document (a plan, a session, a hardware catalog, a
Hugging Face config, a safetensors file) with exactly one thing broken, so each yields one
specific error; catalog.json lists the error, tests/core/tst_bad_inputs.cpp checks it.
"Huge" inputs are huge by what they declare (a header length, a number, a nesting depth), never
by their real size: every file stays below 64 KB.

The older files of this folder come from tests/data/onnx/make_fixtures.py,
tests/data/safetensors/make_fixtures.py or were written by hand.
"""
import copy
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

# A plan file as `shardscope plan tests/data/models/seed-model-info.json --gpus 2 --gpus-per-node 2
# --top 1 --json FILE` writes it, without the optional "analysis" and "proposals".
PLAN_BASE = r'''{"format":"shardscope-plan","version":1,"generator":"ShardScope","inputs":{"model":{"name":"toy-residual","source_format":"seed-model-info","total_params":1300,"active_params":1300,"layer_count":5,"block_count":1,"transformer":null},"cluster":{"gpu":{"name":"H100-SXM","display_name":"NVIDIA H100 SXM 80GB","vendor":"NVIDIA","memory_bytes":85899345920.0,"hbm_bytes_per_second":3350000000000.0,"peak_bf16_flops_per_second":989000000000000.0,"peak_fp16_flops_per_second":989000000000000.0,"peak_fp8_flops_per_second":1979000000000000.0,"peak_fp32_flops_per_second":495000000000000.0,"matmul_efficiency":0.65,"scale_up":{"bandwidth_bytes_per_second":450000000000.0,"latency_seconds":3e-06,"efficiency":0.8},"scale_out":{"bandwidth_bytes_per_second":50000000000.0,"latency_seconds":8e-06,"efficiency":0.8}},"nodes":1,"gpus_per_node":2,"intra_node":{"bandwidth_bytes_per_second":450000000000.0,"latency_seconds":3e-06,"efficiency":0.8},"inter_node":{"bandwidth_bytes_per_second":50000000000.0,"latency_seconds":8e-06,"efficiency":0.8}},"training":{"seq_length":4096,"global_batch":512,"precision":"bf16","optimizer":"adam","fp32_gradients":true,"flash_attention":true,"framework_overhead_bytes":2147483648.0,"memory_margin":0.05,"dp_overlap":0.5,"pins":{"tp":null,"pp":null,"dp":null,"vpp":null,"micro_batch":null,"zero_stage":null,"recompute":null,"sequence_parallel":null,"schedule":null}},"strategy":"exhaustive","weights":{"memory":0.1,"compute":0.8,"communication":0.1}},"search":{"candidates_evaluated":192,"feasible_count":192,"elapsed_seconds":0.001854988},"plans":[{"rank":1,"score":0.9973684067151657,"config":{"tp":2,"pp":1,"dp":1,"vpp":1,"micro_batch":1,"zero_stage":0,"recompute":"none","sequence_parallel":false,"schedule":"1f1b"},"feasible":true,"infeasible_reason":"","warnings":["activation memory is not counted for this model: the prototype ModelInfo format carries no activation sizes, so memory estimates cover weights, gradients and optimizer state only, and the traffic between pipeline stages and within tensor-parallel groups is unknown (counted as 0). Import a Hugging Face config.json or a ShardScope model file for complete estimates."],"num_micro_batches":512,"capacity_bytes":81604378624.0,"peak_memory_bytes":2147495348.0,"peak_stage":0,"stages":[{"stage":0,"layer_ranges":[{"first_layer":0,"end_layer":5,"first_layer_name":"embed","last_layer_name":"head"}],"devices":{"first":0,"end":2},"params_per_device":650.0,"in_flight_micro_batches":1.0,"memory":{"weights_bytes":1300.0,"gradients_bytes":2600.0,"optimizer_bytes":7800.0,"activations_bytes":0.0,"embedding_logits_bytes":0.0,"overhead_bytes":2147483648.0,"total_bytes":2147495348.0},"micro_batch_time":{"compute_seconds":3.153955043944933e-08,"recompute_seconds":0.0,"tp_comm_seconds":0.0,"pp_comm_seconds":0.0,"total_seconds":3.153955043944933e-08},"dp_comm_seconds":0.0}],"time":{"compute_seconds":1.6148249824998056e-05,"recompute_seconds":0.0,"tp_comm_seconds":0.0,"pp_comm_seconds":0.0,"bubble_seconds":0.0,"dp_exposed_seconds":0.0,"step_seconds":1.6148249824998056e-05},"comm":{"tp_bytes":0.0,"tp_seconds":0.0,"pp_bytes":0.0,"pp_seconds":0.0,"dp_bytes":0.0,"dp_seconds":0.0,"dp_exposed_seconds":0.0},"tokens_per_second":129868686868.68687,"model_flops_per_step":20761804800.0,"hardware_flops_per_step":20761804800.0,"mfu":0.65,"hfu":0.65,"bubble_fraction":0.0,"compute_imbalance":1.0,"sharding_plan":{"model_name":"toy-residual","layer_partitions":[{"layer_name":"embed","strategy":"TensorWise","device_ids":[0,1],"tp_size":2,"pp_stage":0,"chunk":0},{"layer_name":"block.0.attn","strategy":"TensorWise","device_ids":[0,1],"tp_size":2,"pp_stage":0,"chunk":0},{"layer_name":"block.0.residual","strategy":"Replicated","device_ids":[0,1],"tp_size":2,"pp_stage":0,"chunk":0},{"layer_name":"block.0.fc","strategy":"TensorWise","device_ids":[0,1],"tp_size":2,"pp_stage":0,"chunk":0},{"layer_name":"head","strategy":"TensorWise","device_ids":[0,1],"tp_size":2,"pp_stage":0,"chunk":0}],"num_pp_stages":1,"tp_size":2,"dp_size":1,"estimated_memory_per_device":2147495348,"compute_imbalance":1.0,"communication_volume":0,"optimization_score":0.9973684067151657}}]}'''

# The session example of docs/session-format.md.
SESSION_BASE = r'''{"format":"shardscope-session","version":1,"generator":"ShardScope test","model":{"source":"/home/ana/runs/models/my-model.json","bundled":false,"relative_path":"models/my-model.json"},"cluster":{"gpu":{"name":"lab-accelerator","display_name":"Lab Accelerator \"X\" 96GB","vendor":"Home-made","memory_bytes":103079215104.0,"hbm_bytes_per_second":3350000000000.0,"peak_bf16_flops_per_second":333333333333333.3,"peak_fp16_flops_per_second":333333333333333.3,"peak_fp8_flops_per_second":0.0,"peak_fp32_flops_per_second":6.02214076e+23,"matmul_efficiency":0.61,"scale_up":{"bandwidth_bytes_per_second":450000000000.0,"latency_seconds":2.5e-06,"efficiency":0.85},"scale_out":{"bandwidth_bytes_per_second":50000000000.0,"latency_seconds":7e-06,"efficiency":0.7}},"nodes":4,"gpus_per_node":4,"intra_node":{"bandwidth_bytes_per_second":400000000000.0,"latency_seconds":3e-06,"efficiency":0.9},"inter_node":{"bandwidth_bytes_per_second":25000000000.0,"latency_seconds":1e-05,"efficiency":0.6}},"training":{"seq_length":8192,"global_batch":1024,"precision":"fp8","optimizer":"sgd","fp32_gradients":false,"flash_attention":false,"framework_overhead_bytes":3758096384.0,"memory_margin":0.07,"dp_overlap":0.25,"pins":{"tp":2,"pp":null,"dp":4,"vpp":null,"micro_batch":null,"zero_stage":1,"recompute":"full","sequence_parallel":false,"schedule":"interleaved"}},"strategy":"Hybrid","weights":{"memory":0.4,"compute":0.3333333333333333,"communication":0.30000000000000004},"top_count":25,"show_infeasible":true,"selected_plan":{"tp":2,"pp":2,"dp":4,"vpp":3,"micro_batch":2,"zero_stage":1,"recompute":"full","sequence_parallel":true,"schedule":"interleaved"}}'''

HARDWARE_BASE = {
    "format": "shardscope-hardware",
    "version": 1,
    "gpus": [{
        "name": "lab-gpu", "display_name": "Lab GPU 48GB", "vendor": "Home-made",
        "memory_gib": 48, "hbm_gb_per_s": 960,
        "peak_tflops": {"bf16": 180, "fp16": 180, "fp8": 0, "fp32": 90},
        "matmul_efficiency": 0.6,
        "scale_up": {"kind": "PCIe 4", "gb_per_s": 32, "latency_us": 5, "efficiency": 0.8},
        "scale_out": {"kind": "Ethernet 100 Gb/s", "gb_per_s": 12.5, "latency_us": 10, "efficiency": 0.7},
    }],
}

HF_BASE = {
    "model_type": "llama",
    "architectures": ["LlamaForCausalLM"],
    "hidden_size": 4096,
    "intermediate_size": 11008,
    "num_hidden_layers": 32,
    "num_attention_heads": 32,
    "vocab_size": 32000,
}


def write(name, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    assert len(data) < 64 * 1024, name
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def pretty(doc):
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def edited(base, edit):
    doc = copy.deepcopy(base)
    edit(doc)
    return pretty(doc)


def utf16(text):
    return b"\xff\xfe" + text.encode("utf-16-le")


def latin1(text):
    return text.encode("latin-1")


def truncated(text, fraction=0.5):
    return text[: int(len(text) * fraction)]


def plans():
    base = json.loads(PLAN_BASE)

    def stage(doc):
        return doc["plans"][0]["stages"][0]

    write("plan-truncated.json", truncated(pretty(base), 0.4))
    write("plan-rank-string.json", edited(base, lambda d: d["plans"][0].update(rank="1")))
    write("plan-plans-object.json", edited(base, lambda d: d.update(plans={"rank": 1})))
    write("plan-version-2.json", edited(base, lambda d: d.update(version=2)))
    write("plan-not-plan.json", edited(base, lambda d: d.update(format="shardscope-session")))
    write("plan-gpu-memory-1e300.json",
          edited(base, lambda d: d["inputs"]["cluster"]["gpu"].update(memory_bytes=1e300)))
    write("plan-elapsed-negative.json", edited(base, lambda d: d["search"].update(elapsed_seconds=-1.5)))
    write("plan-stage-huge.json", edited(base, lambda d: stage(d).update(stage=2147483647)))
    write("plan-tp-dp-huge.json", edited(base, lambda d: d["plans"][0]["config"].update(tp=65536, dp=65536)))
    write("plan-total-params-1e300.json",
          edited(base, lambda d: d["inputs"]["model"].update(total_params=1e300)))
    write("plan-utf16.json", utf16(pretty(base)))
    write("plan-deep-nesting.json", '{"format": "shardscope-plan", "analysis": ' + "[" * 1000 + "\n")
    doc = copy.deepcopy(base)
    doc["generator"] = "ShardScope (Jos\u00e9's build)"
    write("plan-latin1.json", latin1(pretty(doc)))


def sessions():
    base = json.loads(SESSION_BASE)
    write("session-truncated.shardscope", truncated(pretty(base)))
    write("session-nodes-string.shardscope", edited(base, lambda d: d["cluster"].update(nodes="4")))
    write("session-version-2.shardscope", edited(base, lambda d: d.update(version=2)))
    write("session-nodes-1e300.shardscope", edited(base, lambda d: d["cluster"].update(nodes=1e300)))
    write("session-nodes-negative.shardscope", edited(base, lambda d: d["cluster"].update(nodes=-4)))
    write("session-memory-1e300.shardscope",
          edited(base, lambda d: d["cluster"]["gpu"].update(memory_bytes=1e300)))
    write("session-top-count-zero.shardscope", edited(base, lambda d: d.update(top_count=0)))
    write("session-cluster-array.shardscope", edited(base, lambda d: d.update(cluster=[4, 4])))
    write("session-utf16.shardscope", utf16(pretty(base)))
    write("session-deep-nesting.shardscope", '{"format": "shardscope-session", "model": ' + "{\"a\": " * 1000 + "\n")
    doc = copy.deepcopy(base)
    doc["generator"] = "ShardScope (M\u00fcller's build)"
    write("session-latin1.shardscope", latin1(pretty(doc)))


def hardware():
    def gpu(doc):
        return doc["gpus"][0]

    base = HARDWARE_BASE
    write("hardware-truncated.json", truncated(pretty(base), 0.6))
    write("hardware-memory-string.json", edited(base, lambda d: gpu(d).update(memory_gib="48 GiB")))
    write("hardware-gpus-object.json", edited(base, lambda d: d.update(gpus=gpu(d))))
    write("hardware-gpus-empty.json", edited(base, lambda d: d.update(gpus=[])))
    write("hardware-bandwidth-negative.json", edited(base, lambda d: gpu(d)["scale_up"].update(gb_per_s=-32)))
    write("hardware-bandwidth-zero.json", edited(base, lambda d: gpu(d)["scale_out"].update(gb_per_s=0)))
    write("hardware-memory-1e12.json", edited(base, lambda d: gpu(d).update(memory_gib=1e12)))
    write("hardware-efficiency-2.json", edited(base, lambda d: gpu(d).update(matmul_efficiency=2)))
    write("hardware-duplicate-gpu.json", edited(base, lambda d: d["gpus"].append(dict(gpu(d), name="Lab_GPU"))))
    write("hardware-version-2.json", edited(base, lambda d: d.update(version=2)))
    write("hardware-utf16.json", utf16(pretty(base)))
    write("hardware-deep-nesting.json", '{"gpus": [' + "[" * 1000 + "\n")
    write("hardware-latin1.json", latin1(edited(base, lambda d: gpu(d).update(vendor="Fabricaci\u00f3n"))))


def json_models():
    base = HF_BASE
    write("config-utf16.json", utf16(pretty(base)))
    write("config-utf16-be.json", b"\xfe\xff" + pretty(base).encode("utf-16-be"))
    write("config-latin1.json", latin1(edited(base, lambda d: d.update(_name_or_path="caf\u00e9/llama"))))
    write("config-hidden-1e300.json", edited(base, lambda d: d.update(hidden_size=1e300)))
    write("config-number-overflow.json", pretty(base).replace('"vocab_size": 32000', '"vocab_size": 1e400'))
    write("config-huge-string.json", edited(base, lambda d: d.update(model_type="x" * 60000)))
    write("config-layers-array.json", edited(base, lambda d: d.update(num_hidden_layers=[32])))
    write("config-unread-keys.json", edited(base, lambda d: d.update(num_local_experts=8, num_experts_per_tok=2)))
    write("deep-nesting.json", "[" * 60000)
    # Native layers are listed in execution order, so a cycle needs an edge pointing back.
    write("native-cycle.json", pretty({
        "format": "shardscope-model", "version": 1,
        "layers": [
            {"name": "embed", "kind": "embedding", "params": 1000},
            {"name": "a", "kind": "mlp", "params": 1000},
            {"name": "b", "kind": "mlp", "params": 1000},
        ],
        "edges": [[0, 1], [1, 2], [2, 1]]}))
    # The prototype's connections are undirected; the one cycle they can hold is a layer on itself.
    write("seed-model-info-self-loop.json", pretty({
        "name": "loop",
        "layers": [
            {"name": "fc1", "param_count": 100, "layer_type": "Linear", "connections": ["fc2"]},
            {"name": "fc2", "param_count": 100, "layer_type": "Linear", "connections": ["fc2"]},
        ]}))
    write("layer-sizes-string.json", '[["embed", 4000], ["fc1", "4000"]]\n')


def safetensors_file(header, data=b"", declared=None):
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    length = len(text) if declared is None else declared
    return struct.pack("<Q", length) + text + data


def safetensors():
    norm = {"model.norm.weight": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}}
    write("safetensors-length-2p63.safetensors", safetensors_file(norm, bytes(16), declared=2**63))
    write("safetensors-header-200mb.safetensors", safetensors_file(norm, bytes(16), declared=200 * 1024 * 1024))
    write("safetensors-truncated.safetensors", safetensors_file(norm, bytes(6)))
    # (An unknown dtype string is accepted with an import note: newer writers add dtypes.)
    write("safetensors-dtype-number.safetensors",
          safetensors_file({"model.norm.weight": {"dtype": 32, "shape": [4], "data_offsets": [0, 16]}},
                           bytes(16)))
    write("safetensors-shape-overflow.safetensors",
          safetensors_file({"model.norm.weight": {"dtype": "F32", "shape": [2**40, 2**40],
                                                  "data_offsets": [0, 16]}}, bytes(16)))
    text = json.dumps(norm, separators=(",", ":")).encode("utf-16-le")
    write("safetensors-header-utf16.safetensors", struct.pack("<Q", len(text) + 2) + b"\xff\xfe" + text + bytes(16))


def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def onnx():
    with open(os.path.join(HERE, "onnx-cycle.onnx"), "rb") as f:
        good_bytes = f.read()
    write("onnx-truncated.onnx", good_bytes[: len(good_bytes) // 2])
    write("onnx-zip.onnx", b"PK\x03\x04" + bytes(range(60)))  # a PyTorch .pt (zip) renamed to .onnx
    # ir_version 8, then graph (field 7, length-delimited) declaring 2^62 bytes.
    write("onnx-graph-length-huge.onnx", b"\x08\x08" + b"\x3a" + varint(2**62) + b"\x0a\x00")


def graphs():
    graphml = ('<?xml version="1.0"?>\n<graphml>\n'
               '  <key id="p" for="node" attr.name="params" attr.type="long"/>\n'
               '  <graph id="g" edgedefault="directed">\n'
               '    <node id="embed"><data key="p">100</data></node>\n'
               '    <node id="mlp"><data key="p">@P@</data></node>\n'
               '    <edge source="embed" target="mlp"/>\n'
               '  </graph>\n</graphml>\n')
    write("graph-utf16.graphml", utf16(graphml.replace('"1.0"', '"1.0" encoding="UTF-16"').replace("@P@", "100")))
    write("graph-latin1.graphml", latin1(graphml.replace("@P@", "100").replace('id="mlp"', 'id="r\u00e9seau"')
                                        .replace('target="mlp"', 'target="r\u00e9seau"')))
    write("graph-params-huge.graphml", graphml.replace("@P@", "99999999999999999999999"))
    write("graph-truncated.graphml", graphml.replace("@P@", "100")[:graphml.index("    <edge")])
    dot = "digraph g {\n  embed [params=100];\n  mlp [params=@P@];\n  embed -> mlp;\n}\n"
    write("graph-params-1e300.dot", dot.replace("@P@", '"1e300"'))
    write("graph-self-loop.dot", dot.replace("@P@", "100").replace("embed -> mlp;", "embed -> mlp;\n  mlp -> mlp;"))
    write("graph-truncated.dot", dot.replace("@P@", "100")[:40])
    write("graph-latin1.dot", latin1(dot.replace("@P@", "100").replace("mlp", "\"r\u00e9seau\"")))
    write("graph-utf16.dot", utf16(dot.replace("@P@", "100")))


READERS = [
    ("model", "Model files", "`importModel(path)` (core/import/model_importer.h): what File > Open, "
     "`shardscope plan MODEL` and `shardscope inspect MODEL` read"),
    ("hardware", "Hardware catalogs", "`HardwareCatalog::fromJson` (core/hardware/hardware_catalog.h): what "
     "File > Add GPUs from File\u2026 and `shardscope plan --hardware FILE` read"),
    ("session", "Session files", "`readSessionJson` (core/export/session_document.h): what File > Open reads "
     "for a `.shardscope` file"),
    ("plan", "Plan files", "`readPlanJson` (core/export/plan_json.h): what `shardscope export PLAN.json` reads"),
]

DOC_HEAD = """# Bad inputs and the errors they give

Every file a user hands ShardScope is read strictly: a damaged, truncated, mis-encoded or absurd
file is refused with one error that names the file, the position in it and what was expected, in
the `file:position: message` form editors and terminals jump to (in the window it appears in the red
banner; on the command line it is printed and the exit code is 3). Nothing is guessed silently,
nothing crashes, hangs or allocates what a header merely declares.

`tests/data/bad/` holds one file per way an input goes wrong; `tests/data/bad/catalog.json` lists
each with the reader it is meant for, its category and the exact position and message of its error,
and `tests/core/tst_bad_inputs.cpp` reads every file and checks both. The test also checks that the
folder and the catalog list the same files, that no two files give the same message, and that this
page names every file. Files are small: "huge" inputs declare their size (a header length, a number,
a nesting depth) rather than have it. `tests/data/bad/make_bad_files.py` writes the generated
files and, with `--doc`, this page from the catalog; the ONNX and safetensors fixtures' scripts write
a few more (`tests/data/onnx/make_fixtures.py`, `tests/data/safetensors/make_fixtures.py`).

Categories: **truncated** (the file ends early), **wrong-type** (a value or the whole file of the
wrong kind), **absurd-size** (numbers out of range or past any real hardware or model), **cycle**
(a data-flow graph that loops), **huge-header** (a header or name far larger than any real one),
**wrong-encoding** (UTF-16, Latin-1, invalid UTF-8), **deep-nesting** (JSON nested over 512 levels),
**empty**, **syntax**, **structure** (well-formed but inconsistent) and **version** (a newer format).

To add a case: add the file (by hand or in `make_bad_files.py`), run the test to see the error,
judge the message (it must say what was expected and where; fix the reader if it does not), add the
entry to `catalog.json`, and regenerate this page (`python3 tests/data/bad/make_bad_files.py --doc`).
A message that names the folder holds it as `<dir>`.

Models that come from a stream (`-` for standard input, a FIFO, a shell's `/dev/fd/N`) are read
once, so a few errors are the stream's own; `tests/cli/tst_cli_unix.cpp` and
`tests/core/tst_safetensors_errors.cpp` check them: `standard input: the stream is empty; expected a
model description`; `standard input:byte 8: safetensors: the header length is N bytes, but the
stream ended K bytes after it; the data is truncated or not a safetensors file`; `standard input:
more than 512.0 MiB came from the stream; model descriptions are far smaller (is this a weights
file?)`.

Every import, whatever the format, then checks the model's numbers against the ranges ShardScope
plans, the native model format's: parameters up to 1e15 a layer and in all, per-token values up to
1e18, none negative or not a number. A file that parses but implies more (an ONNX graph of absurd
shapes) stops there, naming the layer and the quantity, rather than giving a model that could not
be saved and read back; `tests/core/tst_onnx_shape_inference.cpp` builds such a graph:
`huge.onnx:layer 0: ONNX: layer "huge": activation bytes per token (act_replicated_bytes_per_token)
2.31e+18 is more than ShardScope plans (at most 1e+18); check the file's shapes and sizes`.
"""


def cell(text):
    return text.replace("|", "\\|")


def write_doc():
    with open(os.path.join(HERE, "catalog.json"), encoding="utf-8") as f:
        catalog = json.load(f)
    out = [DOC_HEAD]
    for reader, title, how in READERS:
        entries = [e for e in catalog if e["reader"] == reader]
        out.append(f"\n## {title} ({len(entries)})\n\nRead with {how}.\n\n"
                   "| file | category | what is wrong | the error the user sees |\n|---|---|---|---|\n")
        for e in entries:
            error = e["file"] + (":" + e["position"] if e["position"] else "") + ": " + e["message"]
            error = error.replace("`", "'")
            out.append(f"| `{e['file']}` | {e['category']} | {cell(e['what'])} | `{cell(error)}` |\n")
    with open(os.path.join(HERE, "..", "..", "..", "docs", "bad-inputs.md"), "w", encoding="utf-8") as f:
        f.write("".join(out))


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--doc"]:
        write_doc()
        sys.exit(0)
    plans()
    sessions()
    hardware()
    json_models()
    safetensors()
    onnx()
    graphs()
