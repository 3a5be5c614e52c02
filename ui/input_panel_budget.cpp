// SPDX-License-Identifier: GPL-3.0-or-later
// InputPanel's budget group: the token budget and the price per GPU-hour behind the days, GPU-hours and cost
// columns. Display settings only: changing them re-plans nothing.
#include "input_panel.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QSignalBlocker>

using namespace shardscope;

QWidget* InputPanel::buildBudgetGroup()
{
    auto* group = new QGroupBox(tr("Time to train"));
    auto* form = new QFormLayout(group);
    m_tokenBudget = new QDoubleSpinBox;
    m_tokenBudget->setRange(0, kMaxTokenBudget / 1e12);
    m_tokenBudget->setDecimals(3);
    m_tokenBudget->setSingleStep(1);
    m_tokenBudget->setSuffix(tr(" T tokens"));
    m_tokenBudget->setSpecialValueText(tr("none"));
    m_tokenBudget->setToolTip(tr("Tokens to train on, in trillions (Llama 3: 15.6 T). With a budget the plan table shows "
                                 "days to train and GPU-hours for every plan."));
    m_gpuHourPrice = new QDoubleSpinBox;
    m_gpuHourPrice->setRange(0, 1e6);
    m_gpuHourPrice->setDecimals(2);
    m_gpuHourPrice->setSpecialValueText(tr("none"));
    m_gpuHourPrice->setSuffix(tr(" per GPU-hour"));
    m_gpuHourPrice->setToolTip(tr("What one GPU-hour costs you, in your currency. ShardScope assumes no price: without "
                                  "one no cost is shown."));
    form->addRow(tr("Token budget:"), m_tokenBudget);
    form->addRow(tr("Price:"), m_gpuHourPrice);
    const auto changed = [this] {
        m_gpuHourPrice->setEnabled(m_tokenBudget->value() > 0);
        if (!m_updating)
            emit budgetChanged();
    };
    connect(m_tokenBudget, &QDoubleSpinBox::valueChanged, this, changed);
    connect(m_gpuHourPrice, &QDoubleSpinBox::valueChanged, this, changed);
    m_gpuHourPrice->setEnabled(false);
    return group;
}

std::optional<TrainingBudget> InputPanel::budget() const
{
    if (m_tokenBudget->value() <= 0)
        return std::nullopt;
    TrainingBudget b;
    b.tokens = m_tokenBudget->value() * 1e12;
    if (m_gpuHourPrice->value() > 0)
        b.gpuHourPrice = m_gpuHourPrice->value();
    return b;
}

void InputPanel::setBudget(const std::optional<TrainingBudget>& budget)
{
    {
        const QSignalBlocker a(m_tokenBudget);
        const QSignalBlocker b(m_gpuHourPrice);
        m_tokenBudget->setValue(budget ? budget->tokens / 1e12 : 0);
        m_gpuHourPrice->setValue(budget && budget->gpuHourPrice ? *budget->gpuHourPrice : 0);
        m_gpuHourPrice->setEnabled(budget.has_value());
    }
    emit budgetChanged();
}
