// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan_options.h"


#include "cost/prediction_band.h"
#include "hardware/hardware_catalog.h"
#include "training/pipeline_layout.h"
#include "import/model_importer.h"
#include "util/input_error.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <cmath>
#include <functional>

using namespace shardscope;

namespace {

struct Reader
{
    const QStringList& args;
    int i = 0;

    QString value(const QString& option)
    {
        if (i + 1 >= args.size())
            throw UsageError { PlanOptionsParser::tr("option %1 expects a value").arg(option) };
        return args[++i];
    }
};

long long toInteger(const QString& option, const QString& text, long long min, long long max)
{
    bool ok = false;
    const long long v = text.toLongLong(&ok);
    if (!ok)
        throw UsageError { PlanOptionsParser::tr("%1 expects an integer, got \"%2\"").arg(option, text) };
    if (v < min || v > max)
        throw UsageError { PlanOptionsParser::tr("%1 must be between %2 and %3, got %4").arg(option).arg(min).arg(max).arg(v) };
    return v;
}

/// "on" or "off", the value of a boolean pin.
bool toSwitch(const QString& option, const QString& text)
{
    if (text == QLatin1String("on"))
        return true;
    if (text == QLatin1String("off"))
        return false;
    throw UsageError { PlanOptionsParser::tr("%1 expects on or off, got \"%2\"").arg(option, text) };
}

double toNumber(const QString& option, const QString& text, double min, double max)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v))
        throw UsageError { PlanOptionsParser::tr("%1 expects a number, got \"%2\"").arg(option, text) };
    if (v < min || v > max)
        throw UsageError { PlanOptionsParser::tr("%1 must be between %2 and %3, got %4").arg(option).arg(min).arg(max).arg(v) };
    return v;
}

} // namespace

ModelGraph PlanOptionsParser::loadModel(const QString& argument)
{
    if (argument == QLatin1String("-"))
        return importModel("-"); // standard input, format told by content
    if (!QFileInfo::exists(argument)) {
        if (auto bundled = findBundledModel(argument.toStdString()))
            return std::move(*bundled);
        QStringList names;
        for (const std::string& n : bundledModelNames())
            names << QString::fromStdString(n);
        throw InputError(argument.toStdString(), "",
                         PlanOptionsParser::tr("no such file, and not a bundled model (bundled: %1)")
                             .arg(names.join(QStringLiteral(", ")))
                             .toStdString());
    }
    return importModel(argument.toStdString());
}

struct PlanOptionsParser::ParseState
{
    explicit ParseState(const QStringList& arguments) : reader { arguments } { }

    Reader reader;
    PlanOptions options;
    QString gpuName = QStringLiteral("H100-SXM");
    long long gpus = 64, perNode = 8;
    double intraGBps = 0, interGBps = 0;
    QString hardwareFile;
    QString profile; ///< --profile NAME; empty: the default software-stack profile
    bool weightsGiven = false;
    QString fp8Option; ///< the last FP8-only option given (--fp8-recipe, --bf16-*-blocks), checked against --precision
    std::optional<double> tokenBudget, gpuHourPrice;
    std::optional<Preset> preset;
};

PlanOptions PlanOptionsParser::parse(const QStringList& arguments)
{
    ParseState s(arguments);
    PlanOptions& o = s.options;
    Reader& r = s.reader;
    for (r.i = 0; r.i < arguments.size(); ++r.i) {
        const QString a = arguments[r.i];
        if (!a.startsWith(QLatin1String("--"))) {
            if (!o.modelArgument.isEmpty())
                throw UsageError { tr("unexpected argument \"%1\": give one model").arg(a) };
            o.modelArgument = a;
        } else if (!parseOption(s, a)) {
            throw UsageError { tr("unknown option %1; see shardscope plan --help").arg(a) };
        }
    }
    if (o.modelArgument.isEmpty())
        throw UsageError { tr("no model given: shardscope plan MODEL [options] (a config.json, a model file, or a "
                              "bundled name such as llama-3-70b)") };

    if (!s.fp8Option.isEmpty() && o.problem.training.precision != Precision::Fp8)
        throw UsageError { tr("%1 applies to FP8 training only: add --precision fp8").arg(s.fp8Option) };
    finishBudget(s);
    finishRanking(s);
    o.problem.cluster = makeCluster(s);
    o.profile = s.profile;

    o.problem.model = loadModel(o.modelArgument);
    o.problem.validate();
    resolvePredictionBand(o.problem); // the band of the plan's regime in the profile's runs
    return std::move(o);
}

bool PlanOptionsParser::parseOption(ParseState& s, const QString& a)
{
    return parseClusterOption(s, a) || parseTrainingOption(s, a) || parseDegreePin(s, a) || parseTechniquePin(s, a)
        || parseRankingOption(s, a) || parseOutputOption(s, a) || parseBudgetOption(s, a);
}

bool PlanOptionsParser::parseClusterOption(ParseState& s, const QString& a)
{
    Reader& r = s.reader;
    if (a == QLatin1String("--gpu")) {
        s.gpuName = r.value(a);
    } else if (a == QLatin1String("--profile")) {
        s.profile = r.value(a);
    } else if (a == QLatin1String("--gpus")) {
        s.gpus = toInteger(a, r.value(a), 1, 10'000'000);
    } else if (a == QLatin1String("--gpus-per-node")) {
        s.perNode = toInteger(a, r.value(a), 1, 1024);
    } else if (a == QLatin1String("--hardware")) {
        s.hardwareFile = r.value(a);
    } else if (a == QLatin1String("--intra-node-gbps")) {
        s.intraGBps = toNumber(a, r.value(a), 1e-3, 1e6);
    } else if (a == QLatin1String("--inter-node-gbps")) {
        s.interGBps = toNumber(a, r.value(a), 1e-3, 1e6);
    } else {
        return false;
    }
    return true;
}

bool PlanOptionsParser::parseTrainingOption(ParseState& s, const QString& a)
{
    Reader& r = s.reader;
    TrainingSpec& training = s.options.problem.training;
    if (a == QLatin1String("--seq")) {
        training.seqLength = toInteger(a, r.value(a), 1, 1 << 24);
    } else if (a == QLatin1String("--global-batch")) {
        training.globalBatch = toInteger(a, r.value(a), 1, 1 << 24);
    } else if (a == QLatin1String("--precision")) {
        const QString v = r.value(a);
        auto p = precisionFromString(v.toStdString());
        if (!p)
            throw UsageError { tr("--precision expects bf16, fp16, fp8 or fp32, got \"%1\"").arg(v) };
        training.precision = *p;
    } else if (a == QLatin1String("--optimizer")) {
        const QString v = r.value(a);
        auto p = optimizerFromString(v.toStdString());
        if (!p)
            throw UsageError { tr("--optimizer expects adam or sgd, got \"%1\"").arg(v) };
        training.optimizer = *p;
    } else if (a == QLatin1String("--no-flash-attention")) {
        training.flashAttention = false;
    } else if (a == QLatin1String("--unfused-kernels")) {
        training.fusedKernels = false;
    } else if (a == QLatin1String("--fp16-gradients")) {
        training.fp32Gradients = false;
    } else if (a == QLatin1String("--overhead-gib")) {
        training.frameworkOverheadBytes = toNumber(a, r.value(a), 0, 1e6) * 1024.0 * 1024.0 * 1024.0;
    } else if (a == QLatin1String("--memory-margin")) {
        training.memoryMargin = toNumber(a, r.value(a), 0, 0.99);
    } else if (a == QLatin1String("--dp-overlap")) {
        training.dpOverlap = toNumber(a, r.value(a), 0, 1);
    } else if (a == QLatin1String("--moe-imbalance")) {
        training.moeImbalance = toNumber(a, r.value(a), 1, 64);
    } else if (a == QLatin1String("--moe-capacity-factor")) {
        const double f = toNumber(a, r.value(a), 0, 64);
        if (!(f > 0))
            throw UsageError { tr("--moe-capacity-factor must be above 0 (the tokens each expert computes over its "
                                  "average); leave it out for dropless routing") };
        training.moeCapacityFactor = f;
    } else if (a == QLatin1String("--pipeline-split")) {
        const QString v = r.value(a);
        if (v != QLatin1String("balanced") && v != QLatin1String("even"))
            throw UsageError { tr("--pipeline-split must be balanced or even, got \"%1\"").arg(v) };
        training.pipelineSplit.even = v == QLatin1String("even");
        training.pipelineSplit.layout.clear(); // the last split option given wins
    } else if (a == QLatin1String("--fp8-recipe")) {
        s.fp8Option = a;
        const QString v = r.value(a);
        const auto recipe = fp8RecipeFromString(v.toStdString());
        if (!recipe)
            throw UsageError { tr("--fp8-recipe expects delayed, tensorwise or blockwise, got \"%1\"").arg(v) };
        training.fp8.recipe = *recipe;
    } else if (a == QLatin1String("--bf16-first-blocks")) {
        s.fp8Option = a;
        training.fp8.bf16FirstBlocks = int(toInteger(a, r.value(a), 0, 1 << 22));
    } else if (a == QLatin1String("--bf16-last-blocks")) {
        s.fp8Option = a;
        training.fp8.bf16LastBlocks = int(toInteger(a, r.value(a), 0, 1 << 22));
    } else if (a == QLatin1String("--recompute-modules")) {
        const QString v = r.value(a);
        std::string unknown;
        const auto modules = recomputeModulesFromString(v.toStdString(), &unknown);
        if (!modules || *modules == 0)
            throw UsageError { tr("--recompute-modules expects a comma-separated list of core_attn, mlp, moe and "
                                  "shared_experts, got \"%1\"").arg(v) };
        training.recomputeModules = *modules;
    } else if (a == QLatin1String("--recompute-method")) {
        const QString v = r.value(a);
        const auto m = recomputeMethodFromString(v.toStdString());
        if (!m)
            throw UsageError { tr("--recompute-method expects uniform or block, got \"%1\"").arg(v) };
        training.fullRecompute.method = *m;
    } else if (a == QLatin1String("--recompute-num-layers")) {
        training.fullRecompute.layers = int(toInteger(a, r.value(a), 1, 1 << 22));
    } else if (a == QLatin1String("--pipeline-layout") || a == QLatin1String("--pipeline-model-parallel-layout")) {
        const QString v = r.value(a);
        try {
            (void)parsePipelineLayout(v.toStdString());
        } catch (const PipelineLayoutError& e) {
            throw UsageError { tr("%1 \"%2\": %3").arg(a, v, QString::fromStdString(e.what())) };
        }
        training.pipelineSplit.layout = v.toStdString();
        training.pipelineSplit.even = false;
    } else if (a == QLatin1String("--first-stage-blocks")) {
        training.pipelineSplit.firstStageBlocks = int(toInteger(a, r.value(a), 1, 1 << 22));
        training.pipelineSplit.even = true;
    } else if (a == QLatin1String("--last-stage-blocks")) {
        training.pipelineSplit.lastStageBlocks = int(toInteger(a, r.value(a), 1, 1 << 22));
        training.pipelineSplit.even = true;
    } else {
        return false;
    }
    return true;
}

/// The pins of a parallel degree (and of the micro-batch size): how many GPUs or sequences.
bool PlanOptionsParser::parseDegreePin(ParseState& s, const QString& a)
{
    Reader& r = s.reader;
    PlanPins& pins = s.options.problem.training.pins;
    if (a == QLatin1String("--ep")) {
        pins.ep = int(toInteger(a, r.value(a), 1, 1 << 20));
    } else if (a == QLatin1String("--etp")) {
        pins.etp = int(toInteger(a, r.value(a), 1, 1 << 20));
    } else if (a == QLatin1String("--tp")) {
        pins.tp = int(toInteger(a, r.value(a), 1, 1 << 20));
    } else if (a == QLatin1String("--cp")) {
        pins.cp = int(toInteger(a, r.value(a), 1, 1 << 20));
    } else if (a == QLatin1String("--dp-replicate")) {
        pins.dpReplicate = int(toInteger(a, r.value(a), 1, 1 << 24));
    } else if (a == QLatin1String("--pp")) {
        pins.pp = int(toInteger(a, r.value(a), 1, 1 << 20));
    } else if (a == QLatin1String("--dp")) {
        pins.dp = int(toInteger(a, r.value(a), 1, 1 << 24));
    } else if (a == QLatin1String("--vpp")) {
        pins.vpp = int(toInteger(a, r.value(a), 1, 1 << 10));
    } else if (a == QLatin1String("--micro-batch")) {
        pins.microBatch = int(toInteger(a, r.value(a), 1, 1 << 20));
    } else {
        return false;
    }
    return true;
}

/// The pins of a technique: ZeRO, recomputation, sequence parallelism, overlaps, CP exchange, schedule.
bool PlanOptionsParser::parseTechniquePin(ParseState& s, const QString& a)
{
    Reader& r = s.reader;
    PlanPins& pins = s.options.problem.training.pins;
    if (a == QLatin1String("--cp-comm-type")) {
        const QString v = r.value(a);
        auto p = cpCommTypeFromString(v.toStdString());
        if (!p)
            throw UsageError { tr("--cp-comm-type expects p2p (ring) or a2a (all-to-all), got \"%1\"").arg(v) };
        pins.cpCommType = *p;
    } else if (a == QLatin1String("--reshard-after-forward")) {
        pins.reshardAfterForward = toSwitch(a, r.value(a));
    } else if (a == QLatin1String("--zero")) {
        pins.zeroStage = int(toInteger(a, r.value(a), 0, 3));
    } else if (a == QLatin1String("--recompute")) {
        const QString v = r.value(a);
        auto p = recomputeFromString(v.toStdString());
        if (!p)
            throw UsageError { tr("--recompute expects none, selective or full, got \"%1\"").arg(v) };
        pins.recompute = *p;
    } else if (a == QLatin1String("--sp")) {
        pins.sequenceParallel = true;
    } else if (a == QLatin1String("--no-sp")) {
        pins.sequenceParallel = false;
    } else if (a == QLatin1String("--tp-comm-overlap")) {
        pins.tpCommOverlap = toSwitch(a, r.value(a));
    } else if (a == QLatin1String("--pp-comm-overlap")) {
        pins.ppCommOverlap = toSwitch(a, r.value(a));
    } else if (a == QLatin1String("--ep-comm-overlap")) {
        pins.epCommOverlap = toSwitch(a, r.value(a));
    } else if (a == QLatin1String("--schedule")) {
        const QString v = r.value(a);
        auto p = scheduleFromString(v.toStdString());
        if (!p)
            throw UsageError { tr("--schedule expects gpipe, 1f1b, interleaved, zb-h1, interleaved-zb or zbv, got \"%1\"").arg(v) };
        pins.schedule = *p;
    } else {
        return false;
    }
    return true;
}

bool PlanOptionsParser::parseRankingOption(ParseState& s, const QString& a)
{
    Reader& r = s.reader;
    PlanOptions& o = s.options;
    if (a == QLatin1String("--strategy")) {
        const QString v = r.value(a);
        if (const Preset* p = findPreset(v.toStdString())) {
            s.preset = *p;
            o.strategy = p->strategy;
        } else if (auto st = strategyFromString(v.toStdString())) {
            o.strategy = *st;
        } else {
            throw UsageError { tr("unknown strategy \"%1\"; see shardscope plan --help").arg(v) };
        }
    } else if (a == QLatin1String("--weights")) {
        const QString v = r.value(a);
        const QStringList parts = v.split(QLatin1Char(','));
        if (parts.size() != 3)
            throw UsageError { tr("--weights expects three numbers M,C,N (memory, compute, communication), got \"%1\"").arg(v) };
        o.weights.memory = toNumber(a, parts[0], 0, 1e6);
        o.weights.compute = toNumber(a, parts[1], 0, 1e6);
        o.weights.communication = toNumber(a, parts[2], 0, 1e6);
        if (o.weights.memory + o.weights.compute + o.weights.communication <= 0)
            throw UsageError { tr("--weights must not all be zero") };
        s.weightsGiven = true;
    } else {
        return false;
    }
    return true;
}

bool PlanOptionsParser::parseOutputOption(ParseState& s, const QString& a)
{
    Reader& r = s.reader;
    PlanOptions& o = s.options;
    if (a == QLatin1String("--top")) {
        o.top = int(toInteger(a, r.value(a), 1, 100000));
    } else if (a == QLatin1String("--infeasible")) {
        o.showInfeasible = int(toInteger(a, r.value(a), 0, 100000));
    } else if (a == QLatin1String("--proposals")) {
        o.proposals = 10;
    } else if (a == QLatin1String("--json")) {
        o.jsonPath = r.value(a);
    } else {
        return false;
    }
    return true;
}

bool PlanOptionsParser::parseBudgetOption(ParseState& s, const QString& a)
{
    Reader& r = s.reader;
    if (a == QLatin1String("--token-budget")) {
        const QString v = r.value(a);
        try {
            s.tokenBudget = parseTokenCount(v.toStdString(), a.toStdString());
        } catch (const InputError& e) {
            throw UsageError { QStringLiteral("%1: %2").arg(a, QString::fromStdString(e.message())) };
        }
    } else if (a == QLatin1String("--gpu-hour-price")) {
        const QString v = r.value(a);
        try {
            s.gpuHourPrice = parseGpuHourPrice(v.toStdString(), a.toStdString());
        } catch (const InputError& e) {
            throw UsageError { QStringLiteral("%1: %2").arg(a, QString::fromStdString(e.message())) };
        }
    } else {
        return false;
    }
    return true;
}

void PlanOptionsParser::finishBudget(ParseState& s)
{
    if (s.gpuHourPrice && !s.tokenBudget)
        throw UsageError { tr("--gpu-hour-price needs --token-budget TOKENS: the cost is the GPU-hours the tokens take "
                              "times the price") };
    if (s.tokenBudget)
        s.options.budget = TrainingBudget { *s.tokenBudget, s.gpuHourPrice };
}

/// The preset's (or the strategy's) weights unless --weights gave them; a preset's memory margin.
void PlanOptionsParser::finishRanking(ParseState& s)
{
    PlanOptions& o = s.options;
    if (!s.weightsGiven)
        o.weights = s.preset ? s.preset->weights : defaultWeights(o.strategy);
    if (s.preset)
        o.problem.training.memoryMargin = s.preset->memoryMargin;
}

/// The built-in GPUs, with those of --hardware FILE added or overriding. Throws InputError.
HardwareCatalog PlanOptionsParser::loadCatalog(const QString& hardwareFile, const QString& profile)
{
    const HardwareCatalog* builtin = profile.isEmpty() ? &HardwareCatalog::builtin() : HardwareCatalog::builtin(profile.toStdString());
    if (!builtin) {
        QStringList names;
        for (const std::string& n : CalibrationConstants::builtin().profileNames())
            names << QString::fromStdString(n);
        throw UsageError { tr("--profile: unknown profile \"%1\"; expected one of %2 (shardscope validate --help)")
                               .arg(profile, names.join(QStringLiteral(", "))) };
    }
    HardwareCatalog catalog = *builtin;
    if (!hardwareFile.isEmpty()) {
        QFile f(hardwareFile);
        if (!f.open(QIODevice::ReadOnly))
            throw InputError(hardwareFile.toStdString(), "", tr("cannot read the hardware file: %1").arg(f.errorString()).toStdString());
        const QByteArray data = f.readAll();
        catalog.merge(HardwareCatalog::fromJson(std::string_view(data.constData(), std::size_t(data.size())), hardwareFile.toStdString()),
                      profile.toStdString());
    }
    return catalog;
}

ClusterSpec PlanOptionsParser::makeCluster(const ParseState& s)
{
    const HardwareCatalog catalog = loadCatalog(s.hardwareFile, s.profile);
    const GpuSpec* gpu = catalog.find(s.gpuName.toStdString());
    if (!gpu) {
        QStringList names;
        for (const GpuSpec& g : catalog.gpus())
            names << QString::fromStdString(g.name);
        throw UsageError { tr("unknown GPU \"%1\"; known: %2 (shardscope gpus lists them)").arg(s.gpuName, names.join(QStringLiteral(", "))) };
    }
    // A GPU count that is not whole nodes is a bad command-line value (exit 2), as --gpus 0 is, not a bad input file.
    if (s.gpus > s.perNode && s.gpus % s.perNode != 0)
        throw UsageError { tr("--gpus: %1 GPUs cannot be split into nodes of %2; expected a multiple of %2 (or fewer "
                              "than %2: one partial node)")
                               .arg(s.gpus)
                               .arg(s.perNode) };
    ClusterSpec cluster = ClusterSpec::make(*gpu, int(s.gpus), int(s.perNode));
    if (s.intraGBps > 0)
        cluster.intraNode.bandwidthBytesPerSecond = s.intraGBps * 1e9;
    if (s.interGBps > 0)
        cluster.interNode.bandwidthBytesPerSecond = s.interGBps * 1e9;
    return cluster;
}

QString PlanOptionsParser::helpText()
{
    return tr(
        "Usage: shardscope plan MODEL [options]\n"
        "\n"
        "MODEL is a Hugging Face config.json, a safetensors file, sharded index or checkpoint folder\n"
        "(headers only), an ONNX model, a GraphML or Graphviz DOT graph, a ShardScope model JSON, the\n"
        "prototype's layer list or ModelInfo JSON, or a bundled example name (shardscope models).\n"
        "\n"
        "%1"
        "Output:\n"
        "  --top K                 plans to print and to write; default 10\n"
        "  --infeasible K          also print the K closest plans that do not fit, with the reason\n"
        "  --json FILE             write the ranked plans as plan JSON (docs/plan-format.md); - writes\n"
        "                          it to standard output instead of the report\n"
        "  --proposals             print up to 10 ranked changes to the best plan, each re-evaluated:\n"
        "                          predicted speedup, memory change, and the bottleneck it addresses\n"
        "\n"
        "Exit codes: 0 a plan fits; 1 no plan fits; 2 bad command line; 3 invalid input; 4 cannot write output.\n"
        "\n"
        "Example:\n"
        "  shardscope plan llama-3-70b --gpus 64 --seq 8192 --global-batch 512 --top 5\n"
        "  shardscope plan llama-3.1-405b --gpus 16384 --seq 8192 --global-batch 2048 --token-budget 15T\n"
        "                  --gpu-hour-price 2.5\n")
        .arg(optionsHelp());
}

QString PlanOptionsParser::optionsHelp()
{
    return tr(
        "Cluster:\n"
        "  --gpu NAME              GPU from the catalog (shardscope gpus); default H100-SXM\n"
        "  --gpus N                total GPUs; default 64\n"
        "  --gpus-per-node K       GPUs per node; default 8 (N must be a multiple of K)\n"
        "  --hardware FILE         add or override GPUs from a catalog file (docs/hardware-format.md)\n"
        "  --profile NAME          software-stack profile whose fitted constants and error bands apply\n"
        "                          (megatron-bridge, the default; mcore-r0.8; megatron-2021)\n"
        "  --intra-node-gbps X     override the per-GPU intra-node bandwidth (GB/s each way)\n"
        "  --inter-node-gbps X     override the per-GPU inter-node bandwidth (GB/s each way)\n"
        "\n"
        "Training:\n"
        "  --seq S                 sequence length in tokens; default 4096\n"
        "  --global-batch B        sequences per optimizer step; default 512\n"
        "  --precision P           bf16 (default), fp16, fp8 (bf16 master weights) or fp32\n"
        "  --fp8-recipe R          with fp8: delayed (Megatron's default), tensorwise (current scaling) or\n"
        "                          blockwise (1x128 / 128x128 blocks), as Megatron-LM's --fp8-recipe\n"
        "  --bf16-first-blocks N  --bf16-last-blocks N\n"
        "                          with fp8: keep the first / last N blocks in BF16 (Megatron-LM's\n"
        "                          --first-last-layers-bf16; not with the delayed recipe)\n"
        "  --optimizer O           adam (mixed precision, default) or sgd (with momentum)\n"
        "  --no-flash-attention    store attention scores (Korthikanti's 5as/h term)\n"
        "  --unfused-kernels       element-wise work as separate kernels (plain PyTorch), not Megatron's fused ones\n"
        "  --fp16-gradients        16-bit gradients instead of fp32 main gradients\n"
        "  --overhead-gib X        extra allowance per GPU beyond the itemised other memory (CUDA context, NCCL\n"
        "                          buffers, optimizer transient); default 0\n"
        "  --memory-margin F       fraction of GPU memory kept free; default 0.05\n"
        "  --dp-overlap F          override: fraction of data-parallel communication hidden by backward;\n"
        "                          by default the cost model overlaps it per bucket, as the frameworks do\n"
        "  --moe-imbalance X       mixture of experts, dropless routing: the busiest expert's tokens over the\n"
        "                          mean, from 1 to 64; default 1.25\n"
        "  --moe-capacity-factor X mixture of experts with token dropping: every expert computes X times its\n"
        "                          average tokens (above 0, at most 64); default dropless\n"
        "  --pipeline-split balanced|even\n"
        "                          the blocks of each pipeline stage: balanced by the search (default), or\n"
        "                          Megatron-LM's even split (blocks / (PP x VPP) a model chunk)\n"
        "  --first-stage-blocks N  --last-stage-blocks N\n"
        "                          the even split with the first / last stage holding N blocks (Megatron\n"
        "                          --decoder-first/last-pipeline-num-layers), the others the rest evenly\n"
        "  --pipeline-layout STRING\n"
        "                          every model chunk's blocks as Megatron-LM's --pipeline-model-parallel-layout\n"
        "                          gives them: E embedding, t block, m MTP module, L loss, | between chunks in\n"
        "                          model order, x*N and (...)*N repeat; e.g. \"Et*3|(t*4|)*6t*3L\" for PP 8\n"
        "  --recompute-method uniform|block  --recompute-num-layers N\n"
        "                          what full recomputation does in each model chunk (Megatron-LM's flags):\n"
        "                          uniform checkpoints groups of N blocks, block only the first N blocks;\n"
        "                          default uniform 1, every block on its own\n"
        "  --recompute-modules M,...\n"
        "                          what selective recomputation redoes (Megatron-LM's --recompute-modules):\n"
        "                          core_attn (default), mlp, moe, shared_experts\n"
        "\n"
        "Pins (fix a knob; every unpinned knob is searched):\n"
        "  --tp N  --cp N  --pp N  --dp N  --vpp N  --micro-batch N  --zero 0|1|2|3\n"
        "  --recompute none|selective|full  --sp | --no-sp\n"
        "  --schedule gpipe|1f1b|interleaved|zb-h1|interleaved-zb|zbv\n"
        "                          pipeline schedule; zb-h1, interleaved-zb and zbv are zero-bubble\n"
        "                          schedules (Qi et al. 2024): weight gradients run in the bubble;\n"
        "                          interleaved and interleaved-zb take --vpp chunks, zbv always 2\n"
        "  --tp-comm-overlap on|off\n"
        "                          TP communication pipelined with the GEMMs (Megatron --tp-comm-overlap);\n"
        "                          needs sequence parallelism and TP > 1\n"
        "  --pp-comm-overlap on|off\n"
        "                          pipeline sends and receives overlapped with compute; interleaved\n"
        "                          schedule only, where PP 2 requires it (as Megatron)\n"
        "  --cp-comm-type p2p|a2a  how context parallelism (--cp) exchanges keys and values: p2p, a ring\n"
        "                          overlapped with attention (Megatron's default); a2a, all-to-all over\n"
        "                          attention heads (DeepSpeed Ulysses)\n"
        "  --dp-replicate N        hybrid sharding (HSDP): ZeRO shards over DP x CP / N GPUs and is\n"
        "                          replicated N times; 1 shards over all of them\n"
        "  --ep N  --etp N         mixtures of experts: expert parallelism (each MoE layer's routed experts\n"
        "                          spread over N GPUs) and expert tensor parallelism (each expert's matrices\n"
        "                          split over N GPUs); EP x ETP divides a stage's TP x CP x DP GPUs\n"
        "  --ep-comm-overlap on|off\n"
        "                          MoE all-to-alls of one micro-batch overlapped with another's compute\n"
        "                          (Megatron --overlap-moe-expert-parallel-comm); needs EP > 1, no full\n"
        "                          recomputation, bf16 or fp16, and with PP > 1 the interleaved schedule\n"
        "  --reshard-after-forward on|off\n"
        "                          ZeRO-3: free the gathered parameters after each forward (on, FSDP's\n"
        "                          default) or keep them until the backward (off, as Llama 3 trained)\n"
        "\n"
        "Ranking:\n"
        "  --strategy NAME         exhaustive (default; weighted score), MemoryOptimal, ComputeBalanced,\n"
        "                          CommunicationMinimal, Hybrid, TensorParallelFirst, PipelineParallelFirst,\n"
        "                          or a preset: memory_optimized, throughput_optimized, communication_optimized\n"
        "  --weights M,C,N         weights of memory headroom, throughput and communication in the score\n"
        "\n"
        "Time and cost to train (each listed plan; nothing is assumed when these are not given):\n"
        "  --token-budget TOKENS   tokens to train on, e.g. 15e12 or 15T (K, M, B or G, T, P: thousand to\n"
        "                          quadrillion): adds the days (tokens / tokens per second) and GPU-hours\n"
        "                          (days x 24 x GPUs) of each plan\n"
        "  --gpu-hour-price PRICE  price of one GPU-hour (with --token-budget): adds the cost, GPU-hours x\n"
        "                          PRICE, in PRICE's currency\n"
        "\n");
}
