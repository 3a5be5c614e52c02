// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explorer_view.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QPushButton;

/**
 * The plan explorer with its controls: a row of combo boxes for the x and y metrics and the colouring, a box
 * to show or hide plans that do not fit, a button clearing the rubber band's filter, logarithmic axes and a
 * button resetting the zoom, over the
 * ExplorerView. The owner talks to view(): setOutcome, setSelectedCandidate, and its candidateClicked /
 * filterChanged / filterCleared signals.
 */
class ExplorerPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ExplorerPanel(QWidget* parent = nullptr);

    ExplorerView* view() const { return m_view; }
    QComboBox* xCombo() const { return m_x; }
    QComboBox* yCombo() const { return m_y; }
    QComboBox* colourCombo() const { return m_colour; }
    QCheckBox* showInfeasibleBox() const { return m_showInfeasible; }
    QPushButton* clearFilterButton() const { return m_clearFilter; }
    QCheckBox* logXBox() const { return m_logX; }
    QCheckBox* logYBox() const { return m_logY; }
    QPushButton* resetViewButton() const { return m_resetView; }

private:
    ExplorerView* m_view = nullptr;
    QComboBox* m_x = nullptr;
    QComboBox* m_y = nullptr;
    QComboBox* m_colour = nullptr;
    QCheckBox* m_showInfeasible = nullptr;
    QPushButton* m_clearFilter = nullptr;
    QCheckBox* m_logX = nullptr;
    QCheckBox* m_logY = nullptr;
    QPushButton* m_resetView = nullptr;
};
