#include "widgets/service_graph_scene.h"

#include "widgets/service_edge_item.h"
#include "widgets/service_node_item.h"

#include <QFontMetricsF>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <set>

namespace orrery::widgets {
namespace {

QString number(double value, int precision = 3) { return QLocale().toString(value, 'g', precision); }

QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

} // namespace

ServiceGraphScene::ServiceGraphScene(QObject* parent)
    : QGraphicsScene(parent)
{
}

std::vector<QSizeF> ServiceGraphScene::nodeSizes(const ServiceGraphData& data, const QFont& font)
{
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF metrics(bold);
    std::vector<QSizeF> sizes;
    sizes.reserve(data.services.size());
    for (const ServiceGraphData::Service& service : data.services)
        sizes.emplace_back(std::max(90.0, std::ceil(metrics.horizontalAdvance(service.name)) + 24.0), kNodeHeight);
    return sizes;
}

void ServiceGraphScene::build(const ServiceGraphData& data, const GraphLayoutResult& layout)
{
    clear();
    m_nodes.clear();
    m_edges.clear();
    m_data = data;
    const std::vector<QSizeF> sizes = nodeSizes(m_data, font());
    for (std::size_t i = 0; i < m_data.services.size() && i < layout.nodeCentres.size(); ++i) {
        auto* item = new ServiceNodeItem(static_cast<int>(i), m_data.services[i].name, sizes[i]);
        item->setPos(layout.nodeCentres[i]);
        addItem(item);
        m_nodes.push_back(item);
    }
    for (std::size_t i = 0; i < m_data.calls.size() && i < layout.edgePaths.size(); ++i) {
        auto* item = new ServiceEdgeItem(static_cast<int>(i), layout.edgePaths[i], layout.arrows[i]);
        addItem(item);
        m_edges.push_back(item);
    }
    setSceneRect(layout.bounds.adjusted(-20, -20, 20, 20));
    applyStyle();
}

void ServiceGraphScene::restyle(const ServiceGraphData& data)
{
    m_data = data;
    applyStyle();
}

void ServiceGraphScene::setColorMode(ServiceColorMode mode)
{
    m_mode = mode;
    applyStyle();
}

void ServiceGraphScene::setPalette(const QPalette& palette)
{
    m_palette = palette;
    applyStyle();
}

std::optional<std::pair<double, double>> ServiceGraphScene::colorRange() const
{
    std::optional<std::pair<double, double>> range;
    for (const ServiceGraphData::Service& service : m_data.services) {
        const std::optional<double> value = m_mode == ServiceColorMode::P99Latency ? service.p99Ms : service.utilization;
        if (!value)
            continue;
        range = range ? std::pair(std::min(range->first, *value), std::max(range->second, *value))
                      : std::pair(*value, *value);
    }
    if (range && m_mode == ServiceColorMode::Utilization)
        range = std::pair(0.0, 1.0);
    return range;
}

void ServiceGraphScene::applyStyle()
{
    const auto range = colorRange();
    const QColor noData = m_palette.color(QPalette::Button);
    const QColor outline = m_palette.color(QPalette::WindowText);
    const std::set<QString> onPath(m_data.criticalPath.begin(), m_data.criticalPath.end());
    for (ServiceNodeItem* item : m_nodes) {
        const ServiceGraphData::Service& service = m_data.services[static_cast<std::size_t>(item->index())];
        const std::optional<double> value = m_mode == ServiceColorMode::P99Latency ? service.p99Ms : service.utilization;
        QColor fill = noData;
        if (value && range) {
            double fraction = 0.5;
            if (m_mode == ServiceColorMode::Utilization) {
                fraction = *value;
            } else if (range->second > range->first && range->first > 0.0) { // log scale: latencies span decades
                fraction = std::log(*value / range->first) / std::log(range->second / range->first);
            } else if (range->second > range->first) {
                fraction = (*value - range->first) / (range->second - range->first);
            }
            fill = m_scale.color(fraction);
        }
        const bool light = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF() > 0.55;
        item->setFill(fill, light ? QColor(Qt::black) : QColor(Qt::white));
        item->setOutline(outline, accentColor());
        if (m_mode == ServiceColorMode::P99Latency)
            item->setDetail(service.p99Ms ? tr("p99 %1 ms").arg(number(*service.p99Ms)) : QString());
        else
            item->setDetail(service.utilization ? tr("%1 % utilized").arg(number(*service.utilization * 100.0, 2))
                                                : QString());
        item->setOnCriticalPath(onPath.count(service.name) > 0);
        item->setCriticalComponent(service.criticalComponent);
        item->setToolTip(serviceDetails(item->index()));
    }

    double lowRate = 0.0;
    double highRate = 0.0;
    for (const ServiceGraphData::Call& call : m_data.calls) {
        if (!call.callsPerSecond || *call.callsPerSecond <= 0.0)
            continue;
        lowRate = lowRate == 0.0 ? *call.callsPerSecond : std::min(lowRate, *call.callsPerSecond);
        highRate = std::max(highRate, *call.callsPerSecond);
    }
    const QColor base = m_palette.color(QPalette::Base);
    const QColor ink = m_palette.color(QPalette::WindowText);
    const std::set<std::pair<QString, QString>> pathCalls(m_data.criticalCalls.begin(), m_data.criticalCalls.end());
    for (ServiceEdgeItem* item : m_edges) {
        const ServiceGraphData::Call& call = m_data.calls[static_cast<std::size_t>(item->index())];
        double fraction = 0.35; // no rate known
        if (call.callsPerSecond && highRate > 0.0)
            fraction = highRate > lowRate ? std::log(*call.callsPerSecond / lowRate) / std::log(highRate / lowRate) : 1.0;
        item->setPen(mix(base, ink, 0.3 + 0.5 * fraction), 1.0 + 3.0 * fraction);
        const std::pair names(m_data.services[static_cast<std::size_t>(call.caller)].name,
                              m_data.services[static_cast<std::size_t>(call.callee)].name);
        item->setOnCriticalPath(pathCalls.count(names) > 0, accentColor());
        item->setToolTip(callDetails(call));
    }
    update();
}

QString ServiceGraphScene::serviceDetails(int index) const
{
    const ServiceGraphData::Service& service = m_data.services.at(static_cast<std::size_t>(index));
    QString text = QStringLiteral("<b>%1</b>").arg(service.name.toHtmlEscaped());
    if (!service.description.isEmpty())
        text += QStringLiteral("<br><i>%1</i>").arg(service.description.toHtmlEscaped());
    QStringList rows;
    const auto row = [&rows](const QString& label, const QString& value) {
        rows << QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td></tr>").arg(label, value);
    };
    if (service.p99Ms)
        row(tr("p99 latency"), tr("%1 ms").arg(number(*service.p99Ms)));
    if (service.utilization)
        row(tr("Utilization"), tr("%1 %").arg(number(*service.utilization * 100.0, 3)));
    if (service.relativeImportance)
        row(tr("Relative importance (RI)"), number(*service.relativeImportance));
    if (service.congestionIntensity)
        row(tr("Congestion intensity (CI)"), number(*service.congestionIntensity));
    int callers = 0;
    int callees = 0;
    for (const ServiceGraphData::Call& call : m_data.calls) {
        callers += call.callee == index ? 1 : 0;
        callees += call.caller == index ? 1 : 0;
    }
    row(tr("Called by"), tr("%n service(s)", nullptr, callers));
    row(tr("Calls"), tr("%n service(s)", nullptr, callees));
    text += QStringLiteral("<table>%1</table>").arg(rows.join(QString()));
    const bool onPath = std::find(m_data.criticalPath.begin(), m_data.criticalPath.end(), service.name)
        != m_data.criticalPath.end();
    if (onPath)
        text += QStringLiteral("<br><span style=\"color:%1\">%2</span>")
                    .arg(accentColor().name(), tr("On the critical path"));
    if (service.criticalComponent)
        text += QStringLiteral("<br><span style=\"color:%1\">%2</span>")
                    .arg(accentColor().name(), tr("Critical component"));
    return text;
}

QString ServiceGraphScene::callDetails(const ServiceGraphData::Call& call) const
{
    QString text = tr("%1 → %2").arg(m_data.services[static_cast<std::size_t>(call.caller)].name.toHtmlEscaped(),
                                      m_data.services[static_cast<std::size_t>(call.callee)].name.toHtmlEscaped());
    if (call.callsPerSecond)
        text += QStringLiteral("<br>") + tr("%1 calls/s").arg(number(*call.callsPerSecond));
    if (call.count)
        text += QStringLiteral("<br>") + tr("%n call(s) observed", nullptr, static_cast<int>(*call.count));
    return text;
}

} // namespace orrery::widgets
