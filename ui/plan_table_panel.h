// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class PlanningController;
class QCheckBox;
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

private:
    void hideColumns();
    void sizeColumnsOnce();

    PlanningController* m_planning;
    QTableView* m_table;
    QCheckBox* m_showInfeasible;
    bool m_columnsSized = false;
};
