#include "gui/live_query_panel.h"

#include "gui/live_fetch.h"
#include "widgets/time_series_chart.h"

#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace orrery::app {
namespace {

constexpr QLatin1StringView kUrlKey("live/prometheusUrl");
constexpr QLatin1StringView kQueryKey("live/promql");

QString seriesName(const live::PromSeries& series)
{
    QStringList parts;
    for (const auto& [key, value] : series.labels)
        if (key != "__name__")
            parts << QStringLiteral("%1=\"%2\"").arg(QString::fromStdString(key), QString::fromStdString(value));
    const auto name = series.labels.find("__name__");
    const QString metric = name == series.labels.end() ? QString() : QString::fromStdString(name->second);
    return parts.isEmpty() && !metric.isEmpty() ? metric : metric + QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

} // namespace

LiveQueryPanel::LiveQueryPanel(QWidget* parent)
    : QWidget(parent)
{
    const QSettings settings;
    m_url = new QLineEdit(settings.value(kUrlKey, QStringLiteral("http://localhost:9090")).toString());
    m_url->setObjectName(QStringLiteral("livePrometheusUrl"));
    m_promql = new QLineEdit(settings.value(kQueryKey, QStringLiteral("sum by (instance) (rate(node_cpu_seconds_total{mode!=\"idle\"}[5m]))")).toString());
    m_promql->setObjectName(QStringLiteral("livePromql"));
    m_window = new QComboBox;
    m_window->setObjectName(QStringLiteral("liveWindow"));
    // 5 minutes (a 2.5 s step): short enough to watch an experiment, or `orrery serve` at speed.
    m_window->addItem(tr("5 minutes"), 300);
    m_window->addItem(tr("15 minutes"), 900);
    m_window->addItem(tr("1 hour"), 3600);
    m_window->addItem(tr("6 hours"), 6 * 3600);
    m_window->addItem(tr("24 hours"), 24 * 3600);
    m_window->setCurrentIndex(2);
    m_run = new QPushButton(tr("Query"));
    m_run->setObjectName(QStringLiteral("liveRunQuery"));
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("liveQueryStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_chart = new widgets::TimeSeriesChart;
    m_chart->setObjectName(QStringLiteral("liveChart"));
    m_chart->setAxisTitles(tr("minutes before now"), tr("value"));
    m_chart->setMinimumHeight(180);

    auto* form = new QFormLayout;
    form->addRow(tr("Prometheus:"), m_url);
    auto* queryRow = new QHBoxLayout;
    queryRow->addWidget(m_promql, 1);
    queryRow->addWidget(m_window);
    queryRow->addWidget(m_run);
    form->addRow(tr("PromQL:"), queryRow);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(m_chart, 1);
    connect(m_run, &QPushButton::clicked, this, &LiveQueryPanel::runQuery);
    connect(m_promql, &QLineEdit::returnPressed, this, &LiveQueryPanel::runQuery);
}

void LiveQueryPanel::runQuery()
{
    const QString url = m_url->text().trimmed();
    const QString promql = m_promql->text().trimmed();
    if (url.isEmpty() || promql.isEmpty())
        return;
    QSettings settings;
    settings.setValue(kUrlKey, url);
    settings.setValue(kQueryKey, promql);
    const double windowS = m_window->currentData().toDouble();
    const quint64 generation = ++m_generation;
    m_status->setText(tr("Querying %1…").arg(url));
    auto* watcher = new QFutureWatcher<LiveQueryResult>(this);
    connect(watcher, &QFutureWatcher<LiveQueryResult>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // a newer query replaced this one
        const LiveQueryResult answer = watcher->result();
        m_chart->clearSeries();
        if (!answer.error.isEmpty()) {
            m_status->setText(answer.error);
        } else {
            const double nowS = static_cast<double>(QDateTime::currentSecsSinceEpoch());
            for (const live::PromSeries& series : answer.result.series) {
                QList<QPointF> points;
                for (const live::PromSample& sample : series.samples)
                    points.append({(sample.timestampS - nowS) / 60.0, sample.value});
                m_chart->addSeries(seriesName(series), points);
            }
            const std::size_t count = answer.result.series.size();
            m_status->setText(count == 1 ? tr("1 series") : tr("%1 series").arg(count));
        }
        emit finished();
    });
    watcher->setFuture(QtConcurrent::run([url, promql, windowS, timeouts = m_timeouts] {
        return LiveFetch::queryRange(url, promql, windowS, 120, timeouts);
    }));
}

QString LiveQueryPanel::statusText() const
{
    return m_status->text();
}

} // namespace orrery::app
