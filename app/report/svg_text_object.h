#pragma once
#include <QObject>
#include <QTextObjectInterface>


namespace orrery::app {

//! Draws SVG images inside a QTextDocument as vectors (QSvgRenderer), so PDF charts stay sharp
//! and their labels remain text. Register it on a document's layout, then give an
//! object-replacement character the format() of a chart.
class SvgTextObject : public QObject, public QTextObjectInterface {
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)

public:
    static constexpr int kObjectType = QTextFormat::UserObject + 1;

    explicit SvgTextObject(QObject* parent = nullptr);

    //! Registers an SvgTextObject (owned by the document) on `document`'s layout.
    static void registerOn(QTextDocument& document);
    //! The character format of an object-replacement character that shows `svg` at `size`.
    static QTextCharFormat format(const QByteArray& svg, QSizeF size);

    QSizeF intrinsicSize(QTextDocument* document, int positionInDocument, const QTextFormat& format) override;
    void drawObject(QPainter* painter, const QRectF& rect, QTextDocument* document, int positionInDocument,
                    const QTextFormat& format) override;
};

} // namespace orrery::app
