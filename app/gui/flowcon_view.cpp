#include "gui/flowcon_view.h"

#include "gui/placeholder_stack.h"
#include "widgets/arm_colors.h"
#include "widgets/stacked_area_chart.h"
#include "widgets/time_series_chart.h"

#include <QFutureWatcher>
#include <QGroupBox>
#include <QLabel>
#include <QLayoutItem>
#include <QLineSeries>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace orrery::app {
namespace {

//! (E(t) − E(first)) / (E(last) − E(first)): a loss and an accuracy both rise from 0 to 1.
//! Unchanged values stay 0.
QList<QPointF> progressOf(const QList<QPointF>& values)
{
    const double first = values.front().y();
    const double span = values.back().y() - first;
    QList<QPointF> progress;
    progress.reserve(values.size());
    for (const QPointF& point : values)
        progress.append(QPointF(point.x(), span != 0.0 ? (point.y() - first) / span : 0.0));
    return progress;
}

} // namespace


FlowConView::FlowConView(QWidget* parent)
    : QWidget(parent)
{
    const PlaceholderStack pages = makePlaceholderStack(this, QStringLiteral("flowConPlaceholder"));
    m_stack = pages.stack;
    m_placeholder = pages.placeholder;

    auto* page = new QWidget(m_stack);
    auto* pageLayout = new QVBoxLayout(page);
    m_title = new QLabel(page);
    m_title->setObjectName(QStringLiteral("flowConTitle"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_note = new QLabel(page);
    m_note->setObjectName(QStringLiteral("flowConColourNote"));
    m_note->setWordWrap(true);
    auto* scroll = new QScrollArea(page);
    scroll->setWidgetResizable(true);
    m_panels = new QWidget(scroll);
    m_panelLayout = new QVBoxLayout(m_panels);
    m_panelLayout->addStretch();
    scroll->setWidget(m_panels);
    pageLayout->addWidget(m_title);
    pageLayout->addWidget(m_note);
    pageLayout->addWidget(scroll, 1);
    m_stack->addWidget(page);
    clear();
}

void FlowConView::showRun(const QString& projectPath, store::RunId runId)
{
    m_runId = runId;
    const quint64 generation = ++m_generation;
    auto* watcher = new QFutureWatcher<FlowConRunData>(this);
    connect(watcher, &QFutureWatcher<FlowConRunData>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_generation)
            apply(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(
        [path = projectPath.toStdString(), runId] { return loadFlowConRunData(path, runId); }));
}

void FlowConView::clear()
{
    ++m_generation;
    m_runId.reset();
    showPlaceholder(tr("Select a run of a training-jobs scenario (kind: training-jobs) to see its workers' CPU "
                       "limits and evaluation curves."));
}

QString FlowConView::workerName(int index) const
{
    return index >= 0 && index < workerCount() ? m_workerNames[static_cast<std::size_t>(index)] : QString();
}

widgets::StackedAreaChart* FlowConView::limitChart(int index) const
{
    return index >= 0 && index < workerCount() ? m_limitCharts[static_cast<std::size_t>(index)] : nullptr;
}

widgets::TimeSeriesChart* FlowConView::evaluationChart(int index) const
{
    return index >= 0 && index < workerCount() ? m_evaluationCharts[static_cast<std::size_t>(index)] : nullptr;
}

QString FlowConView::colourNote() const { return m_note->text(); }

bool FlowConView::showsPlaceholder() const { return m_stack->currentWidget() == m_placeholder; }

void FlowConView::apply(const FlowConRunData& data)
{
    if (!data.error.isEmpty()) {
        showPlaceholder(tr("Run %1 could not be read: %2").arg(data.runId).arg(data.error));
        emit loadFailed(data.error);
        return;
    }
    if (!data.runFound || data.workers.empty()) {
        showPlaceholder(data.runFound ? tr("Run %1 recorded no training jobs (kind: training-jobs with "
                                           "evaluation series).").arg(data.runId)
                                      : tr("Run %1 is not in the project.").arg(data.runId));
        emit loaded(static_cast<qint64>(data.runId));
        return;
    }
    clearPanels();
    const int workers = static_cast<int>(data.workers.size());
    m_title->setText(tr("Run %1: %n training job(s)", nullptr, data.jobCount).arg(data.runId) + QStringLiteral(" · ")
                     + tr("%n worker(s)", nullptr, workers));
    QString note = tr("Colours are per job: this run records no FlowCon class (NL/WL/CL) per container, so "
                      "classes are not shown. Where a container has no CPU limit, its band shows the cores it used.");
    if (workers > kMaxWorkers)
        note += QLatin1Char(' ') + tr("Showing the first %1 of %2 workers.").arg(kMaxWorkers).arg(workers);
    m_note->setText(note);
    m_note->setToolTip(tr("The training-jobs kind records each container's CPU limit and evaluation value, and the "
                          "worker it ran on; FlowCon's NL/WL/CL lists live inside the policy and are not recorded."));
    for (int i = 0; i < std::min(workers, kMaxWorkers); ++i)
        addWorkerPanel(data.workers[static_cast<std::size_t>(i)]);
    m_stack->setCurrentIndex(1);
    emit loaded(static_cast<qint64>(data.runId));
}

void FlowConView::showPlaceholder(const QString& text)
{
    clearPanels();
    m_placeholder->setText(text);
    m_stack->setCurrentWidget(m_placeholder);
}

void FlowConView::clearPanels()
{
    while (m_panelLayout->count() > 1) { // keep the trailing stretch
        QLayoutItem* item = m_panelLayout->takeAt(0);
        delete item->widget();
        delete item;
    }
    m_limitCharts.clear();
    m_evaluationCharts.clear();
    m_workerNames.clear();
}

void FlowConView::addWorkerPanel(const FlowConRunData::Worker& worker)
{
    const QString name = worker.name.isEmpty() ? tr("Worker not recorded (jobs unfinished at the horizon)") : worker.name;
    auto* box = new QGroupBox(tr("%1 — %n container(s)", nullptr, static_cast<int>(worker.jobs.size())).arg(name),
                              m_panels);
    box->setObjectName(QStringLiteral("flowConWorker"));
    auto* layout = new QVBoxLayout(box);
    auto* limits = new widgets::StackedAreaChart(box);
    limits->setObjectName(QStringLiteral("flowConLimitChart"));
    limits->setChartTitle(tr("CPU limit per container, stacked (no limit set: cores used)"));
    limits->setAxisTitles(tr("Simulated time (s)"), tr("Cores"));
    auto* evaluation = new widgets::TimeSeriesChart(box);
    evaluation->setObjectName(QStringLiteral("flowConEvaluationChart"));
    // Losses of ~100 and accuracies of ~0.9 share no scale, so each job's curve is drawn as the
    // share of its improvement (first to last evaluation value) made so far: 0 to 1 for all.
    evaluation->setChartTitle(tr("Training progress (evaluation value, 0 = first, 1 = last)"));
    evaluation->setAxisTitles(tr("Simulated time (s)"), tr("Progress"));
    limits->setMinimumHeight(220);
    evaluation->setMinimumHeight(200);
    for (std::size_t j = 0; j < worker.jobs.size(); ++j) {
        const FlowConRunData::Job& job = worker.jobs[j];
        const QColor color = widgets::armColor(static_cast<int>(j));
        const QString tip = job.everUnlimited
                                ? tr("%1: CPU limit; where none was set, the cores the job used (colour per job; "
                                     "no FlowCon class recorded)").arg(job.name)
                                : tr("%1: CPU limit (colour per job; no FlowCon class recorded)").arg(job.name);
        limits->addBand(job.name, job.cpuShown, color, tip);
        if (!job.evaluation.isEmpty())
            evaluation->addSeries(job.name, progressOf(job.evaluation), color);
    }
    layout->addWidget(limits);
    layout->addWidget(evaluation);
    m_panelLayout->insertWidget(m_panelLayout->count() - 1, box);
    m_limitCharts.push_back(limits);
    m_evaluationCharts.push_back(evaluation);
    m_workerNames.push_back(worker.name);
}

} // namespace orrery::app
