// SPDX-License-Identifier: GPL-3.0-or-later
// Session documents for the session-file tests (tst_session_document, tst_session_document_errors): one with
// every field away from its default, on a GPU no catalog knows.
#pragma once

#include "export/session_document.h"

#include <nlohmann/json.hpp>

#include <string>

namespace shardscope::testing {

/// A GPU no catalog knows, with doubles that need all their digits.
inline GpuSpec customGpu()
{
    GpuSpec g;
    g.name = "lab-accelerator";
    g.displayName = "Lab Accelerator \"X\" 96GB";
    g.vendor = "Home-made";
    g.memoryBytes = 96.0 * 1024 * 1024 * 1024;
    g.hbmBytesPerSecond = 3.35e12;
    g.peakFlopsBf16 = 1.0 / 3.0 * 1e15;
    g.peakFlopsFp16 = 1.0 / 3.0 * 1e15;
    g.peakFlopsFp8 = 0;
    g.peakFlopsFp32 = 6.02214076e23;
    g.matmulEfficiency = 0.61;
    g.scaleUp = { 450e9, 2.5e-6, 0.85 };
    g.scaleOut = { 50e9, 7e-6, 0.7 };
    return g;
}

/// Every field away from its default.
inline SessionDocument makeDocument()
{
    SessionDocument d;
    d.generator = "ShardScope test";
    d.model = "/home/ana/runs/models/my-model.json";
    d.modelRelative = "models/my-model.json"; // as saved to /home/ana/runs/*.shardscope
    d.cluster.gpu = customGpu();
    d.cluster.nodes = 4;
    d.cluster.gpusPerNode = 4;
    d.cluster.intraNode = { 400e9, 3e-6, 0.9 };
    d.cluster.interNode = { 25e9, 1e-5, 0.6 };
    d.profile = "mcore-r0.8";
    d.training.seqLength = 8192;
    d.training.globalBatch = 1024;
    d.training.precision = Precision::Fp8;
    d.training.optimizer = OptimizerKind::SgdMomentum;
    d.training.fp32Gradients = false;
    d.training.flashAttention = false;
    d.training.frameworkOverheadBytes = 3.5 * 1024 * 1024 * 1024;
    d.training.memoryMargin = 0.07;
    d.training.dpOverlap = 0.25;
    d.training.pins.tp = 2;
    d.training.pins.dp = 4;
    d.training.pins.zeroStage = 1;
    d.training.pins.recompute = Recompute::Full;
    d.training.pins.sequenceParallel = false;
    d.training.pins.schedule = Schedule::Interleaved1F1B;
    d.training.pins.tpCommOverlap = true;
    d.training.pins.ppCommOverlap = false;
    d.training.pins.cp = 2;
    d.training.pins.cpCommType = CpCommType::AllToAll;
    d.training.pins.dpReplicate = 2;
    d.training.pins.reshardAfterForward = false;
    d.training.pins.ep = 4;
    d.training.pins.etp = 2;
    d.training.pins.epCommOverlap = false; // pinned off, not unpinned
    d.training.moeImbalance = 1.5;
    d.training.moeCapacityFactor = 1.0 / 3.0 + 1;
    d.strategy = Strategy::Hybrid;
    d.weights = { 0.4, 1.0 / 3.0, 0.1 + 0.2 };
    d.topCount = 25;
    d.showInfeasible = true;
    ParallelConfig selected;
    selected.tp = 2;
    selected.pp = 2;
    selected.dp = 4;
    selected.vpp = 3;
    selected.microBatch = 2;
    selected.zeroStage = 1;
    selected.recompute = Recompute::Full;
    selected.sequenceParallel = true;
    selected.schedule = Schedule::Interleaved1F1B;
    selected.tpCommOverlap = true;
    selected.ppCommOverlap = true;
    selected.cp = 2;
    selected.cpCommType = CpCommType::AllToAll;
    selected.dpReplicate = 2;
    selected.reshardAfterForward = false;
    selected.ep = 4; // ep x etp = 8 divides a stage's tp x cp x dp = 16 GPUs
    selected.etp = 2;
    selected.epCommOverlap = true;
    d.selectedPlan = selected;
    return d;
}

/// The JSON as the session writer indents it.
inline std::string dump(const nlohmann::json& j)
{
    return j.dump(2);
}

} // namespace shardscope::testing
