// SPDX-License-Identifier: GPL-3.0-or-later
// InputPanel's ranking group: the strategy or preset, and the weight sliders. A preset's memory margin is shown
// where it changes the form and put back when the preset is left; the sliders are off under strategies that
// rank by their own rule.
#include "input_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

constexpr const char* kStrategyPrefix = "s:";
constexpr const char* kPresetPrefix = "p:";

QString strategyKey(Strategy s) { return QString::fromLatin1(kStrategyPrefix) + qs(toString(s)); }

} // namespace

QWidget* InputPanel::buildRankingGroup()
{
    auto* group = new QGroupBox(tr("Ranking"));
    auto* form = new QFormLayout(group);
    m_strategy = new QComboBox;
    m_strategy->addItem(tr("Fastest plan that fits (weighted score)"), strategyKey(Strategy::Exhaustive));
    for (Strategy s : allStrategies())
        if (s != Strategy::Exhaustive)
            m_strategy->addItem(tr("Strategy: %1").arg(qs(toString(s))), strategyKey(s));
    for (const Preset& p : presets())
        m_strategy->addItem(tr("Preset: %1").arg(qs(p.name)), QString(QString::fromLatin1(kPresetPrefix) + qs(p.name)));
    m_strategy->setToolTip(tr("How plans are ranked. Every plan is searched either way. By default the fastest plan that "
                              "fits ranks first (the memory margin is the headroom rule) and the sliders can trade speed "
                              "for headroom or less exposed communication; the seed's strategies order plans by their own "
                              "rule; the presets also set the weights and the memory margin, and put the margin back when "
                              "you leave them."));
    form->addRow(tr("S&trategy:"), m_strategy);
    m_presetNote = new QLabel;
    m_presetNote->setWordWrap(true);
    m_presetNote->hide();
    form->addRow(m_presetNote);

    const QString names[3] = { tr("Memory"), tr("Compute"), tr("Communication") };
    const QString tips[3] = {
        tr("Weight of memory headroom: the free share of the fullest GPU."),
        tr("Weight of throughput: tokens per second relative to the fastest plan that fits."),
        tr("Weight of communication: the share of the step not spent waiting for exposed communication."),
    };
    for (int i = 0; i < 3; ++i) {
        auto* row = new QWidget;
        auto* h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        m_weightSliders[i] = new QSlider(Qt::Horizontal);
        m_weightSliders[i]->setRange(0, 100);
        m_weightSliders[i]->setProperty("weightTip", tips[i]);
        m_weightLabels[i] = new QLabel;
        m_weightLabels[i]->setMinimumWidth(m_weightLabels[i]->fontMetrics().horizontalAdvance(QStringLiteral("0.000")));
        h->addWidget(m_weightSliders[i], 1);
        h->addWidget(m_weightLabels[i]);
        form->addRow(names[i] + QLatin1Char(':'), row);
        connect(m_weightSliders[i], &QSlider::valueChanged, this, [this] {
            updateWeightLabels();
            emitRankingChanged();
        });
    }
    setWeights(ScoreWeights {});
    updateWeightSliders();
    connect(m_strategy, &QComboBox::activated, this, &InputPanel::strategyActivated);
    connect(m_memoryMargin, &QDoubleSpinBox::valueChanged, this, [this] {
        // Edited by hand while a preset holds its margin: the user's value stays when the preset is left.
        if (!m_applyingPreset && m_marginBeforePreset) {
            m_marginBeforePreset.reset();
            m_presetNote->hide();
        }
    });
    return group;
}

void InputPanel::updateWeightLabels()
{
    const ScoreWeights w = weights();
    const double values[3] = { w.memory, w.compute, w.communication };
    for (int i = 0; i < 3; ++i)
        m_weightLabels[i]->setText(QLocale().toString(values[i], 'f', 2));
}

void InputPanel::updateWeightSliders()
{
    const Strategy s = strategy();
    const bool used = usesWeights(s);
    for (int i = 0; i < 3; ++i) {
        m_weightSliders[i]->setEnabled(used);
        m_weightLabels[i]->setEnabled(used);
        const QString tip = m_weightSliders[i]->property("weightTip").toString();
        m_weightSliders[i]->setToolTip(
            used ? tip
                 : tip + QLatin1Char('\n')
                    + tr("Not used: the %1 strategy ranks plans by its own rule. Choose the weighted score or Hybrid "
                         "to rank by these weights.").arg(qs(toString(s))));
    }
}

Strategy InputPanel::strategy() const
{
    const QString choice = m_strategy->currentData().toString();
    if (choice.startsWith(QLatin1String(kPresetPrefix))) {
        if (const Preset* p = findPreset(choice.mid(2).toStdString()))
            return p->strategy;
    }
    return strategyFromString(choice.mid(2).toStdString()).value_or(Strategy::Exhaustive);
}

void InputPanel::selectStrategy(Strategy s)
{
    m_strategy->setCurrentIndex(std::max(m_strategy->findData(strategyKey(s)), 0));
    m_marginBeforePreset.reset(); // a restored session's margin is the user's
    m_presetNote->hide();
    updateWeightSliders();
}

ScoreWeights InputPanel::weights() const
{
    return { m_weightSliders[0]->value() / 100.0, m_weightSliders[1]->value() / 100.0, m_weightSliders[2]->value() / 100.0 };
}

void InputPanel::setWeights(const ScoreWeights& w)
{
    // Scores divide by the weights' sum, so scaling them all keeps the ranking: weights above 1
    // (possible in a session or on the command line) are brought into the sliders' 0..1 that way.
    const double largest = std::max({ w.memory, w.compute, w.communication });
    const double k = largest > 1 ? 1 / largest : 1;
    const double values[3] = { w.memory * k, w.compute * k, w.communication * k };
    for (int i = 0; i < 3; ++i) {
        const QSignalBlocker block(m_weightSliders[i]);
        m_weightSliders[i]->setValue(int(std::lround(values[i] * 100)));
    }
    updateWeightLabels();
}

QString InputPanel::presetNote() const { return m_presetNote->isHidden() ? QString() : m_presetNote->text(); }

void InputPanel::strategyActivated()
{
    const QString choice = m_strategy->currentData().toString();
    const Preset* preset = choice.startsWith(QLatin1String(kPresetPrefix)) ? findPreset(choice.mid(2).toStdString()) : nullptr;
    const auto setMargin = [&](double percent) {
        if (std::abs(m_memoryMargin->value() - percent) <= 1e-9)
            return;
        m_applyingPreset = true;
        m_memoryMargin->setValue(percent); // its valueChanged asks for a search (the margin changes what fits)
        m_applyingPreset = false;
    };
    // Leaving a preset (for another one too) puts back the margin it replaced.
    if (m_marginBeforePreset) {
        const double before = *m_marginBeforePreset;
        m_marginBeforePreset.reset();
        m_presetNote->hide();
        if (!preset)
            setMargin(before);
        else
            m_marginBeforePreset = before; // still the user's value under the next preset
    }
    if (preset) {
        setWeights(preset->weights);
        const double margin = preset->memoryMargin * 100;
        const double was = m_marginBeforePreset.value_or(m_memoryMargin->value());
        if (std::abs(was - margin) > 1e-9) {
            if (!m_marginBeforePreset)
                m_marginBeforePreset = m_memoryMargin->value();
            setMargin(margin);
            m_presetNote->setText(tr("The %1 preset sets the memory margin to %2 % (it was %3 %); it goes back when "
                                     "you choose another strategy.")
                                      .arg(qs(preset->name), QLocale().toString(margin, 'f', 1),
                                           QLocale().toString(was, 'f', 1)));
            m_presetNote->show();
        } else if (m_marginBeforePreset) {
            setMargin(*m_marginBeforePreset);
            m_marginBeforePreset.reset();
        }
    } else {
        setWeights(defaultWeights(strategy()));
    }
    updateWeightSliders();
    emitRankingChanged(); // with a new margin a search follows too (problemChanged)
}
