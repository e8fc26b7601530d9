#include "gui/kinds/training_jobs/flowcon_view.h"

#include "gui/placeholder_stack.h"
#include "report/class_label_colors.h"
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

//! What a class label stands for, translated where it is one of FlowCon's.
QString classDescription(const QString& label)
{
    if (label == QLatin1String("NL"))
        return FlowConView::tr("NL: new, growing fast");
    if (label == QLatin1String("WL"))
        return FlowConView::tr("WL: watching, near convergence");
    if (label == QLatin1String("CL"))
        return FlowConView::tr("CL: completing, growing slowly");
    if (label == QLatin1String("flagged"))
        return FlowConView::tr("flagged: reports no evaluation value");
    return label;
}

} // namespace

FlowConView::FlowConView(QWidget* parent)
    : KindRunView(parent)
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

QColor FlowConView::classColor(const QString& label) const
{
    const auto index = static_cast<std::size_t>(std::max<qsizetype>(0, m_labels.indexOf(label)));
    return QColor(QString::fromStdString(classLabelColor(label.toStdString(), index)));
}

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
    m_labels = data.labels;
    QString note;
    if (m_labels.isEmpty()) {
        note = tr("Colours are per job: this run records no class per container (the policy reports none), so "
                  "classes are not shown. Where a container has no CPU limit, its band shows the cores it used.");
        m_note->setToolTip(tr("Runs record each container's class when the control policy reports one (FlowCon's "
                              "NL/WL/CL lists); docker-swarm and static-limits have no classes."));
    } else {
        QStringList legend;
        for (const QString& label : m_labels)
            legend << QStringLiteral("<span style=\"color:%1\">■</span>&nbsp;%2")
                          .arg(classColor(label).name(), classDescription(label).toHtmlEscaped());
        note = tr("Band colour: the policy's class of the container at that time — %1. Grey: no class recorded yet. "
                  "Where a container has no CPU limit, its band shows the cores it used.")
                   .arg(legend.join(QStringLiteral(" · ")));
        m_note->setToolTip(tr("Recorded by the run as policy.label annotations: the class FlowCon held each "
                              "container in (Alg. 1's lists, seed 004 §5.2). Hover a band for the job and class."));
    }
    if (workers > kMaxWorkers)
        note += QLatin1Char(' ') + tr("Showing the first %1 of %2 workers.").arg(kMaxWorkers).arg(workers);
    m_note->setTextFormat(Qt::RichText);
    m_note->setText(note);
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
    const bool classes = !m_labels.isEmpty();
    limits->setLegendVisible(!classes); // the note above the panels is the legend of the classes
    for (std::size_t j = 0; j < worker.jobs.size(); ++j) {
        const FlowConRunData::Job& job = worker.jobs[j];
        const QColor color = widgets::armColor(static_cast<int>(j));
        const QString limitText = job.everUnlimited ? tr("%1: CPU limit; where none was set, the cores the job used")
                                                    : tr("%1: CPU limit");
        QList<widgets::StackedAreaChart::ColourSpan> spans;
        for (const FlowConRunData::Job::ClassSpan& span : job.classes) {
            spans.append({span.fromSeconds, span.toSeconds, classColor(span.label),
                          limitText.arg(job.name) + QStringLiteral(" — ")
                              + tr("%1, from %2 s to %3 s").arg(classDescription(span.label)).arg(span.fromSeconds, 0, 'f', 0).arg(span.toSeconds, 0, 'f', 0)});
        }
        const QString tip = classes ? limitText.arg(job.name) + QStringLiteral(" — ") + tr("no class recorded")
                                    : limitText.arg(job.name) + QStringLiteral(" ") + tr("(colour per job)");
        limits->addBand(job.name, job.cpuShown, classes ? palette().color(QPalette::Mid) : color, tip, spans);
        if (!job.evaluation.isEmpty())
            evaluation->addSeries(job.name, job.progress, color);
    }
    layout->addWidget(limits);
    layout->addWidget(evaluation);
    m_panelLayout->insertWidget(m_panelLayout->count() - 1, box);
    m_limitCharts.push_back(limits);
    m_evaluationCharts.push_back(evaluation);
    m_workerNames.push_back(worker.name);
}

} // namespace orrery::app
