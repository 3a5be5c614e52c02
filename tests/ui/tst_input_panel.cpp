// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/input_panel.*: inputs set from a session come back unchanged from problem(); a form
// change asks for a search and a weight or strategy change only for a re-rank; presets set their
// weights and memory margin; weights outside the sliders' range keep their ranking; the context-parallel,
// hybrid-sharding and reshard pins go into TrainingSpec::pins and come back from it; the expert-parallel pins
// and MoE fields apply to mixture-of-experts models only.
#include "input_panel.h"

#include "export/session_document.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "model/transformer_spec.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QtTest>

using namespace shardscope;

namespace {

/// A small mixture of experts: 4 blocks, 8 routed experts of which 2 per token.
ModelGraph smallMoe()
{
    TransformerSpec s;
    s.name = "tiny-moe";
    s.modelType = "mixtral";
    s.hidden = 1024;
    s.ffn = 2816;
    s.layers = 4;
    s.heads = 16;
    s.kvHeads = 4;
    s.vocab = 32000;
    s.maxPositions = 4096;
    s.experts = 8;
    s.expertsPerToken = 2;
    s.expertFfn = 1408;
    return buildModelGraph(s);
}

} // namespace

class TestInputPanel : public QObject
{
    Q_OBJECT
private slots:
    void inputsRoundTrip()
    {
        InputPanel panel;
        ClusterSpec cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("A100-SXM-80GB"), 96, 8);
        cluster.intraNode.bandwidthBytesPerSecond = 250e9;   // an override
        cluster.interNode.latencySeconds = 7e-6;            // no form field: must survive
        cluster.interNode.efficiency = 0.61;
        TrainingSpec training;
        training.seqLength = 16384;
        training.globalBatch = 1536;
        training.precision = Precision::Fp16;
        training.optimizer = OptimizerKind::SgdMomentum;    // no form field
        training.dpOverlap = 0.3;                           // no form field
        training.memoryMargin = 0.125;
        training.pins.tp = 4;
        training.pins.vpp = 3;
        training.pins.microBatch = 2;
        training.pins.zeroStage = 1;
        training.pins.recompute = Recompute::Selective;
        training.pins.sequenceParallel = false;
        training.pins.schedule = Schedule::Interleaved1F1B;
        training.pins.tpCommOverlap = false;
        training.pins.ppCommOverlap = true;
        training.pins.cp = 2;
        training.pins.cpCommType = CpCommType::AllToAll;
        training.pins.dpReplicate = 3;
        training.pins.reshardAfterForward = false;
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        panel.setInputs(cluster, training, Strategy::Hybrid, ScoreWeights { 0.25, 0.5, 0.25 });
        QCOMPARE(problem.count(), 1); // one search for the whole set, not one per field
        const ClusterSpec c = panel.cluster();
        QVERIFY(c.gpu == cluster.gpu);
        QCOMPARE(c.nodes, 12);
        QCOMPARE(c.gpusPerNode, 8);
        QCOMPARE(c.intraNode.bandwidthBytesPerSecond, 250e9);
        QCOMPARE(c.interNode.bandwidthBytesPerSecond, cluster.gpu.scaleOut.bandwidthBytesPerSecond);
        QCOMPARE(c.interNode.latencySeconds, 7e-6);
        QCOMPARE(c.interNode.efficiency, 0.61);
        const TrainingSpec t = panel.training();
        QCOMPARE(t.seqLength, std::int64_t(16384));
        QCOMPARE(t.globalBatch, std::int64_t(1536));
        QVERIFY(t.precision == Precision::Fp16);
        QVERIFY(t.optimizer == OptimizerKind::SgdMomentum);
        QCOMPARE(t.dpOverlap, std::optional<double>(0.3));
        QCOMPARE(t.memoryMargin, 0.125);
        QVERIFY(t.pins == training.pins);
        QCOMPARE(panel.tpCommOverlapBox()->currentData().toInt(), 0);
        QCOMPARE(panel.ppCommOverlapBox()->currentData().toInt(), 1);
        QVERIFY(panel.strategy() == Strategy::Hybrid);
        QVERIFY(panel.weights() == (ScoreWeights { 0.25, 0.5, 0.25 }));
        // Silent variant: nothing asks for a search.
        panel.setInputs(cluster, training, Strategy::Hybrid, ScoreWeights {}, false);
        QCOMPARE(problem.count(), 1);
        // Unset (the default): no override of the DP overlap and both overlaps searched.
        training.dpOverlap.reset();
        training.pins.tpCommOverlap.reset();
        training.pins.ppCommOverlap.reset();
        panel.setInputs(cluster, training, Strategy::Hybrid, ScoreWeights {}, false);
        QVERIFY(!panel.training().dpOverlap);
        QVERIFY(panel.training().pins == training.pins);
        QCOMPARE(panel.tpCommOverlapBox()->currentData().toInt(), -1);
    }

    // The overlap pins: searched, off or on; picking one asks for a search; each says what it is.
    void communicationOverlapPins()
    {
        InputPanel panel;
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        QComboBox* boxes[2] = { panel.tpCommOverlapBox(), panel.ppCommOverlapBox() };
        for (QComboBox* box : boxes) {
            QCOMPARE(box->count(), 3);
            QCOMPARE(box->currentData().toInt(), -1);
        }
        QVERIFY(!panel.training().pins.tpCommOverlap);
        QVERIFY(!panel.training().pins.ppCommOverlap);
        QVERIFY(boxes[0]->toolTip().contains(QStringLiteral("--tp-comm-overlap")));
        QVERIFY(boxes[0]->toolTip().contains(QStringLiteral("sequence parallelism")));
        QVERIFY(boxes[1]->toolTip().contains(QStringLiteral("interleaved schedule only")));
        boxes[0]->setCurrentIndex(boxes[0]->findData(1));
        QCOMPARE(problem.count(), 1);
        QCOMPARE(panel.training().pins.tpCommOverlap, std::optional<bool>(true));
        boxes[1]->setCurrentIndex(boxes[1]->findData(0));
        QCOMPARE(problem.count(), 2);
        QCOMPARE(panel.training().pins.ppCommOverlap, std::optional<bool>(false));
    }

    // CP, its communication, HSDP replicas and reshard-after-forward: fields -> TrainingSpec pins -> fields.
    void contextParallelAndShardingPins()
    {
        InputPanel panel;
        QSpinBox* cp = panel.cpBox();
        QComboBox* cpComm = panel.cpCommTypeBox();
        QSpinBox* replicate = panel.dpReplicateBox();
        QComboBox* reshard = panel.reshardAfterForwardBox();
        // Searched by default.
        QCOMPARE(cp->value(), 0);
        QCOMPARE(cp->text(), QStringLiteral("CP auto"));
        QCOMPARE(cpComm->count(), 3);
        QCOMPARE(reshard->count(), 3);
        const PlanPins none = panel.training().pins;
        QVERIFY(!none.cp && !none.cpCommType && !none.dpReplicate && !none.reshardAfterForward);
        // What each one is, in the frameworks' terms.
        QVERIFY(cp->toolTip().contains(QStringLiteral("--context-parallel-size")));
        QVERIFY(cpComm->toolTip().contains(QStringLiteral("--cp-comm-type")));
        QVERIFY(replicate->toolTip().contains(QStringLiteral("data_parallel_replicate_degree")));
        QVERIFY(reshard->toolTip().contains(QStringLiteral("reshard_after_forward")));

        // Each field asks for a search and lands in the pins.
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        cp->setValue(16);
        cpComm->setCurrentIndex(cpComm->findData(int(CpCommType::P2P)));
        replicate->setValue(2);
        reshard->setCurrentIndex(reshard->findData(0));
        QCOMPARE(problem.count(), 4);
        const TrainingSpec t = panel.training();
        QCOMPARE(t.pins.cp, std::optional<int>(16));
        QCOMPARE(t.pins.cpCommType, std::optional<CpCommType>(CpCommType::P2P));
        QCOMPARE(t.pins.dpReplicate, std::optional<int>(2));
        QCOMPARE(t.pins.reshardAfterForward, std::optional<bool>(false));
        QCOMPARE(cp->text(), QStringLiteral("CP 16"));

        // Set back from the spec (as a session restores it) onto a fresh panel: the same fields, the same pins.
        InputPanel restored;
        restored.setInputs(panel.cluster(), t, Strategy::Exhaustive, ScoreWeights {}, false);
        QCOMPARE(restored.cpBox()->value(), 16);
        QCOMPARE(restored.cpCommTypeBox()->currentData().toInt(), int(CpCommType::P2P));
        QCOMPARE(restored.dpReplicateBox()->value(), 2);
        QCOMPARE(restored.reshardAfterForwardBox()->currentData().toInt(), 0);
        QVERIFY(restored.training().pins == t.pins);
        // All-to-all and reshard on; then everything searched again.
        TrainingSpec other = t;
        other.pins.cpCommType = CpCommType::AllToAll;
        other.pins.reshardAfterForward = true;
        restored.setInputs(panel.cluster(), other, Strategy::Exhaustive, ScoreWeights {}, false);
        QCOMPARE(restored.cpCommTypeBox()->currentText(), QStringLiteral("all-to-all (Ulysses)"));
        QVERIFY(restored.training().pins == other.pins);
        other.pins.cp.reset();
        other.pins.cpCommType.reset();
        other.pins.dpReplicate.reset();
        other.pins.reshardAfterForward.reset();
        restored.setInputs(panel.cluster(), other, Strategy::Exhaustive, ScoreWeights {}, false);
        QCOMPARE(restored.cpBox()->value(), 0);
        QCOMPARE(restored.cpCommTypeBox()->currentData().toInt(), -1);
        QCOMPARE(restored.dpReplicateBox()->value(), 0);
        QCOMPARE(restored.reshardAfterForwardBox()->currentData().toInt(), -1);
        QVERIFY(restored.training().pins == other.pins);
    }

    // The schedule combo offers the zero-bubble schedules; the VPP pin applies only to schedules that take a
    // chunk count (interleaved 1F1B, interleaved zero bubble): disabled and not pinned otherwise.
    void scheduleChoicesAndChunkPin()
    {
        InputPanel panel;
        QComboBox* schedule = nullptr;
        for (QComboBox* box : panel.findChildren<QComboBox*>())
            if (box->findData(int(Schedule::ZeroBubbleV)) >= 0)
                schedule = box;
        QVERIFY(schedule);
        for (Schedule s : { Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved1F1B, Schedule::ZeroBubbleH1,
                            Schedule::InterleavedZeroBubble, Schedule::ZeroBubbleV })
            QVERIFY(schedule->findData(int(s)) >= 0);
        QSpinBox* vpp = nullptr;
        for (QSpinBox* box : panel.findChildren<QSpinBox*>())
            if (box->prefix() == QStringLiteral("VPP "))
                vpp = box;
        QVERIFY(vpp);
        TrainingSpec training;
        training.pins.vpp = 3;
        const ClusterSpec cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("A100-SXM-80GB"), 16, 8);
        const struct
        {
            Schedule schedule;
            bool chunks;
        } cases[] = { { Schedule::InterleavedZeroBubble, true }, { Schedule::ZeroBubbleH1, false },
                      { Schedule::ZeroBubbleV, false }, { Schedule::OneFOneB, false }, { Schedule::Interleaved1F1B, true } };
        for (const auto& c : cases) {
            training.pins.schedule = c.schedule;
            panel.setInputs(cluster, training, Strategy::Hybrid, ScoreWeights {}, false);
            QCOMPARE(vpp->isEnabledTo(&panel), c.chunks);
            QCOMPARE(panel.training().pins.schedule, std::optional<Schedule>(c.schedule));
            QCOMPARE(panel.training().pins.vpp, c.chunks ? std::optional<int>(3) : std::nullopt);
        }
        // Searched schedule: the pin stands.
        schedule->setCurrentIndex(schedule->findData(-1));
        QVERIFY(vpp->isEnabledTo(&panel));
        QCOMPARE(panel.training().pins.vpp, std::optional<int>(3));
    }

    // The pins as a session writes and reads them (core/export/session_document): the panel restores what it saved.
    void contextParallelPinsSurviveASession()
    {
        InputPanel panel;
        panel.cpBox()->setValue(8);
        panel.cpCommTypeBox()->setCurrentIndex(panel.cpCommTypeBox()->findData(int(CpCommType::AllToAll)));
        panel.dpReplicateBox()->setValue(4);
        panel.reshardAfterForwardBox()->setCurrentIndex(panel.reshardAfterForwardBox()->findData(1));
        SessionDocument saved;
        saved.model = "llama-3-8b";
        saved.modelIsBundled = true;
        saved.cluster = panel.cluster();
        saved.training = panel.training();
        const SessionDocument loaded = readSessionJson(writeSessionJson(saved), "session");
        QVERIFY(loaded.training.pins == saved.training.pins);
        InputPanel restored;
        restored.setInputs(loaded.cluster, loaded.training, loaded.strategy, loaded.weights, false);
        QVERIFY(restored.training().pins == panel.training().pins);
        QCOMPARE(restored.cpBox()->value(), 8);
        QCOMPARE(restored.cpCommTypeBox()->currentData().toInt(), int(CpCommType::AllToAll));
        QCOMPARE(restored.dpReplicateBox()->value(), 4);
        QCOMPARE(restored.reshardAfterForwardBox()->currentData().toInt(), 1);
    }

    // EP and ETP pins beside the other degrees, the MoE imbalance and capacity factor in the training form: for a
    // dense model disabled (their tooltips say why) and not pinned; for a MoE model fields -> TrainingSpec -> fields.
    void expertParallelPinsAndMoeFields()
    {
        InputPanel panel;
        QSpinBox* ep = panel.epBox();
        QSpinBox* etp = panel.etpBox();
        QDoubleSpinBox* imbalance = panel.moeImbalanceBox();
        QDoubleSpinBox* capacity = panel.moeCapacityFactorBox();
        QVERIFY(ep && etp && imbalance && capacity);
        QCOMPARE(ep->text(), QStringLiteral("EP auto"));
        QCOMPARE(etp->text(), QStringLiteral("ETP auto"));
        QCOMPARE(capacity->text(), QStringLiteral("dropless"));
        QCOMPARE(imbalance->value(), 1.25);

        // Dense: disabled with the reason, and a value typed in is not a pin.
        panel.setModel(*findBundledModel("llama-3-8b"), QStringLiteral("llama-3-8b"), true);
        QVERIFY(!panel.modelHasExperts());
        for (QWidget* box : std::initializer_list<QWidget*> { ep, etp, imbalance, capacity }) {
            QVERIFY(!box->isEnabledTo(&panel));
            QVERIFY2(box->toolTip().contains(QStringLiteral("the model has no routed experts")), qPrintable(box->toolTip()));
        }
        ep->setValue(4);
        QVERIFY(!panel.training().pins.ep);
        ep->setValue(0);

        // MoE: enabled, the frameworks' names in the tooltips, each field asks for a search and lands in the spec.
        panel.setModel(smallMoe(), QStringLiteral("tiny-moe.json"), false);
        QVERIFY(panel.modelHasExperts());
        for (QWidget* box : std::initializer_list<QWidget*> { ep, etp, imbalance, capacity })
            QVERIFY(box->isEnabledTo(&panel));
        QVERIFY(ep->toolTip().contains(QStringLiteral("--expert-model-parallel-size")));
        QVERIFY(etp->toolTip().contains(QStringLiteral("--expert-tensor-parallel-size")));
        QVERIFY(capacity->toolTip().contains(QStringLiteral("--moe-expert-capacity-factor")));
        QVERIFY(!panel.training().pins.ep && !panel.training().pins.etp && !panel.training().moeCapacityFactor);
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        ep->setValue(8);
        etp->setValue(2);
        imbalance->setValue(1.5);
        QCOMPARE(problem.count(), 3);
        TrainingSpec t = panel.training();
        QCOMPARE(t.pins.ep, std::optional<int>(8));
        QCOMPARE(t.pins.etp, std::optional<int>(2));
        QCOMPARE(t.moeImbalance, 1.5);
        QVERIFY(!t.moeCapacityFactor);
        QCOMPARE(ep->text(), QStringLiteral("EP 8"));
        // A capacity factor: token dropping, so the imbalance no longer applies.
        capacity->setValue(1.25);
        QCOMPARE(problem.count(), 4);
        t = panel.training();
        QCOMPARE(t.moeCapacityFactor, std::optional<double>(1.25));
        QVERIFY(!imbalance->isEnabledTo(&panel));
        QVERIFY(imbalance->toolTip().contains(QStringLiteral("a capacity factor is set")));

        // Set back from the spec (as a session or an undone proposal restores it), then through a session file.
        InputPanel restored;
        restored.setModel(smallMoe(), QStringLiteral("tiny-moe.json"), false);
        restored.setInputs(panel.cluster(), t, Strategy::Exhaustive, ScoreWeights {}, false);
        QCOMPARE(restored.epBox()->value(), 8);
        QCOMPARE(restored.etpBox()->value(), 2);
        QCOMPARE(restored.moeImbalanceBox()->value(), 1.5);
        QCOMPARE(restored.moeCapacityFactorBox()->value(), 1.25);
        QVERIFY(restored.training().pins == t.pins);
        QCOMPARE(restored.training().moeCapacityFactor, t.moeCapacityFactor);
        SessionDocument saved;
        saved.model = "tiny-moe.json";
        saved.cluster = panel.cluster();
        saved.training = t;
        const SessionDocument loaded = readSessionJson(writeSessionJson(saved), "session");
        InputPanel reopened;
        reopened.setInputs(loaded.cluster, loaded.training, loaded.strategy, loaded.weights, false);
        reopened.setModel(smallMoe(), QStringLiteral("tiny-moe.json"), false); // the window loads the model after the inputs
        QCOMPARE(reopened.epBox()->value(), 8);
        QVERIFY(reopened.training().pins == t.pins);
        QCOMPARE(reopened.training().moeImbalance, 1.5);
        QCOMPARE(reopened.training().moeCapacityFactor, std::optional<double>(1.25));
        // Dropless and searched again.
        t.pins.ep.reset();
        t.pins.etp.reset();
        t.moeCapacityFactor.reset();
        restored.setInputs(panel.cluster(), t, Strategy::Exhaustive, ScoreWeights {}, false);
        QCOMPARE(restored.epBox()->value(), 0);
        QCOMPARE(restored.moeCapacityFactorBox()->text(), QStringLiteral("dropless"));
        QVERIFY(restored.moeImbalanceBox()->isEnabledTo(&restored));
        QVERIFY(restored.training().pins == t.pins);
        QVERIFY(!restored.training().moeCapacityFactor);
    }

    // The EP overlap pin with the other MoE fields: searched, off or on, in the TP and PP overlap pins' words;
    // disabled for a dense model (nothing pinned then); for a MoE model each choice asks for a search and lands
    // in the spec, and comes back from it and through a session file.
    void epCommOverlapPin()
    {
        InputPanel panel;
        QComboBox* box = panel.epCommOverlapBox();
        QVERIFY(box);
        QCOMPARE(box->count(), 3);
        QCOMPARE(box->currentData().toInt(), -1);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(box->itemText(i), panel.tpCommOverlapBox()->itemText(i));
            QCOMPARE(box->itemData(i).toInt(), i - 1);
        }
        panel.setModel(*findBundledModel("llama-3-8b"), QStringLiteral("llama-3-8b"), true);
        QVERIFY(!box->isEnabledTo(&panel));
        QVERIFY(box->toolTip().contains(QStringLiteral("--overlap-moe-expert-parallel-comm")));
        QVERIFY(box->toolTip().contains(QStringLiteral("the model has no routed experts")));
        box->setCurrentIndex(box->findData(1));
        QVERIFY(!panel.training().pins.epCommOverlap);
        box->setCurrentIndex(0);

        panel.setModel(smallMoe(), QStringLiteral("tiny-moe.json"), false);
        QVERIFY(box->isEnabledTo(&panel));
        QVERIFY(!box->toolTip().contains(QStringLiteral("no routed experts")));
        QVERIFY(box->toolTip().contains(QStringLiteral("with PP > 1 the interleaved schedule")));
        QVERIFY(!panel.training().pins.epCommOverlap);
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        box->setCurrentIndex(box->findData(1));
        QCOMPARE(problem.count(), 1);
        QCOMPARE(panel.training().pins.epCommOverlap, std::optional<bool>(true));
        box->setCurrentIndex(box->findData(0));
        QCOMPARE(problem.count(), 2);
        TrainingSpec t = panel.training();
        QCOMPARE(t.pins.epCommOverlap, std::optional<bool>(false));

        InputPanel restored;
        restored.setModel(smallMoe(), QStringLiteral("tiny-moe.json"), false);
        restored.setInputs(panel.cluster(), t, Strategy::Exhaustive, ScoreWeights {}, false);
        QCOMPARE(restored.epCommOverlapBox()->currentData().toInt(), 0);
        QVERIFY(restored.training().pins == t.pins);
        t.pins.epCommOverlap = true;
        SessionDocument saved;
        saved.model = "tiny-moe.json";
        saved.cluster = panel.cluster();
        saved.training = t;
        const SessionDocument loaded = readSessionJson(writeSessionJson(saved), "session");
        InputPanel reopened;
        reopened.setInputs(loaded.cluster, loaded.training, loaded.strategy, loaded.weights, false);
        reopened.setModel(smallMoe(), QStringLiteral("tiny-moe.json"), false); // the model after the inputs
        QCOMPARE(reopened.epCommOverlapBox()->currentData().toInt(), 1);
        QCOMPARE(reopened.training().pins.epCommOverlap, std::optional<bool>(true));
        t.pins.epCommOverlap.reset();
        restored.setInputs(panel.cluster(), t, Strategy::Exhaustive, ScoreWeights {}, false);
        QCOMPARE(restored.epCommOverlapBox()->currentData().toInt(), -1);
        QVERIFY(!restored.training().pins.epCommOverlap);
    }

    // The stack profile: the selector lists the built-in profiles, default first; choosing one gives the GPUs
    // that profile's fitted constants (one search), and a session brings it back.
    void profileSelectorSetsConstantsAndSurvivesASession()
    {
        InputPanel panel;
        QCOMPARE(panel.profileBox()->count(), int(CalibrationConstants::builtin().profileNames().size()));
        QCOMPARE(panel.profile(), QStringLiteral("megatron-bridge"));
        panel.gpuBox()->setCurrentIndex(panel.gpuBox()->findData(QStringLiteral("H100-SXM")));
        QCOMPARE(QString::fromStdString(panel.cluster().gpu.calibration.profile), QStringLiteral("megatron-bridge"));
        const double bridgeGemm = panel.cluster().gpu.matmulEfficiency;

        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        panel.profileBox()->setCurrentIndex(panel.profileBox()->findData(QStringLiteral("mcore-r0.8")));
        QCOMPARE(problem.count(), 1);
        const GpuSpec gpu = panel.cluster().gpu;
        QCOMPARE(QString::fromStdString(gpu.name), QStringLiteral("H100-SXM")); // the GPU stays chosen
        QCOMPARE(QString::fromStdString(gpu.calibration.profile), QStringLiteral("mcore-r0.8"));
        QCOMPARE(gpu.matmulEfficiency, HardwareCatalog::builtin("mcore-r0.8")->find("H100-SXM")->matmulEfficiency);
        QVERIFY(gpu.matmulEfficiency != bridgeGemm); // the two stacks' fits differ

        SessionDocument saved;
        saved.cluster = panel.cluster();
        saved.profile = panel.profile().toStdString();
        saved.training = panel.training();
        const SessionDocument loaded = readSessionJson(writeSessionJson(saved), "session");
        QCOMPARE(QString::fromStdString(loaded.profile), QStringLiteral("mcore-r0.8"));
        InputPanel restored;
        QSignalSpy restoredProblem(&restored, &InputPanel::problemChanged);
        restored.setProfile(QString::fromStdString(loaded.profile), false);
        restored.setInputs(loaded.cluster, loaded.training, loaded.strategy, loaded.weights, false);
        QCOMPARE(restoredProblem.count(), 0);
        QCOMPARE(restored.profile(), QStringLiteral("mcore-r0.8"));
        QCOMPARE(restored.cluster().gpu.matmulEfficiency, gpu.matmulEfficiency);
        restored.setProfile(QString()); // empty: the default profile
        QCOMPARE(restored.profile(), QStringLiteral("megatron-bridge"));
        QCOMPARE(restored.cluster().gpu.matmulEfficiency, bridgeGemm);
    }

    // The pipeline split: the form's choice goes into TrainingSpec (one search), and a session's first and last
    // stage counts survive the form.
    void pipelineSplitField()
    {
        InputPanel panel;
        QVERIFY(!panel.training().pipelineSplit.even);
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        panel.pipelineSplitBox()->setCurrentIndex(1);
        QCOMPARE(problem.count(), 1);
        QVERIFY(panel.training().pipelineSplit.even);
        TrainingSpec t = panel.training();
        t.pipelineSplit = { true, 6, 4, {} };
        InputPanel restored;
        restored.setInputs(panel.cluster(), t, Strategy::Exhaustive, ScoreWeights {}, false);
        QCOMPARE(restored.pipelineSplitBox()->currentIndex(), 1);
        QVERIFY(restored.training().pipelineSplit == (PipelineSplit { true, 6, 4, {} }));
        restored.pipelineSplitBox()->setCurrentIndex(0);
        QVERIFY(restored.training().pipelineSplit == PipelineSplit {});

        // A layout string: the field is enabled with its choice, a finished edit asks for one search, a session's
        // layout comes back in the field, and a string that does not parse says where and leaves the split to the
        // search.
        QVERIFY(!restored.pipelineLayoutEdit()->isEnabled());
        restored.pipelineSplitBox()->setCurrentIndex(2);
        QVERIFY(restored.pipelineLayoutEdit()->isEnabled());
        QSignalSpy edited(&restored, &InputPanel::problemChanged);
        restored.pipelineLayoutEdit()->setText(QStringLiteral("Et*16|t*16L"));
        emit restored.pipelineLayoutEdit()->editingFinished();
        QCOMPARE(edited.count(), 1);
        QCOMPARE(QString::fromStdString(restored.training().pipelineSplit.layout), QStringLiteral("Et*16|t*16L"));
        InputPanel reopened;
        reopened.setInputs(restored.cluster(), restored.training(), Strategy::Exhaustive, ScoreWeights {}, false);
        QCOMPARE(reopened.pipelineSplitBox()->currentIndex(), 2);
        QCOMPARE(reopened.pipelineLayoutEdit()->text(), QStringLiteral("Et*16|t*16L"));
        reopened.pipelineLayoutEdit()->setText(QStringLiteral("Et*16|x"));
        QVERIFY2(reopened.layoutError().contains(QStringLiteral("Character 7")), qPrintable(reopened.layoutError()));
        QCOMPARE(reopened.pipelineLayoutEdit()->toolTip(), reopened.layoutError());
        QVERIFY(reopened.training().pipelineSplit == PipelineSplit {});
    }

    // Full recomputation's method and block count go into TrainingSpec (a search each) and come back from a session.
    void recomputeMethodFields()
    {
        InputPanel panel;
        QVERIFY(panel.training().fullRecompute == FullRecompute {});
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        panel.recomputeMethodBox()->setCurrentIndex(1);
        panel.recomputeLayersBox()->setValue(5);
        QCOMPARE(problem.count(), 2);
        QVERIFY(panel.training().fullRecompute == (FullRecompute { RecomputeMethod::Block, 5 }));
        InputPanel restored;
        restored.setInputs(panel.cluster(), panel.training(), Strategy::Exhaustive, ScoreWeights {}, false);
        QCOMPARE(restored.recomputeMethodBox()->currentIndex(), 1);
        QCOMPARE(restored.recomputeLayersBox()->value(), 5);
    }

    // The FP8 recipe: enabled with FP8 only, one search a change, a session's recipe and BF16 blocks come back.
    void fp8RecipeField()
    {
        InputPanel panel;
        QVERIFY(!panel.fp8RecipeBox()->isEnabled());
        TrainingSpec t = panel.training();
        t.precision = Precision::Fp8;
        t.fp8 = { Fp8Recipe::Tensorwise, 1, 1 };
        panel.setInputs(panel.cluster(), t, Strategy::Exhaustive, ScoreWeights {}, false);
        QVERIFY(panel.fp8RecipeBox()->isEnabled());
        QCOMPARE(panel.fp8RecipeBox()->currentIndex(), 1);
        QVERIFY(panel.training().fp8 == t.fp8);
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        panel.fp8RecipeBox()->setCurrentIndex(2);
        QCOMPARE(problem.count(), 1);
        QVERIFY(panel.training().fp8 == (Fp8Settings { Fp8Recipe::Blockwise, 1, 1 }));
        panel.fp8RecipeBox()->setCurrentIndex(0); // delayed keeps no block in BF16
        QVERIFY(panel.training().fp8 == Fp8Settings {});
    }

    void formChangesSearchWeightChangesRerank()
    {
        InputPanel panel;
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        QSignalSpy ranking(&panel, &InputPanel::rankingChanged);
        panel.seqBox()->setValue(4096);
        panel.nodesBox()->setValue(4);
        QCOMPARE(problem.count(), 2);
        QCOMPARE(ranking.count(), 0);
        panel.weightSlider(2)->setValue(55);
        QCOMPARE(ranking.count(), 1);
        QCOMPARE(problem.count(), 2);
        QCOMPARE(panel.weights().communication, 0.55);
    }

    void presetSetsWeightsAndMargin()
    {
        InputPanel panel;
        const Preset* preset = findPreset("memory_optimized");
        QVERIFY(preset);
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        QSignalSpy ranking(&panel, &InputPanel::rankingChanged);
        const int index = panel.strategyBox()->findData(QStringLiteral("p:memory_optimized"));
        QVERIFY(index >= 0);
        panel.strategyBox()->setCurrentIndex(index);
        emit panel.strategyBox()->activated(index); // what a user's pick emits
        QVERIFY(panel.strategy() == preset->strategy);
        QCOMPARE(panel.weights().memory, std::round(preset->weights.memory * 100) / 100);
        QCOMPARE(panel.weights().compute, std::round(preset->weights.compute * 100) / 100);
        QCOMPARE(panel.training().memoryMargin, preset->memoryMargin);
        QCOMPARE(ranking.count(), 1);
        QCOMPARE(problem.count(), preset->memoryMargin == 0.05 ? 0 : 1); // a new margin changes what fits
    }

    void presetChangesAreShownAndUndone()
    {
        // The user's complaint: throughput_optimized raised the margin 5 % -> 10 % silently and kept it.
        InputPanel panel;
        QCOMPARE(panel.training().memoryMargin, 0.05);
        const auto pick = [&](const QString& key) {
            const int index = panel.strategyBox()->findData(key);
            QVERIFY(index >= 0);
            panel.strategyBox()->setCurrentIndex(index);
            emit panel.strategyBox()->activated(index);
        };
        pick(QStringLiteral("p:throughput_optimized"));
        QCOMPARE(panel.training().memoryMargin, 0.10);
        QVERIFY(panel.presetNote().contains(QStringLiteral("10")));
        QVERIFY(panel.presetNote().contains(QStringLiteral("5")));
        pick(QStringLiteral("p:memory_optimized")); // from one preset to another: still 5 % underneath
        QCOMPARE(panel.training().memoryMargin, 0.15);
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        pick(QStringLiteral("s:exhaustive"));
        QCOMPARE(panel.training().memoryMargin, 0.05);
        QVERIFY(panel.presetNote().isEmpty());
        QCOMPARE(problem.count(), 1); // the margin changes what fits: search again
        // A margin the user types under a preset is theirs: leaving the preset keeps it.
        pick(QStringLiteral("p:throughput_optimized"));
        panel.memoryMarginBox()->setValue(12);
        pick(QStringLiteral("s:exhaustive"));
        QCOMPARE(panel.training().memoryMargin, 0.12);
    }

    void budgetIsADisplaySetting()
    {
        InputPanel panel;
        QVERIFY(!panel.budget()); // none by default: no columns, no invented price
        QVERIFY(!panel.gpuHourPriceBox()->isEnabled());
        QSignalSpy budget(&panel, &InputPanel::budgetChanged);
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        panel.tokenBudgetBox()->setValue(15.6);
        QCOMPARE(budget.count(), 1);
        QCOMPARE(problem.count(), 0); // nothing to search again
        QVERIFY(panel.budget());
        QCOMPARE(panel.budget()->tokens, 15.6e12);
        QVERIFY(!panel.budget()->gpuHourPrice);
        QVERIFY(panel.gpuHourPriceBox()->isEnabled());
        panel.gpuHourPriceBox()->setValue(2.5);
        QCOMPARE(*panel.budget()->gpuHourPrice, 2.5);
        panel.setBudget(TrainingBudget { 3e11, std::nullopt });
        QCOMPARE(panel.tokenBudgetBox()->value(), 0.3);
        QVERIFY(!panel.budget()->gpuHourPrice);
        panel.setBudget(std::nullopt);
        QVERIFY(!panel.budget());
    }

    void slidersOnlyWhereTheyRank()
    {
        InputPanel panel;
        QVERIFY(panel.weightSlider(1)->isEnabled()); // the weighted score by default
        QCOMPARE(panel.weights().compute, 1.0);      // throughput alone: the fastest plan that fits first
        QCOMPARE(panel.weights().memory, 0.0);
        for (const char* key : { "s:MemoryOptimal", "s:ComputeBalanced", "s:CommunicationMinimal",
                                 "s:TensorParallelFirst", "s:PipelineParallelFirst" }) {
            const int index = panel.strategyBox()->findData(QString::fromLatin1(key));
            QVERIFY(index >= 0);
            panel.strategyBox()->setCurrentIndex(index);
            emit panel.strategyBox()->activated(index);
            for (int i = 0; i < 3; ++i) {
                QVERIFY2(!panel.weightSlider(i)->isEnabled(), key);
                QVERIFY(panel.weightSlider(i)->toolTip().contains(QStringLiteral("own rule")));
            }
        }
        const int hybrid = panel.strategyBox()->findData(QStringLiteral("s:Hybrid"));
        panel.strategyBox()->setCurrentIndex(hybrid);
        emit panel.strategyBox()->activated(hybrid);
        QVERIFY(panel.weightSlider(0)->isEnabled());
    }

    void largeWeightsKeepTheirRatios()
    {
        // Scores divide by the weights' sum: 2 / 8 / 1 ranks like 0.25 / 1 / 0.125.
        InputPanel panel;
        panel.setWeights(ScoreWeights { 2, 8, 1 });
        QCOMPARE(panel.weights().compute, 1.0);
        QCOMPARE(panel.weights().memory, 0.25);
        QCOMPARE(panel.weights().communication, 0.13); // 0.125 on a slider of hundredths
    }

    void modelSummary()
    {
        InputPanel panel;
        QVERIFY(!panel.hasModel());
        QSignalSpy problem(&panel, &InputPanel::problemChanged);
        panel.setModel(*findBundledModel("llama-3-8b"), QStringLiteral("llama-3-8b"), true);
        QVERIFY(panel.hasModel());
        QCOMPARE(problem.count(), 1);
        const QLabel* summary = nullptr;
        for (const QLabel* l : panel.findChildren<QLabel*>())
            if (l->text().contains(QStringLiteral("llama-3-8b")))
                summary = l;
        QVERIFY(summary);
        QVERIFY2(summary->text().contains(QStringLiteral("8.0 B parameters")), qPrintable(summary->text()));
        QVERIFY(summary->text().contains(QStringLiteral("32 transformer blocks")));
    }
};

QTEST_MAIN(TestInputPanel)
#include "tst_input_panel.moc"
