// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan_table_panel.h"

#include "plan_filter_proxy.h"
#include "plan_table_model.h"
#include "planning_controller.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

PlanTablePanel::PlanTablePanel(PlanningController* planning, QWidget* parent)
    : QWidget(parent)
    , m_planning(planning)
    , m_table(new QTableView)
    , m_showInfeasible(new QCheckBox(tr("Show plans that do &not fit")))
    , m_why(new QLabel)
    , m_filterNote(new QLabel)
{
    m_table->setModel(planning->proxy());
    QItemSelectionModel* own = m_table->selectionModel();
    m_table->setSelectionModel(planning->selectionModel()); // the controller's current row is the table's
    delete own;
    // The proxy neither adds nor moves columns: the model's column numbers are the view's.
    connect(planning->planModel(), &QAbstractItemModel::modelReset, this, &PlanTablePanel::hideColumns);
    connect(
        planning->planModel(), &QAbstractItemModel::headerDataChanged, this, &PlanTablePanel::hideColumns);
    hideColumns();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the strategy's rank order until a header is clicked
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_table->setToolTip(
        tr("Every plan the search evaluated, best first by the chosen strategy. Click a header to "
           "sort; select a row to show that plan below."));
    m_showInfeasible->setToolTip(
        tr("List the plans that exceed GPU memory or break a rule, with the reason."));
    m_showInfeasible->setChecked(planning->showInfeasible());
    connect(m_showInfeasible, &QCheckBox::toggled, planning, &PlanningController::setShowInfeasible);
    connect(planning, &PlanningController::showInfeasibleChanged, m_showInfeasible, &QCheckBox::setChecked);
    connect(planning, &PlanningController::outcomeChanged, this, &PlanTablePanel::sizeColumnsOnce);
    connect(planning, &PlanningController::selectionChanged, this, [this] {
        if (const QModelIndex current = m_table->currentIndex(); current.isValid())
            m_table->scrollTo(current); // a plan selected elsewhere (a session, a proposal, another view) comes into view
        updateWhy();
    });
    // Why the selected plan ranks where it does, in one line under the table.
    m_why->setWordWrap(true);
    m_why->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_why->setToolTip(tr("Why the selected plan ranks where it does: the strategy's rule with the plan's numbers, "
                         "and how it compares with the fastest plan that fits. Hover a score for its parts."));
    connect(planning, &PlanningController::planShown, this, &PlanTablePanel::updateWhy);
    // The explorer's rectangle filters the table: say so, with a way back.
    m_filterNote->hide();
    connect(planning->proxy(), &QAbstractItemModel::rowsInserted, this, &PlanTablePanel::updateFilterNote);
    connect(planning->proxy(), &QAbstractItemModel::rowsRemoved, this, &PlanTablePanel::updateFilterNote);
    connect(planning->proxy(), &QAbstractItemModel::modelReset, this, &PlanTablePanel::updateFilterNote);
    connect(planning->proxy(), &QAbstractItemModel::layoutChanged, this, &PlanTablePanel::updateFilterNote);
    connect(m_filterNote, &QLabel::linkActivated, this, [this] { m_planning->setCandidateFilter(std::nullopt); });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("<b>Ranked plans</b>")));
    bar->addStretch(1);
    bar->addWidget(m_filterNote);
    bar->addWidget(m_showInfeasible);
    layout->addLayout(bar);
    layout->addWidget(m_table);
    layout->addWidget(m_why);
}

void PlanTablePanel::updateWhy()
{
    const QModelIndex current = m_table->currentIndex();
    const auto* proxy = m_planning->proxy();
    const int row = current.isValid() ? proxy->mapToSource(current).row() : -1;
    m_why->setText(row >= 0 ? m_planning->planModel()->rankExplanation(row) : QString());
}

void PlanTablePanel::updateFilterNote()
{
    const auto* proxy = static_cast<const PlanFilterProxy*>(m_planning->proxy());
    m_filterNote->setVisible(proxy->isFiltered());
    if (proxy->isFiltered())
        m_filterNote->setText(tr("%n plan(s) in the explorer's rectangle. <a href=\"clear\">Show all</a>", nullptr,
                                 proxy->rowCount()));
}

QString PlanTablePanel::whyText() const { return m_why->text(); }

void PlanTablePanel::hideColumns()
{
    for (int column = 0; column < PlanTableModel::ColumnCount; ++column)
        m_table->setColumnHidden(column, !m_planning->planModel()->isColumnShown(column));
}

void PlanTablePanel::sizeColumnsOnce()
{
    if (m_columnsSized) return; // later results keep the user's column widths
    m_table->horizontalHeader()->setResizeContentsPrecision(64);
    m_table->resizeColumnsToContents();
    // The rank column sized for the last rank too (the first 64 rows hold two digits; a search ranks up to millions).
    const int ranks = std::max(1, m_planning->outcome() ? int(m_planning->outcome()->order.size()) : 1);
    const int rankWidth = m_table->fontMetrics().horizontalAdvance(QLocale().toString(ranks)) + 16;
    if (m_table->columnWidth(PlanTableModel::Rank) < rankWidth)
        m_table->setColumnWidth(PlanTableModel::Rank, rankWidth);
    m_columnsSized = true;
}
