// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/// One model chunk of a pipeline layout, in model order: chunk k x PP + s runs on stage s as its k-th virtual chunk.
struct LayoutChunk
{
    int blocks = 0;         ///< transformer blocks ("t")
    int mtp = 0;            ///< multi-token-prediction modules ("m")
    bool embedding = false; ///< "E"
    bool loss = false;      ///< "L": the output layer and the loss
    bool operator==(const LayoutChunk&) const = default;
};

/// A layout string that does not parse; position() is the 0-based character where it went wrong.
class PipelineLayoutError : public std::runtime_error
{
public:
    PipelineLayoutError(std::size_t position, const std::string& message);
    std::size_t position() const noexcept { return m_position; }
    const std::string& message() const noexcept { return m_message; }

private:
    std::size_t m_position;
    std::string m_message;
};

/**
 * Megatron-LM's --pipeline-model-parallel-layout string (megatron/core/transformer/pipeline_parallel_layer_layout.py
 * parse_str_to_list and validate_layer_layout at d98e8a6): chunks between "|", in each E embedding, t a transformer
 * block, m an MTP module, L the output layer and loss; "x*N" repeats x, "(...)*N" repeats a group (which may hold
 * "|"), commas are cosmetic. Megatron does not nest groups, nor does this. The embedding must come first and once,
 * the loss last and once, MTP modules after every block. Throws PipelineLayoutError otherwise, or when the
 * unrolled layout exceeds 2^22 entries.
 */
std::vector<LayoutChunk> parsePipelineLayout(std::string_view text);

/// Transformer blocks of every chunk, in model order.
std::vector<int> layoutBlockCounts(const std::vector<LayoutChunk>& chunks);

} // namespace shardscope
