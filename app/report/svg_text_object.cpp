#include "report/svg_text_object.h"

#include "report/report_font.h"

#include <QAbstractTextDocumentLayout>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextDocument>

namespace orrery::app {
namespace {

enum Property { kSvgData = QTextFormat::UserProperty + 1, kSvgSize };

} // namespace

SvgTextObject::SvgTextObject(QObject* parent)
    : QObject(parent)
{
}

void SvgTextObject::registerOn(QTextDocument& document)
{
    document.documentLayout()->registerHandler(kObjectType, new SvgTextObject(&document));
}

QTextCharFormat SvgTextObject::format(const QByteArray& svg, QSizeF size)
{
    QTextCharFormat format;
    format.setObjectType(kObjectType);
    format.setProperty(kSvgData, svg);
    format.setProperty(kSvgSize, size);
    return format;
}

QSizeF SvgTextObject::intrinsicSize(QTextDocument* /*document*/, int /*positionInDocument*/, const QTextFormat& format)
{
    return format.property(kSvgSize).toSizeF();
}

void SvgTextObject::drawObject(QPainter* painter, const QRectF& rect, QTextDocument* /*document*/,
                               int /*positionInDocument*/, const QTextFormat& format)
{
    QSvgRenderer renderer(format.property(kSvgData).toByteArray());
    painter->save();
    painter->setFont(reportFont(8)); // the SVG's own font settings resolve against it
    renderer.render(painter, rect);
    painter->restore();
}

} // namespace orrery::app
