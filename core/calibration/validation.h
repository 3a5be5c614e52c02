// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/planning_problem.h"
#include "hardware/calibration_constants.h"
#include "model/model_graph.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace shardscope {

class HardwareCatalog;

/**
 * One published run as `shardscope validate` and the fitter see it (docs/measured-runs.md): a row of the
 * calibration tables (Narayanan et al. 2021 Table 1; the Megatron-LM README table) or of the measured-runs corpus,
 * with its layout pinned as published, what was assumed where the source is silent, and why it cannot be
 * evaluated or fitted where that is so.
 */
struct ValidationRow
{
    std::string id;          ///< "N21-1.7B", "MLM-70B", "R0102"
    std::string source;      ///< the cross-validation's source: one publication or one container family
    std::string profile;     ///< the software-stack profile the row belongs to ("megatron-bridge")
    std::string model;       ///< the model, for leave-one-model-out ("meta-llama/Meta-Llama-3-70B")
    std::string gpu;         ///< as published ("H100", "GB200")
    std::string family;      ///< calibration family ("H100"); empty when the catalog has no such GPU
    std::string precision;   ///< the regime's precision: "BF16", "FP16", "FP8", "MXFP8", "NVFP4"; "?" when not stated
    bool moe = false;
    std::int64_t seq = 0;
    int gpus = 0;
    std::string layout;      ///< "TP 4 PP 8 VPP 5 DP 2 mb 1" as published
    double measuredStepSeconds = 0;

    std::string notEvaluated;              ///< why the model cannot evaluate the row; empty: it can
    std::vector<std::string> assumptions;  ///< what was assumed where the source is silent
    std::string notFitted;                 ///< why no constant may be fitted to it; empty: it may

    // What the evaluation needs.
    std::string catalogGpu;                ///< the catalog's name of the GPU
    int gpusPerNode = 8;
    std::shared_ptr<const ModelGraph> graph;
    TrainingSpec training;                 ///< the published setup, its pins included

    bool evaluable() const { return notEvaluated.empty(); }
    bool fittable() const { return evaluable() && notFitted.empty(); }
    /// "H100 dense FP8 <=8k": GPU family x dense/MoE x precision x sequence bucket (<= 8k, 8k-32k, > 32k).
    std::string regime() const;
    /// The problem on `catalog`'s GPU (its constants: the profile's); throws when the catalog lacks the GPU.
    PlanningProblem problem(const HardwareCatalog& catalog) const;
};

/// Every row: the two calibration tables, then the corpus in file order. Rows whose models the program cannot
/// import, GPUs the catalog lacks or precisions the cost model lacks are listed with the reason.
const std::vector<ValidationRow>& validationRows();

/// What the model predicts for one row: the fastest plan that fits with the published pins.
struct RowPrediction
{
    bool feasible = false;
    std::string reason;       ///< when no plan fits
    /// The run ran, but its layout is predicted not to fit in memory (why): its step time is then predicted as if
    /// the memory were there, and the row says the memory model over-counts it.
    std::string memoryOverCount;
    ParallelConfig config;
    double stepSeconds = 0;
    double error = 0;         ///< predicted / measured step time - 1 (positive: predicted too slow)
};
RowPrediction predictRow(const ValidationRow& row, const HardwareCatalog& catalog);

/// The fitter (one for the calibration tool, validate's cross-validation and, later, the user's runs): the family's
/// constants within their physical ranges (docs/cost-model.md) minimising the rms step-time error over `rows`
/// (rows of that family that may be fitted), from `start`. With fewer than 4 rows only the GEMM fraction moves.
struct ConstantRange
{
    double lo, hi;
};
struct FitRanges
{
    ConstantRange gemmFraction { 0.5, 0.9 };
    ConstantRange scaleUpEfficiency { 0.6, 0.95 };
    ConstantRange scaleOutEfficiency { 0.6, 0.95 };
    ConstantRange attentionScale { 0.5, 1.2 };
};
FamilyConstants fitFamily(const std::vector<const ValidationRow*>& rows, const FamilyConstants& start,
                          const HardwareCatalog& base, const FitRanges& ranges = {});

/// A catalog with `constants` applied to the GPUs of their family (the others as `base` has them).
HardwareCatalog withConstants(const HardwareCatalog& base, const FamilyConstants& constants);

/// One row's result in a validation.
struct RowResult
{
    const ValidationRow* row = nullptr;
    RowPrediction inSample;          ///< with the profile's committed constants
    std::optional<double> cvModel;   ///< error with constants fitted without the row's model (fitted rows only)
    std::optional<double> cvSource;  ///< error with constants fitted without the row's source
};

/// One regime's summary: rows, in-sample mean and max |error|, cross-validated mean |error| (leave one model out,
/// leave one source out) over the rows that have one.
struct RegimeSummary
{
    std::string regime;
    int rows = 0;           ///< evaluated (a plan fits)
    int fittedRows = 0;
    double inSampleMean = 0, inSampleMax = 0;
    int cvModelRows = 0, cvSourceRows = 0;
    double cvModelMean = 0, cvSourceMean = 0;
};

struct Validation
{
    std::string profile;
    std::vector<RowResult> rows;          ///< every row of the profile, evaluated or not
    std::vector<RegimeSummary> regimes;   ///< sorted by regime
};

/// Runs every row of `profile` with `constants` (family -> constants) on `base` (the catalog as hardware.json
/// describes it) and, with `crossValidate`, refits each family without each model and without each source.
Validation validate(const std::string& profile, const std::vector<FamilyConstants>& constants, const HardwareCatalog& base,
                    bool crossValidate);

} // namespace shardscope
