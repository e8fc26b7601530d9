#include "gui/experiment_job.h"

#include "ops/scenario_check.h"
#include "experiment/experiment_cells.h"
#include "store/experiment_store.h"

#include <QCoreApplication>
#include <QThread>

#include <string>

namespace orrery::app {

ExperimentJob::ExperimentJob(Request request, const policy::PluginRegistry& registry, QObject* parent)
    : QObject(parent)
    , m_request(std::move(request))
    , m_registry(registry)
{
}

ExperimentJob::~ExperimentJob()
{
    if (m_thread) {
        cancel();
        m_thread->wait();
    }
}

QString ExperimentJob::backendName(ExperimentBackend backend)
{
    switch (backend) {
    case ExperimentBackend::Slurm:
        return QStringLiteral("Slurm");
    case ExperimentBackend::Kubernetes:
        return QStringLiteral("Kubernetes");
    case ExperimentBackend::Local:
        break;
    }
    return tr("Local");
}

QString ExperimentJob::start()
{
    Q_ASSERT(!m_thread);
    CheckedExperiment checked = checkExperimentFile(m_request.experimentFile.toStdString(), m_registry);
    if (!checked.experiment)
        return QString::fromStdString(model::formatAll(checked.diagnostics)).trimmed();
    m_experiment = std::move(checked.experiment);
    m_thread.reset(QThread::create([this] { work(); }));
    m_thread->setObjectName(QStringLiteral("orrery-experiment"));
    m_thread->start();
    return {};
}

void ExperimentJob::cancel()
{
    m_control.cancel(); // remembered for a launcher not started yet
    const std::lock_guard lock(m_launcherMutex);
    if (m_launcher)
        m_launcher->cancel();
}

bool ExperimentJob::isRunning() const
{
    return m_thread && m_thread->isRunning();
}

QString ExperimentJob::experimentName() const
{
    return m_experiment ? QString::fromStdString(m_experiment->spec.name) : QString();
}

QString ExperimentJob::liveTarget() const
{
    if (!m_experiment || !m_experiment->spec.live)
        return {};
    const experiment::LiveTarget& live = *m_experiment->spec.live;
    return QStringLiteral("%1/%2").arg(live.context.empty() ? tr("current context") : QString::fromStdString(live.context),
                                       QString::fromStdString(live.nameSpace));
}

QString ExperimentJob::definitionSha256() const
{
    if (!m_experiment)
        return {};
    return QString::fromStdString(
        store::ExperimentStore::definitionHash(m_experiment->spec.sourceText, m_experiment->scenario.sourceText));
}

// Worker thread from here on: it reads the request, the experiment and the registry, and
// posts everything it reports to the job's thread.
void ExperimentJob::work()
{
    ExperimentLaunchRequest request;
    request.experimentFile = m_request.experimentFile.toStdString();
    request.projectPath = m_request.projectPath.toStdString();
    request.backend = m_request.backend;
    request.jobs = m_request.jobs;
    request.slurm = m_request.slurm;
    request.kubernetes = m_request.kubernetes;
    request.kubeContext = m_request.kubeContext.toStdString();
    request.kubeconfig = m_request.kubeconfig.toStdString();
    request.actuate = m_request.actuate;

    const QString name = QString::fromStdString(m_experiment->spec.name);
    ExperimentLaunchCallbacks callbacks;
    callbacks.log = [this](const std::string& text) {
        QMetaObject::invokeMethod(this, [this, line = QString::fromStdString(text)] { emit logLine(line); }, Qt::QueuedConnection);
    };
    callbacks.localProgress = [this, name](const experiment::ExperimentProgress& progress) {
        const std::size_t ended = progress.alreadyDone + progress.finished;
        const double fraction = progress.totalCells == 0
            ? 1.0
            : (static_cast<double>(progress.alreadyDone) + progress.fraction * static_cast<double>(progress.toRun)) /
                  static_cast<double>(progress.totalCells);
        QString text = tr("Experiment “%1”: %2 of %3 runs, %4 running").arg(name).arg(ended).arg(progress.totalCells).arg(progress.running);
        if (progress.failed > 0)
            text += tr(", %1 failed").arg(progress.failed);
        reportProgress(fraction, text);
        reportCompleted(ended - progress.failed);
    };
    callbacks.remoteProgress = [this, name](const RemoteExperimentProgress& progress) {
        std::size_t running = 0;
        std::size_t waiting = 0;
        std::size_t failed = 0;
        for (const RemoteCellStatus& cell : progress.cells) {
            running += cell.phase == RemoteCellPhase::Running;
            waiting += cell.phase == RemoteCellPhase::Pending || cell.phase == RemoteCellPhase::Queued;
            failed += cell.phase == RemoteCellPhase::Failed;
        }
        const std::size_t complete = progress.alreadyComplete + progress.merged;
        QString text = tr("Experiment “%1” on %2: %3 of %4 cells merged, %5 running, %6 waiting")
                           .arg(name, backendName(m_request.backend))
                           .arg(complete)
                           .arg(progress.totalCells)
                           .arg(running)
                           .arg(waiting);
        if (failed > 0)
            text += tr(", %1 failed").arg(failed);
        reportProgress(progress.totalCells == 0 ? 1.0 : static_cast<double>(complete) / static_cast<double>(progress.totalCells), text);
        reportCells(progress);
        reportCompleted(complete);
    };
    callbacks.liveProgress = [this, name](const live_experiment::LiveExperimentProgress& progress) {
        const double fraction = progress.windows == 0
            ? 1.0
            : (static_cast<double>(progress.window) + progress.windowFraction) / static_cast<double>(progress.windows);
        reportProgress(fraction, tr("Live experiment “%1”: window %2 of %3 (%4), %5")
                                     .arg(name)
                                     .arg(progress.window + 1)
                                     .arg(progress.windows)
                                     .arg(QString::fromStdString(progress.arm), QString::fromStdString(progress.phase)));
        reportCompleted(progress.window);
    };

    ExperimentLauncher launcher(*m_experiment, m_registry, std::move(request), std::move(callbacks));
    {
        const std::lock_guard lock(m_launcherMutex);
        m_launcher = &launcher;
        if (m_control.isCancelled())
            launcher.cancel();
    }
    const ExperimentLaunchOutcome result = launcher.run();
    {
        const std::lock_guard lock(m_launcherMutex);
        m_launcher = nullptr;
    }
    const Outcome outcome = outcomeOf(result);
    reportCompleted(outcome.complete);
    QMetaObject::invokeMethod(this, [this, outcome] {
        m_thread->wait(); // the worker is past its last statement; make isRunning() false
        emit finished(outcome);
    }, Qt::QueuedConnection);
}

ExperimentJob::Outcome ExperimentJob::outcomeOf(const ExperimentLaunchOutcome& result) const
{
    using Launch = ExperimentLaunchOutcome::Status;
    Outcome outcome;
    outcome.total = result.total;
    outcome.complete = result.complete;
    QString restore;
    if (result.live && m_experiment && m_experiment->spec.live && m_experiment->spec.live->placement) {
        restore = result.live->restored ? tr("Every pod the experiment submitted was deleted.")
                                        : tr("Not every pod the experiment submitted could be deleted; the next run deletes them.");
    } else if (result.live) {
        restore = result.live->restored ? tr("The original state was restored (%1 patches, %2 s)")
                                              .arg(result.live->restore.patchesApplied)
                                              .arg(result.live->restoreSeconds, 0, 'f', 2)
                                        : tr("The original state was not fully restored: orrery live restore --project %1")
                                              .arg(m_request.projectPath);
    }
    QStringList lines;
    for (const std::string& line : result.cellFailures)
        lines << QString::fromStdString(line);
    switch (result.status) {
    case Launch::Completed:
        outcome.status = Outcome::Status::Completed;
        for (const std::string& metric : result.missingMetrics) {
            outcome.message += (result.live ? tr("Metric “%1” had no value in any window; its table shows n/a.\n")
                                            : tr("Metric “%1” was recorded by no run; its table shows n/a.\n"))
                                   .arg(QString::fromStdString(metric));
        }
        outcome.message = outcome.message.trimmed();
        break;
    case Launch::Cancelled:
        outcome.status = Outcome::Status::Cancelled;
        if (result.live)
            outcome.message = restore + tr("; run the experiment again to resume");
        else if (result.local)
            outcome.message = tr("%n run(s) in flight kept as cancelled; run the experiment again to resume", nullptr,
                                 static_cast<int>(result.local->cancelled));
        else
            outcome.message = QString::fromStdString(result.message).trimmed();
        break;
    case Launch::Failed:
    case Launch::BadInput:
        outcome.status = Outcome::Status::Failed;
        if (result.live) {
            outcome.message = QString::fromStdString(result.message) + QStringLiteral("; ") + restore;
        } else if (!lines.isEmpty()) {
            if (!result.local && !result.statusFile.empty())
                lines << tr("States in %1; run the experiment again to resubmit them.").arg(QString::fromStdString(result.statusFile));
            outcome.message = lines.join(QLatin1Char('\n'));
        } else {
            outcome.message = QString::fromStdString(result.message).trimmed();
        }
        break;
    }
    return outcome;
}

void ExperimentJob::reportProgress(double fraction, QString text)
{
    {
        const std::lock_guard lock(m_reportMutex);
        m_fraction = fraction;
        m_progressText = std::move(text);
        if (std::exchange(m_progressQueued, true))
            return;
    }
    QMetaObject::invokeMethod(this, [this] {
        double latestFraction = 0;
        QString latestText;
        {
            const std::lock_guard lock(m_reportMutex);
            m_progressQueued = false;
            latestFraction = m_fraction;
            latestText = m_progressText;
        }
        emit progressed(latestFraction, latestText);
    }, Qt::QueuedConnection);
}

void ExperimentJob::reportCells(RemoteExperimentProgress progress)
{
    {
        const std::lock_guard lock(m_reportMutex);
        m_cells = std::move(progress);
        if (std::exchange(m_cellsQueued, true))
            return;
    }
    QMetaObject::invokeMethod(this, [this] {
        RemoteExperimentProgress latest;
        {
            const std::lock_guard lock(m_reportMutex);
            m_cellsQueued = false;
            latest = *m_cells;
        }
        emit cellsChanged(latest);
    }, Qt::QueuedConnection);
}

void ExperimentJob::reportCompleted(std::size_t complete)
{
    if (complete <= m_completeReported)
        return;
    m_completeReported = complete;
    QMetaObject::invokeMethod(this, [this] { emit resultsChanged(); }, Qt::QueuedConnection);
}

} // namespace orrery::app
