// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/planning_problem.h"
#include "cost/training_budget.h"
#include "hardware/hardware_catalog.h"
#include "partition/strategy.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;

/**
 * The planner's inputs: the model summary, the cluster form, the training form, the ranking
 * strategy and the weight sliders. It only collects values: problem() assembles them for core.
 * problemChanged() means a new search is needed; rankingChanged() means only the ranking
 * (strategy or weights) changed, so cached plans can be re-ranked without searching.
 */
class InputPanel : public QWidget
{
    Q_OBJECT
public:
    explicit InputPanel(QWidget* parent = nullptr);

    /// Shows `model` (its summary) and uses it from now on. `source` is the file path or bundled name.
    void setModel(shardscope::ModelGraph model, const QString& source, bool bundled);
    const shardscope::ModelGraph& model() const { return m_model; }
    QString modelSource() const { return m_modelSource; }
    bool modelIsBundled() const { return m_modelBundled; }
    bool hasModel() const { return !m_model.layers().empty(); }

    /// The cluster and training as the forms say. Throws shardscope::InputError for an unusable combination.
    shardscope::PlanningProblem problem() const;
    shardscope::ClusterSpec cluster() const;
    shardscope::TrainingSpec training() const;
    shardscope::Strategy strategy() const;
    shardscope::ScoreWeights weights() const;

    /// Fills every form from saved values without emitting a change per field: one problemChanged
    /// at the end when `notify`, none otherwise (the caller searches when it is ready).
    void setInputs(const shardscope::ClusterSpec& cluster, const shardscope::TrainingSpec& training,
                   shardscope::Strategy strategy, const shardscope::ScoreWeights& weights, bool notify = true);
    void setWeights(const shardscope::ScoreWeights& weights);

    /// The GPUs offered: the built-in catalog with the selected profile's constants, plus user GPUs merged in.
    const shardscope::HardwareCatalog& catalog() const { return m_catalog; }
    void addGpus(const shardscope::HardwareCatalog& catalog);

    /// The software-stack profile whose fitted constants and cross-validated band the plans use
    /// (resources/calibration.json): the selector's name, "megatron-bridge" by default.
    QString profile() const;
    /// Selects a built-in profile (empty or unknown: the default) and gives every GPU its constants; one
    /// problemChanged when `notify` and the profile changed.
    void setProfile(const QString& name, bool notify = true);
    QComboBox* profileBox() const { return m_profile; }

    /// Where the form widgets are (for tests and for keyboard focus).
    QComboBox* gpuBox() const { return m_gpu; }
    QSpinBox* nodesBox() const { return m_nodes; }
    QSpinBox* seqBox() const { return m_seq; }
    QSpinBox* globalBatchBox() const { return m_globalBatch; }
    QDoubleSpinBox* memoryMarginBox() const { return m_memoryMargin; }
    QComboBox* pipelineSplitBox() const { return m_pipelineSplit; } ///< items: balanced, even, layout string
    QLineEdit* pipelineLayoutEdit() const { return m_pipelineLayout; } ///< the layout string (split "layout string")
    QComboBox* recomputeMethodBox() const { return m_recomputeMethod; } ///< items: uniform, block
    QComboBox* fp8RecipeBox() const { return m_fp8Recipe; } ///< items: delayed, tensorwise, blockwise
    QSpinBox* recomputeLayersBox() const { return m_recomputeLayers; }
    /// Why the layout field's text does not parse (translated, with the character), or empty.
    QString layoutError() const;
    QComboBox* strategyBox() const { return m_strategy; }
    QComboBox* tpCommOverlapBox() const { return m_tpCommOverlap; }
    QComboBox* ppCommOverlapBox() const { return m_ppCommOverlap; }
    QSpinBox* cpBox() const { return m_degreePins[1]; }                       ///< 0 = searched
    QComboBox* cpCommTypeBox() const { return m_cpCommType; }
    QSpinBox* dpReplicateBox() const { return m_dpReplicate; }               ///< 0 = searched
    QComboBox* reshardAfterForwardBox() const { return m_reshardAfterForward; }
    QSpinBox* epBox() const { return m_ep; }                                  ///< 0 = searched; MoE models only
    QSpinBox* etpBox() const { return m_etp; }                                ///< 0 = searched; MoE models only
    QComboBox* epCommOverlapBox() const { return m_epCommOverlap; }           ///< auto, off, on; MoE models only
    QDoubleSpinBox* moeImbalanceBox() const { return m_moeImbalance; }
    QDoubleSpinBox* moeCapacityFactorBox() const { return m_moeCapacityFactor; } ///< 0 = dropless
    /// Whether the loaded model has routed experts: the EP, ETP and MoE fields apply only then.
    bool modelHasExperts() const { return m_modelHasExperts; }
    QSlider* weightSlider(int index) const { return m_weightSliders[index]; } ///< 0 memory, 1 compute, 2 communication
    /// The token budget and price per GPU-hour of the time-to-train columns; none when the budget is 0.
    std::optional<shardscope::TrainingBudget> budget() const;
    void setBudget(const std::optional<shardscope::TrainingBudget>& budget); ///< emits budgetChanged once
    QDoubleSpinBox* tokenBudgetBox() const { return m_tokenBudget; }   ///< trillions of tokens; 0 = none
    QDoubleSpinBox* gpuHourPriceBox() const { return m_gpuHourPrice; } ///< 0 = no price
    /// What a preset changed in the form ("The throughput_optimized preset sets the memory margin to 10 % (it was
    /// 5 %) ..."), shown under the strategy; empty when no preset changed anything.
    QString presetNote() const;

signals:
    void problemChanged();
    void rankingChanged();
    /// The token budget or the price changed: only the time-to-train columns change, nothing is searched.
    void budgetChanged();
    void openModelRequested();

private:
    QWidget* buildModelGroup();
    QWidget* buildClusterGroup();
    QWidget* buildTrainingGroup();
    QWidget* buildRankingGroup();
    QWidget* buildBudgetGroup(); // input_panel_budget.cpp
    void fillGpuBox();
    void applyProfile(); ///< m_catalog from the selected profile and the user's GPUs
    void updateLinkDefaults();
    void updateWeightLabels();
    void updateWeightSliders(); ///< enabled only under strategies that rank by the weights
    void selectStrategy(shardscope::Strategy strategy);
    void strategyActivated();
    void emitProblemChanged();
    void emitRankingChanged();
    // Mixture of experts (input_panel_moe.cpp): EP / ETP pins, imbalance and capacity factor, EP overlap pin.
    void buildExpertFields(class QGridLayout* degreeRow, int firstCell);
    void addMoeTrainingRows(class QFormLayout* form);
    void updateExpertFieldsEnabled();
    void readMoeInputs(shardscope::TrainingSpec& training) const;
    void applyMoeInputs(const shardscope::TrainingSpec& training);

    shardscope::HardwareCatalog m_catalog;
    shardscope::HardwareCatalog m_userGpus; ///< added by addGpus or loaded sessions, merged into every profile's catalog
    shardscope::ModelGraph m_model { "" };
    QString m_modelSource;
    bool m_modelBundled = false;
    bool m_updating = false; ///< set while filling forms programmatically
    shardscope::TrainingSpec m_trainingBase; ///< fields without a form widget (optimizer, overlap...) as last set
    shardscope::ClusterSpec m_clusterBase;   ///< link latency and efficiency as last set

    QLabel* m_modelSummary = nullptr;
    QPushButton* m_openButton = nullptr;
    QComboBox* m_gpu = nullptr;
    QComboBox* m_profile = nullptr;
    QSpinBox* m_nodes = nullptr;
    QSpinBox* m_gpusPerNode = nullptr;
    QDoubleSpinBox* m_intraGBps = nullptr;
    QDoubleSpinBox* m_interGBps = nullptr;
    QLabel* m_clusterTotal = nullptr;
    QSpinBox* m_seq = nullptr;
    QSpinBox* m_globalBatch = nullptr;
    QSpinBox* m_microBatch = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_fp8Recipe = nullptr; ///< TrainingSpec::fp8.recipe, enabled with FP8
    QComboBox* m_zero = nullptr;
    QComboBox* m_recompute = nullptr;
    QComboBox* m_recomputeMethod = nullptr; ///< TrainingSpec::fullRecompute.method
    QSpinBox* m_recomputeLayers = nullptr;  ///< TrainingSpec::fullRecompute.layers
    QComboBox* m_sequenceParallel = nullptr;
    QComboBox* m_schedule = nullptr;
    QComboBox* m_tpCommOverlap = nullptr; ///< pin of ParallelConfig::tpCommOverlap: auto (searched), off, on
    QComboBox* m_ppCommOverlap = nullptr; ///< pin of ParallelConfig::ppCommOverlap
    QComboBox* m_cpCommType = nullptr;    ///< pin of ParallelConfig::cpCommType: auto, ring (p2p), all-to-all
    QSpinBox* m_dpReplicate = nullptr;    ///< pin of ParallelConfig::dpReplicate (HSDP); 0 = searched
    QComboBox* m_reshardAfterForward = nullptr; ///< pin of ParallelConfig::reshardAfterForward: auto, off, on
    QDoubleSpinBox* m_memoryMargin = nullptr;
    enum class SplitChoice { Balanced, Even, Layout }; ///< m_pipelineSplit's items, in order
    SplitChoice splitChoice() const;
    void updateLayoutField(); ///< the layout field's text red, with the parse error as tooltip, when it does not parse
    QComboBox* m_pipelineSplit = nullptr; ///< balanced by the search, Megatron's even split, or a layout string
    QLineEdit* m_pipelineLayout = nullptr;
    QString m_layoutHelp; ///< the layout field's tooltip while it parses
    QSpinBox* m_degreePins[5] = {}; ///< TP, CP, PP, DP, VPP; 0 = searched
    QSpinBox* m_ep = nullptr;       ///< pin of ParallelConfig::ep; 0 = searched; enabled for MoE models
    QSpinBox* m_etp = nullptr;      ///< pin of ParallelConfig::etp; 0 = searched; enabled for MoE models
    QComboBox* m_epCommOverlap = nullptr; ///< pin of ParallelConfig::epCommOverlap: auto, off, on; MoE models only
    QDoubleSpinBox* m_moeImbalance = nullptr;      ///< TrainingSpec::moeImbalance
    QDoubleSpinBox* m_moeCapacityFactor = nullptr; ///< TrainingSpec::moeCapacityFactor; 0 = unset (dropless)
    bool m_modelHasExperts = false;
    QComboBox* m_strategy = nullptr;
    QLabel* m_presetNote = nullptr;
    QDoubleSpinBox* m_tokenBudget = nullptr;
    QDoubleSpinBox* m_gpuHourPrice = nullptr;
    std::optional<double> m_marginBeforePreset; ///< the margin (percent) a preset replaced, put back when it is left
    bool m_applyingPreset = false;
    QSlider* m_weightSliders[3] = {};
    QLabel* m_weightLabels[3] = {};
};
