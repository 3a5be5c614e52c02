// SPDX-License-Identifier: GPL-3.0-or-later
// InputPanel's mixture-of-experts fields: the expert-parallel (EP) and expert-tensor-parallel (ETP) pins
// beside the other degrees, the router's load imbalance and capacity factor and the EP overlap pin in the
// training form.
// They apply to models with routed experts only: disabled otherwise, with a tooltip that says why.
#include "input_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QSpinBox>

#include <algorithm>

using namespace shardscope;

namespace {

/// The tooltip a MoE field has while the model has no routed experts.
QString notMoeToolTip(const QString& what)
{
    return InputPanel::tr("%1\n\nDisabled: the model has no routed experts (not a mixture of experts), so there is "
                          "nothing to spread over expert parallelism.")
        .arg(what);
}

} // namespace

void InputPanel::buildExpertFields(QGridLayout* degreeRow, int firstCell)
{
    const QString names[2] = { tr("EP"), tr("ETP") };
    QSpinBox** boxes[2] = { &m_ep, &m_etp };
    for (int i = 0; i < 2; ++i) {
        auto* box = new QSpinBox;
        box->setRange(0, 1 << 20);
        box->setPrefix(names[i] + QLatin1Char(' '));
        box->setSpecialValueText(tr("%1 auto").arg(names[i]));
        const int cell = firstCell + i;
        degreeRow->addWidget(box, cell / 2, cell % 2);
        connect(box, &QSpinBox::valueChanged, this, &InputPanel::emitProblemChanged);
        *boxes[i] = box;
    }
    updateExpertFieldsEnabled();
}

void InputPanel::addMoeTrainingRows(QFormLayout* form)
{
    m_moeImbalance = new QDoubleSpinBox;
    m_moeImbalance->setRange(1, 64); // TrainingSpec::validate's bounds
    m_moeImbalance->setDecimals(2);
    m_moeImbalance->setSingleStep(0.05);
    m_moeImbalance->setValue(TrainingSpec {}.moeImbalance);
    m_moeCapacityFactor = new QDoubleSpinBox;
    m_moeCapacityFactor->setRange(0, 64);
    m_moeCapacityFactor->setDecimals(2);
    m_moeCapacityFactor->setSingleStep(0.25);
    m_moeCapacityFactor->setSpecialValueText(tr("dropless"));
    // Searched ("auto", data -1) or pinned off (0) or on (1), like the TP and PP overlap pins.
    m_epCommOverlap = new QComboBox;
    m_epCommOverlap->addItem(tr("auto (searched)"), -1);
    m_epCommOverlap->addItem(tr("off"), 0);
    m_epCommOverlap->addItem(tr("on"), 1);
    form->addRow(tr("MoE imbalance:"), m_moeImbalance);
    form->addRow(tr("MoE capacity factor:"), m_moeCapacityFactor);
    form->addRow(tr("EP comm overlap:"), m_epCommOverlap);
    connect(m_epCommOverlap, &QComboBox::currentIndexChanged, this, &InputPanel::emitProblemChanged);
    connect(m_moeImbalance, &QDoubleSpinBox::valueChanged, this, &InputPanel::emitProblemChanged);
    connect(m_moeCapacityFactor, &QDoubleSpinBox::valueChanged, this, [this] {
        updateExpertFieldsEnabled(); // the imbalance applies to dropless routing only
        emitProblemChanged();
    });
    updateExpertFieldsEnabled();
}

void InputPanel::updateExpertFieldsEnabled()
{
    const bool moe = m_modelHasExperts;
    const QString ep = tr("Expert-parallel degree (Megatron --expert-model-parallel-size, torchtitan "
                          "expert_parallel_degree): each MoE layer's routed experts spread over this many GPUs, which "
                          "exchange tokens by all-to-all (dispatch and combine). Megatron's MoE parallel folding lays the "
                          "experts out over the same GPUs as TP x CP x DP, so EP x ETP must divide them. Auto = searched.");
    const QString etp = tr("Expert tensor-parallel degree (Megatron --expert-tensor-parallel-size, torchtitan "
                           "expert_tensor_parallel_degree): each routed expert's matrices split over this many GPUs, "
                           "independently of the attention's TP; worth it for large experts. Auto = searched.");
    const QString imbalance = tr("Dropless routing (Megatron's default): the busiest expert's tokens over the mean, which "
                                 "sets the slowest GPU's expert work, all-to-all volume and buffers. 1 is a perfectly "
                                 "balanced router; 1.25 (the default) is the capacity factor at which Switch Transformer "
                                 "routing drops under 1 % of tokens (Fedus et al. 2022).");
    const QString capacity = tr("Token dropping (Megatron --moe-expert-capacity-factor with "
                                "--moe-pad-expert-input-to-capacity): every expert computes exactly this many times its "
                                "average tokens and drops the rest. Dropless = no capacity factor; the imbalance applies.");
    if (m_ep) {
        for (auto [box, tip] : { std::pair { m_ep, ep }, std::pair { m_etp, etp } }) {
            box->setEnabled(moe);
            box->setToolTip(moe ? tip : notMoeToolTip(tip));
        }
    }
    const QString overlap = tr("Megatron --overlap-moe-expert-parallel-comm: the MoE all-to-alls (dispatch and combine) "
                               "of one micro-batch run while another micro-batch computes, as Megatron's combined 1F1B "
                               "schedule pairs one micro-batch's forward with another's backward layer by layer. Needs "
                               "EP > 1, no full recomputation, bf16 or fp16, and with PP > 1 the interleaved schedule. "
                               "Auto = searched.");
    if (m_epCommOverlap) {
        m_epCommOverlap->setEnabled(moe);
        m_epCommOverlap->setToolTip(moe ? overlap : notMoeToolTip(overlap));
    }
    if (m_moeImbalance) {
        const bool dropless = m_moeCapacityFactor->value() <= 0;
        m_moeImbalance->setEnabled(moe && dropless);
        m_moeImbalance->setToolTip(!moe ? notMoeToolTip(imbalance)
                                        : dropless ? imbalance
                                                   : tr("%1\n\nDisabled: a capacity factor is set, so every expert "
                                                        "computes exactly that many tokens.")
                                                         .arg(imbalance));
        m_moeCapacityFactor->setEnabled(moe);
        m_moeCapacityFactor->setToolTip(moe ? capacity : notMoeToolTip(capacity));
    }
}

void InputPanel::readMoeInputs(TrainingSpec& t) const
{
    // Like VPP under a one-chunk schedule: a pin that does not apply is not a constraint.
    if (m_modelHasExperts) {
        if (m_ep->value() > 0)
            t.pins.ep = m_ep->value();
        if (m_etp->value() > 0)
            t.pins.etp = m_etp->value();
    }
    const int overlap = m_epCommOverlap->currentData().toInt();
    if (m_modelHasExperts && overlap >= 0)
        t.pins.epCommOverlap = overlap == 1;
    t.moeImbalance = m_moeImbalance->value();
    t.moeCapacityFactor.reset();
    if (m_moeCapacityFactor->value() > 0)
        t.moeCapacityFactor = m_moeCapacityFactor->value();
}

void InputPanel::applyMoeInputs(const TrainingSpec& t)
{
    m_ep->setValue(t.pins.ep.value_or(0));
    m_etp->setValue(t.pins.etp.value_or(0));
    m_epCommOverlap->setCurrentIndex(std::max(m_epCommOverlap->findData(t.pins.epCommOverlap ? int(*t.pins.epCommOverlap) : -1), 0));
    m_moeImbalance->setValue(t.moeImbalance);
    m_moeCapacityFactor->setValue(t.moeCapacityFactor.value_or(0));
    updateExpertFieldsEnabled();
}
