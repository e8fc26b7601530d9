#pragma once
#include "gui/diagnostic_markers.h"

#include <QPlainTextEdit>

namespace orrery::app {

class YamlHighlighter;

//! A plain-text YAML editor with a line-number gutter, syntax colouring and diagnostic markers:
//! a red wavy underline from the reported column and a red dot in the gutter, each with the
//! diagnostic as its tooltip.
class ScenarioTextEdit : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit ScenarioTextEdit(QWidget* parent = nullptr);

    //! Replaces the markers (an empty list clears them).
    void setMarkers(const QList<DiagnosticMarker>& markers);
    [[nodiscard]] const QList<DiagnosticMarker>& markers() const { return m_markers; }
    [[nodiscard]] YamlHighlighter* highlighter() const { return m_highlighter; }

    //! The tooltip for a point of the viewport: the diagnostics of the marked text under it.
    [[nodiscard]] QString toolTipAt(const QPoint& viewportPosition) const;
    //! The tooltip for a point of the gutter: the diagnostics of the line beside it.
    [[nodiscard]] QString gutterToolTipAt(const QPoint& gutterPosition) const;
    [[nodiscard]] QWidget* gutter() const { return m_gutter; }

    // Called by the gutter.
    [[nodiscard]] int gutterWidth() const;
    void paintGutter(QPaintEvent* event);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    void updateGutterWidth();
    void updateGutter(const QRect& rect, int dy);
    [[nodiscard]] QColor markerColour() const;

    QWidget* m_gutter = nullptr;
    YamlHighlighter* m_highlighter = nullptr;
    QList<DiagnosticMarker> m_markers;
};

} // namespace orrery::app
