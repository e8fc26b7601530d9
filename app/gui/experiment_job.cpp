#include "gui/experiment_job.h"

#include "cli/experiment_training.h"
#include "cli/scenario_check.h"
#include "experiment/experiment_cells.h"
#include "experiment/experiment_runner.h"
#include "experiment/trained_models.h"
#include "live/context_resolver.h"
#include "live/kube_client.h"
#include "live/kube_config_loader.h"
#include "live/prometheus_client.h"
#include "live_experiment/live_experiment_runner.h"
#include "store/experiment_store.h"

#include <QCoreApplication>
#include <QThread>

#include <algorithm>
#include <exception>
#include <functional>
#include <ostream>
#include <streambuf>
#include <string>
#include <thread>

namespace orrery::app {
namespace {

//! A stream buffer that hands each complete line to a function: the backends write their log to
//! a std::ostream, the window's log takes lines.
class LineForwarder : public std::streambuf {
public:
    explicit LineForwarder(std::function<void(const std::string&)> sink)
        : m_sink(std::move(sink))
    {
    }
    ~LineForwarder() override
    {
        if (!m_line.empty())
            m_sink(m_line);
    }

protected:
    int_type overflow(int_type c) override
    {
        if (traits_type::eq_int_type(c, traits_type::eof()))
            return traits_type::not_eof(c);
        if (traits_type::to_char_type(c) == '\n') {
            m_sink(m_line);
            m_line.clear();
        } else {
            m_line.push_back(traits_type::to_char_type(c));
        }
        return c;
    }

private:
    std::function<void(const std::string&)> m_sink;
    std::string m_line;
};

//! "cell ID (WHERE): STATE: MESSAGE", as the CLI prints a cell that did not complete.
QString cellFailureLine(const std::string& cell, const QString& where, const std::string& state, const std::string& message)
{
    QString line = QCoreApplication::translate("orrery::app::ExperimentJob", "cell %1").arg(QString::fromStdString(cell));
    if (!where.isEmpty())
        line += QStringLiteral(" (%1)").arg(where);
    line += QStringLiteral(": ") + QString::fromStdString(state);
    if (!message.empty())
        line += QStringLiteral(": ") + QString::fromStdString(message);
    return line;
}

} // namespace

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
    m_control.cancel(); // the remote backends and an arm's training watch it
    const std::lock_guard lock(m_runnerMutex);
    if (m_runner)
        m_runner->cancel();
    if (m_liveRunner)
        m_liveRunner->cancel();
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
    Outcome outcome;
    outcome.total = experiment::experimentCells(m_experiment->spec).size();
    try {
        if (m_experiment->spec.live)
            runLive(outcome);
        else if (m_request.backend == ExperimentBackend::Local || runRemotely(outcome))
            runLocally(outcome); // after a remote run every cell is merged: the runner only compares
    } catch (const std::exception& failure) {
        // Cancel during an arm's training ends it with an exception; it is still a cancel.
        outcome.status = m_control.isCancelled() ? Outcome::Status::Cancelled : Outcome::Status::Failed;
        outcome.message = QString::fromStdString(failure.what()).trimmed();
    }
    QMetaObject::invokeMethod(this, [this, outcome] {
        m_thread->wait(); // the worker is past its last statement; make isRunning() false
        emit finished(outcome);
    }, Qt::QueuedConnection);
}

void ExperimentJob::runLocally(Outcome& outcome)
{
    const experiment::Experiment& experiment = *m_experiment;
    const std::string projectPath = m_request.projectPath.toStdString();
    experiment::ExperimentRunOptions options;
    options.jobs = m_request.jobs;
    options.models = experiment::latestTrainedModels(experiment, m_registry, projectPath);
    if (m_request.backend == ExperimentBackend::Local) {
        // Arms that train their own control policy do so first (or reuse the project's model), as in the CLI.
        const unsigned threads = m_request.jobs > 0 ? m_request.jobs : std::max(1u, std::thread::hardware_concurrency());
        options.armModels = prepareArmModels(
            m_registry, experiment, projectPath, threads,
            [this](const std::string& text) {
                QMetaObject::invokeMethod(this, [this, line = QString::fromStdString(text)] { emit logLine(line); },
                                          Qt::QueuedConnection);
            },
            m_control);
    }
    experiment::ExperimentRunner runner(experiment, m_registry, projectPath, std::move(options));
    runner.setProgressCallback([this, name = QString::fromStdString(experiment.spec.name)](const experiment::ExperimentProgress& progress) {
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
    });
    {
        const std::lock_guard lock(m_runnerMutex);
        m_runner = &runner;
        if (m_control.isCancelled())
            runner.cancel();
    }
    experiment::ExperimentOutcome result;
    try {
        result = runner.run();
    } catch (...) {
        const std::lock_guard lock(m_runnerMutex);
        m_runner = nullptr;
        throw;
    }
    {
        const std::lock_guard lock(m_runnerMutex);
        m_runner = nullptr;
    }
    outcome.total = result.totalCells;
    outcome.complete = result.alreadyDone + result.completed;
    using Status = experiment::ExperimentOutcome::Status;
    if (!result.storeError.empty()) {
        outcome.status = Outcome::Status::Failed;
        outcome.message = QString::fromStdString(result.storeError);
    } else if (result.status == Status::Cancelled) {
        outcome.status = Outcome::Status::Cancelled;
        outcome.message = tr("%n run(s) in flight kept as cancelled; run the experiment again to resume", nullptr,
                             static_cast<int>(result.cancelled));
    } else if (result.status == Status::Failed) {
        outcome.status = Outcome::Status::Failed;
        QStringList lines;
        for (const experiment::CellFailure& failure : result.failures)
            lines << cellFailureLine(experiment::cellId(failure.cell), failure.runId ? tr("run %1").arg(*failure.runId) : QString(),
                                     "failed", failure.message);
        outcome.message = lines.join(QLatin1Char('\n'));
    } else {
        outcome.status = Outcome::Status::Completed;
        for (const std::string& metric : result.missingMetrics)
            outcome.message += tr("Metric “%1” was recorded by no run; its table shows n/a.\n").arg(QString::fromStdString(metric));
        outcome.message = outcome.message.trimmed();
    }
    reportCompleted(outcome.complete);
}

void ExperimentJob::runLive(Outcome& outcome)
{
    const experiment::Experiment& experiment = *m_experiment;
    const experiment::LiveTarget& target = *experiment.spec.live;
    const std::string projectPath = m_request.projectPath.toStdString();
    live_experiment::LiveExperimentOptions options;
    options.actuate = m_request.actuate;
    options.models = experiment::latestTrainedModels(experiment, m_registry, projectPath);
    live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(target.kubeconfig));
    live::KubeClient kube(resolver.resolve(target.context));
    live::PrometheusClient prometheus(target.prometheus);
    live_experiment::LiveExperimentRunner runner(experiment, m_registry, projectPath, kube, prometheus, std::move(options));
    runner.setProgressCallback([this, name = QString::fromStdString(experiment.spec.name)](const live_experiment::LiveExperimentProgress& progress) {
        const double fraction = progress.windows == 0
            ? 1.0
            : (static_cast<double>(progress.window) + progress.windowFraction) / static_cast<double>(progress.windows);
        reportProgress(fraction, tr("Live experiment “%1”: window %2 of %3 (%4), %5")
                                     .arg(name)
                                     .arg(progress.window + 1)
                                     .arg(progress.windows)
                                     .arg(QString::fromStdString(progress.arm), QString::fromStdString(progress.phase)));
        reportCompleted(progress.window);
    });
    runner.setLogCallback([this](const std::string& text) {
        QMetaObject::invokeMethod(this, [this, line = QString::fromStdString(text)] { emit logLine(line); }, Qt::QueuedConnection);
    });
    {
        const std::lock_guard lock(m_runnerMutex);
        m_liveRunner = &runner;
        if (m_control.isCancelled())
            runner.cancel();
    }
    live_experiment::LiveExperimentOutcome result;
    try {
        result = runner.run();
    } catch (...) {
        const std::lock_guard lock(m_runnerMutex);
        m_liveRunner = nullptr;
        throw;
    }
    {
        const std::lock_guard lock(m_runnerMutex);
        m_liveRunner = nullptr;
    }
    outcome.total = result.totalWindows;
    outcome.complete = result.alreadyDone + result.completed;
    using Status = live_experiment::LiveExperimentOutcome::Status;
    const QString restore = result.restored ? tr("The original state was restored (%1 patches, %2 s)")
                                                  .arg(result.restore.patchesApplied)
                                                  .arg(result.restoreSeconds, 0, 'f', 2)
                                            : tr("The original state was not fully restored: orrery live restore --project %1")
                                                  .arg(m_request.projectPath);
    switch (result.status) {
    case Status::Completed:
        outcome.status = Outcome::Status::Completed;
        for (const std::string& metric : result.missingMetrics)
            outcome.message += tr("Metric “%1” had no value in any window; its table shows n/a.\n").arg(QString::fromStdString(metric));
        outcome.message = outcome.message.trimmed();
        break;
    case Status::Cancelled:
        outcome.status = Outcome::Status::Cancelled;
        outcome.message = restore + tr("; run the experiment again to resume");
        break;
    case Status::GuardTripped:
    case Status::Failed:
        outcome.status = Outcome::Status::Failed;
        outcome.message = QString::fromStdString(result.message) + QStringLiteral("; ") + restore;
        break;
    }
    reportCompleted(outcome.complete);
}

bool ExperimentJob::runRemotely(Outcome& outcome)
{
    const experiment::Experiment& experiment = *m_experiment;
    const std::string projectPath = m_request.projectPath.toStdString();
    LineForwarder forwarder([this](const std::string& text) {
        QMetaObject::invokeMethod(this, [this, line = QString::fromStdString(text)] { emit logLine(line); }, Qt::QueuedConnection);
    });
    std::ostream log(&forwarder);
    const QString name = QString::fromStdString(experiment.spec.name);
    const auto onProgress = [this, name](const RemoteExperimentProgress& progress) {
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

    QStringList failures;
    std::size_t complete = 0;
    bool cancelled = false;
    QString where;
    if (m_request.backend == ExperimentBackend::Slurm) {
        SlurmOptions options = m_request.slurm;
        // Trainable plugins' cells load the project's latest models, as a local run would.
        if (!experiment::latestTrainedModels(experiment, m_registry, projectPath).empty())
            options.modelsFrom = projectPath;
        SlurmBackend backend(experiment, m_request.experimentFile.toStdString(), projectPath, std::move(options), log);
        backend.setProgressCallback(onProgress);
        const SlurmOutcome result = backend.run(m_control);
        outcome.total = result.totalCells;
        complete = result.alreadyComplete + result.merged;
        cancelled = result.cancelled;
        where = tr("slurm job %1 cancelled (scancel)").arg(QString::fromStdString(result.jobId));
        for (const SlurmCellFailure& failure : result.failures)
            failures << cellFailureLine(failure.cell, failure.jobTask.empty() ? QString() : tr("slurm task %1").arg(QString::fromStdString(failure.jobTask)), failure.state,
                                        failure.message);
        if (!failures.isEmpty())
            failures << tr("States in %1; run the experiment again to resubmit them.").arg(QString::fromStdString(result.statusFile));
    } else {
        if (!experiment::latestTrainedModels(experiment, m_registry, projectPath).empty()) {
            outcome.status = Outcome::Status::Failed;
            outcome.message = tr("The experiment uses trained models from the project; the Kubernetes backend does not ship "
                                 "models to the pods yet: run it locally or on Slurm.");
            return false;
        }
        live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(m_request.kubeconfig.toStdString()));
        live::ResolvedContext context = resolver.resolve(m_request.kubeContext.toStdString());
        for (const auto& warning : context.warnings)
            log << "warning: " << warning << '\n';
        live::KubeClient client(std::move(context));
        KubernetesBackend backend(experiment, projectPath, m_request.kubernetes, log);
        backend.setProgressCallback(onProgress);
        const KubernetesOutcome result = backend.run(client, m_control);
        outcome.total = result.totalCells;
        complete = result.alreadyComplete + result.merged;
        cancelled = result.cancelled;
        where = tr("kubernetes job %1 deleted").arg(QString::fromStdString(result.job));
        for (const KubernetesCellFailure& failure : result.failures)
            failures << cellFailureLine(failure.cell, failure.pod.empty() ? QString() : tr("pod %1").arg(QString::fromStdString(failure.pod)), failure.state, failure.message);
        if (!failures.isEmpty())
            failures << tr("States in %1; run the experiment again to resubmit them.").arg(QString::fromStdString(result.statusFile));
    }
    outcome.complete = complete;
    if (cancelled) {
        outcome.status = Outcome::Status::Cancelled;
        outcome.message = where;
        return false;
    }
    if (!failures.isEmpty()) {
        outcome.status = Outcome::Status::Failed;
        outcome.message = failures.join(QLatin1Char('\n'));
        return false;
    }
    return true;
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
