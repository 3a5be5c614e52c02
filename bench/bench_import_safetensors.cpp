// SPDX-License-Identifier: GPL-3.0-or-later
// importModel() on a Llama-3.1-405B-sized sharded checkpoint: 191 shards holding the real tensor set
// (126 blocks, hidden 16384, 128 heads, 8 key/value heads, MLP 53248, vocab 128256, untied head;
// 1,137 BF16 tensors, 811 GB). Each shard is its header followed by a sparse data area of the right
// size (std::filesystem::resize_file), so the files claim the real sizes without taking the disk.
// Only the headers are read; the target is under 100 ms.
#include "import/model_importer.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

using namespace shardscope;
namespace fs = std::filesystem;

namespace {

struct Tensor
{
    std::string name;
    std::vector<std::int64_t> shape;
    std::uint64_t bytes() const
    {
        std::uint64_t n = 2; // BF16
        for (std::int64_t d : shape)
            n *= std::uint64_t(d);
        return n;
    }
};

std::vector<Tensor> llama405bTensors()
{
    const std::int64_t h = 16384, q = 128 * 128, kv = 8 * 128, ffn = 53248, vocab = 128256;
    std::vector<Tensor> t { { "model.embed_tokens.weight", { vocab, h } } };
    for (int b = 0; b < 126; ++b) {
        const std::string p = "model.layers." + std::to_string(b) + ".";
        t.push_back({ p + "input_layernorm.weight", { h } });
        t.push_back({ p + "self_attn.q_proj.weight", { q, h } });
        t.push_back({ p + "self_attn.k_proj.weight", { kv, h } });
        t.push_back({ p + "self_attn.v_proj.weight", { kv, h } });
        t.push_back({ p + "self_attn.o_proj.weight", { h, q } });
        t.push_back({ p + "post_attention_layernorm.weight", { h } });
        t.push_back({ p + "mlp.gate_proj.weight", { ffn, h } });
        t.push_back({ p + "mlp.up_proj.weight", { ffn, h } });
        t.push_back({ p + "mlp.down_proj.weight", { h, ffn } });
    }
    t.push_back({ "model.norm.weight", { h } });
    t.push_back({ "lm_head.weight", { vocab, h } });
    return t;
}

void writeShard(const fs::path& path, const std::vector<const Tensor*>& tensors)
{
    nlohmann::json header = { { "__metadata__", { { "format", "pt" } } } };
    std::uint64_t offset = 0;
    for (const Tensor* t : tensors) {
        header[t->name] = { { "dtype", "BF16" }, { "shape", t->shape }, { "data_offsets", { offset, offset + t->bytes() } } };
        offset += t->bytes();
    }
    std::string text = header.dump();
    text.append((8 - text.size() % 8) % 8, ' ');
    {
        std::ofstream out(path, std::ios::binary);
        char length[8];
        for (int i = 0; i < 8; ++i)
            length[i] = char((std::uint64_t(text.size()) >> (8 * i)) & 0xff);
        out.write(length, 8);
        out.write(text.data(), std::streamsize(text.size()));
    }
    fs::resize_file(path, 8 + text.size() + offset);
}

// The checkpoint folder, written once, removed at exit.
class Checkpoint
{
public:
    Checkpoint()
    {
        m_dir = fs::temp_directory_path() / ("shardscope-bench-405b-" + std::to_string(::getpid()));
        fs::create_directories(m_dir);
        const std::vector<Tensor> tensors = llama405bTensors();
        constexpr int kShards = 191;
        std::uint64_t total = 0;
        for (const Tensor& t : tensors)
            total += t.bytes();

        // Tensor i goes to the shard its first byte falls in, as writers fill shards up to a size.
        std::vector<std::vector<const Tensor*>> shards(kShards);
        std::uint64_t start = 0;
        for (const Tensor& t : tensors) {
            shards[std::size_t(start * kShards / total)].push_back(&t);
            start += t.bytes();
        }
        nlohmann::json weightMap = nlohmann::json::object();
        for (int k = 0; k < kShards; ++k) {
            if (shards[std::size_t(k)].empty())
                throw std::runtime_error("bench setup: an empty shard");
            char name[64];
            std::snprintf(name, sizeof name, "model-%05d-of-%05d.safetensors", k + 1, kShards);
            writeShard(m_dir / name, shards[std::size_t(k)]);
            for (const Tensor* t : shards[std::size_t(k)])
                weightMap[t->name] = name;
        }
        const nlohmann::json index = { { "metadata", { { "total_size", total } } }, { "weight_map", weightMap } };
        std::ofstream(m_dir / "model.safetensors.index.json") << index.dump(2);
        m_tensors = int(tensors.size());
    }
    ~Checkpoint()
    {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }

    std::string index() const { return (m_dir / "model.safetensors.index.json").string(); }
    void setConfig(bool present) const
    {
        const fs::path config = m_dir / "config.json";
        if (!present) {
            fs::remove(config);
            return;
        }
        std::ofstream(config) << R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 16384,
            "intermediate_size": 53248, "num_hidden_layers": 126, "num_attention_heads": 128, "num_key_value_heads": 8,
            "vocab_size": 128256, "max_position_embeddings": 131072, "tie_word_embeddings": false})";
    }
    int tensors() const { return m_tensors; }

private:
    fs::path m_dir;
    int m_tensors = 0;
};

const Checkpoint& checkpoint()
{
    static const Checkpoint c;
    return c;
}

void run(benchmark::State& state, bool config)
{
    const Checkpoint& c = checkpoint();
    c.setConfig(config);
    ModelGraph g;
    for (auto _ : state) {
        g = importModel(c.index());
        benchmark::DoNotOptimize(g);
    }
    state.counters["tensors"] = c.tensors();
    state.counters["layers"] = g.layerCount();
    state.counters["params"] = double(g.totalParams());
    state.counters["warnings"] = double(g.warnings().size());
}

void BM_Llama405B_index(benchmark::State& s) { run(s, false); }
void BM_Llama405B_index_config(benchmark::State& s) { run(s, true); }

} // namespace

BENCHMARK(BM_Llama405B_index)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Llama405B_index_config)->Unit(benchmark::kMillisecond);
