// SPDX-License-Identifier: GPL-3.0-or-later
// Launch configs checked against the frameworks' own argument rules (issue 29), not only their flag names: the
// conditions of Megatron-LM's validate_args and of the checks its arguments meet next (NVIDIA/Megatron-LM at
// d98e8a64ddf34856e74b24714e3bedb2f5a39553) and of torchtitan's ParallelDims, trainer, pipeline split and
// parallelize functions (pytorch/torchtitan v0.2.0, 29624e37fa6dd319fd671b009338651b5c665da2), ported as data
// (tests/data/export_rules/*.json, whose "format" field describes the rule language evaluated here). Plans of
// every kind the search produces (dense, uneven and interleaved pipelines, CP ring and all-to-all, ZeRO-1/2/3 with
// hybrid sharding, EP/ETP mixtures of experts, zero-bubble schedules) are exported for both frameworks, read back
// as the frameworks read them (bash, python3's tomllib) and every rule is evaluated; a broken rule fails with its
// id, source line and the values involved. A case may name rules the export is known to break (an exporter bug):
// they must break, so that fixing the exporter makes the case fail until the name is removed. The two this test
// found (--max-position-embeddings below --seq-length for rotary models, top-1 routing without
// --moe-router-pre-softmax) are fixed.
#include "export/launch_config.h"

#include "cost/plan_evaluator.h"
#include "export/plan_document.h"
#include "gpt_fixtures.h"
#include "import/model_importer.h"
#include "launch_config_parse.h"
#include "launch_plan_fixtures.h"
#include "moe_plan_fixtures.h"
#include "test_files.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using namespace shardscope;
using namespace shardscope::testing;
using Json = nlohmann::json;

#include "framework_rules.h"

using namespace shardscope::testing::framework_rules;

namespace {

// ---- Plans ----------------------------------------------------------------------------------------------------

const ModelGraph& bundled(const char* name)
{
    static std::map<std::string, ModelGraph> models;
    auto it = models.find(name);
    if (it == models.end()) {
        std::optional<ModelGraph> m = findBundledModel(name);
        if (!m)
            throw std::runtime_error(std::string("no bundled model ") + name);
        it = models.emplace(name, std::move(*m)).first;
    }
    return it->second;
}

const ModelGraph& graphOf(const TransformerSpec& spec)
{
    static std::map<std::string, ModelGraph> graphs;
    auto it = graphs.find(spec.name);
    if (it == graphs.end())
        it = graphs.emplace(spec.name, buildModelGraph(spec)).first;
    return it->second;
}

/// TP x CP x PP x DP with VPP model chunks a stage and ZeRO `zero`: selective recomputation, sequence parallelism
/// with TP, 1F1B or (VPP > 1) interleaved 1F1B with the p2p overlap Megatron defaults to.
ParallelConfig parallel(int tp, int cp, int pp, int dp, int vpp, int zero)
{
    ParallelConfig c;
    c.tp = tp;
    c.cp = cp;
    c.pp = pp;
    c.dp = dp;
    c.vpp = vpp;
    c.zeroStage = zero;
    c.recompute = Recompute::Selective;
    c.sequenceParallel = tp > 1;
    c.schedule = vpp > 1 ? Schedule::Interleaved1F1B : Schedule::OneFOneB;
    c.ppCommOverlap = vpp > 1;
    return c;
}

ParallelConfig experts(ParallelConfig c, int ep, int etp)
{
    c.ep = ep;
    c.etp = etp;
    c.recompute = Recompute::None;
    return c;
}


/// GPT 2048 x 16 heads x 24 blocks on 16 A100s, TP 2 x PP 4 x DP 2, ZeRO-1, as the evaluator places it with
/// `schedule` (tst_launch_schedules.cpp's plans).
PlanDocument evaluatedGpt(Schedule schedule, int vpp)
{
    ParallelConfig c;
    c.tp = 2;
    c.pp = 4;
    c.dp = 2;
    c.vpp = vpp;
    c.zeroStage = 1;
    c.schedule = schedule;
    PlanDocument d = evaluatedDocument(megatronProblem(megatronGpt(2048, 16, 24), 16, 64), { c });
    if (!d.plans.front().estimate.feasible)
        throw std::runtime_error("the evaluated GPT plan does not fit: " + d.plans.front().estimate.infeasibleReason);
    return d;
}

const ModelGraph& llama8b() { return bundled("llama-3-8b"); }

std::vector<int> repeat(int value, int times) { return std::vector<int>(std::size_t(times), value); }

struct PlanCase
{
    const char* name;
    std::function<PlanDocument()> build;
    bool megatron = true;   ///< false: Megatron-LM refuses it (tested in tst_launch_*), so no rules to check
    bool torchtitan = true;
    /// Rules the export is known to break (exporter bugs): expected failures until the exporter is fixed.
    std::vector<std::string> knownMegatronBugs = {};
    std::vector<std::string> knownTorchtitanBugs = {};
};

const std::vector<PlanCase>& planCases()
{
    static const std::vector<PlanCase> cases = [] {
        std::vector<PlanCase> v;
        v.push_back({ "dense TP2 PP2 ZeRO-1", [] { return chunkDocument(llama8b(), 8192, 64, parallel(2, 1, 2, 4, 1, 1), { 16, 16 }); } });
        v.push_back({ "dense GPipe", [] {
                         ParallelConfig c = parallel(2, 1, 2, 4, 1, 1);
                         c.schedule = Schedule::GPipe;
                         return chunkDocument(llama8b(), 8192, 64, c, { 16, 16 });
                     } });
        v.push_back({ "DDP ZeRO-0 fp32", [] {
                         ParallelConfig c = parallel(1, 1, 1, 8, 1, 0);
                         c.recompute = Recompute::None;
                         return chunkDocument(llama8b(), 8192, 64, c, { 32 }, Precision::Fp32);
                     } });
        v.push_back({ "full recompute FP8 ZeRO-2", [] {
                         ParallelConfig c = parallel(8, 1, 4, 2, 1, 2);
                         c.recompute = Recompute::Full;
                         return chunkDocument(bundled("llama-3-70b"), 8192, 64, c, repeat(20, 4), Precision::Fp8);
                     } });
        v.push_back({ "TP comm overlap fp16", [] {
                         ParallelConfig c = parallel(4, 1, 1, 2, 1, 1);
                         c.tpCommOverlap = true;
                         return chunkDocument(llama8b(), 8192, 64, c, { 32 }, Precision::Fp16);
                     } });
        v.push_back({ "interleaved PP4 VPP2", [] { return chunkDocument(llama8b(), 8192, 64, parallel(2, 1, 4, 2, 2, 1), repeat(4, 8)); } });
        v.push_back({ "interleaved without p2p overlap", [] {
                         ParallelConfig c = parallel(2, 1, 4, 2, 2, 1);
                         c.ppCommOverlap = false;
                         return chunkDocument(llama8b(), 8192, 64, c, repeat(4, 8));
                     } });
        v.push_back({ "interleaved PP2", [] { return chunkDocument(llama8b(), 8192, 64, parallel(2, 1, 2, 2, 2, 1), repeat(8, 4)); } });
        v.push_back({ "uneven first and last stage", [] {
                         return chunkDocument(llama8b(), 8192, 64, parallel(2, 1, 4, 2, 1, 1), { 7, 9, 9, 7 });
                     } });
        v.push_back({ "uneven first and last stage interleaved", [] {
                         return chunkDocument(llama8b(), 8192, 64, parallel(2, 1, 4, 2, 2, 1), { 3, 5, 5, 3, 3, 5, 5, 3 });
                     } });
        v.push_back({ "embedding and loss counted as layers", [] {
                         return chunkDocument(graphOf(megatronGpt(2048, 16, 30)), 2048, 64, parallel(2, 1, 4, 2, 2, 1),
                                              { 3, 4, 4, 4, 4, 4, 4, 3 });
                     } });
        v.push_back({ "pipeline layout", [] {
                         return chunkDocument(llama8b(), 8192, 64, parallel(2, 1, 4, 2, 2, 1), { 4, 4, 3, 5, 4, 4, 4, 4 });
                     } });
        v.push_back({ "CP ring", [] {
                         std::vector<int> stages = repeat(8, 16);
                         stages.front() = stages.back() = 7;
                         return chunkDocument(bundled("llama-3.1-405b"), 131072, 64, parallel(8, 16, 16, 8, 1, 1), stages);
                     } });
        // Megatron asserts max_position_embeddings >= seq_length whatever the positions: a RoPE model with 8192
        // positions trained on 16384 tokens (the export wrote the model's 8192 until this rule caught it).
        v.push_back({ "CP ring past the model's positions",
                      [] { return chunkDocument(llama8b(), 16384, 16, parallel(2, 2, 1, 2, 1, 1), { 32 }); } });
        v.push_back({ "CP all-to-all", [] {
                         ParallelConfig c = parallel(1, 4, 1, 2, 1, 1);
                         c.cpCommType = CpCommType::AllToAll;
                         return chunkDocument(llama8b(), 8192, 16, c, { 32 });
                     }, true, false });
        v.push_back({ "ZeRO-3 HSDP", [] {
                         ParallelConfig c = parallel(1, 1, 1, 16, 1, 3);
                         c.dpReplicate = 2;
                         return chunkDocument(llama8b(), 8192, 64, c, { 32 });
                     } });
        v.push_back({ "ZeRO-3 HSDP with PP", [] {
                         ParallelConfig c = parallel(8, 1, 4, 8, 1, 3);
                         c.dpReplicate = 2;
                         return chunkDocument(bundled("llama-3-70b"), 8192, 512, c, repeat(20, 4));
                     } });
        v.push_back({ "ZeRO-3 kept gathered", [] {
                         ParallelConfig c = parallel(8, 1, 4, 8, 1, 3);
                         c.dpReplicate = 2;
                         c.reshardAfterForward = false;
                         return chunkDocument(bundled("llama-3-70b"), 8192, 512, c, repeat(20, 4));
                     }, false, true });
        v.push_back({ "ZeRO-1 replicas across CP", [] {
                         ParallelConfig c = parallel(1, 4, 1, 2, 1, 1);
                         c.dpReplicate = 4;
                         return chunkDocument(llama8b(), 8192, 64, c, { 32 });
                     }, true, false });
        v.push_back({ "MoE EP8 ETP=TP", [] {
                         return moeHandDocument(graphOf(mixtral8x7b()), 4096, 256, experts(parallel(2, 1, 4, 8, 1, 1), 8, 2),
                                                repeat(8, 4), 8);
                     } });
        v.push_back({ "MoE EP8 ETP1", [] {
                         return moeHandDocument(graphOf(mixtral8x7b()), 4096, 256, experts(parallel(2, 1, 4, 8, 1, 1), 8, 1),
                                                repeat(8, 4), 8);
                     } });
        v.push_back({ "MoE capacity factor", [] {
                         PlanDocument d = moeHandDocument(graphOf(mixtral8x7b()), 4096, 256,
                                                          experts(parallel(1, 1, 1, 64, 1, 1), 8, 1), { 32 }, 8);
                         d.training.moeCapacityFactor = 1.25;
                         return d;
                     } });
        v.push_back({ "MoE all-to-all overlap interleaved", [] {
                         ParallelConfig c = experts(parallel(2, 1, 4, 8, 2, 1), 8, 2);
                         c.epCommOverlap = true;
                         return chunkDocument(graphOf(mixtral8x7b()), 4096, 256, c, repeat(4, 8));
                     }, true, false });
        v.push_back({ "DeepSeek-V3 PP16 EP64", [] {
                         std::vector<int> stages = repeat(4, 16);
                         stages.front() = 3;
                         stages.back() = 2;
                         return moeHandDocument(graphOf(deepseekV3()), 4096, 15360, experts(parallel(1, 1, 16, 128, 1, 1), 64, 1),
                                                stages, 8);
                     } });
        v.push_back({ "DeepSeek-V3 layout with MTP", [] {
                         return moeHandDocument(graphOf(deepseekV3()), 4096, 15360, experts(parallel(1, 1, 16, 128, 1, 1), 64, 1),
                                                { 4, 4, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3 }, 8);
                     } });
        // Megatron refuses top-1 routing with softmax scores unless --moe-router-pre-softmax (the export left it out
        // until this rule caught it).
        v.push_back({ "MoE top-1 routing", [] {
                         TransformerSpec top1 = mixtral8x7b();
                         top1.name = "Mixtral-8x7B top-1";
                         top1.expertsPerToken = 1;
                         return moeHandDocument(graphOf(top1), 4096, 256, experts(parallel(2, 1, 4, 8, 1, 1), 8, 2),
                                                repeat(8, 4), 8);
                     } });
        v.push_back({ "evaluated 1F1B", [] { return evaluatedGpt(Schedule::OneFOneB, 1); } });
        v.push_back({ "evaluated interleaved", [] { return evaluatedGpt(Schedule::Interleaved1F1B, 2); } });
        v.push_back({ "zero-bubble V", [] { return evaluatedGpt(Schedule::ZeroBubbleV, 2); }, false, true });
        v.push_back({ "interleaved zero-bubble", [] { return evaluatedGpt(Schedule::InterleavedZeroBubble, 2); }, false, true });
        return v;
    }();
    return cases;
}

std::string exportOf(const PlanDocument& d, LaunchFormat f) { return writeLaunchConfig(d, 0, f, "plan.json"); }

std::string joined(const std::vector<std::string>& lines)
{
    std::string out;
    for (const std::string& l : lines)
        out += "\n  " + l;
    return out;
}

std::string idList(const std::set<std::string>& ids)
{
    std::string out;
    for (const std::string& id : ids)
        out += (out.empty() ? "" : " ") + id;
    return out;
}

std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(from);
    if (at == std::string::npos)
        throw std::runtime_error("\"" + from + "\" not in the export");
    return text.replace(at, from.size(), to);
}

/// Checks an export's values against `rules`: every broken rule fails, except the known bugs, which must break.
void checkRules(const RuleSet& rules, const Values& values, const std::vector<std::string>& knownBugs, const char* framework)
{
    std::set<std::string> covered;
    for (const Json& c : rules.file().at("coverage"))
        covered.insert(c.at("flag").get<std::string>());
    for (const auto& [name, value] : values)
        if (name.rfind("$layout_", 0) != 0 && name != "$moe_layer_freq_length")
            QVERIFY2(covered.count(name), qPrintable(QString::fromStdString(
                         std::string(framework) + " export writes " + name + ", which the coverage list of the rules "
                         "does not name: review the framework's rules for it and add it")));
    const std::vector<std::string> broken = rules.violations(values);
    std::vector<std::string> unexpected;
    for (const std::string& b : broken)
        if (std::find(knownBugs.begin(), knownBugs.end(), b.substr(0, b.find(' '))) == knownBugs.end())
            unexpected.push_back(b);
    for (const std::string& bug : knownBugs) {
        std::string message;
        for (const std::string& b : broken)
            if (b.substr(0, b.find(' ')) == bug)
                message = b;
        const std::string comment = message.empty() ? bug + " is no longer broken: remove it from the known exporter bugs"
                                                    : "known exporter bug: " + message;
        QEXPECT_FAIL("", comment.c_str(), Continue);
        QVERIFY2(message.empty(), qPrintable(QString::fromStdString(bug + " no longer broken: remove it from the "
                                                                    "known exporter bugs")));
    }
    QVERIFY2(unexpected.empty(), qPrintable(QString::fromStdString(std::string(framework) + " rules broken:" + joined(unexpected))));
}

} // namespace

class TestLaunchFrameworkRules : public QObject
{
    Q_OBJECT

private slots:
    // The rule files: pinned commits, well-formed rules with their Python source, and coverage lists that say,
    // for each flag or key the export writes, exactly the rules that mention it.
    void ruleFilesAreWellFormed_data()
    {
        QTest::addColumn<int>("which");
        QTest::newRow("megatron") << 0;
        QTest::newRow("torchtitan") << 1;
    }
    void ruleFilesAreWellFormed()
    {
        QFETCH(int, which);
        const RuleSet& rules = which == 0 ? megatronRules() : torchtitanRules();
        const Json& f = rules.file();
        const std::string commit = which == 0 ? kMegatronCommit : kTorchtitanCommit;
        QCOMPARE(f.at("commit").get<std::string>(), commit);
        QCOMPARE(f.at("format").at("version").get<int>(), 1);
        std::set<std::string> ids;
        std::map<std::string, std::set<std::string>> mentioning; // name -> ids
        for (const Json& r : f.at("rules")) {
            const std::string id = r.at("id").get<std::string>();
            QVERIFY2(ids.insert(id).second, id.c_str());
            const Json& s = r.at("source");
            QVERIFY2(s.at("repo") == f.at("repo") && s.at("commit") == f.at("commit"), id.c_str());
            QVERIFY2(!s.at("file").get<std::string>().empty(), id.c_str());
            QVERIFY2(s.at("lines").size() == 2 && s.at("lines").at(0).get<int>() >= 1
                         && s.at("lines").at(0).get<int>() <= s.at("lines").at(1).get<int>(),
                     id.c_str());
            QVERIFY2(!r.at("python").get<std::string>().empty(), id.c_str());
            QVERIFY2(r.at("when").is_array() && r.at("require").is_array() && !r.at("require").empty(), id.c_str());
            for (const std::string& n : rules.namesOf(r))
                mentioning[n].insert(id);
        }
        for (const Json& c : f.at("coverage")) {
            const std::string flag = c.at("flag").get<std::string>();
            std::set<std::string> listed;
            for (const Json& id : c.at("rules"))
                listed.insert(id.get<std::string>());
            QVERIFY2(listed == mentioning[flag], qPrintable(QString::fromStdString("coverage of " + flag + " is stale")));
        }
        // Every rule evaluates on an empty config without an unknown operator or operand.
        try {
            rules.violations({});
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
    }

    // Every plan kind, exported for each framework that runs it, keeps that framework's rules.
    void exportsKeepTheFrameworkRules_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < planCases().size(); ++i)
            QTest::newRow(planCases()[i].name) << int(i);
    }
    void exportsKeepTheFrameworkRules()
    {
        QFETCH(int, index);
        const PlanCase& pc = planCases()[std::size_t(index)];
        const PlanDocument d = pc.build();
        const QString megatronRefusal = refusal([&] { exportOf(d, LaunchFormat::Megatron); });
        const QString titanRefusal = refusal([&] { exportOf(d, LaunchFormat::Torchtitan); });
        QVERIFY2(megatronRefusal.isEmpty() == pc.megatron, qPrintable("megatron: " + megatronRefusal));
        QVERIFY2(titanRefusal.isEmpty() == pc.torchtitan, qPrintable("torchtitan: " + titanRefusal));
        if (pc.megatron)
            checkRules(megatronRules(), megatronValues(exportOf(d, LaunchFormat::Megatron)), pc.knownMegatronBugs, "megatron");
        if (pc.torchtitan)
            checkRules(torchtitanRules(), torchtitanValues(exportOf(d, LaunchFormat::Torchtitan)), pc.knownTorchtitanBugs,
                       "torchtitan");
    }

    // The rules do catch broken configs: exports edited to break one framework rule each, read back as the
    // framework reads them.
    void brokenConfigsAreCaught()
    {
        const PlanDocument dense = chunkDocument(bundled("llama-3-8b"), 8192, 64, parallel(2, 1, 2, 4, 1, 1), { 16, 16 });
        const std::string megatron = exportOf(dense, LaunchFormat::Megatron);
        QVERIFY(megatronRules().violations(megatronValues(megatron)).empty());

        // TP 2 neither divides 3 query groups nor is divided by them (TransformerConfig.__post_init__).
        const std::vector<std::string> groups
            = megatronRules().violations(megatronValues(replaced(megatron, "--num-query-groups 8", "--num-query-groups 3")));
        QCOMPARE(int(groups.size()), 1);
        QVERIFY2(groups[0].rfind("query-groups-and-tp (NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py:"
                                 "1461-1468 at d98e8a64ddf3: ",
                                 0)
                         == 0
                     && groups[0].find("--tensor-model-parallel-size=2") != std::string::npos
                     && groups[0].find("$num_query_groups=3") != std::string::npos,
                 groups[0].c_str());

        // 18 GPUs: not a multiple of TP 2 x PP 2 (validate_args) nor of the expert grid (parallel_state).
        const std::set<std::string> world = megatronRules().brokenIds(
            megatronValues(replaced(megatron, "--nproc-per-node 8", "--nproc-per-node 9")));
        QVERIFY(world.count("world-size-divisible-by-model-parallel") && world.count("expert-grid-divides-world-size"));

        // TP 3 divides neither the 32 heads nor 8 query groups nor the 16 GPUs.
        const std::set<std::string> tp3 = megatronRules().brokenIds(megatronValues(
            replaced(megatron, "--tensor-model-parallel-size 2", "--tensor-model-parallel-size 3")));
        for (const char* id : { "heads-divisible-by-tp", "query-groups-and-tp", "world-size-divisible-by-model-parallel" })
            QVERIFY2(tp3.count(id), id);

        // A mixture of experts with TP 2 trains only with sequence parallelism (MoELayer.forward).
        const std::string moe = exportOf(moeHandDocument(graphOf(mixtral8x7b()), 4096, 256,
                                                         experts(parallel(2, 1, 4, 8, 1, 1), 8, 2), repeat(8, 4), 8),
                                         LaunchFormat::Megatron);
        QVERIFY(megatronRules().violations(megatronValues(moe)).empty());
        QCOMPARE(idList(megatronRules().brokenIds(megatronValues(replaced(moe, "    --sequence-parallel \\\n", "")))),
                 std::string("moe-with-tp-needs-sequence-parallel"));

        // torchtitan: the degrees must multiply to the world size (ParallelDims._validate).
        const std::string toml = exportOf(dense, LaunchFormat::Torchtitan);
        QVERIFY(torchtitanRules().violations(torchtitanValues(toml)).empty());
        const std::vector<std::string> shard = torchtitanRules().violations(
            torchtitanValues(replaced(toml, "data_parallel_shard_degree = 4", "data_parallel_shard_degree = 3")));
        QVERIFY2(!shard.empty()
                     && shard[0].rfind("degrees-multiply-to-world-size (pytorch/torchtitan torchtitan/distributed/"
                                       "parallel_dims.py:52-55 at 29624e37fa6d: ",
                                       0)
                         == 0
                     && shard[0].find("$world_size=16") != std::string::npos
                     && shard[0].find("parallelism.data_parallel_shard_degree=3") != std::string::npos,
                 joined(shard).c_str());
        // Schedules: a V schedule needs two chunks a rank, and names are torch's.
        QCOMPARE(idList(torchtitanRules().brokenIds(torchtitanValues(replaced(toml, "\"1F1B\"", "\"ZBVZeroBubble\"")))),
                 std::string("v-schedules-two-chunks-per-rank"));
        QCOMPARE(idList(torchtitanRules().brokenIds(torchtitanValues(replaced(toml, "\"1F1B\"", "\"OneFOneB\"")))),
                 std::string("pipeline-schedule-name"));
        // A single-stage schedule with two chunks a rank would run the first chunk only.
        const std::string interleaved
            = exportOf(chunkDocument(bundled("llama-3-8b"), 8192, 64, parallel(2, 1, 4, 2, 2, 1), repeat(4, 8)),
                       LaunchFormat::Torchtitan);
        QCOMPARE(idList(torchtitanRules().brokenIds(torchtitanValues(replaced(interleaved, "\"Interleaved1F1B\"", "\"1F1B\"")))),
                 std::string("single-stage-schedules-one-chunk-per-rank"));
    }

    // The test's reading of Megatron's layout and --moe-layer-freq follows Megatron's parsers.
    void pseudoValuesFollowMegatron()
    {
        Values v;
        addLayoutValues("Et*4|t*4|t*3|(t*4|)*10t*4|t*3|t*3mL", v);
        QCOMPARE(v.at("$layout_stages").get<int>(), 16);
        QCOMPARE(v.at("$layout_t").get<int>(), 61);
        QCOMPARE(v.at("$layout_m").get<int>(), 1);
        QCOMPARE(v.at("$layout_m_stage").get<int>(), 15);
        QCOMPARE(v.at("$layout_first").get<std::string>(), std::string("E"));
        QCOMPARE(v.at("$layout_last").get<std::string>(), std::string("L"));
        QCOMPARE(v.at("$layout_t_after_m").get<int>(), 0);
        // pipeline_parallel_layer_layout.py's docstring example: "Ettt|(tt|)*29,m|L" -> 32 stages.
        Values w;
        addLayoutValues("Ettt|(tt|)*29,m|L", w);
        QCOMPARE(w.at("$layout_stages").get<int>(), 32);
        QCOMPARE(w.at("$layout_t").get<int>(), 61);
        QCOMPARE(ListExpression("([0]*3+[1]*58)").evaluate().size(), std::size_t(61));
        // moe_freq_type's docstring example: "([1]*3+[0]*1)*3" -> [1,1,1,0,1,1,1,0,1,1,1,0].
        QCOMPARE(ListExpression("([1]*3+[0]*1)*3").evaluate(),
                 (std::vector<long long> { 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0 }));
    }
};

QTEST_GUILESS_MAIN(TestLaunchFrameworkRules)
#include "tst_launch_framework_rules.moc"
