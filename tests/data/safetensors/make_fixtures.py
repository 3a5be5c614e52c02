#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the safetensors fixtures of tests/core/tst_safetensors_importer.cpp.

There is no safetensors package in Debian, so this writes the format by hand with the standard
library alone (struct + json), the way the reference writer does: a little-endian u64 header
length N, N bytes of UTF-8 JSON padded with spaces to a multiple of 8, then the tensor data,
each entry's "data_offsets" [begin, end) relative to byte 8 + N.

Rerun from the repository root after changing it, and commit what it writes:

    python3 tests/data/safetensors/make_fixtures.py

It writes, under tests/data/safetensors/:
  tiny-llama/model.safetensors       Llama naming, 2 blocks, hidden 8, 2 heads of 4, 1 kv head,
                                     MLP 12, vocab 16, untied lm_head, rotary inv_freq buffers
  tiny-llama-sharded/                the same family, 3 blocks, hidden 16, 4 heads, 2 kv heads, MLP 24,
                                     vocab 32, tied embeddings: model.safetensors.index.json,
                                     three shards and a config.json
  gpt2-style/model.safetensors       GPT-2 naming (transformer.h.N, Conv1D [in, out] matrices),
                                     2 blocks, hidden 8, MLP 32, vocab 20, 12 positions, tied
  unknown-dtype.safetensors          one F4 tensor (a dtype newer than ShardScope)
and bad inputs under tests/data/bad/ (safetensors-*). The tensor data are real numbers, but the
importer reads headers only; the tests compute their expected parameter counts from shapes of
their own, not from this script.
"""

import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
BAD = os.path.join(HERE, "..", "bad")

DTYPE_BYTES = {"F32": 4, "BF16": 2, "F16": 2, "I64": 8, "U8": 1}


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def tensor_bytes(dtype, shape, seed):
    """Deterministic values 0.01 * (seed + i) stored as the dtype."""
    n = numel(shape)
    values = [0.01 * ((seed * 7 + i) % 97 - 48) for i in range(n)]
    if dtype == "F32":
        return struct.pack("<%df" % n, *values)
    if dtype == "BF16":  # the upper half of the float32
        return b"".join(struct.pack("<f", v)[2:] for v in values)
    if dtype == "F16":
        return struct.pack("<%de" % n, *values)
    raise ValueError(dtype)


def header_bytes(header):
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    return text + b" " * (-len(text) % 8)


def write_safetensors(path, tensors, metadata=None):
    """tensors: list of (name, dtype, shape) in file order."""
    header = {}
    if metadata is not None:
        header["__metadata__"] = metadata
    data = b""
    for seed, (name, dtype, shape) in enumerate(tensors):
        blob = tensor_bytes(dtype, shape, seed)
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(blob)]}
        data += blob
    text = header_bytes(header)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + data)
    return sum(DTYPE_BYTES[d] * numel(s) for _, d, s in tensors)


def write_raw(path, header_text, data=b"", claimed_length=None):
    """A file with exactly this header text (no padding) and data; claimed_length overrides N."""
    n = len(header_text) if claimed_length is None else claimed_length
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", n) + header_text + data)


def llama_block(i, h, q, kv, ffn, head_dim=None, dtype="BF16"):
    p = "model.layers.%d." % i
    out = [
        (p + "input_layernorm.weight", "F32", [h]),
        (p + "self_attn.q_proj.weight", dtype, [q, h]),
        (p + "self_attn.k_proj.weight", dtype, [kv, h]),
        (p + "self_attn.v_proj.weight", dtype, [kv, h]),
        (p + "self_attn.o_proj.weight", dtype, [h, q]),
    ]
    if head_dim:
        out.append((p + "self_attn.rotary_emb.inv_freq", "F32", [head_dim // 2]))
    out += [
        (p + "post_attention_layernorm.weight", "F32", [h]),
        (p + "mlp.gate_proj.weight", dtype, [ffn, h]),
        (p + "mlp.up_proj.weight", dtype, [ffn, h]),
        (p + "mlp.down_proj.weight", dtype, [h, ffn]),
    ]
    return out


def tiny_llama():
    h, q, kv, ffn, vocab = 8, 8, 4, 12, 16
    tensors = [("model.embed_tokens.weight", "BF16", [vocab, h])]
    for i in range(2):
        tensors += llama_block(i, h, q, kv, ffn, head_dim=4)
    tensors += [("model.norm.weight", "F32", [h]), ("lm_head.weight", "BF16", [vocab, h])]
    write_safetensors(os.path.join(HERE, "tiny-llama", "model.safetensors"), tensors, {"format": "pt"})


def tiny_llama_sharded():
    folder = os.path.join(HERE, "tiny-llama-sharded")
    h, q, kv, ffn, vocab = 16, 16, 8, 24, 32
    shards = [
        [("model.embed_tokens.weight", "BF16", [vocab, h])] + llama_block(0, h, q, kv, ffn),
        llama_block(1, h, q, kv, ffn),
        llama_block(2, h, q, kv, ffn) + [("model.norm.weight", "F32", [h])],
    ]
    weight_map = {}
    total = 0
    for k, tensors in enumerate(shards):
        name = "model-%05d-of-%05d.safetensors" % (k + 1, len(shards))
        total += write_safetensors(os.path.join(folder, name), tensors, {"format": "pt"})
        for t in tensors:
            weight_map[t[0]] = name
    with open(os.path.join(folder, "model.safetensors.index.json"), "w") as f:
        json.dump({"metadata": {"total_size": total}, "weight_map": dict(sorted(weight_map.items()))}, f, indent=2)
        f.write("\n")
    config = {
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": h,
        "intermediate_size": ffn, "num_hidden_layers": 3, "num_attention_heads": 4,
        "num_key_value_heads": 2, "vocab_size": vocab, "max_position_embeddings": 64,
        "tie_word_embeddings": True, "torch_dtype": "bfloat16",
    }
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
        f.write("\n")


def gpt2_style():
    h, ffn, vocab, positions = 8, 32, 20, 12
    tensors = [("transformer.wte.weight", "F32", [vocab, h]), ("transformer.wpe.weight", "F32", [positions, h])]
    for i in range(2):
        p = "transformer.h.%d." % i
        tensors += [
            (p + "ln_1.weight", "F32", [h]), (p + "ln_1.bias", "F32", [h]),
            (p + "attn.c_attn.weight", "F32", [h, 3 * h]), (p + "attn.c_attn.bias", "F32", [3 * h]),
            (p + "attn.c_proj.weight", "F32", [h, h]), (p + "attn.c_proj.bias", "F32", [h]),
            (p + "ln_2.weight", "F32", [h]), (p + "ln_2.bias", "F32", [h]),
            (p + "mlp.c_fc.weight", "F32", [h, ffn]), (p + "mlp.c_fc.bias", "F32", [ffn]),
            (p + "mlp.c_proj.weight", "F32", [ffn, h]), (p + "mlp.c_proj.bias", "F32", [h]),
        ]
    tensors += [("transformer.ln_f.weight", "F32", [h]), ("transformer.ln_f.bias", "F32", [h])]
    # Written in name order, as many converters do: the importer must not take file order for execution order.
    write_safetensors(os.path.join(HERE, "gpt2-style", "model.safetensors"), sorted(tensors))


def unknown_dtype():
    # 2 x 8 four-bit values take 8 bytes; ShardScope does not know F4, so it cannot check that.
    header = {
        "model.embed_tokens.weight": {"dtype": "F32", "shape": [4, 2], "data_offsets": [0, 32]},
        "model.layers.0.mlp.up_proj.weight": {"dtype": "F4", "shape": [2, 8], "data_offsets": [32, 40]},
    }
    write_raw(os.path.join(HERE, "unknown-dtype.safetensors"), header_bytes(header), bytes(40))


def bad_inputs():
    def entry(dtype, shape, begin, end):
        return {"dtype": dtype, "shape": shape, "data_offsets": [begin, end]}

    def bad(name):
        return os.path.join(BAD, "safetensors-" + name + ".safetensors")

    with open(bad("short"), "wb") as f:  # not even the 8-byte length
        f.write(b"\x10\x00\x00\x00\x00")
    # The length claims 4096 header bytes; 40 follow.
    write_raw(bad("header-past-end"), b'{"a":{"dtype":"F32","shape":[1],"data_o', claimed_length=4096)
    write_raw(bad("overlap"), header_bytes({
        "model.layers.0.mlp.down_proj.weight": entry("F32", [2, 2], 0, 16),
        "model.layers.0.mlp.up_proj.weight": entry("F32", [2, 2], 8, 24),
    }), bytes(24))
    write_raw(bad("out-of-file"), header_bytes({
        "model.embed_tokens.weight": entry("F32", [4, 2], 0, 32),
        "model.layers.0.mlp.up_proj.weight": entry("F32", [2, 2], 32, 48),
    }), bytes(40))
    write_raw(bad("wrong-size"), header_bytes({
        "model.layers.0.mlp.up_proj.weight": entry("BF16", [2, 3], 0, 8),
    }), bytes(8))
    # A tensor name with the byte 0xFF in it (never valid UTF-8).
    write_raw(bad("non-utf8"), b'{"model.layers.0.\xff.weight":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}',
              bytes(4))
    write_raw(bad("not-object"), b'[{"dtype":"F32","shape":[1],"data_offsets":[0,4]}]', bytes(4))
    write_raw(bad("shape-string"), header_bytes({
        "model.norm.weight": {"dtype": "F32", "shape": [2, "8"], "data_offsets": [0, 64]},
    }), bytes(64))
    with open(os.path.join(BAD, "safetensors-index-malformed.json"), "w") as f:
        json.dump({"metadata": {"total_size": 64}, "weight_map": [["model.norm.weight", "model.safetensors"]]}, f)
        f.write("\n")


if __name__ == "__main__":
    tiny_llama()
    tiny_llama_sharded()
    gpt2_style()
    unknown_dtype()
    bad_inputs()
