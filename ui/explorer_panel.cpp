// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolBar>
#include <QVBoxLayout>

ExplorerPanel::ExplorerPanel(QWidget* parent)
    : QWidget(parent)
    , m_view(new ExplorerView(this))
    , m_x(new QComboBox(this))
    , m_y(new QComboBox(this))
    , m_colour(new QComboBox(this))
    , m_showInfeasible(new QCheckBox(tr("Show plans that do not &fit"), this))
    , m_clearFilter(new QPushButton(tr("&Clear filter"), this))
    , m_logX(new QCheckBox(tr("Log X"), this))
    , m_logY(new QCheckBox(tr("Log Y"), this))
    , m_resetView(new QPushButton(tr("&Reset view"), this))
{
    m_logX->setToolTip(tr("A logarithmic horizontal axis: equal ratios at equal distances"));
    m_logY->setToolTip(tr("A logarithmic vertical axis: equal ratios at equal distances"));
    m_resetView->setToolTip(tr("Back to the range around the plans that fit (Home); the wheel zooms, a right- or "
                               "middle-button drag pans"));
    m_resetView->setEnabled(false);
    for (int m = 0; m < kExplorerMetricCount; ++m) {
        m_x->addItem(ExplorerAxes::name(ExplorerMetric(m)), m);
        m_y->addItem(ExplorerAxes::name(ExplorerMetric(m)), m);
    }
    for (int c = 0; c < kExplorerColouringCount; ++c)
        m_colour->addItem(ExplorerCategories::name(ExplorerColouring(c)), c);
    m_x->setCurrentIndex(m_x->findData(int(m_view->xMetric())));
    m_y->setCurrentIndex(m_y->findData(int(m_view->yMetric())));
    m_colour->setCurrentIndex(m_colour->findData(int(m_view->colouring())));
    m_showInfeasible->setChecked(m_view->showInfeasible());
    m_clearFilter->setEnabled(false);
    m_x->setToolTip(tr("What the horizontal axis shows"));
    m_y->setToolTip(tr("What the vertical axis shows"));
    m_colour->setToolTip(tr("What colours the plans"));
    m_clearFilter->setToolTip(tr("Show every plan in the table again (Esc or a double click on the chart)"));

    auto* x = new QLabel(tr("&X:"), this);
    x->setBuddy(m_x);
    auto* y = new QLabel(tr("&Y:"), this);
    y->setBuddy(m_y);
    auto* colour = new QLabel(tr("C&olour by:"), this);
    colour->setBuddy(m_colour);
    auto* hint
        = new QLabel(tr("Click a plan to select it; drag a rectangle to filter the plan table; the wheel zooms, a right "
                        "drag pans."),
                     this);
    hint->setEnabled(false);
    hint->setWordWrap(true); // long in German: it must not widen the window

    // Two rows of controls, the choices shrinking to ten characters: the panel fits a 1280 x 720 laptop window.
    for (QComboBox* box : { m_x, m_y, m_colour }) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(10);
    }
    auto* controls = new QHBoxLayout;
    controls->addWidget(x);
    controls->addWidget(m_x, 1);
    controls->addSpacing(8);
    controls->addWidget(y);
    controls->addWidget(m_y, 1);
    controls->addSpacing(8);
    controls->addWidget(colour);
    controls->addWidget(m_colour, 1);
    // The second row is a tool bar: where the window is narrow (German at 1280 pixels) what does not fit goes
    // behind its extension button.
    auto* filters = new QToolBar(this);
    filters->addWidget(m_showInfeasible);
    filters->addWidget(m_clearFilter);
    filters->addSeparator();
    filters->addWidget(m_logX);
    filters->addWidget(m_logY);
    filters->addWidget(m_resetView);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(filters);
    layout->addWidget(m_view, 1);
    layout->addWidget(hint);

    const auto applyAxes = [this] {
        m_view->setAxes(
            ExplorerMetric(m_x->currentData().toInt()), ExplorerMetric(m_y->currentData().toInt()));
    };
    connect(m_x, &QComboBox::currentIndexChanged, this, applyAxes);
    connect(m_y, &QComboBox::currentIndexChanged, this, applyAxes);
    connect(m_colour, &QComboBox::currentIndexChanged, this,
        [this] { m_view->setColouring(ExplorerColouring(m_colour->currentData().toInt())); });
    connect(m_showInfeasible, &QCheckBox::toggled, m_view, &ExplorerView::setShowInfeasible);
    connect(m_clearFilter, &QPushButton::clicked, m_view, &ExplorerView::clearFilter);
    connect(m_view, &ExplorerView::filterChanged, this, [this] { m_clearFilter->setEnabled(true); });
    const auto applyLog = [this] { m_view->setLogAxes(m_logX->isChecked(), m_logY->isChecked()); };
    connect(m_logX, &QCheckBox::toggled, this, applyLog);
    connect(m_logY, &QCheckBox::toggled, this, applyLog);
    connect(m_resetView, &QPushButton::clicked, m_view, &ExplorerView::resetView);
    connect(m_view, &ExplorerView::rangeChanged, m_resetView, [this] { m_resetView->setEnabled(m_view->isZoomed()); });
    connect(m_view, &ExplorerView::filterCleared, this, [this] { m_clearFilter->setEnabled(false); });
}
