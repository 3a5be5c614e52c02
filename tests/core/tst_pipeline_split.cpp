// SPDX-License-Identifier: GPL-3.0-or-later
// Tests Megatron's even pipeline split (TrainingSpec::pipelineSplit) in core/cost/plan_evaluator.cpp and
// plan_rules.cpp: which layers each model chunk holds, worked out by hand for Llama-2-7B (layer 0 the embedding,
// block b the four layers 1 + 4b .. 4 + 4b, then the final norm and the output head, 131 layers), and the
// configurations the split cannot place.
#include "cost/plan_evaluator.h"
#include "export/spec_json.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "training/pipeline_layout.h"
#include "util/input_error.h"

#include <QtTest>

using namespace shardscope;

namespace {

PlanningProblem llama2(PipelineSplit split)
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-2-7b");
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 8, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 32;
    p.training.pipelineSplit = split;
    return p;
}

ParallelConfig pipeline(int pp, int vpp = 1)
{
    ParallelConfig c;
    c.tp = 8 / pp;
    c.pp = pp;
    c.dp = 1;
    c.vpp = vpp;
    c.schedule = vpp > 1 ? Schedule::Interleaved1F1B : Schedule::OneFOneB;
    c.ppCommOverlap = vpp > 1;
    c.microBatch = 1;
    return c;
}

/// The first layer of block b; the blocks end at layer 129 (final norm 129, head 130).
int blockStart(int b) { return 1 + 4 * b; }

} // namespace

class TestPipelineSplit : public QObject
{
    Q_OBJECT
private slots:
    void evenSplitOverFourStages()
    {
        const PlanEstimate e = PlanEvaluator(llama2({ true, 0, 0, {} })).evaluate(pipeline(4));
        QVERIFY2(e.infeasibleReason.empty() || e.feasible, e.infeasibleReason.c_str());
        QCOMPARE(int(e.chunkLayers.size()), 4);
        // 8 blocks a stage; the embedding with the first, the final norm and head with the last.
        const std::pair<int, int> expected[4] = { { 0, blockStart(8) }, { blockStart(8), blockStart(16) },
                                                   { blockStart(16), blockStart(24) }, { blockStart(24), 131 } };
        for (int k = 0; k < 4; ++k)
            QCOMPARE(e.chunkLayers[std::size_t(k)], expected[k]);
        // Balanced, PP 3 places the 32 blocks (the partitioner's way); the even split cannot.
        ParallelConfig three = pipeline(4);
        three.pp = 3;
        three.tp = 1;
        three.dp = 1;
        PlanningProblem small = llama2({});
        small.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 3, 3);
        QVERIFY(PlanEvaluator(small).structuralProblem(three).empty());
        small.training.pipelineSplit.even = true;
        QVERIFY(!PlanEvaluator(small).structuralProblem(three).empty());
    }

    void evenSplitOfInterleavedChunks()
    {
        const PlanEstimate e = PlanEvaluator(llama2({ true, 0, 0, {} })).evaluate(pipeline(4, 2));
        QCOMPARE(int(e.chunkLayers.size()), 8); // model order: 4 blocks a chunk
        for (int j = 0; j < 8; ++j)
            QCOMPARE(e.chunkLayers[std::size_t(j)],
                     std::make_pair(j == 0 ? 0 : blockStart(4 * j), j == 7 ? 131 : blockStart(4 * j + 4)));
    }

    void firstAndLastStageBlocks()
    {
        // Megatron --decoder-first-pipeline-num-layers 6 --decoder-last-pipeline-num-layers 6: the middle two
        // stages split the other 20 blocks, 10 each.
        const PlanEstimate e = PlanEvaluator(llama2({ true, 6, 6, {} })).evaluate(pipeline(4));
        const std::pair<int, int> expected[4] = { { 0, blockStart(6) }, { blockStart(6), blockStart(16) },
                                                   { blockStart(16), blockStart(26) }, { blockStart(26), 131 } };
        for (int k = 0; k < 4; ++k)
            QCOMPARE(e.chunkLayers[std::size_t(k)], expected[k]);
    }

    void configurationsTheSplitCannotPlace_data()
    {
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("last");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<QString>("reason");
        QTest::newRow("32 blocks over 8 x 3 chunks") << 0 << 0 << 8 << 3
                                                     << "needs the 32 transformer blocks to divide by the 24 model chunks";
        QTest::newRow("first and last with interleaving") << 4 << 0 << 4 << 2
                                                          << "first and last stage block counts are modelled without interleaving";
        QTest::newRow("a remainder that does not split") << 6 << 0 << 4 << 1
                                                         << "leave 26, which do not split evenly over the other 3 stages";
    }

    void configurationsTheSplitCannotPlace()
    {
        QFETCH(int, first);
        QFETCH(int, last);
        QFETCH(int, pp);
        QFETCH(int, vpp);
        QFETCH(QString, reason);
        const PlanningProblem problem = llama2({ true, first, last, {} }); // the evaluator keeps a reference to it
        const PlanEvaluator evaluator(problem);
        ParallelConfig c = pipeline(pp, vpp);
        c.tp = 1;
        c.dp = 8 / pp;
        const std::string why = evaluator.structuralProblem(c);
        QVERIFY2(QString::fromStdString(why).contains(reason), why.c_str());
    }

    // Megatron's layout strings, unrolled by hand (pipeline_parallel_layer_layout.py parse_str_to_list at d98e8a6).
    void layoutStringsParse()
    {
        // The docstring's example: [E t t t] + [t t] x 29 + [m] + [L].
        std::vector<LayoutChunk> chunks = parsePipelineLayout("Ettt|(tt|)*29,m|L");
        QCOMPARE(int(chunks.size()), 32);
        QCOMPARE(chunks.front(), (LayoutChunk { 3, 0, true, false }));
        for (int j = 1; j < 30; ++j)
            QCOMPARE(chunks[std::size_t(j)], (LayoutChunk { 2, 0, false, false }));
        QCOMPARE(chunks[30], (LayoutChunk { 0, 1, false, false }));
        QCOMPARE(chunks[31], (LayoutChunk { 0, 0, false, true }));
        // Megatron-Bridge's Llama-3-70B FP8 recipe on 64 H100 (PP 8, VPP 5): 2, 34 x 2, 3, 3 x 2, 1 = 80 blocks.
        chunks = parsePipelineLayout("Et*2|(t*2|)*34,t*3|(t*2|)*3,tL");
        std::vector<int> expected { 2 };
        expected.insert(expected.end(), 34, 2);
        expected.push_back(3);
        expected.insert(expected.end(), 3, 2);
        expected.push_back(1);
        QCOMPARE(layoutBlockCounts(chunks), expected);
        QVERIFY(chunks.back().loss && chunks.front().embedding);
        // Megatron checks the flattened layers: empty chunks before the embedding or after the loss parse.
        chunks = parsePipelineLayout("Et*4|t*4L|");
        QCOMPARE(layoutBlockCounts(chunks), (std::vector<int> { 4, 4, 0 }));
        QVERIFY(chunks[1].loss && !chunks[2].loss);
        QCOMPARE(parsePipelineLayout("|Et*4|t*4L").size(), std::size_t(3));
    }

    void layoutStringsThatDoNotParse_data()
    {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<int>("position");
        QTest::addColumn<QString>("reason");
        QTest::newRow("unknown layer") << "Et*3|x|L" << 5 << "unknown layer 'x'";
        QTest::newRow("no embedding") << "t*3|L" << 0 << "must start with the embedding";
        QTest::newRow("embedding twice") << "Et|EtL" << 3 << "the embedding (E) must be the first layer";
        QTest::newRow("loss not last") << "EtLt" << 3 << "the loss (L) must be the last layer";
        QTest::newRow("loss twice") << "EtL|L" << 4 << "the loss (L) must be the last layer";
        QTest::newRow("no loss") << "Et*4" << 4 << "must end with the loss";
        QTest::newRow("block after MTP") << "Etmt|L" << 3 << "before the MTP modules";
        QTest::newRow("repeat without count") << "Et*|L" << 3 << "expected a repeat count";
        QTest::newRow("nested groups") << "E(t|(t)*2)*2L" << 4 << "groups do not nest";
        QTest::newRow("group without count") << "E(t|)L" << 5 << "expected '*N' after a group";
        QTest::newRow("unclosed group") << "E(t|" << 4 << "expected ')'";
        QTest::newRow("closing alone") << "Et)L" << 2 << "without a matching '('";
        QTest::newRow("explosion") << "E(t*4096|)*4096L" << 1 << "more than 4194304 entries";
    }

    void layoutStringsThatDoNotParse()
    {
        QFETCH(QString, layout);
        QFETCH(int, position);
        QFETCH(QString, reason);
        try {
            parsePipelineLayout(layout.toStdString());
            QFAIL("parsed");
        } catch (const PipelineLayoutError& e) {
            QVERIFY2(QString::fromStdString(e.message()).contains(reason), e.what());
            QCOMPARE(int(e.position()), position);
        }
    }

    // Each model chunk holds what the layout gives it: 3, 4 x 6, 5 blocks over PP 4 x VPP 2 in model order.
    void layoutPlacesEveryChunk()
    {
        PipelineSplit split;
        split.layout = "Et*3|(t*4|)*6,t*5L";
        const PlanningProblem problem = llama2(split);
        const PlanEstimate e = PlanEvaluator(problem).evaluate(pipeline(4, 2));
        QVERIFY2(e.infeasibleReason.empty() || e.feasible, e.infeasibleReason.c_str());
        QCOMPARE(int(e.chunkLayers.size()), 8);
        const int starts[9] = { 0, 3, 7, 11, 15, 19, 23, 27, 32 };
        for (int j = 0; j < 8; ++j)
            QCOMPARE(e.chunkLayers[std::size_t(j)],
                     std::make_pair(j == 0 ? 0 : blockStart(starts[j]), j == 7 ? 131 : blockStart(starts[j + 1])));
        // The partitioner, left alone, places them otherwise.
        const PlanEstimate balanced = PlanEvaluator(llama2({})).evaluate(pipeline(4, 2));
        QVERIFY(balanced.chunkLayers != e.chunkLayers);
    }

    void layoutsThatDoNotFitTheModel_data()
    {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<QString>("reason");
        QTest::newRow("31 blocks") << "Et*7|(t*8|)*2t*8L" << 4 << 1 << "places 31 transformer blocks; the model has 32";
        QTest::newRow("8 chunks on 4 stages") << "Et*3|(t*4|)*6,t*5L" << 4 << 1 << "has 8 model chunks, PP 4 without interleaving";
        QTest::newRow("4 chunks on 4 x 2") << "Et*8|(t*8|)*2t*8L" << 4 << 2 << "has 4 model chunks, PP 4 x vpp 2 = 8";
        QTest::newRow("an MTP module") << "Et*8|(t*8|)*2t*8mL" << 4 << 1 << "places 1 MTP modules; the model has 0";
        QTest::newRow("an empty chunk after the loss") << "Et*8|t*8|t*16L|" << 4 << 1 << "the loss in the last model chunk";
    }

    void layoutsThatDoNotFitTheModel()
    {
        QFETCH(QString, layout);
        QFETCH(int, pp);
        QFETCH(int, vpp);
        QFETCH(QString, reason);
        PipelineSplit split;
        split.layout = layout.toStdString();
        const PlanningProblem problem = llama2(split);
        const PlanEvaluator evaluator(problem);
        ParallelConfig c = pipeline(pp, vpp);
        const std::string why = evaluator.structuralProblem(c);
        QVERIFY2(QString::fromStdString(why).contains(reason), why.c_str());
    }

    // Plan and session files keep the split; files from before it read as balanced.
    void jsonRoundTrip()
    {
        TrainingSpec t;
        t.pipelineSplit = { true, 6, 4, {} };
        const auto j = specjson::toJson(t);
        QCOMPARE(QString::fromStdString(j.at("pipeline_split").get<std::string>()), QStringLiteral("even"));
        const specjson::Json doc = j;
        TrainingSpec back = specjson::readTraining(specjson::ObjectReader(doc, "$.training", "plan.json"));
        QVERIFY(back.pipelineSplit == t.pipelineSplit);
        specjson::Json old = j;
        old.erase("pipeline_split");
        old.erase("first_stage_blocks");
        old.erase("last_stage_blocks");
        back = specjson::readTraining(specjson::ObjectReader(old, "$.training", "plan.json"));
        QVERIFY(back.pipelineSplit == PipelineSplit {});
        specjson::Json bad = j;
        bad["pipeline_split"] = "uneven";
        QVERIFY_THROWS_EXCEPTION(InputError, specjson::readTraining(specjson::ObjectReader(bad, "$.training", "plan.json")));

        // A layout: "layout" with its string; a string that does not parse is an error at pipeline_layout.
        t.pipelineSplit = {};
        t.pipelineSplit.layout = "Et*3|(t*4|)*6,t*5L";
        const specjson::Json withLayout = specjson::toJson(t);
        QCOMPARE(QString::fromStdString(withLayout.at("pipeline_split").get<std::string>()), QStringLiteral("layout"));
        back = specjson::readTraining(specjson::ObjectReader(withLayout, "$.training", "plan.json"));
        QVERIFY(back.pipelineSplit == t.pipelineSplit);
        specjson::Json broken = withLayout;
        broken["pipeline_layout"] = "Et*3|(t*4|)*6,t*5Q";
        try {
            specjson::readTraining(specjson::ObjectReader(broken, "$.training", "plan.json"));
            QFAIL("read");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.position()), QStringLiteral("$.training.pipeline_layout"));
            QVERIFY2(QString::fromStdString(e.message()).contains(QStringLiteral("character 18: unknown layer 'Q'")), e.what());
        }
        specjson::Json stray = j;
        stray["pipeline_layout"] = "EtL";
        QVERIFY_THROWS_EXCEPTION(InputError, specjson::readTraining(specjson::ObjectReader(stray, "$.training", "plan.json")));
    }
};

QTEST_GUILESS_MAIN(TestPipelineSplit)
#include "tst_pipeline_split.moc"
