// SPDX-License-Identifier: GPL-3.0-or-later
#include "model_report.h"

#include "util/text.h"

using namespace shardscope;

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }
QString count(double n) { return qs(formatCount(n)); }
QString percent(double part, double whole) { return whole > 0 ? QString::number(100.0 * part / whole, 'f', 1) : QStringLiteral("0.0"); }
} // namespace

void ModelReport::print(QTextStream& out, const ModelGraph& model, const GraphAnalysis& a)
{
    out << tr("Model %1 (%2)").arg(qs(model.name()), qs(model.sourceFormat())) << '\n';
    out << tr("  parameters       %1").arg(count(double(model.totalParams())));
    if (model.activeParams() != model.totalParams())
        out << tr(" (%1 active per token)").arg(count(double(model.activeParams())));
    out << '\n';
    out << tr("  layers           %1 in %2 transformer blocks").arg(model.layerCount()).arg(model.blocks().size()) << '\n';
    if (!model.nodes().empty())
        out << tr("  operators        %1 with %2 data edges").arg(model.nodes().size()).arg(model.nodeEdges().size()) << '\n';
    if (const auto& spec = model.spec()) {
        out << tr("  shape            hidden %1, %2 layers, %3 heads (%4 key/value), FFN %5, vocabulary %6")
                   .arg(spec->hidden)
                   .arg(spec->layers)
                   .arg(spec->heads)
                   .arg(spec->kvHeads)
                   .arg(spec->ffn)
                   .arg(spec->vocab);
        if (spec->experts > 0)
            out << tr(", %1 experts (%2 per token)").arg(spec->experts).arg(spec->expertsPerToken);
        out << '\n';
    }

    out << '\n'
        << tr("Graph analysis (%1, forward FLOPs per token at sequence length %2)")
               .arg(a.level == "operators" ? tr("operator graph") : tr("layer graph"))
               .arg(a.seqLength)
        << '\n';
    out << tr("  vertices, edges  %1, %2 (%3 sources, %4 sinks)").arg(a.vertexCount).arg(a.edgeCount).arg(a.sourceCount).arg(a.sinkCount) << '\n';
    out << tr("  depth            %1 vertices on the longest path").arg(a.depth) << '\n';
    out << tr("  critical path    %1 FLOP of %2 total (%3 %), %4 vertices; work/span %5")
               .arg(count(a.criticalPathFlops), count(a.totalFlops), percent(a.criticalPathFlops, a.totalFlops))
               .arg(a.criticalPath.size())
               .arg(a.flopParallelism(), 0, 'f', 2)
        << '\n';
    out << tr("  parallel width   %1 vertices that could run at once (level %2)").arg(a.parallelWidth).arg(a.widestLevel) << '\n';

    out << tr("  operator mix") << '\n';
    const int shown = std::min<int>(int(a.opHistogram.size()), 12);
    for (int i = 0; i < shown; ++i) {
        const OpCount& c = a.opHistogram[std::size_t(i)];
        out << QStringLiteral("    %1 %2  %3 % of FLOPs  %4 parameters")
                   .arg(qs(c.op), -26)
                   .arg(c.count, 7)
                   .arg(percent(c.flops, a.totalFlops), 5)
                   .arg(count(double(c.params)), 8)
            << '\n';
    }
    if (int(a.opHistogram.size()) > shown)
        out << tr("    ... %1 more operator types").arg(a.opHistogram.size() - std::size_t(shown)) << '\n';

    if (!a.largestLayers.empty()) {
        out << tr("  largest %1").arg(a.level == "operators" ? tr("operators") : tr("layers")) << '\n';
        for (const AnalysisVertex& v : a.largestLayers)
            out << QStringLiteral("    %1 %2 parameters  %3 FLOP/token")
                       .arg(qs(v.name), -40)
                       .arg(count(double(v.params)), 8)
                       .arg(count(v.flops), 8)
                << '\n';
    }
    if (!model.warnings().empty()) {
        out << '\n' << tr("Import notes") << '\n';
        for (const std::string& w : model.warnings())
            out << QStringLiteral("  - ") << qs(w) << '\n';
    }
}
