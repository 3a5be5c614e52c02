// SPDX-License-Identifier: GPL-3.0-or-later
// Checkpoint files written by hand for the safetensors tests (tst_safetensors_importer,
// tst_safetensors_errors): tensors with shapes, raw headers with any claimed length, sharded copies.
#pragma once

#include "model/model_graph.h"

#include "test_files.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <numeric>

namespace shardscope::testing {
using nlohmann::json;
namespace fs = std::filesystem;


inline std::string fixture(const std::string& relative) { return std::string(SHARDSCOPE_TEST_DATA) + "/safetensors/" + relative; }
inline std::string bad(const QString& name) { return std::string(SHARDSCOPE_TEST_DATA) + "/bad/" + name.toStdString(); }

struct LayerParams
{
    std::string name;
    qint64 params;
};

inline qint64 sum(const std::vector<LayerParams>& layers)
{
    return std::accumulate(layers.begin(), layers.end(), qint64(0), [](qint64 s, const LayerParams& l) { return s + l.params; });
}

// tiny-llama: hidden 8, q 8 (2 heads of 4), k/v 4 (1 head), MLP 12, vocab 16, rotary inv_freq [2] per block.
inline std::vector<LayerParams> tinyLlamaLayers()
{
    std::vector<LayerParams> out { { "model.embed_tokens", 16 * 8 } };
    for (int b = 0; b < 2; ++b) {
        const std::string p = "model.layers." + std::to_string(b) + ".";
        out.push_back({ p + "input_layernorm", 8 });
        out.push_back({ p + "self_attn", 8 * 8 + 4 * 8 + 4 * 8 + 8 * 8 + 2 }); // q k v o, inv_freq
        out.push_back({ p + "post_attention_layernorm", 8 });
        out.push_back({ p + "mlp", 3 * 12 * 8 });
    }
    out.push_back({ "model.norm", 8 });
    out.push_back({ "lm_head", 16 * 8 });
    return out;
}

// 1448 -> "1,448", as the importer's messages write counts.
inline QString grouped(qint64 n)
{
    QString digits = QString::number(n);
    for (int i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, ',');
    return digits;
}

inline QStringList layerNames(const ModelGraph& g)
{
    QStringList out;
    for (const Layer& l : g.layers())
        out << QString::fromStdString(l.name);
    return out;
}

inline bool anyWarningContains(const ModelGraph& g, const QString& part)
{
    for (const std::string& w : g.warnings())
        if (QString::fromStdString(w).contains(part))
            return true;
    return false;
}

inline QString allWarnings(const ModelGraph& g)
{
    QStringList out;
    for (const std::string& w : g.warnings())
        out << QString::fromStdString(w);
    return out.join("\n");
}

// Runtime fixtures: tensors laid end to end; the data area is left sparse (never written).
struct Tensor
{
    std::string name;
    std::string dtype;
    std::vector<std::int64_t> shape;
};

inline std::uint64_t bytesOf(const Tensor& t)
{
    const std::uint64_t element = t.dtype == "F32" ? 4 : t.dtype == "BF16" || t.dtype == "F16" ? 2 : 1;
    return std::accumulate(t.shape.begin(), t.shape.end(), element,
                           [](std::uint64_t a, std::int64_t d) { return a * std::uint64_t(d); });
}

inline void writeRaw(const std::string& path, std::uint64_t claimedHeaderBytes, const std::string& header, std::uint64_t fileBytes)
{
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        char length[8];
        for (int i = 0; i < 8; ++i)
            length[i] = char((claimedHeaderBytes >> (8 * i)) & 0xff);
        out.write(length, 8);
        out.write(header.data(), std::streamsize(header.size()));
    }
    fs::resize_file(path, fileBytes); // sparse: nothing is written past the header
}

inline void writeSafetensors(const std::string& path, const std::vector<Tensor>& tensors)
{
    json header = json::object();
    std::uint64_t offset = 0;
    for (const Tensor& t : tensors) {
        header[t.name] = { { "dtype", t.dtype }, { "shape", t.shape }, { "data_offsets", { offset, offset + bytesOf(t) } } };
        offset += bytesOf(t);
    }
    std::string text = header.dump();
    text.append((8 - text.size() % 8) % 8, ' ');
    writeRaw(path, text.size(), text, 8 + text.size() + offset);
}

inline void writeText(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// The sharded fixture copied into `dir`, for variants of its index.
inline std::string copySharded(const QTemporaryDir& dir, bool withConfig)
{
    const fs::path from = fixture("tiny-llama-sharded");
    const fs::path to = fs::path(dir.path().toStdString()) / "ckpt";
    fs::create_directories(to);
    for (const auto& entry : fs::directory_iterator(from))
        if (withConfig || entry.path().filename() != "config.json")
            fs::copy_file(entry.path(), to / entry.path().filename(), fs::copy_options::overwrite_existing);
    return (to / "model.safetensors.index.json").string();
}

inline void expectError(const std::function<void()>& import, const std::string& source, const QString& position,
                 const QString& messagePart)
{
    try {
        import();
        QFAIL("accepted a bad input");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.source()), QString::fromStdString(source));
        QCOMPARE(QString::fromStdString(e.position()), position);
        const QString message = QString::fromStdString(e.message());
        QVERIFY2(message.startsWith("safetensors: ") || message.startsWith("safetensors index: "), e.what());
        QVERIFY2(message.contains(messagePart), e.what());
    }
}

} // namespace shardscope::testing
