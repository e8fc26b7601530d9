#include "gui/scenario_text_edit.h"

#include "gui/yaml_highlighter.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

#include <algorithm>

namespace orrery::app {
namespace {

//! The line-number strip left of the text; ScenarioTextEdit paints it.
class Gutter : public QWidget {
public:
    explicit Gutter(ScenarioTextEdit* editor)
        : QWidget(editor)
        , m_editor(editor)
    {
        setObjectName(QStringLiteral("scenarioGutter"));
        setMouseTracking(true);
    }
    [[nodiscard]] QSize sizeHint() const override { return {m_editor->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_editor->paintGutter(event); }
    bool event(QEvent* event) override
    {
        if (event->type() == QEvent::ToolTip) {
            auto* help = static_cast<QHelpEvent*>(event);
            const QString text = m_editor->gutterToolTipAt(help->pos());
            if (text.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(help->globalPos(), text, this);
            return true;
        }
        return QWidget::event(event);
    }

private:
    ScenarioTextEdit* m_editor;
};

} // namespace

ScenarioTextEdit::ScenarioTextEdit(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_gutter(new Gutter(this))
    , m_highlighter(new YamlHighlighter(document()))
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabChangesFocus(false);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 2);
    connect(this, &QPlainTextEdit::blockCountChanged, this, &ScenarioTextEdit::updateGutterWidth);
    connect(this, &QPlainTextEdit::updateRequest, this, &ScenarioTextEdit::updateGutter);
    updateGutterWidth();
}

void ScenarioTextEdit::setMarkers(const QList<DiagnosticMarker>& markers)
{
    m_markers = markers;
    setExtraSelections(markerSelections(document(), m_markers, markerColour()));
    m_gutter->update();
}

QColor ScenarioTextEdit::markerColour() const
{
    // A red that stays visible on the light and the dark palette.
    return palette().color(QPalette::Base).lightness() < 128 ? QColor(0xff, 0x5c, 0x5c) : QColor(0xd0, 0x1b, 0x1b);
}

int ScenarioTextEdit::gutterWidth() const
{
    int digits = 1;
    for (int lines = std::max(1, blockCount()); lines >= 10; lines /= 10)
        ++digits;
    const int marker = fontMetrics().height(); // room for the red dot
    return 6 + marker + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(digits, 3);
}

void ScenarioTextEdit::updateGutterWidth()
{
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

void ScenarioTextEdit::updateGutter(const QRect& rect, int dy)
{
    if (dy != 0)
        m_gutter->scroll(0, dy);
    else
        m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateGutterWidth();
}

void ScenarioTextEdit::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect area = contentsRect();
    m_gutter->setGeometry(QRect(area.left(), area.top(), gutterWidth(), area.height()));
}

void ScenarioTextEdit::paintGutter(QPaintEvent* event)
{
    QPainter painter(m_gutter);
    const QPalette pal = palette();
    painter.fillRect(event->rect(), pal.color(QPalette::AlternateBase));
    const int markerSize = fontMetrics().height();
    const QColor red = markerColour();
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    const int current = textCursor().blockNumber();
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        if (block.isVisible() && top + height >= event->rect().top()) {
            const int line = block.blockNumber() + 1;
            if (!markerText(m_markers, line).isEmpty()) {
                painter.setRenderHint(QPainter::Antialiasing);
                painter.setPen(Qt::NoPen);
                painter.setBrush(red);
                const int d = markerSize * 6 / 10;
                painter.drawEllipse(QRect(3 + (markerSize - d) / 2, top + (height - d) / 2, d, d));
            }
            QColor number = pal.color(QPalette::Text);
            if (block.blockNumber() != current)
                number.setAlphaF(0.45f);
            painter.setPen(number);
            painter.drawText(QRect(0, top, m_gutter->width() - 4, height), Qt::AlignRight | Qt::AlignVCenter,
                             QString::number(line));
        }
        top += height;
        block = block.next();
    }
}

QString ScenarioTextEdit::toolTipAt(const QPoint& viewportPosition) const
{
    const QTextCursor cursor = cursorForPosition(viewportPosition);
    const int position = cursor.position();
    for (const QTextEdit::ExtraSelection& selection : extraSelections()) {
        if (position >= selection.cursor.selectionStart() && position <= selection.cursor.selectionEnd())
            return markerText(m_markers, selection.cursor.block().blockNumber() + 1);
    }
    return {};
}

QString ScenarioTextEdit::gutterToolTipAt(const QPoint& gutterPosition) const
{
    const QTextCursor cursor = cursorForPosition(QPoint(0, gutterPosition.y()));
    return markerText(m_markers, cursor.blockNumber() + 1);
}

bool ScenarioTextEdit::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

} // namespace orrery::app
