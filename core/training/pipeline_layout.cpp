// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/pipeline_layout.h"

#include <cstdint>

namespace shardscope {

PipelineLayoutError::PipelineLayoutError(std::size_t position, const std::string& message)
    : std::runtime_error("character " + std::to_string(position + 1) + ": " + message)
    , m_position(position)
    , m_message(message)
{
}

namespace {

constexpr std::int64_t kMaxEntries = std::int64_t(1) << 22;

/// One parsed symbol before unrolling: a layer letter or a chunk separator, with where it was written.
struct Symbol
{
    char c;
    std::size_t at;
};

class LayoutParser
{
public:
    explicit LayoutParser(std::string_view text) : m_text(text) { }

    std::vector<Symbol> run()
    {
        std::vector<Symbol> out;
        sequence(out, false);
        return out;
    }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;

    [[noreturn]] void fail(const std::string& message) const { throw PipelineLayoutError(m_pos, message); }

    void skipCommas()
    {
        while (m_pos < m_text.size() && m_text[m_pos] == ',')
            ++m_pos;
    }

    /// "*N" after an item; 1 when there is none.
    std::int64_t repeat()
    {
        skipCommas();
        if (m_pos >= m_text.size() || m_text[m_pos] != '*')
            return 1;
        ++m_pos;
        const std::size_t start = m_pos;
        std::int64_t n = 0;
        while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
            n = n * 10 + (m_text[m_pos] - '0');
            if (n > kMaxEntries) {
                m_pos = start;
                fail("repeat count above " + std::to_string(kMaxEntries));
            }
            ++m_pos;
        }
        if (m_pos == start)
            fail("expected a repeat count after '*'");
        return n;
    }

    static void append(std::vector<Symbol>& out, const std::vector<Symbol>& item, std::int64_t times, std::size_t at)
    {
        if (std::int64_t(out.size()) + std::int64_t(item.size()) * times > kMaxEntries)
            throw PipelineLayoutError(at, "the layout unrolls to more than " + std::to_string(kMaxEntries) + " entries");
        for (std::int64_t i = 0; i < times; ++i)
            out.insert(out.end(), item.begin(), item.end());
    }

    void sequence(std::vector<Symbol>& out, bool inGroup)
    {
        for (;;) {
            skipCommas();
            if (m_pos >= m_text.size()) {
                if (inGroup)
                    fail("expected ')' to close the group");
                return;
            }
            const char c = m_text[m_pos];
            const std::size_t at = m_pos;
            if (c == ')') {
                if (!inGroup)
                    fail("')' without a matching '('");
                return;
            }
            if (c == '(') {
                if (inGroup)
                    fail("groups do not nest (Megatron's parser does not unroll them)");
                ++m_pos;
                std::vector<Symbol> group;
                sequence(group, true);
                ++m_pos; // ')'
                skipCommas();
                if (m_pos >= m_text.size() || m_text[m_pos] != '*')
                    fail("expected '*N' after a group");
                append(out, group, repeat(), at);
                continue;
            }
            if (c != 'E' && c != 'L' && c != 't' && c != 'm' && c != '|')
                fail(std::string("unknown layer '") + c + "' (E embedding, t transformer block, m MTP module, "
                     "L loss, | between chunks)");
            ++m_pos;
            append(out, { Symbol { c, at } }, repeat(), at);
        }
    }
};

} // namespace

std::vector<LayoutChunk> parsePipelineLayout(std::string_view text)
{
    const std::vector<Symbol> symbols = LayoutParser(text).run();
    // Megatron checks the layers in model order, chunks flattened (validate_layer_layout): empty chunks may stand
    // before the embedding or after the loss.
    std::vector<LayoutChunk> chunks(1);
    int embeddings = 0, losses = 0, layers = 0;
    bool seenMtp = false;
    for (const Symbol& s : symbols) {
        LayoutChunk& chunk = chunks.back();
        if (s.c != '|' && losses > 0)
            throw PipelineLayoutError(s.at, "the loss (L) must be the last layer");
        if (s.c != '|' && s.c != 'E' && layers == 0)
            throw PipelineLayoutError(s.at, "the layout must start with the embedding (E)");
        layers += s.c != '|' ? 1 : 0;
        switch (s.c) {
        case '|':
            chunks.emplace_back();
            break;
        case 'E':
            if (layers != 1)
                throw PipelineLayoutError(s.at, "the embedding (E) must be the first layer");
            ++embeddings;
            chunk.embedding = true;
            break;
        case 'L':
            ++losses;
            chunk.loss = true;
            break;
        case 't':
            if (seenMtp)
                throw PipelineLayoutError(s.at, "transformer blocks must come before the MTP modules");
            ++chunk.blocks;
            break;
        default: // 'm'
            seenMtp = true;
            ++chunk.mtp;
            break;
        }
    }
    if (embeddings == 0)
        throw PipelineLayoutError(0, "the layout must start with the embedding (E)");
    if (losses == 0)
        throw PipelineLayoutError(text.size(), "the layout must end with the loss (L)");
    return chunks;
}

std::vector<int> layoutBlockCounts(const std::vector<LayoutChunk>& chunks)
{
    std::vector<int> counts;
    counts.reserve(chunks.size());
    for (const LayoutChunk& c : chunks)
        counts.push_back(c.blocks);
    return counts;
}

} // namespace shardscope
