// SPDX-License-Identifier: GPL-3.0-or-later
#include "recovery_controller.h"

#include "file_controller.h"
#include "util/input_error.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>

using namespace shardscope;

RecoveryController::RecoveryController(FileController* files, QObject* parent)
    : QObject(parent)
    , m_files(files)
    , m_bar(new QWidget)
    , m_barAlive(m_bar)
    , m_label(new QLabel)
{
    m_bar->setObjectName(QStringLiteral("recoveryBar"));
    m_bar->setAttribute(Qt::WA_StyledBackground);
    m_bar->setStyleSheet(QStringLiteral("#recoveryBar { background: #fff4ce; border: 1px solid #e0c060; }"
                                        "#recoveryBar QLabel { color: #4a3800; }"));
    m_label->setWordWrap(true);
    auto* restore = new QPushButton(tr("&Restore"));
    restore->setObjectName(QStringLiteral("restoreButton"));
    restore->setToolTip(
        tr("Bring back the inputs as they were autosaved; they stay unsaved until you save a session."));
    auto* discard = new QPushButton(tr("Discard"));
    discard->setObjectName(QStringLiteral("discardButton"));
    discard->setToolTip(tr("Delete the autosave."));
    connect(restore, &QPushButton::clicked, this, &RecoveryController::restoreRecovery);
    connect(discard, &QPushButton::clicked, this, &RecoveryController::discardRecovery);
    auto* layout = new QHBoxLayout(m_bar);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(restore);
    layout->addWidget(discard);
    m_bar->hide();
    connect(files, &FileController::importFinished, this, &RecoveryController::importFinished);
}

RecoveryController::~RecoveryController()
{
    if (m_bar && !m_bar->parent()) delete m_bar; // never placed in a window
}

Autosave* RecoveryController::startAutosave(const QString& folder)
{
    if (!m_autosave) {
        m_autosave = new Autosave([files = m_files] { return files->unsavedSession(); }, folder, this);
        connect(m_autosave, &Autosave::failed, this, &RecoveryController::errorRaised);
    }
    return m_autosave;
}

int RecoveryController::offerRecovery()
{
    m_recoveries = Autosave::claimRecoverable(m_autosave ? m_autosave->folder() : Autosave::defaultFolder());
    const int found = int(m_recoveries.size());
    showNextRecovery();
    return found;
}

void RecoveryController::showNextRecovery()
{
    if (m_recoveries.empty()) {
        m_bar->hide();
        m_label->clear();
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
    m_label->setText(text);
    m_bar->show();
}

void RecoveryController::restoreRecovery()
{
    if (m_recoveries.empty()) return;
    Autosave::Recovery recovery = std::move(m_recoveries.front());
    m_recoveries.erase(m_recoveries.begin());
    SessionDocument session;
    try {
        session = recovery.read();
    } catch (const InputError& e) {
        // Kept on disk (released): nothing is deleted that could not be restored.
        emit errorRaised(tr("The autosave cannot be restored: %1").arg(QString::fromUtf8(e.what())));
        showNextRecovery();
        return;
    }
    if (const QString error = m_files->applySession(session, recovery.path(), true); !error.isEmpty()) {
        emit errorRaised(error); // kept on disk, as above
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
    if (!importsModel && m_autosave) m_autosave->saveNow();
}

void RecoveryController::importFinished(bool ok, bool restored)
{
    if (!ok) {
        m_restoring.reset(); // released: offered again at the next start
        return;
    }
    if (restored && m_restoring) {
        m_restoring->remove(); // its work is on screen now, and autosaved again by this window
        m_restoring.reset();
        if (m_autosave) m_autosave->saveNow();
    }
}

void RecoveryController::discardRecovery()
{
    if (m_recoveries.empty()) return;
    m_recoveries.front().remove();
    m_recoveries.erase(m_recoveries.begin());
    showNextRecovery();
}

QString RecoveryController::recoveryText() const
{
    return m_bar->isHidden() ? QString() : m_label->text();
}
