// SPDX-License-Identifier: GPL-3.0-or-later
#include "glossary.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#ifndef SHARDSCOPE_SOURCE_DOCS
#define SHARDSCOPE_SOURCE_DOCS ""
#endif

QList<GlossaryEntry> Glossary::entries()
{
    const QString cost = QStringLiteral("cost-model.md");
    const QString guide = QStringLiteral("user-guide.md");
    const QString ranked = QStringLiteral("4-read-the-ranked-plans");
    return {
        { tr("#"), tr("The plan's rank under the chosen strategy. By default the fastest plan that fits is #1, or a plan tied with it (within half the band of the predicted times) that has more headroom or more usual settings; hover a rank for why it is there."), guide, ranked },
        { tr("TP"), tr("Tensor parallelism: each layer's weight matrices are split over this many GPUs (Megatron column/row parallel), which exchange activations twice per block in forward and in backward."), cost, QStringLiteral("communication") },
        { tr("CP"), tr("Context parallelism: each sequence is split over this many GPUs; p2p passes keys and values around a ring, a2a (Ulysses) exchanges them by all-to-all."), cost, QStringLiteral("communication") },
        { tr("EP"), tr("Expert parallelism: the routed experts of each MoE layer are spread over this many GPUs, which exchange tokens by all-to-all. \"EP x ETP\" also splits each expert over ETP GPUs."), cost, QStringLiteral("mixture-of-experts") },
        { tr("ETP"), tr("Expert tensor parallelism: each routed expert's matrices split over this many GPUs (1 or TP)."), cost, QStringLiteral("mixture-of-experts") },
        { tr("PP"), tr("Pipeline parallelism: consecutive blocks on different GPUs; micro-batches flow through the stages."), cost, QStringLiteral("the-rest-of-a-step") },
        { tr("DP"), tr("Data parallelism: replicas on different slices of the batch; their gradients are reduced every step."), cost, QStringLiteral("communication") },
        { tr("VPP"), tr("Virtual pipeline stages: model chunks per GPU in interleaved schedules; more chunks shrink the bubble and add sends."), cost, QStringLiteral("the-rest-of-a-step") },
        { tr("Micro-batch"), tr("Sequences one stage processes at a time; the global batch is micro-batch x DP x the number of micro-batches."), guide, ranked },
        { tr("Memory / GPU"), tr("Bytes on the fullest GPU at its peak: weights, gradients, optimizer states, activations in flight and other buffers."), cost, QStringLiteral("memory-per-device-per-stage") },
        { tr("Step time"), tr("Predicted seconds per optimizer step, with the cost model's measured error on the GPU family."), cost, QStringLiteral("the-rest-of-a-step") },
        { tr("Tokens/s"), tr("Training throughput of the whole cluster: tokens per step divided by the step time."), cost, QStringLiteral("the-rest-of-a-step") },
        { tr("MFU"), tr("Model FLOPs utilization: the model's FLOPs per second (forward and backward, no recomputation) over the GPUs' peak. "
              "Attention scores are counted in full, as Megatron-LM logs them; the figure in brackets counts the half a "
              "causal mask hides as not done, as NVIDIA publishes MFU."), cost, QStringLiteral("kernels-cost-model-v2") },
        { tr("HFU"), tr("Hardware FLOPs utilization: like MFU but counting recomputed forward passes too, so it is higher with recomputation."), cost, QStringLiteral("kernels-cost-model-v2") },
        { tr("Bubble"), tr("The share of the step pipeline stages sit idle while the pipeline fills and drains: (p - 1) / (m + p - 1) for 1F1B with p stages and m micro-batches. Over 15 % is flagged."), cost, QStringLiteral("the-rest-of-a-step") },
        { tr("Score"), tr("The weighted score: throughput relative to the fastest plan that fits, memory headroom and the share of the step without exposed communication, each weighted by its slider. By default throughput alone. Hover a score for its parts."), guide, ranked },
        { tr("ZeRO"), tr("Sharding of model states over the data-parallel GPUs: 1 optimizer states, 2 also gradients, 3 also weights (FSDP). HSDP shards within groups and replicates the groups."), cost, QStringLiteral("memory-per-device-per-stage") },
        { tr("Recompute"), tr("Activation recomputation: selective recomputes attention's scores, full keeps only each block's input and recomputes the rest in backward."), cost, QStringLiteral("memory-per-device-per-stage") },
        { tr("SP"), tr("Sequence parallelism: splits the activations TP replicates (norms, dropout) along the sequence over the TP GPUs."), cost, QStringLiteral("memory-per-device-per-stage") },
        { tr("TP overlap"), tr("TP communication pipelined with the GEMMs (Megatron --tp-comm-overlap); needs sequence parallelism."), cost, QStringLiteral("communication") },
        { tr("PP overlap"), tr("Sends between pipeline stages run behind compute, leaving only their latency exposed."), cost, QStringLiteral("communication") },
        { tr("EP overlap"), tr("One micro-batch's MoE all-to-alls run while another computes (Megatron --overlap-moe-expert-parallel-comm)."), cost, QStringLiteral("mixture-of-experts") },
        { tr("Status"), tr("Whether the plan fits in usable memory, which plan is the fastest that fits, how many equivalent plans a row stands for, or why a plan cannot run."), guide, ranked },
        { tr("Memory margin"), tr("The share of each GPU's memory kept free for fragmentation and spikes; usable memory is the rest. It is the headroom rule: a plan fits when its fullest GPU stays under usable memory."), cost, QStringLiteral("memory-per-device-per-stage") },
        { tr("Usable memory"), tr("A GPU's memory minus the memory margin."), cost, QStringLiteral("memory-per-device-per-stage") },
        { tr("Headroom"), tr("Usable memory left free on the fullest GPU, as a share of usable memory; the memory part of the score."), guide, ranked },
        { tr("Exposed communication"), tr("Communication the GPUs wait for: what is not hidden behind compute (TP, CP, EP and pipeline sends, and the part of the data-parallel reduction after the last backward)."), cost, QStringLiteral("communication") },
        { tr("Equivalent plans"), tr("Plans with the same layout and identical predictions that differ only in settings without effect (ZeRO-0 and ZeRO-1 at DP 1, the TP overlap at TP 1); the table shows one row for them."), guide, ranked },
        { tr("Imbalance"), tr("The slowest pipeline stage's time per micro-batch over the fastest one's; the slowest stage sets the pace."), guide, QStringLiteral("imbalance") },
        { tr("Schedule"), tr("The pipeline schedule: GPipe, 1F1B, interleaved 1F1B, and the zero-bubble ones (ZB-H1, interleaved zero bubble, ZBV) which defer weight gradients into the bubble."), cost, QStringLiteral("the-rest-of-a-step") },
        { tr("All-to-all"), tr("Every GPU of a group sends a distinct piece to every other: MoE token dispatch and combine, Ulysses context parallelism."), cost, QStringLiteral("communication") },
        { tr("Pareto front"), tr("In the explorer, the plans no other plan beats on both chosen axes at once."), guide, QStringLiteral("5-the-views") },
        { tr("Time to train"), tr("Days to train a token budget at a plan's tokens/s; with GPU-hours (days x 24 x GPUs) and, when a price per GPU-hour is set, the cost. No price is assumed."), guide, ranked },
        { tr("Days to train"), tr("Days to train the token budget at the plan's tokens/s: tokens / (tokens/s x 86,400)."), guide, ranked },
        { tr("Cost"), tr("GPU-hours x the price per GPU-hour you set, in your currency; without a price no cost is shown."), guide, ranked },
        { tr("GPU-hours"), tr("GPUs x hours of a training run: days x 24 x the cluster's GPUs."), guide, ranked },
    };
}

const GlossaryEntry* Glossary::find(const QString& term)
{
    static const QList<GlossaryEntry> all = entries(); // after the translator is installed (main)
    for (const GlossaryEntry& e : all)
        if (e.term.compare(term, Qt::CaseInsensitive) == 0)
            return &e;
    return nullptr;
}

QString Glossary::docsFolder()
{
    const QString installed = QDir(QCoreApplication::applicationDirPath()).absoluteFilePath(QStringLiteral("../share/doc/shardscope"));
    if (QFileInfo(installed + QStringLiteral("/cost-model.md")).exists())
        return QDir::cleanPath(installed);
    return QStringLiteral(SHARDSCOPE_SOURCE_DOCS);
}

QString Glossary::html(const QString& filter)
{
    QString out;
    const QString folder = docsFolder();
    for (const GlossaryEntry& e : entries()) {
        if (!filter.isEmpty() && !e.term.contains(filter, Qt::CaseInsensitive) && !e.definition.contains(filter, Qt::CaseInsensitive))
            continue;
        const QUrl url = QUrl::fromLocalFile(folder + QLatin1Char('/') + e.docFile);
        QUrl link = url;
        link.setFragment(e.docAnchor);
        out += QStringLiteral("<p><b>%1</b> %2 <a href=\"%3\">%4</a></p>")
                   .arg(e.term.toHtmlEscaped(), e.definition.toHtmlEscaped(), link.toString().toHtmlEscaped(),
                        tr("(docs/%1)").arg(e.docFile).toHtmlEscaped());
    }
    return out.isEmpty() ? tr("<p>No term matches.</p>") : out;
}

GlossaryDialog::GlossaryDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Glossary"));
    auto* layout = new QVBoxLayout(this);
    m_filter = new QLineEdit;
    m_filter->setPlaceholderText(tr("Filter terms"));
    m_filter->setClearButtonEnabled(true);
    m_browser = new QTextBrowser;
    m_browser->setOpenLinks(false);
    m_browser->setHtml(Glossary::html());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    layout->addWidget(m_filter);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) { m_browser->setHtml(Glossary::html(text)); });
    connect(m_browser, &QTextBrowser::anchorClicked, this, [](const QUrl& url) { QDesktopServices::openUrl(url); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(640, 560);
}

void GlossaryDialog::showTerm(const QString& term) { m_filter->setText(term); }

QString GlossaryDialog::text() const { return m_browser->toPlainText(); }
