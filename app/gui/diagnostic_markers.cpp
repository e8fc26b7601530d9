#include "gui/diagnostic_markers.h"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <algorithm>

namespace orrery::app {

QList<DiagnosticMarker> markersFromDiagnostics(const model::Diagnostics& diagnostics)
{
    QList<DiagnosticMarker> markers;
    markers.reserve(static_cast<qsizetype>(diagnostics.size()));
    for (const model::Diagnostic& diagnostic : diagnostics) {
        DiagnosticMarker marker;
        marker.line = std::max(1, diagnostic.location.line);
        marker.column = diagnostic.location.line > 0 ? std::max(0, diagnostic.location.column) : 0;
        const QString message = QString::fromStdString(diagnostic.message);
        marker.text = diagnostic.fieldPath.empty()
            ? message
            : QString::fromStdString(diagnostic.fieldPath) + QStringLiteral(": ") + message;
        markers.append(marker);
    }
    return markers;
}

QList<QTextEdit::ExtraSelection> markerSelections(QTextDocument* document, const QList<DiagnosticMarker>& markers,
                                                  const QColor& colour)
{
    QList<QTextEdit::ExtraSelection> selections;
    for (const DiagnosticMarker& marker : markers) {
        const QTextBlock block = document->findBlockByNumber(marker.line - 1);
        if (!block.isValid())
            continue;
        const QString text = block.text();
        int end = static_cast<int>(text.size());
        while (end > 0 && text[end - 1].isSpace())
            --end;
        int start = marker.column - 1;
        if (start < 0 || start >= end) { // unknown column: the line's text without its indentation
            start = 0;
            while (start < end && text[start].isSpace())
                ++start;
        }
        if (start >= end) { // an empty line: mark one character so the wave shows
            start = 0;
            end = std::min(1, static_cast<int>(text.size()));
        }
        QTextEdit::ExtraSelection selection;
        selection.cursor = QTextCursor(block);
        selection.cursor.setPosition(block.position() + start);
        selection.cursor.setPosition(block.position() + end, QTextCursor::KeepAnchor);
        selection.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        selection.format.setUnderlineColor(colour);
        selection.format.setToolTip(marker.text);
        selections.append(selection);
    }
    return selections;
}

QString markerText(const QList<DiagnosticMarker>& markers, int line)
{
    QStringList texts;
    for (const DiagnosticMarker& marker : markers) {
        if (marker.line == line)
            texts.append(marker.text);
    }
    return texts.join(QLatin1Char('\n'));
}

} // namespace orrery::app
