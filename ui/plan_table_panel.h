// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class PlanningController;
class QCheckBox;
class QLabel;
class QTableView;

/**
 * The ranked plans: a title row with "Show plans that do not fit" and the table view over the
 * planning controller's models. The table shares the controller's selection model, so a click on a
 * row selects that plan everywhere and the controller's selections show as the current row. Columns
 * that do not apply to the model (EP for a dense one) are hidden; the columns are sized to their
 * contents once, at the first result, and keep the user's widths after that.
 */
class PlanTablePanel : public QWidget
{
    Q_OBJECT
public:
    explicit PlanTablePanel(PlanningController* planning, QWidget* parent = nullptr);

    QTableView* table() const { return m_table; }
    QCheckBox* showInfeasibleBox() const { return m_showInfeasible; }
    /// The "why this rank" line under the table for the selected plan (PlanTableModel::rankExplanation).
    QString whyText() const;
    QLabel* filterNote() const { return m_filterNote; }

private:
    void updateWhy();
    void updateFilterNote();
    void hideColumns();
    void sizeColumnsOnce();

    PlanningController* m_planning;
    QTableView* m_table;
    QCheckBox* m_showInfeasible;
    QLabel* m_why;        ///< why the selected plan ranks where it does
    QLabel* m_filterNote; ///< "12 plans in the explorer's rectangle. Show all"
    bool m_columnsSized = false;
};
