#include "report/experiment_report_pdf.h"

#include "report/experiment_report_document.h"
#include "report/report_font.h"
#include "report/svg_text_object.h"

#include <QAbstractTextDocumentLayout>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgRenderer>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <memory>
#include <stdexcept>

namespace orrery::app {
namespace {

//! The document is laid out in CSS pixels (96 per inch) and scaled to the writer's resolution,
//! so the HTML's pixel sizes mean what they mean in a browser.
constexpr qreal kLayoutDpi = 96.0;
constexpr qreal kFooterHeight = 24.0; //!< layout pixels kept free at the bottom of each page
constexpr const char* kChartScheme = "orrery-chart:";

constexpr const char* kStyleSheet =
    "h1 { font-size: 16pt; } h2 { font-size: 13pt; } h3 { font-size: 10.5pt; }"
    "th { text-align: left; background-color: #f0f0f0; } td, th { border-bottom: 1px solid #cccccc; }"
    "table { border-collapse: collapse; } pre { font-size: 7.5pt; white-space: pre-wrap; }";

//! A QGuiApplication for the call when the process has none (fonts need one): always on the
//! offscreen platform unless QT_QPA_PLATFORM says otherwise, since a PDF needs no display.
class GuiApplicationScope {
public:
    explicit GuiApplicationScope(const std::string& path)
    {
        if (QCoreApplication::instance() != nullptr) {
            if (qobject_cast<QGuiApplication*>(QCoreApplication::instance()) == nullptr)
                throw std::runtime_error(path + ": cannot write a PDF: the application has no GUI (QGuiApplication) for fonts");
            return;
        }
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        m_application = std::make_unique<QGuiApplication>(m_argc, m_argv);
    }

private:
    char m_name[7] = {'o', 'r', 'r', 'e', 'r', 'y', '\0'};
    char* m_argv[2] = {m_name, nullptr};
    int m_argc = 1;
    std::unique_ptr<QGuiApplication> m_application;
};

//! The report as one HTML text for QTextDocument: sections after the first start on a new
//! page; charts are placeholders <img src="orrery-chart:N"> replaced by SVG objects later.
QString documentHtml(const std::vector<ReportSection>& sections, std::vector<QByteArray>& charts, qreal maxWidth)
{
    QString html = QStringLiteral("<html><body>");
    for (std::size_t s = 0; s < sections.size(); ++s) {
        html += s == 0 ? QStringLiteral("<div>") : QStringLiteral("<div style=\"page-break-before: always\">");
        for (const auto& block : sections[s].blocks) {
            if (block.kind == ReportBlock::Kind::Html) {
                html += QString::fromStdString(block.content);
                continue;
            }
            const QByteArray svg = QByteArray::fromStdString(block.content);
            QSizeF size = QSvgRenderer(svg).defaultSize();
            if (size.isEmpty())
                size = QSizeF(maxWidth, maxWidth / 3);
            if (size.width() > maxWidth)
                size *= maxWidth / size.width();
            html += QStringLiteral("<p><img src=\"%1%2\" width=\"%3\" height=\"%4\"></p>")
                        .arg(QLatin1String(kChartScheme))
                        .arg(charts.size())
                        .arg(size.width())
                        .arg(size.height());
            charts.push_back(svg);
        }
        html += QStringLiteral("</div>");
    }
    return html + QStringLiteral("</body></html>");
}

//! Replaces every chart placeholder image by an SvgTextObject of the same size.
void insertCharts(QTextDocument& document, const std::vector<QByteArray>& charts)
{
    QTextCursor cursor(&document);
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        for (auto fragment = block.begin(); !fragment.atEnd(); ++fragment) {
            const QTextCharFormat format = fragment.fragment().charFormat();
            if (!format.isImageFormat())
                continue;
            const QTextImageFormat image = format.toImageFormat();
            if (!image.name().startsWith(QLatin1String(kChartScheme)))
                continue;
            const auto index = image.name().mid(static_cast<int>(qstrlen(kChartScheme))).toULongLong();
            if (index >= charts.size())
                continue;
            cursor.setPosition(fragment.fragment().position());
            cursor.setPosition(fragment.fragment().position() + 1, QTextCursor::KeepAnchor);
            cursor.setCharFormat(SvgTextObject::format(charts[index], QSizeF(image.width(), image.height())));
        }
    }
}

} // namespace

void writeExperimentReportPdf(const experiment::ExperimentReportData& data, const ReportEnvironment& environment,
                              const std::string& path)
{
    const GuiApplicationScope application(path);
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        throw std::runtime_error(path + ": cannot write: " + file.errorString().toStdString());

    QPdfWriter writer(&file);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(16, 14, 16, 12), QPageLayout::Millimeter);
    writer.setTitle(QStringLiteral("Orrery experiment %1").arg(QString::fromStdString(data.record.name)));
    writer.setCreator(QStringLiteral("Orrery %1").arg(QString::fromStdString(environment.orreryVersion)));
    const qreal scale = writer.resolution() / kLayoutDpi;
    const QRectF paintRect = writer.pageLayout().paintRectPixels(writer.resolution());
    const QSizeF pageSize(paintRect.width() / scale, paintRect.height() / scale - kFooterHeight);

    // Lay out against a 96-dpi image so the layout is the same on every platform and screen.
    QImage layoutDevice(1, 1, QImage::Format_ARGB32);
    layoutDevice.setDotsPerMeterX(qRound(kLayoutDpi / 0.0254));
    layoutDevice.setDotsPerMeterY(qRound(kLayoutDpi / 0.0254));
    QTextDocument document;
    document.documentLayout()->setPaintDevice(&layoutDevice);
    document.setDefaultFont(reportFont(9));
    document.setDefaultStyleSheet(QString::fromLatin1(kStyleSheet));
    document.setDocumentMargin(0);
    SvgTextObject::registerOn(document);
    std::vector<QByteArray> charts;
    document.setHtml(documentHtml(experimentReportSections(data, environment), charts, pageSize.width()));
    insertCharts(document, charts);
    // Setting the page size last lays the whole document out afresh: the edits of insertCharts
    // leave blocks of a lazily laid-out document without lines, and so unpainted.
    document.setPageSize(pageSize);
    document.markContentsDirty(0, document.characterCount());

    QPainter painter;
    if (!painter.begin(&writer))
        throw std::runtime_error(path + ": cannot write: the PDF painter did not start");
    const int pages = document.pageCount();
    const QString footer = QStringLiteral("Orrery experiment “") + QString::fromStdString(data.record.name)
        + QStringLiteral("” — page ");
    for (int page = 0; page < pages; ++page) {
        if (page > 0)
            writer.newPage();
        painter.save();
        painter.scale(scale, scale);
        painter.save();
        // The layout draws whole lines that only touch the page; clip so they show on one page only.
        painter.setClipRect(QRectF(QPointF(0, 0), pageSize));
        painter.translate(0, -page * pageSize.height());
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = QRectF(0, page * pageSize.height(), pageSize.width(), pageSize.height());
        context.palette.setColor(QPalette::Text, Qt::black);
        document.documentLayout()->draw(&painter, context);
        painter.restore();
        painter.setPen(QColor(0x66, 0x66, 0x66));
        QFont footerFont = reportFont(7);
        footerFont.setPixelSize(qRound(7 * kLayoutDpi / 72)); // points would be of the PDF's resolution
        painter.setFont(footerFont);
        painter.drawText(QRectF(0, pageSize.height(), pageSize.width(), kFooterHeight), Qt::AlignRight | Qt::AlignBottom,
                         footer + QString::number(page + 1) + QStringLiteral(" of ") + QString::number(pages));
        painter.restore();
    }
    if (!painter.end() || file.error() != QFileDevice::NoError)
        throw std::runtime_error(path + ": cannot write: " + file.errorString().toStdString());
}

} // namespace orrery::app
