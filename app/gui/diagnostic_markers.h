#pragma once
#include "model/diagnostic.h"

#include <QColor>
#include <QList>
#include <QString>
#include <QTextEdit>

class QTextDocument;

namespace orrery::app {

//! One validation problem placed in the editor's text (1-based line and column).
struct DiagnosticMarker {
    int line = 1;
    int column = 1; //!< 0 when the checker did not say: the whole line is marked
    QString text;   //!< "fieldPath: message", as the tooltip shows it
};

//! The markers of `diagnostics`; those without a line go on line 1, so none is lost.
QList<DiagnosticMarker> markersFromDiagnostics(const model::Diagnostics& diagnostics);

//! Red wavy underlines for `markers` in `document`: from the reported column to the end of the
//! line's text (the whole line when the column is unknown or past the end).
QList<QTextEdit::ExtraSelection> markerSelections(QTextDocument* document, const QList<DiagnosticMarker>& markers,
                                                  const QColor& colour);

//! The messages of the markers on `line`, one per line of text; empty when there are none.
QString markerText(const QList<DiagnosticMarker>& markers, int line);

} // namespace orrery::app
