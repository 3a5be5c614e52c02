// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/layer.h"

#include "util/text.h"

#include <array>
#include <utility>

namespace shardscope {

namespace {
constexpr std::array<std::pair<LayerKind, std::string_view>, 7> kKindNames { {
    { LayerKind::Embedding, "embedding" },
    { LayerKind::Attention, "attention" },
    { LayerKind::Mlp, "mlp" },
    { LayerKind::Moe, "moe" },
    { LayerKind::Norm, "norm" },
    { LayerKind::OutputHead, "output_head" },
    { LayerKind::Other, "other" },
} };
} // namespace

std::string_view toString(LayerKind kind)
{
    for (const auto& [k, name] : kKindNames)
        if (k == kind)
            return name;
    return "other";
}

std::optional<LayerKind> layerKindFromString(std::string_view text)
{
    for (const auto& [k, name] : kKindNames)
        if (equalsIgnoreCase(text, name))
            return k;
    return std::nullopt;
}

} // namespace shardscope
