// SPDX-License-Identifier: GPL-3.0-or-later
#include "input_panel.h"

#include "cost/prediction_band.h"
#include "export/plan_document.h"
#include "moe_display.h"
#include "training/pipeline_layout.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPalette>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <iterator>

using namespace shardscope;

namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

// "70.6 B" style counts for parameters.
QString compactCount(double n)
{
    const QLocale locale;
    if (n >= 1e12)
        return QCoreApplication::translate("InputPanel", "%1 T").arg(locale.toString(n / 1e12, 'f', 2));
    if (n >= 1e9)
        return QCoreApplication::translate("InputPanel", "%1 B").arg(locale.toString(n / 1e9, 'f', 1));
    if (n >= 1e6)
        return QCoreApplication::translate("InputPanel", "%1 M").arg(locale.toString(n / 1e6, 'f', 1));
    return locale.toString(qint64(n));
}

// Combo entries whose data is an optional value: "automatic" (searched) is -1.
void addAuto(QComboBox* box) { box->addItem(QCoreApplication::translate("InputPanel", "auto (searched)"), -1); }

template <typename T>
std::optional<T> pinned(const QComboBox* box)
{
    const int v = box->currentData().toInt();
    return v < 0 ? std::nullopt : std::optional<T>(T(v));
}

template <typename T>
void selectPinned(QComboBox* box, const std::optional<T>& value)
{
    const int index = box->findData(value ? int(*value) : -1);
    box->setCurrentIndex(std::max(index, 0));
}

/// Whether the VPP pin applies under the schedule the combo pins: automatic or an interleaved schedule that
/// takes a chunk count (ZBV always runs 2 chunks).
bool vppPinApplies(const QComboBox* schedule)
{
    const std::optional<Schedule> s = pinned<Schedule>(schedule);
    return !s || (isInterleaved(*s) && *s != Schedule::ZeroBubbleV);
}


} // namespace

InputPanel::InputPanel(QWidget* parent)
    : QWidget(parent)
    , m_catalog(HardwareCatalog::builtin())
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildModelGroup());
    layout->addWidget(buildClusterGroup());
    layout->addWidget(buildTrainingGroup());
    layout->addWidget(buildRankingGroup());
    layout->addWidget(buildBudgetGroup());
    layout->addStretch(1);
    // Long choices ("3: shard optimizer states, gradients and weights") must not widen the dock.
    for (QComboBox* box : findChildren<QComboBox*>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(14);
    }
    // On a narrow dock (a 1280 x 720 laptop, longer German labels) a field goes under its label instead of
    // widening the dock.
    for (QFormLayout* form : findChildren<QFormLayout*>())
        form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    updateLinkDefaults();
    updateWeightLabels();
}

QWidget* InputPanel::buildModelGroup()
{
    auto* group = new QGroupBox(tr("Model"));
    auto* layout = new QVBoxLayout(group);
    m_modelSummary = new QLabel(tr("No model loaded."));
    m_modelSummary->setWordWrap(true);
    m_modelSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_openButton = new QPushButton(tr("&Open model…"));
    m_openButton->setToolTip(tr("Open a Hugging Face config.json, safetensors checkpoint (header only), ONNX model, "
                                "GraphML or Graphviz DOT graph, or a ShardScope model JSON. "
                                "You can also drop a file on the window."));
    connect(m_openButton, &QPushButton::clicked, this, &InputPanel::openModelRequested);
    layout->addWidget(m_modelSummary);
    layout->addWidget(m_openButton);
    return group;
}

QWidget* InputPanel::buildClusterGroup()
{
    auto* group = new QGroupBox(tr("Cluster"));
    auto* form = new QFormLayout(group);
    m_gpu = new QComboBox;
    m_gpu->setToolTip(tr("The GPU model. Memory, peak FLOP/s and link bandwidths come from the hardware catalog "
                         "(resources/hardware.json, with sources)."));
    fillGpuBox();
    m_nodes = new QSpinBox;
    m_nodes->setRange(1, 10'000'000); // core checks the total (at most 10 million GPUs)
    m_nodes->setValue(8);
    m_nodes->setToolTip(tr("Number of nodes (servers)."));
    m_gpusPerNode = new QSpinBox;
    m_gpusPerNode->setRange(1, 1024);
    m_gpusPerNode->setValue(8);
    m_gpusPerNode->setToolTip(tr("GPUs in one node, joined by the fast intra-node link (NVLink). Tensor parallelism "
                                 "is kept inside a node."));
    m_clusterTotal = new QLabel;
    m_intraGBps = new QDoubleSpinBox;
    m_intraGBps->setRange(0, 1e6);
    m_intraGBps->setDecimals(1);
    m_intraGBps->setSuffix(tr(" GB/s"));
    m_intraGBps->setToolTip(tr("Per-GPU bandwidth of the intra-node link, one direction. 0 uses the catalog value."));
    m_interGBps = new QDoubleSpinBox;
    m_interGBps->setRange(0, 1e6);
    m_interGBps->setDecimals(1);
    m_interGBps->setSuffix(tr(" GB/s"));
    m_interGBps->setToolTip(tr("Per-GPU bandwidth between nodes (InfiniBand/RoCE NIC), one direction. 0 uses the "
                               "catalog value."));
    m_profile = new QComboBox;
    const CalibrationConstants& constants = CalibrationConstants::builtin();
    for (const std::string& name : constants.profileNames()) {
        const Profile* p = constants.profile(name);
        m_profile->addItem(qs(p->title.empty() ? name : p->title), qs(name));
        QString tip = tr("Constants fitted to %1 (%2 runs, fitted %3).").arg(qs(p->runsFrom)).arg(p->residuals.size()).arg(qs(constants.date));
        if (!p->capabilities.empty()) {
            QStringList caps;
            for (const std::string& c : p->capabilities)
                caps << qs(c);
            tip += QLatin1Char(' ') + tr("The stack has: %1.").arg(caps.join(QStringLiteral(", ")));
        }
        m_profile->setItemData(m_profile->count() - 1, tip, Qt::ToolTipRole);
    }
    m_profile->setToolTip(tr("The software stack the plans are predicted for: each profile has its own fitted constants "
                             "and its own cross-validated error band (shardscope validate --profile NAME)."));
    form->addRow(tr("&GPU:"), m_gpu);
    form->addRow(tr("Stack &profile:"), m_profile);
    form->addRow(tr("&Nodes:"), m_nodes);
    form->addRow(tr("GPUs per n&ode:"), m_gpusPerNode);
    form->addRow(QString(), m_clusterTotal);
    form->addRow(tr("Intra-node link:"), m_intraGBps);
    form->addRow(tr("Inter-node link:"), m_interGBps);

    connect(m_gpu, &QComboBox::currentIndexChanged, this, [this] {
        updateLinkDefaults();
        emitProblemChanged();
    });
    connect(m_profile, &QComboBox::currentIndexChanged, this, [this] {
        applyProfile();
        emitProblemChanged();
    });
    for (QSpinBox* box : { m_nodes, m_gpusPerNode })
        connect(box, &QSpinBox::valueChanged, this, [this] {
            updateLinkDefaults();
            emitProblemChanged();
        });
    for (QDoubleSpinBox* box : { m_intraGBps, m_interGBps })
        connect(box, &QDoubleSpinBox::valueChanged, this, &InputPanel::emitProblemChanged);
    return group;
}

QWidget* InputPanel::buildTrainingGroup()
{
    auto* group = new QGroupBox(tr("Training"));
    auto* form = new QFormLayout(group);
    m_seq = new QSpinBox;
    m_seq->setRange(1, 1 << 24);
    m_seq->setValue(8192);
    m_seq->setToolTip(tr("Tokens per sequence. Activation memory grows linearly with it (quadratically without "
                         "flash attention)."));
    m_globalBatch = new QSpinBox;
    m_globalBatch->setRange(1, 1 << 24);
    m_globalBatch->setValue(512);
    m_globalBatch->setToolTip(tr("Sequences per optimizer step, over all data-parallel replicas. It fixes the number "
                                 "of micro-batches: global batch / (DP x micro-batch)."));
    m_microBatch = new QSpinBox;
    m_microBatch->setRange(0, 1 << 20);
    m_microBatch->setSpecialValueText(tr("auto (searched)"));
    m_microBatch->setToolTip(tr("Sequences per micro-batch, the unit that flows through the pipeline. Larger "
                                "micro-batches use the GPU better but store more activations."));
    m_precision = new QComboBox;
    for (Precision p : { Precision::Bf16, Precision::Fp16, Precision::Fp8, Precision::Fp32 })
        m_precision->addItem(qs(toString(p)), int(p));
    m_precision->setToolTip(tr("Number format of the math and of the stored activations. Mixed precision keeps fp32 "
                               "master weights and Adam moments (16 bytes per parameter with bf16)."));
    m_zero = new QComboBox;
    addAuto(m_zero);
    m_zero->addItem(tr("0: replicate everything"), 0);
    m_zero->addItem(tr("1: shard optimizer states"), 1);
    m_zero->addItem(tr("2: shard optimizer states and gradients"), 2);
    m_zero->addItem(tr("3: shard optimizer states, gradients and weights"), 3);
    m_zero->setToolTip(tr("ZeRO (DeepSpeed) / FSDP: how much of the model state is split over the data- and "
                          "context-parallel GPUs instead of replicated. ZeRO-1 shards the fp32 optimizer states, ZeRO-2 "
                          "also the gradients, ZeRO-3 also the weights (gathered layer by layer when needed, at the cost "
                          "of 1.5x the data-parallel traffic). All stages combine with pipeline parallelism."));
    m_dpReplicate = new QSpinBox;
    m_dpReplicate->setRange(0, 1 << 20);
    m_dpReplicate->setSpecialValueText(tr("auto (searched)"));
    m_dpReplicate->setToolTip(tr("Hybrid sharding (HSDP; torchtitan data_parallel_replicate_degree, Megatron's "
                                 "distributed optimizer instances): ZeRO shards the model state over groups of "
                                 "DP x CP / N GPUs and keeps N replicas of those groups, so the sharded collectives "
                                 "stay within a group and only the gradient all-reduce crosses replicas. 1 shards "
                                 "over all data-parallel GPUs. Auto = searched."));
    m_recompute = new QComboBox;
    addAuto(m_recompute);
    for (Recompute r : { Recompute::None, Recompute::Selective, Recompute::Full })
        m_recompute->addItem(qs(toString(r)), int(r));
    m_recompute->setToolTip(tr("Activation recomputation (checkpointing): selective recomputes only the attention "
                               "core (Korthikanti et al. 2022), full stores only each block's input and recomputes "
                               "its forward pass during backward (about 33 % more math)."));
    // A knob that is searched ("auto") or pinned off or on.
    auto onOffPin = [&](const QString& toolTip) {
        auto* box = new QComboBox;
        addAuto(box);
        box->addItem(tr("off"), 0);
        box->addItem(tr("on"), 1);
        box->setToolTip(toolTip);
        return box;
    };
    m_sequenceParallel = onOffPin(tr("Sequence parallelism (Megatron): the norms and dropouts between tensor-parallel "
                                     "regions are split along the sequence over the TP GPUs, so their activations are "
                                     "not replicated. Same communication volume as plain TP."));
    m_schedule = new QComboBox;
    addAuto(m_schedule);
    m_schedule->addItem(tr("GPipe"), int(Schedule::GPipe));
    m_schedule->addItem(tr("1F1B"), int(Schedule::OneFOneB));
    m_schedule->addItem(tr("Interleaved 1F1B"), int(Schedule::Interleaved1F1B));
    m_schedule->addItem(tr("ZB-H1 (zero bubble)"), int(Schedule::ZeroBubbleH1));
    m_schedule->addItem(tr("Interleaved zero bubble"), int(Schedule::InterleavedZeroBubble));
    m_schedule->addItem(tr("ZBV (zero bubble, V-shaped)"), int(Schedule::ZeroBubbleV));
    m_schedule->setToolTip(tr("Pipeline schedule. GPipe runs all forwards then all backwards (stores every "
                              "micro-batch's activations); 1F1B alternates and stores at most one per stage; "
                              "interleaved 1F1B gives each GPU several model chunks (virtual stages), cutting the "
                              "pipeline bubble by that factor for more point-to-point traffic. The zero-bubble "
                              "schedules (Qi et al. 2024) split each backward into input and weight gradients and "
                              "run the weight gradients in the bubble: ZB-H1 with 1F1B's memory, interleaved zero "
                              "bubble with several chunks, ZBV with two chunks placed in a V (torchtitan's "
                              "InterleavedZeroBubble and ZBVZeroBubble)."));
    m_tpCommOverlap = onOffPin(tr("Megatron --tp-comm-overlap: TP all-gathers and reduce-scatters pipelined with the "
                                  "GEMMs (Transformer Engine userbuffers), hiding most tensor-parallel communication; "
                                  "needs sequence parallelism and TP > 1."));
    m_ppCommOverlap = onOffPin(tr("Pipeline sends and receives overlapped with the next chunk's compute (Megatron does "
                                  "it in the interleaved schedule only, and requires it there with PP 2; "
                                  "--no-overlap-p2p-communication turns it off)."));
    m_reshardAfterForward = onOffPin(tr("ZeRO-3 / FSDP reshard_after_forward: on frees each layer's gathered weights "
                                        "after its forward and gathers them again for the backward (FSDP's default); "
                                        "off keeps them until the backward, one all-gather less per micro-batch for "
                                        "more memory (torchtitan's choice with pipeline parallelism). ZeRO-3 only."));
    m_cpCommType = new QComboBox;
    addAuto(m_cpCommType);
    m_cpCommType->addItem(tr("ring (p2p)"), int(CpCommType::P2P));
    m_cpCommType->addItem(tr("all-to-all (Ulysses)"), int(CpCommType::AllToAll));
    m_cpCommType->setToolTip(tr("How context parallelism exchanges attention data (Megatron --cp-comm-type): p2p passes "
                                "keys and values around a ring of the CP GPUs, overlapped with the attention blocks; "
                                "a2a (DeepSpeed Ulysses) turns the sequence split into a split of the attention heads "
                                "with all-to-alls before and after attention, so the heads must divide by TP x CP. "
                                "Only with CP > 1."));
    m_memoryMargin = new QDoubleSpinBox;
    m_memoryMargin->setRange(0, 99);
    m_memoryMargin->setDecimals(1);
    m_memoryMargin->setValue(5);
    m_memoryMargin->setSuffix(tr(" %"));
    m_memoryMargin->setToolTip(tr("Share of each GPU's memory kept free for fragmentation and spikes."));

    auto* degrees = new QWidget;
    auto* degreeRow = new QGridLayout(degrees);
    degreeRow->setContentsMargins(0, 0, 0, 0);
    const QString degreeNames[5] = { tr("TP"), tr("CP"), tr("PP"), tr("DP"), tr("VPP") };
    const QString degreeTips[5] = {
        tr("Tensor-parallel degree: each layer's matrices split over this many GPUs (Megatron column/row "
           "parallel); needs fast links, so it stays inside a node. Auto = searched."),
        tr("Context-parallel degree (Megatron --context-parallel-size): each sequence split into this many "
           "chunks on different GPUs, which exchange keys and values in attention; it divides the activations "
           "of long sequences. Auto = searched."),
        tr("Pipeline-parallel degree: the layers split into this many consecutive stages. Auto = searched."),
        tr("Data-parallel degree: model replicas, each on a slice of the batch. Auto = searched."),
        tr("Virtual pipeline stages: model chunks per GPU with the interleaved schedule. Auto = searched."),
    };
    for (int i = 0; i < 5; ++i) {
        m_degreePins[i] = new QSpinBox;
        m_degreePins[i]->setRange(0, 1 << 20);
        m_degreePins[i]->setPrefix(degreeNames[i] + QLatin1Char(' '));
        m_degreePins[i]->setSpecialValueText(tr("%1 auto").arg(degreeNames[i]));
        m_degreePins[i]->setToolTip(degreeTips[i]);
        degreeRow->addWidget(m_degreePins[i], i / 2, i % 2);
        connect(m_degreePins[i], &QSpinBox::valueChanged, this, &InputPanel::emitProblemChanged);
    }
    buildExpertFields(degreeRow, 5);
    form->addRow(tr("Fixed degrees:"), degrees);
    form->addRow(tr("&Sequence length:"), m_seq);
    form->addRow(tr("Global &batch:"), m_globalBatch);
    form->addRow(tr("&Micro-batch:"), m_microBatch);
    form->addRow(tr("&Precision:"), m_precision);
    m_fp8Recipe = new QComboBox;
    // Megatron's names (the flag's values), explained in the tooltip.
    for (Fp8Recipe r : { Fp8Recipe::Delayed, Fp8Recipe::Tensorwise, Fp8Recipe::Blockwise })
        m_fp8Recipe->addItem(qs(toString(r)), int(r));
    m_fp8Recipe->setToolTip(tr("How FP8 training scales its tensors (Megatron-LM --fp8-recipe): delayed casts in one pass "
                               "with the scale of earlier steps; tensorwise (current scaling) first reads each tensor "
                               "for its maximum, then casts; blockwise casts in one pass with a scale per block of "
                               "1x128 (activations) or 128x128 (weights). Only with fp8. The first and last blocks "
                               "kept in BF16: shardscope plan --bf16-first-blocks, --bf16-last-blocks."));
    m_fp8Recipe->setEnabled(false);
    form->addRow(tr("FP8 recipe:"), m_fp8Recipe);
    connect(m_fp8Recipe, &QComboBox::currentIndexChanged, this, &InputPanel::emitProblemChanged);
    connect(m_precision, &QComboBox::currentIndexChanged, this,
            [this] { m_fp8Recipe->setEnabled(Precision(m_precision->currentData().toInt()) == Precision::Fp8); });
    form->addRow(tr("&ZeRO stage:"), m_zero);
    form->addRow(tr("HSDP replicas:"), m_dpReplicate);
    form->addRow(tr("Reshard after forward:"), m_reshardAfterForward);
    form->addRow(tr("&Recomputation:"), m_recompute);
    // Full recomputation by method: uniform groups or the first blocks of each chunk, N blocks.
    m_recomputeMethod = new QComboBox;
    m_recomputeMethod->addItem(tr("uniform"), int(RecomputeMethod::Uniform));
    m_recomputeMethod->addItem(tr("block"), int(RecomputeMethod::Block));
    m_recomputeLayers = new QSpinBox;
    m_recomputeLayers->setRange(1, 1 << 22); // as plan files and the command line accept
    m_recomputeLayers->setSuffix(tr(" blocks"));
    const QString methodHelp = tr("What full recomputation does in each model chunk (Megatron-LM --recompute-method, "
                                  "--recompute-num-layers): uniform checkpoints groups of N blocks, each keeping only "
                                  "its input and rebuilt whole during backward; block recomputes only the first N "
                                  "blocks and stores the others' activations. Uniform 1 (the default) checkpoints "
                                  "every block on its own.");
    m_recomputeMethod->setToolTip(methodHelp);
    m_recomputeLayers->setToolTip(methodHelp);
    auto* methodRow = new QHBoxLayout;
    methodRow->addWidget(m_recomputeMethod);
    methodRow->addWidget(m_recomputeLayers);
    form->addRow(tr("Full recompute:"), methodRow);
    connect(m_recomputeMethod, &QComboBox::currentIndexChanged, this, &InputPanel::emitProblemChanged);
    connect(m_recomputeLayers, &QSpinBox::valueChanged, this, &InputPanel::emitProblemChanged);
    form->addRow(tr("Se&quence parallel:"), m_sequenceParallel);
    form->addRow(tr("Sc&hedule:"), m_schedule);
    form->addRow(tr("TP comm overlap:"), m_tpCommOverlap);
    form->addRow(tr("PP comm overlap:"), m_ppCommOverlap);
    form->addRow(tr("CP communication:"), m_cpCommType);
    addMoeTrainingRows(form);
    form->addRow(tr("Memory margin:"), m_memoryMargin);
    m_pipelineSplit = new QComboBox;
    m_pipelineSplit->addItem(tr("balanced (searched)"), int(SplitChoice::Balanced));
    m_pipelineSplit->addItem(tr("even (Megatron's default)"), int(SplitChoice::Even));
    m_pipelineSplit->addItem(tr("layout string"), int(SplitChoice::Layout));
    m_pipelineSplit->setToolTip(tr("Which blocks each pipeline stage holds: placed by the search so the slowest stage is "
                                   "as fast as memory allows, split evenly over the model chunks as Megatron-LM "
                                   "does unless told otherwise (first and last stage counts: shardscope plan "
                                   "--first-stage-blocks, --last-stage-blocks), or as a layout string places them."));
    form->addRow(tr("Pipeline split:"), m_pipelineSplit);
    m_pipelineLayout = new QLineEdit;
    m_pipelineLayout->setPlaceholderText(tr("e.g. Et*3|(t*4|)*6,t*3L"));
    m_layoutHelp = tr("Megatron-LM's --pipeline-model-parallel-layout: E embedding, t transformer block, m MTP module, "
                      "L loss, | between model chunks in model order (chunk k of stage s is entry k x PP + s), x*N and "
                      "(...)*N repeat. It fixes PP x VPP.");
    m_pipelineLayout->setToolTip(m_layoutHelp);
    m_pipelineLayout->setEnabled(false);
    form->addRow(tr("Pipeline layout:"), m_pipelineLayout);
    connect(m_pipelineSplit, &QComboBox::currentIndexChanged, this, [this] {
        m_pipelineLayout->setEnabled(splitChoice() == SplitChoice::Layout);
        emitProblemChanged();
    });
    connect(m_pipelineLayout, &QLineEdit::textChanged, this, &InputPanel::updateLayoutField);
    connect(m_pipelineLayout, &QLineEdit::editingFinished, this, [this] {
        if (splitChoice() == SplitChoice::Layout)
            emitProblemChanged();
    });

    for (QSpinBox* box : { m_seq, m_globalBatch, m_microBatch })
        connect(box, &QSpinBox::valueChanged, this, &InputPanel::emitProblemChanged);
    for (QComboBox* box : { m_precision, m_zero, m_recompute, m_sequenceParallel, m_schedule, m_tpCommOverlap, m_ppCommOverlap })
        connect(box, &QComboBox::currentIndexChanged, this, &InputPanel::emitProblemChanged);
    for (QComboBox* box : { m_cpCommType, m_reshardAfterForward })
        connect(box, &QComboBox::currentIndexChanged, this, &InputPanel::emitProblemChanged);
    connect(m_dpReplicate, &QSpinBox::valueChanged, this, &InputPanel::emitProblemChanged);
    connect(m_memoryMargin, &QDoubleSpinBox::valueChanged, this, &InputPanel::emitProblemChanged);
    // Model chunks per GPU: only the interleaved schedules take a count.
    QSpinBox* vpp = m_degreePins[std::size(m_degreePins) - 1];
    const auto enableVpp = [this, vpp] { vpp->setEnabled(vppPinApplies(m_schedule)); };
    connect(m_schedule, &QComboBox::currentIndexChanged, this, enableVpp);
    enableVpp();
    return group;
}

void InputPanel::fillGpuBox()
{
    const QSignalBlocker block(m_gpu);
    const QString current = m_gpu->currentData().toString();
    m_gpu->clear();
    for (const GpuSpec& g : m_catalog.gpus())
        m_gpu->addItem(tr("%1 (%2 GiB)").arg(qs(g.name)).arg(g.memoryBytes / (1024.0 * 1024 * 1024), 0, 'f', 0), qs(g.name));
    const int index = m_gpu->findData(current.isEmpty() ? QStringLiteral("H100-SXM") : current);
    m_gpu->setCurrentIndex(std::max(index, 0));
}

void InputPanel::addGpus(const HardwareCatalog& catalog)
{
    m_userGpus.merge(catalog);
    applyProfile();
    emitProblemChanged();
}

QString InputPanel::profile() const
{
    return m_profile->currentData().toString();
}

void InputPanel::setProfile(const QString& name, bool notify)
{
    const int index = std::max(m_profile->findData(name.isEmpty() ? qs(CalibrationConstants::builtin().defaultProfile) : name), 0);
    if (index == m_profile->currentIndex())
        return;
    const QSignalBlocker block(m_profile);
    m_profile->setCurrentIndex(index);
    applyProfile();
    if (notify)
        emitProblemChanged();
}

void InputPanel::applyProfile()
{
    const std::string name = profile().toStdString();
    const HardwareCatalog* base = HardwareCatalog::builtin(name);
    m_catalog = base ? *base : HardwareCatalog::builtin();
    m_catalog.merge(m_userGpus, name);
    fillGpuBox();
    updateLinkDefaults();
}

void InputPanel::updateLinkDefaults()
{
    const GpuSpec* gpu = m_catalog.find(m_gpu->currentData().toString().toStdString());
    if (!gpu)
        return;
    m_intraGBps->setSpecialValueText(tr("catalog (%1 GB/s)").arg(gpu->scaleUp.bandwidthBytesPerSecond / 1e9, 0, 'f', 0));
    m_interGBps->setSpecialValueText(tr("catalog (%1 GB/s)").arg(gpu->scaleOut.bandwidthBytesPerSecond / 1e9, 0, 'f', 0));
    m_clusterTotal->setText(tr("%1 GPUs in total").arg(QLocale().toString(m_nodes->value() * m_gpusPerNode->value())));
}

void InputPanel::setModel(ModelGraph model, const QString& source, bool bundled)
{
    m_model = std::move(model);
    m_modelSource = source;
    m_modelBundled = bundled;
    m_modelHasExperts = hasRoutedExperts(m_model);
    updateExpertFieldsEnabled();
    const PlanModelSummary s = PlanModelSummary::from(m_model);
    QString text = tr("<b>%1</b> (%2)<br>%3 parameters").arg(qs(s.name).toHtmlEscaped(), qs(s.sourceFormat).toHtmlEscaped(),
                                                             compactCount(double(s.totalParams)));
    if (s.activeParams > 0 && s.activeParams != s.totalParams)
        text += tr(", %1 active per token").arg(compactCount(double(s.activeParams)));
    text += (s.layerCount == 1 ? tr("<br>1 layer") : tr("<br>%1 layers").arg(QLocale().toString(s.layerCount)))
        + (s.blockCount == 1 ? tr(", 1 transformer block") : tr(", %1 transformer blocks").arg(QLocale().toString(s.blockCount)));
    if (s.transformer)
        text += tr("<br>hidden %1, %2 heads (%3 KV), FFN %4")
                    .arg(s.transformer->hidden)
                    .arg(s.transformer->heads)
                    .arg(s.transformer->kvHeads)
                    .arg(s.transformer->ffn);
    if (m_model.spec() && m_model.spec()->isMoe())
        text += tr("<br>mixture of experts: %1 routed experts, %2 per token").arg(m_model.spec()->experts).arg(m_model.spec()->expertsPerToken);
    if (!m_model.warnings().empty())
        text += tr("<br><i>Import notes: %1, listed in the notes panel</i>").arg(m_model.warnings().size());
    m_modelSummary->setText(text);
    m_modelSummary->setToolTip(bundled ? tr("Bundled example: %1").arg(source) : source);
    emitProblemChanged();
}

ClusterSpec InputPanel::cluster() const
{
    const GpuSpec* gpu = m_catalog.find(m_gpu->currentData().toString().toStdString());
    ClusterSpec c = ClusterSpec::make(gpu ? *gpu : m_catalog.gpus().front(), m_nodes->value() * m_gpusPerNode->value(),
                                      m_gpusPerNode->value());
    if (c.gpu.name == m_clusterBase.gpu.name) { // latency and efficiency have no form field: keep what was loaded
        c.intraNode.latencySeconds = m_clusterBase.intraNode.latencySeconds;
        c.intraNode.efficiency = m_clusterBase.intraNode.efficiency;
        c.interNode.latencySeconds = m_clusterBase.interNode.latencySeconds;
        c.interNode.efficiency = m_clusterBase.interNode.efficiency;
    }
    if (m_intraGBps->value() > 0)
        c.intraNode.bandwidthBytesPerSecond = m_intraGBps->value() * 1e9;
    if (m_interGBps->value() > 0)
        c.interNode.bandwidthBytesPerSecond = m_interGBps->value() * 1e9;
    return c;
}

InputPanel::SplitChoice InputPanel::splitChoice() const { return SplitChoice(m_pipelineSplit->currentData().toInt()); }

QString InputPanel::layoutError() const
{
    const QString text = m_pipelineLayout->text().trimmed();
    if (text.isEmpty())
        return tr("Enter a layout string, e.g. Et*3|(t*4|)*6,t*3L.");
    try {
        (void)parsePipelineLayout(text.toStdString());
    } catch (const PipelineLayoutError& e) {
        return tr("Character %1: %2").arg(e.position() + 1).arg(QString::fromStdString(e.message()));
    }
    return {};
}

void InputPanel::updateLayoutField()
{
    const QString error = m_pipelineLayout->text().trimmed().isEmpty() ? QString() : layoutError();
    QPalette palette = m_pipelineLayout->style()->standardPalette();
    if (!error.isEmpty())
        palette.setColor(QPalette::Text, Qt::red);
    m_pipelineLayout->setPalette(palette);
    m_pipelineLayout->setToolTip(error.isEmpty() ? m_layoutHelp : error);
}

TrainingSpec InputPanel::training() const
{
    TrainingSpec t = m_trainingBase;
    t.pins = {};
    t.seqLength = m_seq->value();
    t.globalBatch = m_globalBatch->value();
    t.precision = Precision(m_precision->currentData().toInt());
    t.fp8.recipe = Fp8Recipe(m_fp8Recipe->currentData().toInt()); // a session's BF16 blocks stay (m_trainingBase)
    if (t.fp8.recipe == Fp8Recipe::Delayed) // which keeps no block in BF16
        t.fp8.bf16FirstBlocks = t.fp8.bf16LastBlocks = 0;
    t.memoryMargin = m_memoryMargin->value() / 100.0;
    switch (splitChoice()) {
    case SplitChoice::Balanced:
        t.pipelineSplit = {};
        break;
    case SplitChoice::Even: // a session's first and last stage counts stay
        t.pipelineSplit.even = true;
        t.pipelineSplit.layout.clear();
        break;
    case SplitChoice::Layout:
        // A layout that does not parse leaves the blocks to the search; the field says why (updateLayoutField).
        t.pipelineSplit = {};
        if (layoutError().isEmpty())
            t.pipelineSplit.layout = m_pipelineLayout->text().trimmed().toStdString();
        break;
    }
    if (m_microBatch->value() > 0)
        t.pins.microBatch = m_microBatch->value();
    std::optional<int>* degrees[5] = { &t.pins.tp, &t.pins.cp, &t.pins.pp, &t.pins.dp, &t.pins.vpp };
    for (int i = 0; i < 5; ++i)
        if (m_degreePins[i]->value() > 0 && (degrees[i] != &t.pins.vpp || vppPinApplies(m_schedule)))
            *degrees[i] = m_degreePins[i]->value();
    t.pins.zeroStage = pinned<int>(m_zero);
    t.pins.recompute = pinned<Recompute>(m_recompute);
    t.fullRecompute.method = RecomputeMethod(m_recomputeMethod->currentData().toInt());
    t.fullRecompute.layers = m_recomputeLayers->value();
    t.pins.sequenceParallel = pinned<bool>(m_sequenceParallel);
    t.pins.schedule = pinned<Schedule>(m_schedule);
    t.pins.tpCommOverlap = pinned<bool>(m_tpCommOverlap);
    t.pins.ppCommOverlap = pinned<bool>(m_ppCommOverlap);
    t.pins.cpCommType = pinned<CpCommType>(m_cpCommType);
    if (m_dpReplicate->value() > 0)
        t.pins.dpReplicate = m_dpReplicate->value();
    t.pins.reshardAfterForward = pinned<bool>(m_reshardAfterForward);
    readMoeInputs(t);
    return t;
}

PlanningProblem InputPanel::problem() const
{
    PlanningProblem p;
    p.model = m_model;
    p.cluster = cluster();
    p.training = training();
    resolvePredictionBand(p); // the band of the plan's regime (core/cost/prediction_band.h)
    return p;
}

void InputPanel::setInputs(const ClusterSpec& cluster, const TrainingSpec& training, Strategy strategy, const ScoreWeights& w,
                           bool notify)
{
    m_updating = true;
    m_trainingBase = training;
    m_clusterBase = cluster;
    if (!m_catalog.find(cluster.gpu.name)) {
        m_userGpus.add(cluster.gpu);
        m_catalog.add(cluster.gpu);
        fillGpuBox();
    }
    m_gpu->setCurrentIndex(std::max(m_gpu->findData(qs(cluster.gpu.name)), 0));
    m_gpusPerNode->setValue(cluster.gpusPerNode);
    m_nodes->setValue(cluster.nodes);
    const bool intraDefault = cluster.intraNode.bandwidthBytesPerSecond == cluster.gpu.scaleUp.bandwidthBytesPerSecond;
    const bool interDefault = cluster.interNode.bandwidthBytesPerSecond == cluster.gpu.scaleOut.bandwidthBytesPerSecond;
    m_intraGBps->setValue(intraDefault ? 0 : cluster.intraNode.bandwidthBytesPerSecond / 1e9);
    m_interGBps->setValue(interDefault ? 0 : cluster.interNode.bandwidthBytesPerSecond / 1e9);
    m_seq->setValue(int(training.seqLength));
    m_globalBatch->setValue(int(training.globalBatch));
    m_microBatch->setValue(training.pins.microBatch.value_or(0));
    const std::optional<int> degrees[5] = { training.pins.tp, training.pins.cp, training.pins.pp, training.pins.dp, training.pins.vpp };
    for (int i = 0; i < 5; ++i)
        m_degreePins[i]->setValue(degrees[i].value_or(0));
    m_precision->setCurrentIndex(std::max(m_precision->findData(int(training.precision)), 0));
    m_fp8Recipe->setCurrentIndex(std::max(m_fp8Recipe->findData(int(training.fp8.recipe)), 0));
    m_fp8Recipe->setEnabled(training.precision == Precision::Fp8);
    selectPinned(m_zero, training.pins.zeroStage);
    selectPinned(m_recompute, training.pins.recompute);
    m_recomputeMethod->setCurrentIndex(training.fullRecompute.method == RecomputeMethod::Block ? 1 : 0);
    m_recomputeLayers->setValue(training.fullRecompute.layers);
    selectPinned(m_sequenceParallel, training.pins.sequenceParallel);
    selectPinned(m_schedule, training.pins.schedule);
    selectPinned(m_tpCommOverlap, training.pins.tpCommOverlap);
    selectPinned(m_ppCommOverlap, training.pins.ppCommOverlap);
    selectPinned(m_cpCommType, training.pins.cpCommType);
    m_dpReplicate->setValue(training.pins.dpReplicate.value_or(0));
    selectPinned(m_reshardAfterForward, training.pins.reshardAfterForward);
    applyMoeInputs(training);
    m_memoryMargin->setValue(training.memoryMargin * 100);
    m_pipelineLayout->setText(QString::fromStdString(training.pipelineSplit.layout));
    m_pipelineSplit->setCurrentIndex(int(!training.pipelineSplit.layout.empty() ? SplitChoice::Layout
                                         : training.pipelineSplit.even         ? SplitChoice::Even
                                                                               : SplitChoice::Balanced));
    m_pipelineLayout->setEnabled(splitChoice() == SplitChoice::Layout);
    selectStrategy(strategy);
    setWeights(w);
    updateLinkDefaults();
    m_updating = false;
    if (notify)
        emit problemChanged();
}

void InputPanel::emitProblemChanged()
{
    if (!m_updating)
        emit problemChanged();
}

void InputPanel::emitRankingChanged()
{
    if (!m_updating)
        emit rankingChanged();
}
