#include "gui/run_view.h"

#include "gui/metrics_table_model.h"
#include "gui/placeholder_stack.h"
#include "gui/run_events_model.h"
#include "gui/run_list_model.h"
#include "report/class_label_colors.h"
#include "widgets/time_series_chart.h"

#include <QDataStream>
#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

namespace orrery::app {
namespace {

constexpr quint32 kStateVersion = 2; // 2: the events table under the metrics

struct SeriesStyle {
    const char* name;
    const char* label; // translated through RunView's context
    const char* color;
    double scale;
};

// Colours match the HTML run summary (app/report/html_summary.cpp).
constexpr SeriesStyle kAllocationSeries[] = {
    {"cluster.cpu_allocated", QT_TRANSLATE_NOOP("orrery::app::RunView", "CPU allocated"), "#1f77b4", 100.0},
    {"cluster.memory_allocated", QT_TRANSLATE_NOOP("orrery::app::RunView", "Memory allocated"), "#2ca02c", 100.0},
    {"cluster.gpu_allocated", QT_TRANSLATE_NOOP("orrery::app::RunView", "GPUs allocated"), "#d62728", 100.0},
};
constexpr SeriesStyle kQueueSeries[] = {
    {"jobs.pending", QT_TRANSLATE_NOOP("orrery::app::RunView", "Pending"), "#ff7f0e", 1.0},
    {"jobs.running", QT_TRANSLATE_NOOP("orrery::app::RunView", "Running"), "#9467bd", 1.0},
};

QList<QPointF> scaled(const QList<QPointF>& points, double xScale, double yScale)
{
    QList<QPointF> out;
    out.reserve(points.size());
    for (const QPointF& point : points)
        out.append(QPointF(point.x() * xScale, point.y() * yScale));
    return out;
}

} // namespace

RunView::RunView(QWidget* parent)
    : QWidget(parent)
{
    const PlaceholderStack pages = makePlaceholderStack(this, QStringLiteral("runViewPlaceholder"));
    m_stack = pages.stack;
    m_placeholder = pages.placeholder;

    auto* page = new QWidget(m_stack);
    auto* pageLayout = new QVBoxLayout(page);
    m_title = new QLabel(page);
    m_title->setObjectName(QStringLiteral("runTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_details = new QLabel(page);
    m_details->setObjectName(QStringLiteral("runDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_labelNote = new QLabel(page);
    m_labelNote->setObjectName(QStringLiteral("policyLabelNote"));
    m_labelNote->setWordWrap(true);
    m_labelNote->setTextFormat(Qt::PlainText); // target names are data
    m_labelNote->setToolTip(tr("Recorded by the run as policy.label annotations: the class the control policy "
                               "reported for each target over time (e.g. AWARE's lifecycle stage: offline, "
                               "online, serving). Hover a band for its class and stretch."));
    m_labelNote->hide();
    pageLayout->addWidget(m_title);
    pageLayout->addWidget(m_details);
    pageLayout->addWidget(m_labelNote);

    m_mainSplitter = new QSplitter(Qt::Horizontal, page);
    m_chartSplitter = new QSplitter(Qt::Vertical, m_mainSplitter);
    m_allocationChart = new widgets::TimeSeriesChart(m_chartSplitter);
    m_allocationChart->setObjectName(QStringLiteral("allocationChart"));
    m_allocationChart->setChartTitle(tr("Cluster allocation"));
    m_allocationChart->setFixedYRange(0.0, 100.0, 5);
    m_queueChart = new widgets::TimeSeriesChart(m_chartSplitter);
    m_queueChart->setObjectName(QStringLiteral("queueChart"));
    m_queueChart->setChartTitle(tr("Queue"));
    m_chartSplitter->addWidget(m_allocationChart);
    m_chartSplitter->addWidget(m_queueChart);

    m_sideSplitter = new QSplitter(Qt::Vertical, m_mainSplitter);
    m_metrics = new MetricsTableModel(this);
    m_metricsTable = new QTableView(m_sideSplitter);
    m_metricsTable->setObjectName(QStringLiteral("metricsTable"));
    m_metricsTable->setModel(m_metrics);
    m_metricsTable->setAlternatingRowColors(true);
    m_metricsTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_metricsTable->setWordWrap(false);
    m_metricsTable->verticalHeader()->hide();
    m_metricsTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_metricsTable->horizontalHeader()->setSectionResizeMode(MetricsTableModel::NameColumn, QHeaderView::ResizeToContents);
    m_metricsTable->horizontalHeader()->setSectionResizeMode(MetricsTableModel::ValueColumn, QHeaderView::ResizeToContents);
    m_metricsTable->horizontalHeader()->setSectionResizeMode(MetricsTableModel::UnitColumn, QHeaderView::Stretch);
    // Events: what the run's annotations say happened, so an anomaly, a control action or an OOM
    // kill can be read beside the figures it moved.
    auto* eventsPane = new QWidget(m_sideSplitter);
    auto* eventsLayout = new QVBoxLayout(eventsPane);
    eventsLayout->setContentsMargins(0, 0, 0, 0);
    m_eventsTitle = new QLabel(eventsPane);
    m_eventsTitle->setObjectName(QStringLiteral("runEventsTitle"));
    m_eventsTitle->setWordWrap(true); // a long title must not widen the run view's minimum
    m_events = new RunEventsModel(this);
    m_eventsTable = new QTableView(eventsPane);
    m_eventsTable->setObjectName(QStringLiteral("runEventsTable"));
    m_eventsTable->setModel(m_events);
    m_eventsTable->setAlternatingRowColors(true);
    m_eventsTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_eventsTable->setWordWrap(false);
    m_eventsTable->verticalHeader()->hide();
    m_eventsTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_eventsTable->horizontalHeader()->setStretchLastSection(true);
    eventsLayout->addWidget(m_eventsTitle);
    eventsLayout->addWidget(m_eventsTable, 1);
    m_sideSplitter->addWidget(m_metricsTable);
    m_sideSplitter->addWidget(eventsPane);
    m_sideSplitter->setSizes({300, 200});
    m_mainSplitter->addWidget(m_chartSplitter);
    m_mainSplitter->addWidget(m_sideSplitter);
    m_mainSplitter->setStretchFactor(0, 2);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setSizes({600, 400}); // scaled to the space the splitter gets
    pageLayout->addWidget(m_mainSplitter, 1);
    m_stack->addWidget(page);

    clear();
}

RunView::~RunView()
{
    // Loads only read; they finish quickly. Their results, posted to this object, die with it.
    for (const QPointer<QThread>& loader : m_loaders) {
        if (loader)
            loader->wait();
    }
}

void RunView::showRun(const QString& projectPath, store::RunId runId)
{
    m_runId = runId;
    const quint64 generation = ++m_generation;
    if (m_stack->currentIndex() == 0)
        showPlaceholder(tr("Loading run %1…").arg(runId));
    std::erase_if(m_loaders, [](const QPointer<QThread>& loader) { return loader.isNull(); });
    QThread* loader = QThread::create([this, generation, path = projectPath.toStdString(), runId] {
        RunData data = loadRunData(path, runId);
        QMetaObject::invokeMethod(this, [this, generation, data = std::move(data)]() mutable {
            if (generation == m_generation)
                apply(std::move(data));
        }, Qt::QueuedConnection);
    });
    loader->setParent(this);
    connect(loader, &QThread::finished, loader, &QObject::deleteLater);
    m_loaders.emplace_back(loader);
    loader->start();
}

void RunView::clear()
{
    ++m_generation; // drop loads in flight
    m_runId.reset();
    m_metrics->setMetrics({});
    m_events->setEvents({});
    m_allocationChart->clearSeries();
    m_queueChart->clearSeries();
    m_labelNote->hide();
    showPlaceholder(tr("Select a run in the project explorer, or start one from the Run menu."));
}

void RunView::showPlaceholder(const QString& text)
{
    m_placeholder->setText(text);
    m_stack->setCurrentIndex(0);
}

void RunView::apply(RunData data)
{
    if (!data.error.isEmpty()) {
        showPlaceholder(tr("Run %1 could not be read:\n%2").arg(data.runId).arg(data.error));
        emit loadFailed(data.error);
        return;
    }
    if (!data.summary) {
        showPlaceholder(tr("The project has no run %1.").arg(data.runId));
        emit loadFailed(m_placeholder->text());
        return;
    }
    const store::RunSummary& run = *data.summary;
    m_title->setText(tr("Run %1 — %2").arg(run.id).arg(QString::fromStdString(run.scenarioName)));
    const QDateTime started = QDateTime::fromString(QString::fromStdString(run.startedAt), Qt::ISODateWithMs);
    QString details = tr("%1 · seed %2 · horizon %3 h · %4 · started %5")
                          .arg(RunListModel::statusText(run.status))
                          .arg(run.seed)
                          .arg(QLocale().toString(sim::toSeconds(run.horizon) / 3600.0, 'g', 4))
                          .arg(RunListModel::policiesText(run),
                               started.isValid() ? QLocale().toString(started.toLocalTime(), QLocale::ShortFormat)
                                                 : QString::fromStdString(run.startedAt));
    if (!run.message.empty())
        details += QStringLiteral(" · ") + QString::fromStdString(run.message);
    m_details->setText(details);
    m_metrics->setMetrics(std::move(data.metrics));
    const std::size_t events = m_events->setEvents(data.annotations);
    if (events == 0)
        m_eventsTitle->setText(tr("Events: none recorded (no anomalies, control actions or OOM kills)"));
    else if (events > RunEventsModel::kMaxRows)
        m_eventsTitle->setText(tr("Events: the first %1 of %2").arg(RunEventsModel::kMaxRows).arg(events));
    else
        m_eventsTitle->setText(tr("Events (%n)", nullptr, static_cast<int>(events)));
    m_stack->setCurrentIndex(1); // before the charts, so they decimate for their real width
    fillCharts(data);
    emit loaded(data.runId);
}

void RunView::fillCharts(const RunData& data)
{
    // Minutes for short runs, hours once a run spans more than three of them.
    const bool hours = sim::toSeconds(data.summary->horizon) > 3 * 3600.0;
    const double xScale = hours ? 1.0 / 3600.0 : 1.0 / 60.0;
    const QString xTitle = hours ? tr("simulated time (h)") : tr("simulated time (min)");
    const auto fill = [&](widgets::TimeSeriesChart* chart, const auto& styles, const QString& yTitle) {
        chart->clearSeries();
        chart->setAxisTitles(xTitle, yTitle);
        for (const SeriesStyle& style : styles) {
            const auto found = data.series.constFind(QString::fromLatin1(style.name));
            if (found == data.series.constEnd())
                continue;
            chart->addSeries(tr(style.label), scaled(*found, xScale, style.scale), QColor(QLatin1String(style.color)));
        }
    };
    fill(m_allocationChart, kAllocationSeries, tr("% of capacity"));
    // The queue counts what the simulator schedules (jobs or their tasks): its recorded unit says.
    const QString queueUnit = data.seriesUnits.value(QString::fromLatin1(kQueueSeries[0].name));
    fill(m_queueChart, kQueueSeries, queueUnit.isEmpty() ? tr("count") : queueUnit);
    showPolicyLabels(data.policyLabels, xScale);
}

void RunView::showPolicyLabels(const PolicyLabelTrack& track, double xScale)
{
    if (track.isEmpty()) {
        m_labelNote->hide(); // the charts' clearSeries() removed any bands
        return;
    }
    QList<widgets::TimeBand> bands;
    bands.reserve(track.stretches.size());
    for (const PolicyLabelTrack::Stretch& stretch : track.stretches) {
        const auto index = static_cast<std::size_t>(track.labels.indexOf(stretch.label));
        const QColor color(QString::fromStdString(classLabelColor(stretch.label.toStdString(), index)));
        bands.append(widgets::TimeBand{stretch.startSeconds * xScale, stretch.endSeconds * xScale, stretch.label, color});
    }
    m_allocationChart->setBands(bands);
    m_queueChart->setBands(bands);
    if (track.targetCount == 1)
        m_labelNote->setText(tr("Shaded: the control policy's class of %1 over time.").arg(track.target));
    else if (track.targetsAlike)
        m_labelNote->setText(tr("Shaded: the control policy's class of its %n targets over time; all held the same "
                                "classes at the same times.", nullptr, track.targetCount));
    else
        m_labelNote->setText(tr("Shaded: the control policy's class of %1 over time, the first in name order of "
                                "%n labelled targets; the others are not shown.", nullptr, track.targetCount)
                                 .arg(track.target));
    m_labelNote->show();
}

QByteArray RunView::saveState() const
{
    QByteArray state;
    QDataStream stream(&state, QIODevice::WriteOnly);
    stream << kStateVersion << m_mainSplitter->saveState() << m_chartSplitter->saveState() << m_sideSplitter->saveState();
    return state;
}

void RunView::restoreState(const QByteArray& state)
{
    QDataStream stream(state);
    quint32 version = 0;
    QByteArray main;
    QByteArray charts;
    QByteArray side;
    stream >> version >> main >> charts >> side;
    if (stream.status() != QDataStream::Ok || version != kStateVersion)
        return;
    m_mainSplitter->restoreState(main);
    m_chartSplitter->restoreState(charts);
    m_sideSplitter->restoreState(side);
}

} // namespace orrery::app
