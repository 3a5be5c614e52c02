// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnosis_report.h"

#include "console.h"
#include "partition/search_diagnosis.h"
#include "proposals/scale_proposals.h"

#include <QStringList>
#include <QTextStream>
#include <algorithm>

using namespace shardscope;
using Console::qs;

namespace {


/// "unpin TP, TP 2, TP 4 (each checked by planning with it)"
QString changesText(const Finding& f)
{
    QStringList labels;
    bool verified = false;
    for (const DiagnosisChange& c : f.changes) {
        labels << qs(c.label);
        verified = verified || c.verified;
    }
    QString s = labels.join(QStringLiteral(", "));
    if (verified) s += DiagnosisReport::tr(" (checked by planning with it)");
    return s;
}

void printProposal(QTextStream& out, const Proposal& p)
{
    const QString fits = p.feasible ? DiagnosisReport::tr("fits") : DiagnosisReport::tr("does not fit");
    if (p.speedup > 0)
        out << DiagnosisReport::tr("    proposal: %1: %2x tokens/s, %3")
                   .arg(qs(p.title))
                   .arg(p.speedup, 0, 'f', 3)
                   .arg(fits)
            << '\n';
    else
        out << DiagnosisReport::tr("    proposal: %1: %2").arg(qs(p.title), fits) << '\n';
    out << QStringLiteral("      %1").arg(qs(p.rationale)) << '\n';
}

} // namespace

void DiagnosisReport::printDeadEnds(
    QTextStream& out, const PlanningProblem& problem, const PlanningOutcome& outcome)
{
    const SearchDiagnosis d = diagnoseSearch(problem, outcome.search);
    if (d.findings.empty()) return;
    const bool memory = d.closest.has_value();
    out << '\n' << (memory ? tr("Why no plan fits:") : tr("Why no plan works:")) << '\n';
    for (const Finding& f : d.findings) {
        out << QStringLiteral("  - %1").arg(qs(f.message)) << '\n';
        if (!f.changes.empty()) out << tr("    try: %1").arg(changesText(f)) << '\n';
        if (f.kind == FindingKind::SmallestCluster)
            if (const auto p = proposeClusterSize(problem, d.cluster, d.closest ? &*d.closest : nullptr))
                printProposal(out, *p);
    }
}

void DiagnosisReport::printWarnings(
    QTextStream& out, const PlanningProblem& problem, const PlanEstimate& best)
{
    std::vector<Finding> findings = planWarnings(problem, PlanSummary::from(best));
    const std::optional<Finding> batch = batchDivisorFinding(problem);
    if (findings.empty() && !batch) return;
    const std::vector<Proposal> proposals = proposeGlobalBatchChanges(problem, best);
    // The global batch's limit on DP only where raising it gives a faster plan with a DP it rules out.
    if (batch) {
        const auto& ruled = batch->ruledOutValues;
        for (const Proposal& p : proposals)
            if (std::find(ruled.begin(), ruled.end(), p.config.dp) != ruled.end()) {
                findings.push_back(*batch);
                break;
            }
    }
    for (const Finding& f : findings)
        out << tr("  warning: %1").arg(qs(f.message)) << '\n';
    if (!findings.empty())
        for (const Proposal& p : proposals)
            printProposal(out, p);
}
