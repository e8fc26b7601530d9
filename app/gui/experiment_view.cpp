#include "gui/experiment_view.h"

#include "gui/placeholder_stack.h"
#include "experiment/arm_tradeoff.h"
#include "widgets/arm_colors.h"
#include "widgets/comparison_view.h"
#include "widgets/scatter_chart.h"

#include <QGroupBox>

#include <QLabel>
#include <QStackedWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

namespace orrery::app {

ExperimentView::ExperimentView(QWidget* parent)
    : QWidget(parent)
{
    const PlaceholderStack pages = makePlaceholderStack(this, QStringLiteral("experimentViewPlaceholder"));
    m_stack = pages.stack;
    m_placeholder = pages.placeholder;

    m_page = new QWidget(m_stack);
    auto* layout = new QVBoxLayout(m_page);
    layout->setContentsMargins(0, 0, 0, 0);
    m_comparison = new widgets::ComparisonView(m_page);
    m_comparison->setObjectName(QStringLiteral("comparisonView"));
    m_tradeoffBox = new QGroupBox(m_page);
    m_tradeoffBox->setObjectName(QStringLiteral("tradeoffBox"));
    auto* boxLayout = new QVBoxLayout(m_tradeoffBox);
    m_tradeoff = new widgets::ScatterChart(m_tradeoffBox);
    m_tradeoff->setObjectName(QStringLiteral("tradeoffChart"));
    m_tradeoff->setMinimumHeight(240);
    boxLayout->addWidget(m_tradeoff);
    m_tradeoffBox->hide();
    layout->addWidget(m_comparison, 3);
    layout->addWidget(m_tradeoffBox, 2);
    m_stack->addWidget(m_page);
    connect(m_comparison, &widgets::ComparisonView::timeSeriesRunsChanged, this, [this] {
        if (!m_shown)
            return;
        loadTimeSeries();
        updateTradeoff(); // the sweep point may have changed
    });
    clear();
}

ExperimentView::~ExperimentView()
{
    // Loads only read; they finish quickly. Their results, posted to this object, die with it.
    for (const QPointer<QThread>& loader : m_loaders) {
        if (loader)
            loader->wait();
    }
}

void ExperimentView::startLoader(std::function<void()> work)
{
    std::erase_if(m_loaders, [](const QPointer<QThread>& loader) { return loader.isNull(); });
    QThread* loader = QThread::create(std::move(work));
    loader->setParent(this);
    connect(loader, &QThread::finished, loader, &QObject::deleteLater);
    m_loaders.emplace_back(loader);
    loader->start();
}

void ExperimentView::showExperiment(const QString& projectPath, store::ExperimentId id)
{
    m_projectPath = projectPath;
    m_experimentId = id;
    const quint64 generation = ++m_generation;
    ++m_seriesGeneration;
    if (!m_shown)
        showPlaceholder(tr("Loading experiment %1…").arg(id));
    startLoader([this, generation, path = projectPath.toStdString(), id] {
        ExperimentData data = loadExperimentData(path, id);
        QMetaObject::invokeMethod(this, [this, generation, data = std::move(data)]() mutable {
            if (generation == m_generation)
                apply(std::move(data));
        }, Qt::QueuedConnection);
    });
}

void ExperimentView::clear()
{
    ++m_generation;
    ++m_seriesGeneration;
    m_experimentId.reset();
    m_shown = false;
    m_comparison->clear();
    showPlaceholder(tr("Select an experiment in the project explorer, or run one with “orrery experiment”."));
}

const experiment::ExperimentReportData* ExperimentView::shownData() const
{
    return m_shown ? &m_comparison->data() : nullptr;
}

bool ExperimentView::showsTradeoff() const { return m_shown && !m_tradeoffBox->isHidden(); }

void ExperimentView::updateTradeoff()
{
    const experiment::ExperimentReportData& data = m_comparison->data();
    const experiment::TradeoffPair* pair = experiment::tradeoffOf(data);
    m_tradeoff->clearGroups();
    m_tradeoffBox->setVisible(pair != nullptr);
    if (!pair)
        return;
    const int point = std::max(0, m_comparison->currentSweepPoint());
    const std::vector<experiment::ArmTradeoff> arms = experiment::armTradeoff(data, *pair, point);
    for (std::size_t a = 0; a < arms.size(); ++a) {
        QList<QPointF> points;
        for (const auto& [x, y] : arms[a].points)
            points.append(QPointF(x, y));
        m_tradeoff->addGroup(QString::fromStdString(arms[a].arm), points, widgets::armColor(static_cast<int>(a)));
    }
    const QString x = QString::fromStdString(pair->xMetric), y = QString::fromStdString(pair->yMetric);
    m_tradeoffBox->setTitle(tr("Trade-off per run: %1 against %2").arg(y, x));
    m_tradeoff->setAxisTitles(x, y);
}

void ExperimentView::showPlaceholder(const QString& text)
{
    m_placeholder->setText(text);
    m_stack->setCurrentWidget(m_placeholder);
}

void ExperimentView::apply(ExperimentData data)
{
    if (!data.report) {
        m_shown = false;
        showPlaceholder(tr("Experiment %1 could not be read:\n%2").arg(data.id).arg(data.error));
        emit loadFailed(data.error);
        return;
    }
    m_shown = true;
    m_stack->setCurrentWidget(m_page); // before the charts fill, so they size for real
    m_comparison->setData(std::move(*data.report)); // asks for the time series
    updateTradeoff();
    emit loaded(data.id);
}

void ExperimentView::loadTimeSeries()
{
    const quint64 generation = ++m_seriesGeneration;
    std::vector<std::pair<QString, store::RunId>> runs;
    for (const auto& arm : m_comparison->timeSeriesRuns())
        runs.emplace_back(arm.arm, arm.run);
    if (runs.empty()) {
        m_comparison->setTimeSeriesMessage(tr("No completed runs to show."));
        return;
    }
    m_comparison->setTimeSeriesMessage(tr("Loading time series…"));
    startLoader([this, generation, path = m_projectPath.toStdString(), runs = std::move(runs)] {
        QString error;
        std::vector<RunSeries> series = loadRunSeries(path, runs, kTimeSeriesName, error);
        QMetaObject::invokeMethod(this, [this, generation, series = std::move(series), error]() {
            if (generation != m_seriesGeneration)
                return;
            if (!error.isEmpty()) {
                m_comparison->setTimeSeriesMessage(tr("The time series could not be read:\n%1").arg(error));
                emit loadFailed(error);
                return;
            }
            std::vector<widgets::ComparisonView::ArmSeries> lines;
            double span = 0.0;
            for (const RunSeries& run : series) {
                if (run.found && !run.points.isEmpty())
                    span = std::max(span, run.points.back().x());
            }
            // Minutes for short runs, hours once a run spans more than three of them (as RunView).
            const bool hours = span > 3 * 3600.0;
            const double xScale = hours ? 1.0 / 3600.0 : 1.0 / 60.0;
            for (const RunSeries& run : series) {
                if (!run.found)
                    continue;
                QList<QPointF> points;
                points.reserve(run.points.size());
                for (const QPointF& point : run.points)
                    points.append(QPointF(point.x() * xScale, point.y() * 100.0));
                lines.push_back({run.arm, tr("%1 (run %2)").arg(run.arm).arg(run.run), std::move(points)});
            }
            if (lines.empty()) {
                m_comparison->setTimeSeriesMessage(tr("The runs recorded no %1 series.").arg(QLatin1String(kTimeSeriesName)));
                return;
            }
            m_comparison->setTimeSeries(tr("CPU allocated, first seed of each arm"),
                                        hours ? tr("simulated time (h)") : tr("simulated time (min)"),
                                        tr("% of capacity"), lines);
            emit timeSeriesLoaded();
        }, Qt::QueuedConnection);
    });
}

} // namespace orrery::app
