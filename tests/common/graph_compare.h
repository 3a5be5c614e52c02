// SPDX-License-Identifier: GPL-3.0-or-later
// Field-by-field comparison of two ModelGraphs for the round-trip and same-graph tests (QtTest
// macros: call from a test function, then check QTest::currentTestFailed() if more follows).
#pragma once

#include "model/model_graph.h"

#include <QtTest>

#include <set>
#include <utility>

namespace shardscope::testing {

inline std::set<std::pair<std::size_t, std::size_t>> edgeSet(const ModelGraph& g)
{
    std::set<std::pair<std::size_t, std::size_t>> out;
    for (auto [it, end] = boost::edges(g.dag()); it != end; ++it)
        out.insert({ boost::source(*it, g.dag()), boost::target(*it, g.dag()) });
    return out;
}

inline void compareSpecs(const TransformerSpec& a, const TransformerSpec& b)
{
    QCOMPARE(a.modelType, b.modelType);
    QCOMPARE(a.hidden, b.hidden);
    QCOMPARE(a.ffn, b.ffn);
    QCOMPARE(a.layers, b.layers);
    QCOMPARE(a.heads, b.heads);
    QCOMPARE(a.kvHeads, b.kvHeads);
    QCOMPARE(a.headDim, b.headDim);
    QCOMPARE(a.vocab, b.vocab);
    QCOMPARE(a.maxPositions, b.maxPositions);
    QCOMPARE(a.tiedEmbeddings, b.tiedEmbeddings);
    QCOMPARE(a.gatedMlp, b.gatedMlp);
    QCOMPARE(a.norm, b.norm);
    QCOMPARE(a.qkvBias, b.qkvBias);
    QCOMPARE(a.attnOutBias, b.attnOutBias);
    QCOMPARE(a.mlpBias, b.mlpBias);
    QCOMPARE(a.positions, b.positions);
    QVERIFY(a.ropeTheta == b.ropeTheta);
    QVERIFY(a.ropeScaling == b.ropeScaling);
    QCOMPARE(a.dropout, b.dropout);
    QCOMPARE(a.experts, b.experts);
    QCOMPARE(a.expertsPerToken, b.expertsPerToken);
    QCOMPARE(a.inputNorm, b.inputNorm);
    QCOMPARE(a.mlpInputNorm, b.mlpInputNorm);
    QCOMPARE(a.outputNorms, b.outputNorms);
    QCOMPARE(a.parallelBlock, b.parallelBlock);
    QVERIFY(a.qkNorm == b.qkNorm);
    QCOMPARE(a.rotaryFraction, b.rotaryFraction);
    QCOMPARE(a.lmHeadBias, b.lmHeadBias);
    QCOMPARE(a.activation, b.activation);
    QCOMPARE(a.expertFfn, b.expertFfn);
    QCOMPARE(a.sharedExpertFfn, b.sharedExpertFfn);
    QCOMPARE(a.sharedExpertGate, b.sharedExpertGate);
    QCOMPARE(a.routerBias, b.routerBias);
    QCOMPARE(a.firstDenseLayers, b.firstDenseLayers);
    QCOMPARE(a.moeLayerFreq, b.moeLayerFreq);
    QCOMPARE(a.qLoraRank, b.qLoraRank);
    QCOMPARE(a.kvLoraRank, b.kvLoraRank);
    QCOMPARE(a.qkNopeHeadDim, b.qkNopeHeadDim);
    QCOMPARE(a.qkRopeHeadDim, b.qkRopeHeadDim);
    QCOMPARE(a.vHeadDim, b.vHeadDim);
    QCOMPARE(a.mtpLayers, b.mtpLayers);
    QCOMPARE(a.attentionSinks, b.attentionSinks);
}

inline void compareGraphs(const ModelGraph& a, const ModelGraph& b)
{
    QCOMPARE(a.name(), b.name());
    QCOMPARE(a.layerCount(), b.layerCount());
    for (int i = 0; i < a.layerCount(); ++i) {
        const Layer& x = a.layer(i);
        const Layer& y = b.layer(i);
        QCOMPARE(x.name, y.name);
        QVERIFY(x.kind == y.kind);
        QCOMPARE(x.op, y.op);
        QCOMPARE(x.params, y.params);
        QCOMPARE(x.activeParams, y.activeParams);
        QCOMPARE(x.tpShardedParams, y.tpShardedParams);
        QCOMPARE(x.tiedToLayer, y.tiedToLayer);
        QCOMPARE(x.flopsPerToken, y.flopsPerToken); // exact: JSON numbers round-trip doubles
        QCOMPARE(x.flopsPerTokenPerSeq, y.flopsPerTokenPerSeq);
        QCOMPARE(x.actShardedBytesPerToken, y.actShardedBytesPerToken);
        QCOMPARE(x.actReplicatedBytesPerToken, y.actReplicatedBytesPerToken);
        QCOMPARE(x.actScoreBytesPerTokenPerSeq, y.actScoreBytesPerTokenPerSeq);
        QCOMPARE(x.inputBytesPerToken, y.inputBytesPerToken);
        QCOMPARE(x.outputElementsPerToken, y.outputElementsPerToken);
        QCOMPARE(x.tpCommElementsPerToken, y.tpCommElementsPerToken);
        QCOMPARE(x.tpShardable, y.tpShardable);
        QCOMPARE(x.block, y.block);
        QCOMPARE(x.experts, y.experts);
        QCOMPARE(x.expertsPerToken, y.expertsPerToken);
        QCOMPARE(x.expertFfn, y.expertFfn);
        QCOMPARE(x.expertParams, y.expertParams);
        QCOMPARE(x.sharedExpert, y.sharedExpert);
    }
    QVERIFY(edgeSet(a) == edgeSet(b));
    QCOMPARE(a.blocks().size(), b.blocks().size());
    for (std::size_t i = 0; i < a.blocks().size(); ++i) {
        QCOMPARE(a.blocks()[i].index, b.blocks()[i].index);
        QVERIFY(a.blocks()[i].layers == b.blocks()[i].layers);
        QCOMPARE(a.blocks()[i].params, b.blocks()[i].params);
    }
    QVERIFY(a.warnings() == b.warnings());
    QCOMPARE(a.spec().has_value(), b.spec().has_value());
    if (a.spec() && b.spec())
        compareSpecs(*a.spec(), *b.spec());
}

} // namespace shardscope::testing
