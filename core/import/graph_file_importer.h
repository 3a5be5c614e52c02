// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"

#include <string>
#include <string_view>

namespace shardscope {

/// A layer graph in GraphML, read with Boost.Graph's read_graphml (attributes: docs/graph-formats.md).
ModelGraph importGraphml(std::string_view text, const std::string& source);

/// A layer graph in Graphviz DOT, read with Boost.Graph's read_graphviz (same attributes as GraphML).
ModelGraph importGraphviz(std::string_view text, const std::string& source);

} // namespace shardscope
