// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"

#include <string>
#include <string_view>

namespace shardscope {

/// A layer graph in GraphML (attributes: docs/graph-formats.md), read by graphml_scan.h as Boost.Graph's read_graphml reads it.
ModelGraph importGraphml(std::string_view text, const std::string& source);

/// A layer graph in Graphviz DOT (same attributes as GraphML), read by dot_scan.h as Boost.Graph's read_graphviz reads it.
ModelGraph importGraphviz(std::string_view text, const std::string& source);

} // namespace shardscope
