#include "widgets/service_graph_view.h"

#include "widgets/service_edge_item.h"
#include "widgets/service_graph_canvas.h"
#include "widgets/service_node_item.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QSplitter>
#include <QSvgGenerator>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace orrery::widgets {

ServiceGraphView::ServiceGraphView(QWidget* parent)
    : QWidget(parent)
{
    m_scene = new ServiceGraphScene(this);
    m_scene->setPalette(palette());
    m_scene->setFont(font());
    m_canvas = new ServiceGraphCanvas(m_scene);
    m_canvas->setObjectName(QStringLiteral("serviceGraphCanvas"));

    m_colorBy = new QComboBox;
    m_colorBy->setObjectName(QStringLiteral("serviceColorBy"));
    m_colorBy->addItem(tr("p99 latency"), static_cast<int>(ServiceColorMode::P99Latency));
    m_colorBy->addItem(tr("Utilization"), static_cast<int>(ServiceColorMode::Utilization));
    connect(m_colorBy, &QComboBox::currentIndexChanged, this, [this](int index) {
        setColorMode(static_cast<ServiceColorMode>(m_colorBy->itemData(index).toInt()));
    });
    auto* fit = new QToolButton;
    fit->setObjectName(QStringLiteral("serviceGraphFit"));
    fit->setText(tr("Fit"));
    fit->setToolTip(tr("Fit the whole graph into view (F)"));
    connect(fit, &QToolButton::clicked, this, &ServiceGraphView::fitAll);
    auto* exportButton = new QToolButton;
    exportButton->setObjectName(QStringLiteral("serviceGraphExport"));
    exportButton->setText(tr("Export…"));
    exportButton->setToolTip(tr("Save the graph as a PNG or SVG image"));
    connect(exportButton, &QToolButton::clicked, this, &ServiceGraphView::exportDialog);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("serviceGraphStatus"));
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // long texts must not widen the window

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(new QLabel(tr("Colour by:")));
    bar->addWidget(m_colorBy);
    bar->addWidget(fit);
    bar->addWidget(exportButton);
    bar->addSpacing(12);
    bar->addWidget(m_status, 1);

    m_details = new QTextBrowser;
    m_details->setObjectName(QStringLiteral("serviceDetails"));
    m_details->setPlaceholderText(tr("Click a service to see its metrics."));
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(m_canvas);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({800, 220});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &ServiceGraphView::onSelectionChanged);
    updateStatus();
}

ServiceGraphView::~ServiceGraphView() = default;

bool ServiceGraphView::sameShape(const ServiceGraphData& data) const
{
    const ServiceGraphData& shown = m_data;
    if (data.services.size() != shown.services.size() || data.calls.size() != shown.calls.size())
        return false;
    for (std::size_t i = 0; i < data.services.size(); ++i) {
        if (data.services[i].name != shown.services[i].name)
            return false;
    }
    for (std::size_t i = 0; i < data.calls.size(); ++i) {
        if (data.calls[i].caller != shown.calls[i].caller || data.calls[i].callee != shown.calls[i].callee)
            return false;
    }
    return true;
}

void ServiceGraphView::setGraph(ServiceGraphData data)
{
    const bool same = (m_laidOut || m_running > 0) && sameShape(data);
    m_data = std::move(data);
    if (same) {
        if (m_laidOut && m_running == 0) {
            m_scene->restyle(m_data);
            onSelectionChanged();
        }
        return;
    }
    startLayout();
}

void ServiceGraphView::clear()
{
    ++m_generation;
    m_running = 0;
    m_laidOut = false;
    m_data = {};
    m_scene->build({}, {});
    m_details->clear();
    updateStatus();
}

void ServiceGraphView::startLayout()
{
    const quint64 generation = ++m_generation;
    m_laidOut = false;
    m_scene->build({}, {});
    GraphLayoutRequest request;
    request.nodeSizes = ServiceGraphScene::nodeSizes(m_data, m_scene->font());
    request.edges.reserve(m_data.calls.size());
    for (const ServiceGraphData::Call& call : m_data.calls)
        request.edges.emplace_back(call.caller, call.callee);
    m_running = 1;
    updateStatus();
    auto* watcher = new QFutureWatcher<GraphLayoutResult>(this);
    connect(watcher, &QFutureWatcher<GraphLayoutResult>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        onLayoutDone(generation, watcher->result());
    });
    // The worker owns a copy of the request; a superseded result is simply dropped.
    watcher->setFuture(QtConcurrent::run([request = std::move(request)] { return layoutGraph(request); }));
}

void ServiceGraphView::onLayoutDone(quint64 generation, const GraphLayoutResult& result)
{
    if (generation != m_generation)
        return;
    m_running = 0;
    m_engine = result.engine;
    if (!result.error.isEmpty()) {
        updateStatus();
        emit layoutFailed(result.error);
        return;
    }
    m_scene->build(m_data, result);
    m_laidOut = true;
    m_canvas->fitAll();
    updateStatus();
    emit layoutFinished();
}

void ServiceGraphView::setColorMode(ServiceColorMode mode)
{
    m_scene->setColorMode(mode);
    const int index = m_colorBy->findData(static_cast<int>(mode));
    if (index >= 0 && index != m_colorBy->currentIndex())
        m_colorBy->setCurrentIndex(index);
    m_canvas->viewport()->update();
    onSelectionChanged();
}

ServiceNodeItem* ServiceGraphView::nodeItem(const QString& name) const
{
    for (int i = 0; i < m_scene->nodeCount(); ++i) {
        if (m_scene->node(i)->name() == name)
            return m_scene->node(i);
    }
    return nullptr;
}

QStringList ServiceGraphView::highlightedServices() const
{
    QStringList names;
    for (int i = 0; i < m_scene->nodeCount(); ++i) {
        if (m_scene->node(i)->isOnCriticalPath())
            names << m_scene->node(i)->name();
    }
    return names;
}

QStringList ServiceGraphView::highlightedCalls() const
{
    QStringList calls;
    const ServiceGraphData& data = m_scene->data();
    for (int i = 0; i < m_scene->edgeCount(); ++i) {
        if (!m_scene->edge(i)->isOnCriticalPath())
            continue;
        const ServiceGraphData::Call& call = data.calls[static_cast<std::size_t>(i)];
        calls << data.services[static_cast<std::size_t>(call.caller)].name + QStringLiteral(" → ")
                + data.services[static_cast<std::size_t>(call.callee)].name;
    }
    return calls;
}

bool ServiceGraphView::selectService(const QString& name)
{
    ServiceNodeItem* item = nodeItem(name);
    if (!item)
        return false;
    m_scene->clearSelection();
    item->setSelected(true);
    return true;
}

QString ServiceGraphView::selectedService() const
{
    const QList<QGraphicsItem*> selected = m_scene->selectedItems();
    for (QGraphicsItem* item : selected) {
        if (item->type() == ServiceNodeItem::Type)
            return static_cast<ServiceNodeItem*>(item)->name();
    }
    return {};
}

QString ServiceGraphView::detailsText() const { return m_details->toPlainText(); }

void ServiceGraphView::onSelectionChanged()
{
    const QString name = selectedService();
    const int index = name.isEmpty() ? -1 : m_scene->data().indexOf(name);
    if (index < 0) {
        m_details->clear();
        return;
    }
    m_details->setHtml(m_scene->serviceDetails(index));
    emit serviceClicked(name);
}

void ServiceGraphView::fitAll() { m_canvas->fitAll(); }

void ServiceGraphView::updateStatus()
{
    if (m_running > 0) {
        m_status->setText(tr("Laying out %n service(s)…", nullptr, static_cast<int>(m_data.services.size())));
    } else if (m_laidOut) {
        m_status->setText(tr("%1: %n service(s), %2 call(s); layout by %3", nullptr,
                             static_cast<int>(m_data.services.size()))
                              .arg(m_data.title.isEmpty() ? tr("Service graph") : m_data.title)
                              .arg(m_data.calls.size())
                              .arg(m_engine));
    } else {
        m_status->setText(tr("No service graph: open a scenario with a service graph, a run, or a trace."));
    }
}

bool ServiceGraphView::exportPng(const QString& path, double scale) const
{
    const QRectF source = m_scene->sceneRect();
    if (source.isEmpty())
        return false;
    const double factor = std::min(scale, 8000.0 / std::max(source.width(), source.height()));
    QImage image((source.size() * factor).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(palette().color(QPalette::Base));
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    m_scene->render(&painter, QRectF(QPointF(0, 0), image.size()), source);
    painter.end();
    return image.save(path, "PNG");
}

bool ServiceGraphView::exportSvg(const QString& path) const
{
    const QRectF source = m_scene->sceneRect();
    if (source.isEmpty())
        return false;
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(source.size().toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), source.size()));
    generator.setTitle(m_data.title);
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    painter.fillRect(QRectF(QPointF(0, 0), source.size()), palette().color(QPalette::Base));
    m_scene->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    return painter.end();
}

void ServiceGraphView::exportDialog()
{
    QString selected;
    const QString suggested = (m_data.title.isEmpty() ? QStringLiteral("service-graph") : m_data.title)
        + QStringLiteral(".png");
    QString path = QFileDialog::getSaveFileName(this, tr("Export Service Graph"), suggested,
                                                tr("PNG image (*.png);;SVG image (*.svg)"), &selected);
    if (path.isEmpty())
        return;
    const bool svg = QFileInfo(path).suffix().compare(QStringLiteral("svg"), Qt::CaseInsensitive) == 0
        || (QFileInfo(path).suffix().isEmpty() && selected.contains(QStringLiteral("svg")));
    if (QFileInfo(path).suffix().isEmpty())
        path += svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    if (!(svg ? exportSvg(path) : exportPng(path)))
        m_status->setText(tr("The graph could not be written to %1.").arg(QFileInfo(path).fileName()));
}

void ServiceGraphView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        m_scene->setPalette(palette());
    QWidget::changeEvent(event);
}

} // namespace orrery::widgets
