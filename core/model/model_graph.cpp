// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/model_graph.h"

#include "util/huge_pages.h"

#include <algorithm>
#include <stdexcept>

namespace shardscope {

ModelGraph::ModelGraph(std::string name)
    : m_name(std::move(name))
{
}

void ModelGraph::reserveLayers(std::size_t count) { reserveOnHugePages(m_layers, count); }

void ModelGraph::reserveNodes(std::size_t count) { reserveOnHugePages(m_nodes, count); }

int ModelGraph::addLayer(Layer layer)
{
    if (layer.activeParams == 0)
        layer.activeParams = layer.params;
    m_layers.push_back(std::move(layer));
    boost::add_vertex(m_dag);
    return static_cast<int>(m_layers.size()) - 1;
}

void ModelGraph::addEdge(int from, int to)
{
    if (from < 0 || to < 0 || from >= layerCount() || to >= layerCount())
        throw std::out_of_range("ModelGraph::addEdge: layer index out of range");
    boost::add_edge(static_cast<std::size_t>(from), static_cast<std::size_t>(to), m_dag);
}

void ModelGraph::addSequentialEdges()
{
    for (int i = 0; i + 1 < layerCount(); ++i)
        addEdge(i, i + 1);
}

int ModelGraph::addNode(OpNode node)
{
    m_nodes.push_back(std::move(node));
    return static_cast<int>(m_nodes.size()) - 1;
}

void ModelGraph::addNodeEdge(int from, int to)
{
    const int n = static_cast<int>(m_nodes.size());
    if (from < 0 || to < 0 || from >= n || to >= n)
        throw std::out_of_range("ModelGraph::addNodeEdge: node index out of range");
    m_nodeEdges.emplace_back(from, to);
}

int ModelGraph::findLayer(const std::string& name) const
{
    for (int i = 0; i < layerCount(); ++i)
        if (m_layers[static_cast<std::size_t>(i)].name == name)
            return i;
    return -1;
}

std::int64_t ModelGraph::totalParams() const
{
    std::int64_t total = 0;
    for (const Layer& l : m_layers)
        total += l.params;
    return total;
}

std::int64_t ModelGraph::activeParams() const
{
    std::int64_t total = 0;
    for (const Layer& l : m_layers)
        total += l.activeParams;
    return total;
}

std::vector<PartitionUnit> ModelGraph::partitionUnits() const
{
    std::vector<PartitionUnit> units;
    int i = 0;
    while (i < layerCount()) {
        const int block = m_layers[static_cast<std::size_t>(i)].block;
        int end = i + 1;
        if (block >= 0)
            while (end < layerCount() && m_layers[static_cast<std::size_t>(end)].block == block)
                ++end;
        units.push_back(PartitionUnit { i, end, block });
        i = end;
    }
    return units;
}

std::string ModelGraph::describeRange(int first, int end) const
{
    std::string out;
    auto add = [&](const std::string& part) {
        if (!out.empty())
            out += ", ";
        out += part;
    };
    int i = std::max(first, 0);
    end = std::min(end, layerCount());
    while (i < end) {
        const int block = m_layers[static_cast<std::size_t>(i)].block;
        if (block < 0) {
            add(m_layers[static_cast<std::size_t>(i)].name);
            ++i;
            continue;
        }
        int lastBlock = block;
        while (i < end && m_layers[static_cast<std::size_t>(i)].block >= 0) {
            lastBlock = m_layers[static_cast<std::size_t>(i)].block;
            ++i;
        }
        add(lastBlock == block ? "block " + std::to_string(block)
                               : "blocks " + std::to_string(block) + "-" + std::to_string(lastBlock));
    }
    return out;
}

} // namespace shardscope
