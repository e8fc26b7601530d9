#include "gui/training_job.h"

#include "ops/control_training_run.h"
#include "env/simulated_environment_options.h"
#include "env/workload_kind_runtimes.h"
#include "store/project.h"
#include "store/store_error.h"

#include <QThread>

#include <algorithm>
#include <exception>
#include <optional>

namespace orrery::app {

TrainingJob::TrainingJob(Request request, const policy::PluginRegistry& registry, QObject* parent)
    : QObject(parent)
    , m_request(std::move(request))
    , m_registry(registry)
{
}

TrainingJob::~TrainingJob()
{
    if (m_thread) {
        m_control.cancel(); // the training stops after the episode in progress
        m_thread->wait();
    }
}

void TrainingJob::start()
{
    Q_ASSERT(!m_thread);
    m_thread.reset(QThread::create([this] { work(); }));
    m_thread->setObjectName(QStringLiteral("orrery-train"));
    m_thread->start();
}

void TrainingJob::cancel()
{
    m_control.cancel();
}

bool TrainingJob::isRunning() const
{
    return m_thread && m_thread->isRunning();
}

QString TrainingJob::modeName(policy::ControlTrainingMode mode)
{
    switch (mode) {
    case policy::ControlTrainingMode::OneForEach:
        return QStringLiteral("one-for-each");
    case policy::ControlTrainingMode::Transfer:
        return QStringLiteral("transfer");
    case policy::ControlTrainingMode::OneForAll:
        break;
    }
    return QStringLiteral("one-for-all");
}

// Worker thread from here on: it touches the request, the registry's const members and the
// control, opens its own project connection, and posts everything else to the job's thread.
void TrainingJob::work()
{
    bool cancelled = false;
    qint64 modelId = 0;
    int checkpoints = 0;
    QString error;
    try {
        const std::string plugin = m_request.plugin.toStdString();
        const model::PolicyChoice choice = controlTrainingChoice(m_request.scenario, plugin);
        if (const auto problems = m_registry.validate(choice, ORRERY_KIND_CONTROL); !problems.empty())
            throw std::runtime_error(model::formatAll(problems));
        std::optional<store::Project> project;
        const auto openProject = [&]() -> store::Project& {
            if (!project)
                project.emplace(store::Project::open(m_request.projectPath.toStdString()));
            return *project;
        };
        policy::ControlTrainingConfig config = m_request.config;
        std::vector<std::uint8_t> baseModel;
        config.baseModel = nullptr;
        if (config.mode == policy::ControlTrainingMode::Transfer) {
            auto base = openProject().latestModel(plugin);
            if (!base)
                throw std::runtime_error("transfer starts from the latest " + plugin +
                                         " model in the project, and there is none; train one-for-all first");
            baseModel = std::move(base->bytes);
            config.baseModel = &baseModel;
        }
        env::SimulatedEnvironmentOptions options;
        options.stepsPerEpisode = static_cast<int>(config.stepsPerEpisode);
        const std::unique_ptr<policy::Environment> environmentOwner = env::makeControlEnvironment(m_request.scenario, options);
        policy::Environment& environment = *environmentOwner;

        ControlTrainingHooks hooks;
        hooks.onEpisode = [this](const policy::ControlEpisodeReport& report) {
            QMetaObject::invokeMethod(
                this,
                [this, report] {
                    emit episodeFinished(report.episode, report.steps, report.reward, report.meanReward);
                    if (!report.agentRewards.empty()) {
                        QStringList agents;
                        QList<double> rewards;
                        for (const auto& [name, reward] : report.agentRewards) {
                            agents.append(QString::fromStdString(name));
                            rewards.append(reward);
                        }
                        emit agentRewardsFinished(report.episode, agents, rewards, report.agentsAdded, report.agentsRemoved);
                    }
                },
                Qt::QueuedConnection);
            return !m_control.isCancelled();
        };
        hooks.onCheckpointStored = [this](std::uint32_t episode, store::ModelId id) {
            QMetaObject::invokeMethod(
                this, [this, episode, id] { emit checkpointStored(episode, id); }, Qt::QueuedConnection);
        };
        hooks.onEvaluation = [this](const ControlEvaluationPoint& point) {
            const QString policy = QString::fromStdString(point.policy);
            const env::ControlEvaluation& e = point.evaluation;
            QMetaObject::invokeMethod(
                this,
                [this, episode = point.episode, policy, perStep = e.meanRewardPerStep, mean = e.meanReturn,
                 spread = e.stdReturn] { emit evaluationFinished(episode, policy, perStep, mean, spread); },
                Qt::QueuedConnection);
        };
        hooks.onUpdateStats = [this](std::uint32_t episode, const std::vector<std::pair<std::string, double>>& stats) {
            QStringList names;
            QList<double> values;
            for (const auto& [name, value] : stats) {
                names.append(QString::fromStdString(name));
                values.append(value);
            }
            QMetaObject::invokeMethod(
                this, [this, episode, names, values] { emit updateStatsReported(episode, names, values); },
                Qt::QueuedConnection);
        };
        ControlEvaluationSchedule evaluation;
        evaluation.every = m_request.evaluationEvery.value_or(defaultEvaluationEvery(config.episodes));
        evaluation.spec.episodes = std::max<quint32>(1, m_request.evaluationEpisodes);
        evaluation.spec.stepsPerEpisode = config.stepsPerEpisode;
        const model::Scenario& scenario = m_request.scenario;
        evaluation.makeEnvironment = [&scenario, options] { return env::makeControlEnvironment(scenario, options); };
        const ControlTrainingOutcome outcome =
            trainControlIntoProject(m_registry, choice, m_request.scenario, environment, config,
                                    modeName(config.mode).toStdString(), openProject, hooks, evaluation);
        if (outcome.selection) {
            const qint64 selected = outcome.selection->storedAs.value_or(outcome.modelId.value_or(0));
            const QString why = QString::fromStdString(outcome.selection->why);
            QMetaObject::invokeMethod(
                this, [this, selected, why] { emit modelSelected(selected, why); }, Qt::QueuedConnection);
        }
        cancelled = outcome.cancelled;
        modelId = outcome.modelId.value_or(0);
        checkpoints = outcome.checkpoints;
    } catch (const std::exception& failure) {
        error = QString::fromStdString(failure.what());
        if (error.isEmpty())
            error = QStringLiteral("training failed");
    }
    QMetaObject::invokeMethod(
        this, [this, cancelled, modelId, checkpoints, error] { emit finished(cancelled, modelId, checkpoints, error); },
        Qt::QueuedConnection);
}

} // namespace orrery::app
