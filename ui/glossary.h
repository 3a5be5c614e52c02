// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QDialog>
#include <QList>
#include <QString>

class QLineEdit;
class QTextBrowser;

/// One term of the glossary: the name as the window shows it (a column header, a view's label), what it means,
/// and the section of the documentation that has its formula and source.
struct GlossaryEntry
{
    QString term;
    QString definition;
    QString docFile;   ///< relative to the docs folder, e.g. "cost-model.md"
    QString docAnchor; ///< GitHub-style heading anchor in docFile, e.g. "memory-per-device-per-stage"
};

/// Every column of the plan table and every term the views use (Score, Tokens/s, HFU, margin, exposed
/// communication, ...), with links to the docs. Help > Glossary (F1) shows it.
class Glossary
{
    Q_DECLARE_TR_FUNCTIONS(Glossary)
public:
    static QList<GlossaryEntry> entries();
    static const GlossaryEntry* find(const QString& term); ///< exact term, case-insensitive
    /// The folder holding the docs: installed (share/doc/shardscope next to the binary) or the source tree's.
    static QString docsFolder();
    /// The whole glossary as HTML (terms in bold, links to the docs), only entries whose term or text contains
    /// `filter` when it is not empty.
    static QString html(const QString& filter = {});
};

/// A dialog with the glossary and a filter field; links open the docs.
class GlossaryDialog : public QDialog
{
    Q_OBJECT
public:
    explicit GlossaryDialog(QWidget* parent = nullptr);
    void showTerm(const QString& term); ///< filters to `term`
    QString text() const;               ///< what is shown, as plain text (tests)

private:
    QLineEdit* m_filter = nullptr;
    QTextBrowser* m_browser = nullptr;
};
