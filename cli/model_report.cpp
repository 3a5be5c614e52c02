// SPDX-License-Identifier: GPL-3.0-or-later
#include "model_report.h"

#include "console.h"
#include "util/text.h"

#include <QLocale>

using namespace shardscope;
using Console::qs;

namespace {
QString count(double n) { return qs(formatCount(n)); }
/// 671026419200 -> "671,026,419,200": exact counts, as model cards and safetensors metadata give them.
QString exact(std::int64_t n) { return QLocale(QLocale::English).toString(qlonglong(n)); }

/// The parameters of the graph's multi-token-prediction layers (TransformerSpec's "model.mtp_<d>." modules), all
/// or the active ones: they train with the model but are not part of its published total.
std::int64_t mtpParams(const ModelGraph& model, bool active)
{
    std::int64_t n = 0;
    for (const Layer& l : model.layers())
        if (l.name.rfind("model.mtp_", 0) == 0)
            n += active ? l.activeParams : l.params;
    return n;
}
QString percent(double part, double whole) { return whole > 0 ? QString::number(100.0 * part / whole, 'f', 1) : QStringLiteral("0.0"); }
} // namespace

void ModelReport::print(QTextStream& out, const ModelGraph& model, const GraphAnalysis& a)
{
    out << tr("Model %1 (%2)").arg(qs(model.name()), qs(model.sourceFormat())) << '\n';
    const std::int64_t mtp = mtpParams(model, false);
    const std::int64_t total = model.totalParams() - mtp;
    const std::int64_t active = model.activeParams() - mtpParams(model, true);
    out << tr("  parameters       %1 (%2)").arg(count(double(total)), exact(total));
    if (active != total)
        out << tr(", %1 active per token (%2)").arg(count(double(active)), exact(active));
    out << '\n';
    if (mtp > 0) {
        const std::int64_t modules = model.spec() ? model.spec()->mtpLayers : 1;
        out << (modules == 1 ? tr("                   + %1 (%2) in 1 multi-token-prediction module, not in the total")
                                   .arg(count(double(mtp)), exact(mtp))
                             : tr("                   + %1 (%2) in %3 multi-token-prediction modules, not in the total")
                                   .arg(count(double(mtp)), exact(mtp))
                                   .arg(modules))
            << '\n';
    }
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
        if (spec->isMoe()) {
            out << tr("  experts          %1 of %2 blocks a mixture of %3 routed experts, top-%4, expert FFN %5")
                       .arg(spec->moeBlockCount())
                       .arg(spec->layers)
                       .arg(spec->experts)
                       .arg(spec->expertsPerToken)
                       .arg(spec->routedExpertFfn());
            if (spec->sharedExpertFfn > 0)
                out << (spec->sharedExpertGate ? tr("; shared expert FFN %1 (gated)") : tr("; shared expert FFN %1"))
                           .arg(spec->sharedExpertFfn);
            if (spec->routerBias)
                out << tr("; router bias");
            out << '\n';
            if (spec->moeLayerFreq > 1)
                out << tr("  dense blocks     the first %1 (FFN %2), then a MoE block every %3")
                           .arg(spec->firstDenseLayers)
                           .arg(spec->ffn)
                           .arg(spec->moeLayerFreq)
                    << '\n';
            else if (spec->firstDenseLayers > 0)
                out << tr("  dense blocks     the first %1 (FFN %2)").arg(spec->firstDenseLayers).arg(spec->ffn) << '\n';
            out << tr("  routed experts   %1 (%2) of the parameters")
                       .arg(count(double(spec->routedExpertParamCount())), exact(spec->routedExpertParamCount()))
                << '\n';
        }
        if (spec->isMla())
            out << tr("  latent attention q rank %1, key/value rank %2; per head query/key %3 + %4 rotary, value %5")
                       .arg(spec->qLoraRank > 0 ? QString::number(spec->qLoraRank) : tr("none"))
                       .arg(spec->kvLoraRank)
                       .arg(spec->qkNopeHeadDim)
                       .arg(spec->qkRopeHeadDim)
                       .arg(spec->vHeadDim)
                << '\n';
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
