// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>

namespace shardscope {

struct EvaluationCaches; // cost/evaluation_caches.h: the caches themselves, for the files that fill them

/**
 * What the evaluation path keeps from one candidate to the next: the unit costs per configuration, the
 * partitioner's workspace and its time-only partitions, the chunk placements, the pipeline simulations and
 * their compiled pass orders, and the scratch vectors that let an evaluation allocate nothing once they have
 * grown. Every cache is a pure function of its key, so a context changes how fast an answer comes, never the
 * answer. One thread at a time: the search makes one per thread and passes it down (PlanEvaluator's
 * evaluation functions, the placement, the partitioner, the step model, the pipeline simulation); the
 * overloads without a context, for the callers outside the search (proposals, diagnosis, the UI), use
 * forThisThread().
 */
class EvaluationContext
{
public:
    EvaluationContext();
    ~EvaluationContext();
    EvaluationContext(EvaluationContext&&) noexcept;
    EvaluationContext& operator=(EvaluationContext&&) noexcept;
    EvaluationContext(const EvaluationContext&) = delete;
    EvaluationContext& operator=(const EvaluationContext&) = delete;

    /// This thread's default context, for the overloads without one.
    static EvaluationContext& forThisThread();

    /// Drops every cache and scratch vector (they refill as they are needed).
    void clear();

    EvaluationCaches& caches() { return *m_caches; }

private:
    std::unique_ptr<EvaluationCaches> m_caches;
};

} // namespace shardscope
