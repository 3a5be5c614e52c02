// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan_options.h"


#include "hardware/hardware_catalog.h"
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

PlanOptions PlanOptionsParser::parse(const QStringList& arguments)
{
    PlanOptions o;
    QString gpuName = QStringLiteral("H100-SXM");
    long long gpus = 64, perNode = 8;
    double intraGBps = 0, interGBps = 0;
    QString hardwareFile;
    bool weightsGiven = false;
    std::optional<double> tokenBudget, gpuHourPrice;
    std::optional<Preset> preset;
    TrainingSpec& training = o.problem.training;

    Reader r { arguments };
    for (r.i = 0; r.i < arguments.size(); ++r.i) {
        const QString a = arguments[r.i];
        if (!a.startsWith(QLatin1String("--"))) {
            if (!o.modelArgument.isEmpty())
                throw UsageError { tr("unexpected argument \"%1\": give one model").arg(a) };
            o.modelArgument = a;
        } else if (a == QLatin1String("--gpu")) {
            gpuName = r.value(a);
        } else if (a == QLatin1String("--gpus")) {
            gpus = toInteger(a, r.value(a), 1, 10'000'000);
        } else if (a == QLatin1String("--gpus-per-node")) {
            perNode = toInteger(a, r.value(a), 1, 1024);
        } else if (a == QLatin1String("--hardware")) {
            hardwareFile = r.value(a);
        } else if (a == QLatin1String("--intra-node-gbps")) {
            intraGBps = toNumber(a, r.value(a), 1e-3, 1e6);
        } else if (a == QLatin1String("--inter-node-gbps")) {
            interGBps = toNumber(a, r.value(a), 1e-3, 1e6);
        } else if (a == QLatin1String("--seq")) {
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
        } else if (a == QLatin1String("--ep")) {
            training.pins.ep = int(toInteger(a, r.value(a), 1, 1 << 20));
        } else if (a == QLatin1String("--etp")) {
            training.pins.etp = int(toInteger(a, r.value(a), 1, 1 << 20));
        } else if (a == QLatin1String("--tp")) {
            training.pins.tp = int(toInteger(a, r.value(a), 1, 1 << 20));
        } else if (a == QLatin1String("--cp")) {
            training.pins.cp = int(toInteger(a, r.value(a), 1, 1 << 20));
        } else if (a == QLatin1String("--cp-comm-type")) {
            const QString v = r.value(a);
            auto p = cpCommTypeFromString(v.toStdString());
            if (!p)
                throw UsageError { tr("--cp-comm-type expects p2p (ring) or a2a (all-to-all), got \"%1\"").arg(v) };
            training.pins.cpCommType = *p;
        } else if (a == QLatin1String("--dp-replicate")) {
            training.pins.dpReplicate = int(toInteger(a, r.value(a), 1, 1 << 24));
        } else if (a == QLatin1String("--reshard-after-forward")) {
            training.pins.reshardAfterForward = toSwitch(a, r.value(a));
        } else if (a == QLatin1String("--pp")) {
            training.pins.pp = int(toInteger(a, r.value(a), 1, 1 << 20));
        } else if (a == QLatin1String("--dp")) {
            training.pins.dp = int(toInteger(a, r.value(a), 1, 1 << 24));
        } else if (a == QLatin1String("--vpp")) {
            training.pins.vpp = int(toInteger(a, r.value(a), 1, 1 << 10));
        } else if (a == QLatin1String("--micro-batch")) {
            training.pins.microBatch = int(toInteger(a, r.value(a), 1, 1 << 20));
        } else if (a == QLatin1String("--zero")) {
            training.pins.zeroStage = int(toInteger(a, r.value(a), 0, 3));
        } else if (a == QLatin1String("--recompute")) {
            const QString v = r.value(a);
            auto p = recomputeFromString(v.toStdString());
            if (!p)
                throw UsageError { tr("--recompute expects none, selective or full, got \"%1\"").arg(v) };
            training.pins.recompute = *p;
        } else if (a == QLatin1String("--sp")) {
            training.pins.sequenceParallel = true;
        } else if (a == QLatin1String("--no-sp")) {
            training.pins.sequenceParallel = false;
        } else if (a == QLatin1String("--tp-comm-overlap")) {
            training.pins.tpCommOverlap = toSwitch(a, r.value(a));
        } else if (a == QLatin1String("--pp-comm-overlap")) {
            training.pins.ppCommOverlap = toSwitch(a, r.value(a));
        } else if (a == QLatin1String("--ep-comm-overlap")) {
            training.pins.epCommOverlap = toSwitch(a, r.value(a));
        } else if (a == QLatin1String("--schedule")) {
            const QString v = r.value(a);
            auto p = scheduleFromString(v.toStdString());
            if (!p)
                throw UsageError { tr("--schedule expects gpipe, 1f1b, interleaved, zb-h1, interleaved-zb or zbv, got \"%1\"").arg(v) };
            training.pins.schedule = *p;
        } else if (a == QLatin1String("--strategy")) {
            const QString v = r.value(a);
            if (const Preset* p = findPreset(v.toStdString())) {
                preset = *p;
                o.strategy = p->strategy;
            } else if (auto s = strategyFromString(v.toStdString())) {
                o.strategy = *s;
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
            weightsGiven = true;
        } else if (a == QLatin1String("--top")) {
            o.top = int(toInteger(a, r.value(a), 1, 100000));
        } else if (a == QLatin1String("--infeasible")) {
            o.showInfeasible = int(toInteger(a, r.value(a), 0, 100000));
        } else if (a == QLatin1String("--proposals")) {
            o.proposals = 10;
        } else if (a == QLatin1String("--json")) {
            o.jsonPath = r.value(a);
        } else if (a == QLatin1String("--token-budget")) {
            const QString v = r.value(a);
            try {
                tokenBudget = parseTokenCount(v.toStdString(), a.toStdString());
            } catch (const InputError& e) {
                throw UsageError { QStringLiteral("%1: %2").arg(a, QString::fromStdString(e.message())) };
            }
        } else if (a == QLatin1String("--gpu-hour-price")) {
            const QString v = r.value(a);
            try {
                gpuHourPrice = parseGpuHourPrice(v.toStdString(), a.toStdString());
            } catch (const InputError& e) {
                throw UsageError { QStringLiteral("%1: %2").arg(a, QString::fromStdString(e.message())) };
            }
        } else {
            throw UsageError { tr("unknown option %1; see shardscope plan --help").arg(a) };
        }
    }
    if (o.modelArgument.isEmpty())
        throw UsageError { tr("no model given: shardscope plan MODEL [options] (a config.json, a model file, or a "
                              "bundled name such as llama-3-70b)") };

    if (gpuHourPrice && !tokenBudget)
        throw UsageError { tr("--gpu-hour-price needs --token-budget TOKENS: the cost is the GPU-hours the tokens take "
                              "times the price") };
    if (tokenBudget)
        o.budget = TrainingBudget { *tokenBudget, gpuHourPrice };

    if (!weightsGiven)
        o.weights = preset ? preset->weights : defaultWeights(o.strategy);
    if (preset)
        training.memoryMargin = preset->memoryMargin;

    HardwareCatalog catalog = HardwareCatalog::builtin();
    if (!hardwareFile.isEmpty()) {
        QFile f(hardwareFile);
        if (!f.open(QIODevice::ReadOnly))
            throw InputError(hardwareFile.toStdString(), "", tr("cannot read the hardware file: %1").arg(f.errorString()).toStdString());
        const QByteArray data = f.readAll();
        catalog.merge(HardwareCatalog::fromJson(std::string_view(data.constData(), std::size_t(data.size())), hardwareFile.toStdString()));
    }
    const GpuSpec* gpu = catalog.find(gpuName.toStdString());
    if (!gpu) {
        QStringList names;
        for (const GpuSpec& g : catalog.gpus())
            names << QString::fromStdString(g.name);
        throw UsageError { tr("unknown GPU \"%1\"; known: %2 (shardscope gpus lists them)").arg(gpuName, names.join(QStringLiteral(", "))) };
    }
    // A GPU count that is not whole nodes is a bad command-line value (exit 2), as --gpus 0 is, not a bad input file.
    if (gpus > perNode && gpus % perNode != 0)
        throw UsageError { tr("--gpus: %1 GPUs cannot be split into nodes of %2; expected a multiple of %2 (or fewer "
                              "than %2: one partial node)")
                               .arg(gpus)
                               .arg(perNode) };
    o.problem.cluster = ClusterSpec::make(*gpu, int(gpus), int(perNode));
    if (intraGBps > 0)
        o.problem.cluster.intraNode.bandwidthBytesPerSecond = intraGBps * 1e9;
    if (interGBps > 0)
        o.problem.cluster.interNode.bandwidthBytesPerSecond = interGBps * 1e9;

    o.problem.model = loadModel(o.modelArgument);
    o.problem.validate();
    return o;
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
        "  --intra-node-gbps X     override the per-GPU intra-node bandwidth (GB/s each way)\n"
        "  --inter-node-gbps X     override the per-GPU inter-node bandwidth (GB/s each way)\n"
        "\n"
        "Training:\n"
        "  --seq S                 sequence length in tokens; default 4096\n"
        "  --global-batch B        sequences per optimizer step; default 512\n"
        "  --precision P           bf16 (default), fp16, fp8 (bf16 master weights) or fp32\n"
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
