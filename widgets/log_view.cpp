#include "widgets/log_view.h"

#include <QFontDatabase>
#include <QTime>

namespace orrery::widgets {

LogView::LogView(QWidget* parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setMaximumBlockCount(kMaxLines);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setUndoRedoEnabled(false);
}

void LogView::appendMessage(const QString& message, Severity severity)
{
    QString prefix = QTime::currentTime().toString(QStringLiteral("HH:mm:ss")) + QStringLiteral("  ");
    if (severity == Severity::Warning)
        prefix += tr("warning: ");
    else if (severity == Severity::Error)
        prefix += tr("error: ");
    const QString indent(prefix.size(), QLatin1Char(' '));
    QStringList lines = message.trimmed().split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i)
        lines[i] = (i == 0 ? prefix : indent) + lines[i];
    appendPlainText(lines.join(QLatin1Char('\n')));
}

} // namespace orrery::widgets
