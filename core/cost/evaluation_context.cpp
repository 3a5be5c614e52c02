// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/evaluation_context.h"

#include "cost/evaluation_caches.h"

namespace shardscope {

EvaluationContext::EvaluationContext()
    : m_caches(std::make_unique<EvaluationCaches>())
{
}

EvaluationContext::~EvaluationContext() = default;
EvaluationContext::EvaluationContext(EvaluationContext&&) noexcept = default;
EvaluationContext& EvaluationContext::operator=(EvaluationContext&&) noexcept = default;

EvaluationContext& EvaluationContext::forThisThread()
{
    thread_local EvaluationContext context;
    return context;
}

void EvaluationContext::clear()
{
    *m_caches = EvaluationCaches {};
}

} // namespace shardscope
