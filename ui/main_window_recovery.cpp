// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: unsaved work — the modified marker, autosave, and the offer to restore after a crash.
#include "main_window.h"

#include "input_panel.h"

#include "util/input_error.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>

using namespace shardscope;

namespace {

/// The inputs without what every search changes by itself (the selected row, the generator).
SessionDocument inputsOnly(SessionDocument document)
{
    document.selectedPlan.reset();
    document.generator.clear();
    return document;
}

} // namespace

std::optional<SessionDocument> MainWindow::unsavedSession() const
{
    SessionDocument now = sessionDocument();
    if (m_savedState && inputsOnly(now) == *m_savedState)
        return std::nullopt;
    return now;
}

void MainWindow::markSaved()
{
    m_savedState = inputsOnly(sessionDocument());
    updateModified();
}

void MainWindow::updateModified() { setWindowModified(unsavedSession().has_value()); }

Autosave* MainWindow::startAutosave(const QString& folder)
{
    if (!m_autosave) {
        m_autosave = new Autosave([this] { return unsavedSession(); }, folder, this);
        connect(m_autosave, &Autosave::failed, this, &MainWindow::showError);
    }
    return m_autosave;
}

QWidget* MainWindow::buildRecoveryBar()
{
    m_recoveryBar = new QWidget;
    m_recoveryBar->setObjectName(QStringLiteral("recoveryBar"));
    m_recoveryBar->setAttribute(Qt::WA_StyledBackground);
    m_recoveryBar->setStyleSheet(QStringLiteral("#recoveryBar { background: #fff4ce; border: 1px solid #e0c060; }"
                                                "#recoveryBar QLabel { color: #4a3800; }"));
    m_recoveryLabel = new QLabel;
    m_recoveryLabel->setWordWrap(true);
    auto* restore = new QPushButton(tr("&Restore"));
    restore->setObjectName(QStringLiteral("restoreButton"));
    restore->setToolTip(tr("Bring back the inputs as they were autosaved; they stay unsaved until you save a session."));
    auto* discard = new QPushButton(tr("Discard"));
    discard->setObjectName(QStringLiteral("discardButton"));
    discard->setToolTip(tr("Delete the autosave."));
    connect(restore, &QPushButton::clicked, this, &MainWindow::restoreRecovery);
    connect(discard, &QPushButton::clicked, this, &MainWindow::discardRecovery);
    auto* layout = new QHBoxLayout(m_recoveryBar);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_recoveryLabel, 1);
    layout->addWidget(restore);
    layout->addWidget(discard);
    m_recoveryBar->hide();
    return m_recoveryBar;
}

int MainWindow::offerRecovery()
{
    m_recoveries = Autosave::claimRecoverable(m_autosave ? m_autosave->folder() : Autosave::defaultFolder());
    const int found = int(m_recoveries.size());
    showNextRecovery();
    return found;
}

void MainWindow::showNextRecovery()
{
    if (m_recoveries.empty()) {
        m_recoveryBar->hide();
        m_recoveryLabel->clear();
        return;
    }
    const Autosave::Recovery& next = m_recoveries.front();
    QString what;
    try {
        const SessionDocument session = next.read();
        what = session.modelIsBundled ? QString::fromStdString(session.model)
                                      : QFileInfo(QString::fromStdString(session.model)).fileName();
        what = tr("%1 on %2 × %3 %4")
                   .arg(what)
                   .arg(session.cluster.nodes)
                   .arg(session.cluster.gpusPerNode)
                   .arg(QString::fromStdString(session.cluster.gpu.name));
    } catch (const InputError& e) {
        what = tr("unreadable: %1").arg(QString::fromUtf8(e.what()));
    }
    QString text = tr("ShardScope did not exit normally. Unsaved work autosaved at %1 (%2) can be restored.")
                       .arg(QLocale().toString(next.savedAt(), QLocale::ShortFormat), what);
    if (m_recoveries.size() == 2)
        text += QLatin1Char(' ') + tr("One older autosave follows.");
    else if (m_recoveries.size() > 2)
        text += QLatin1Char(' ') + tr("%1 older autosaves follow.").arg(m_recoveries.size() - 1);
    m_recoveryLabel->setText(text);
    m_recoveryBar->show();
}

void MainWindow::restoreRecovery()
{
    if (m_recoveries.empty())
        return;
    Autosave::Recovery recovery = std::move(m_recoveries.front());
    m_recoveries.erase(m_recoveries.begin());
    SessionDocument session;
    try {
        session = recovery.read();
    } catch (const InputError& e) {
        // Kept on disk (released): nothing is deleted that could not be restored.
        showError(tr("The autosave cannot be restored: %1").arg(QString::fromUtf8(e.what())));
        showNextRecovery();
        return;
    }
    if (const QString error = applySession(session, recovery.path(), true); !error.isEmpty()) {
        showError(error); // kept on disk, as above
        showNextRecovery();
        return;
    }
    // A file model imports off the GUI thread: its autosave is deleted once the inputs are applied.
    const bool importsModel = !session.modelIsBundled && !session.model.empty();
    if (importsModel)
        m_restoring = std::move(recovery);
    else
        recovery.remove();
    showNextRecovery();
    // Written again by this window's own autosave straight away: the work is never only on screen.
    if (!importsModel && m_autosave)
        m_autosave->saveNow();
}

void MainWindow::discardRecovery()
{
    if (m_recoveries.empty())
        return;
    m_recoveries.front().remove();
    m_recoveries.erase(m_recoveries.begin());
    showNextRecovery();
}

QString MainWindow::recoveryText() const { return m_recoveryBar->isHidden() ? QString() : m_recoveryLabel->text(); }
