// SPDX-License-Identifier: GPL-3.0-or-later
// The caches and scratch space an EvaluationContext holds, for the files of the evaluation path that fill
// them (plan_units, plan_evaluator, plan_rules, chunk_placement, stage_partitioner, step_model,
// pipeline_schedule). Each cache's key is a small type with operator== (and, where it is hashed, a hasher).
#pragma once

#include "cost/evaluation_context.h"
#include "cost/memory_model.h"
#include "cost/pipeline_schedule.h"
#include "cost/plan_estimate.h"
#include "cost/stage_partitioner.h"
#include "cost/step_model.h"
#include "cost/unit_costs.h"
#include "cost/unit_need.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace shardscope {

namespace evaluation_detail {

/// Mixes a 64-bit value into a hash (splitmix64's finaliser).
inline std::uint64_t mixHash(std::uint64_t h, std::uint64_t x)
{
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 27;
    return h;
}

// ---- plan_units.cpp: PlanEvaluator::costClasses --------------------------------------------------------------

/// The knobs unit costs depend on (the search varies the others, ZeRO, schedule, chunks, ..., in inner loops).
struct UnitCostKey
{
    int tp = 0, cp = 0, cpCommType = 0, microBatch = 0, recompute = 0;
    bool sequenceParallel = false, tpCommOverlap = false, pipelined = false;
    int ep = 0, etp = 0;
    bool epCommOverlap = false;
    /// Full recomputation by a method other than every block alone: the model chunks it walks (PP x VPP); else 0.
    int recomputeChunks = 0;
    bool operator==(const UnitCostKey&) const = default;
};

struct UnitCostKeyHash
{
    std::size_t operator()(const UnitCostKey& k) const
    {
        std::uint64_t h = 0;
        for (int x : { k.tp, k.cp, k.cpCommType, k.microBatch, k.recompute, k.ep, k.etp, k.recomputeChunks })
            h = mixHash(h, std::uint64_t(std::uint32_t(x)));
        return std::size_t(mixHash(h, std::uint64_t(k.sequenceParallel) | std::uint64_t(k.tpCommOverlap) << 1
                                          | std::uint64_t(k.pipelined) << 2 | std::uint64_t(k.epCommOverlap) << 3));
    }
};

/// Each unit shape class's costs per key, for one evaluator at a time (`evaluator`, its id: another evaluator
/// empties the cache), emptied too when it reaches kMaxKeys.
struct UnitCostCache
{
    static constexpr std::size_t kMaxKeys = 4096;
    using Map = std::unordered_map<UnitCostKey, std::vector<UnitCost>, UnitCostKeyHash>;
    std::uint64_t evaluator = 0;
    Map costs;
    /// The last key asked for: the rules, the floors and the evaluation of one candidate, and its sharding
    /// variants after it, ask for the same one. (Elements of an unordered_map stay where they are.)
    const Map::value_type* last = nullptr;
};

// ---- plan_evaluator.cpp: PlanEvaluator::evaluateInto -----------------------------------------------------------

/// What a stage's units add up to, and the model states and other memory that follow from it.
struct StageSums
{
    double params = 0, routed = 0, shared = 0, moeActs = 0, fp8 = 0, acts = 0, embAct = 0, compute = 0, weightGrad = 0,
           gemm = 0, forward = 0, recompute = 0, tp = 0, cp = 0, ep = 0, tpForward = 0, cpForward = 0, epForward = 0,
           boundary = 0;
    ModelStateBytes states {};
    double routedBytes = 0, sharedBytes = 0;
    OtherMemoryBytes other {};
    double boundaryBytes = 0; ///< one pipeline send of its boundary
    double sendSeconds[2] = { 0, 0 }; ///< that send's exposed time to a neighbour on the same node [0], on another [1]
};

/// A stage in evaluateInto's first pass: its distinct sums (an index), micro-batches in flight and sends.
struct StageRecord
{
    int sums = 0;
    double inFlight = 0, ppCommSeconds = 0;
};

/// evaluateInto's working vectors, kept between candidates so that evaluating one allocates nothing once the
/// vectors have grown (malloc and free were 8 % of the 405B search); and the estimates summarize() and
/// summarizeUnlessSlower() fill (their vectors keep their capacity).
struct EvaluationScratch
{
    std::vector<UnitNeed> classNeeds;
    std::vector<PartitionItem> classItems, items;
    std::vector<std::pair<int, int>> chunkUnits;
    std::vector<int> splitCounts; ///< Megatron's even split: blocks per model chunk
    StageLimits limits;
    StagePartition partition;
    std::vector<double> chunkSeconds, chunkShares;
    std::vector<StageSums> distinctStages;
    std::vector<StageRecord> records;
    std::vector<StageFloorTimes> floorTimes;
    PlanEstimate summary, cutSummary;
};

// ---- plan_rules.cpp: the memory floors ---------------------------------------------------------------------------

using UnitBytes = std::vector<UnitNeed>; // per class

/// The memory floors' vectors, once per candidate (no allocation once grown).
struct MemoryFloorScratch
{
    UnitBytes unitBytes;
    std::vector<double> flights; ///< wholeUnitsFloor: each stage's micro-batches in flight
};

// ---- chunk_placement.cpp: PlanEvaluator::placeChunks -------------------------------------------------------------

/// What an uncapped placement of blocks depends on.
struct UncappedPlacementKey
{
    int p = 0, head = -1, blocks = -1;
    double blockSeconds = 0, beforeSeconds = 0, afterSeconds = 0;
    bool operator==(const UncappedPlacementKey&) const = default;
};

/// The placement's vectors (the search places a candidate's chunks tens of thousands of times), and the last
/// kUncapped placements without memory caps, by what they depend on: where every stage's count stays within its
/// cap, the capped placement is the same (a stage leaves the queue at its cap, and in the uncapped run it is never
/// chosen again there), so the ZeRO variants of one configuration share it, and its schedules and chunk counts
/// with a few kernel variants between them.
struct ChunkPlacementScratch
{
    static constexpr std::size_t kUncapped = 32;
    std::vector<double> start, load;
    std::vector<int> count, cap, chunkBlocks;
    std::vector<std::pair<double, int>> queue;
    std::array<UncappedPlacementKey, kUncapped> uncappedFor;
    std::array<std::vector<int>, kUncapped> uncapped;
    std::size_t next = 0;
};

// ---- stage_partitioner.cpp: partitionStages ----------------------------------------------------------------------

/// The partitioner's prefix sums and search vectors (the plan search partitions tens of thousands of times).
struct PartitionWorkspace
{
    std::vector<double> time, stat, act, best;
    std::vector<int> starts, low, high, offset;
};

/// What the fastest partition ignoring memory depends on: the stage count and the items' times (with their
/// total and longest item first, which prefixSums sums anyway and which tell most keys apart at once).
struct TimeOnlyKey
{
    int p = 0;
    double total = 0, longest = 0;
    std::vector<double> seconds;
    bool operator==(const TimeOnlyKey&) const = default;
};

/// A remembered fastest partition ignoring memory.
struct TimeOnly
{
    TimeOnlyKey key;
    std::vector<int> boundaries;
};

/// The last kTimeOnlyMemo time-only partitions, replaced round robin, and the key of the current items
/// (`current`, filled in place: no allocation once grown). A scan: 32 keys, most told apart by their first fields.
struct TimeOnlyMemo
{
    static constexpr std::size_t kTimeOnlyMemo = 32;
    std::array<TimeOnly, kTimeOnlyMemo> entries;
    std::size_t next = 0;
    TimeOnlyKey current;
};

// ---- step_model.cpp: pipelineSeconds -------------------------------------------------------------------------------

/// Everything a pipeline simulation reads.
struct SimulationKey
{
    Schedule schedule = Schedule::OneFOneB;
    int microBatches = 0, chunks = 0;
    std::vector<StagePassSeconds> passes;
    bool operator==(const SimulationKey& o) const
    {
        if (schedule != o.schedule || microBatches != o.microBatches || chunks != o.chunks || passes.size() != o.passes.size())
            return false;
        for (std::size_t k = 0; k < passes.size(); ++k) {
            const StagePassSeconds& a = passes[k];
            const StagePassSeconds& b = o.passes[k];
            if (a.forwardSeconds != b.forwardSeconds || a.backwardSeconds != b.backwardSeconds
                || a.weightGradSeconds != b.weightGradSeconds || a.chunkShares != b.chunkShares)
                return false;
        }
        return true;
    }
};

/// Plans that differ only in how they shard data-parallel state have the same stage times; the search evaluates
/// them one after the other, so the last kMemo simulations are kept, replaced round robin, and `current` holds
/// the candidate's key (its passes reused: each candidate's are compared with the memo's). A scan of 8.
struct SimulationMemo
{
    static constexpr std::size_t kMemo = 8;
    struct Entry
    {
        SimulationKey key;
        double seconds = 0;
    };
    SimulationKey current;
    std::vector<Entry> entries;
    std::size_t next = 0;
};

// ---- pipeline_schedule.cpp: the compiled pass orders -----------------------------------------------------------

/// One pass in a valid processing order, with what it reads and writes in the done times. 16 bytes: the
/// search keeps many programs (programFor). Its micro-batch is that of the done time it sets (W: it reads).
struct Step
{
    std::int32_t input;    ///< done time it waits for, -1 for none
    std::int32_t output;   ///< done time it sets, -1 for none (W)
    std::int32_t duration; ///< index into Problem::duration
    std::uint16_t stage;   ///< < 4096 (prepare)
    std::uint8_t chunk;    ///< < 64 (prepare)
    std::uint8_t passAndHop; ///< the PassKind, and 0x80 where the input comes from another stage

    PassKind pass() const { return PassKind(passAndHop & 0x7f); }
    bool hop() const { return (passAndHop & 0x80) != 0; }
    int microBatch(int m) const { return (pass() == PassKind::WeightGrad ? input : output) % m; }
};
static_assert(sizeof(Step) == 16);

/// The shape a program is compiled for.
struct ProgramKey
{
    Schedule schedule = Schedule::OneFOneB;
    int p = 0, m = 0, v = 0;
    bool operator==(const ProgramKey&) const = default;
};

/// prepare() checked p <= 4096, m <= 100000, v <= 64: the key packs into 64 bits, hashed as such.
struct ProgramKeyHash
{
    std::size_t operator()(const ProgramKey& k) const
    {
        return std::hash<std::uint64_t> {}(std::uint64_t(k.schedule) << 56 | std::uint64_t(k.p) << 40
                                           | std::uint64_t(k.v) << 32 | std::uint64_t(k.m));
    }
};

/// Every stage's passes in one order that runs each after its inputs and after the stage's previous pass
/// (a topological order of the dependencies): simulating is then one pass over it.
struct Program
{
    Schedule schedule = Schedule::OneFOneB;
    int p = 0, m = 0, v = 0;
    std::vector<Step> steps;
    std::size_t doneSize = 0; ///< forward done times [vs x m + mb], then input-gradient ones

    ProgramKey key() const { return { schedule, p, m, v }; }
};

/// The compiled orders of the last sizes simulated: the search prices many plans of the same pipeline shapes, and
/// every TP, CP and micro-batch that gives a stage count comes back to its shapes (with 64 kept, a 70B search
/// compiled each again for every TP and CP: a third of its time). Up to kKept programs and about 64 MB of steps
/// are kept, the least recently used dropped first; programs past two million passes are not kept (the last slot
/// holds the latest of them). And the simulation's vectors.
struct ProgramCache
{
    static constexpr std::size_t kKept = 512;
    static constexpr std::size_t kStepBudget = 4'000'000; // Steps of 16 bytes: 64 MB
    std::vector<Program> kept = std::vector<Program>(kKept + 1);
    std::vector<std::uint64_t> lastUse = std::vector<std::uint64_t>(kKept, 0);
    std::uint64_t clock = 0;
    std::size_t keptSteps = 0;
    std::unordered_map<ProgramKey, std::size_t, ProgramKeyHash> slotOf;
    std::vector<double> done, free, busy; ///< the simulation's done times, and each stage's end and busy time
};

} // namespace evaluation_detail

/// Everything an EvaluationContext holds.
struct EvaluationCaches
{
    evaluation_detail::UnitCostCache unitCosts;
    evaluation_detail::EvaluationScratch evaluation;
    evaluation_detail::MemoryFloorScratch memoryFloors;
    evaluation_detail::ChunkPlacementScratch chunkPlacement;
    evaluation_detail::PartitionWorkspace partition;
    evaluation_detail::TimeOnlyMemo timeOnly;
    evaluation_detail::SimulationMemo simulations;
    evaluation_detail::ProgramCache programs;
};

} // namespace shardscope
