// Training the SIMPPO family in a Functions environment: the result does not depend on how many
// threads update the agents, and a run stopped and resumed from its model (--resume) ends where
// the unbroken run does, churn schedule included — in the seed's form (an update per episode) and
// in the learning core's (rollouts across episodes, unfinished rollouts saved with the model).
#include "kinds/built_in_kinds.h"
#include "kinds/functions/functions_environment.h"
#include "kinds/functions/functions_spec.h"
#include "learn/deterministic_torch.h"
#include "scenario/scenario_loader.h"
#include "agent_team.h"
#include "simppo_trainer.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <variant>

using namespace orrery;
using namespace orrery::plugins::simppo;

namespace {

// Three functions on two invokers; one more arrives before episode 3.
const char* const kScenario = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: simppo-training-test}
spec:
  seed: 5
  horizon: 60s
  cluster:
    pools:
      - {name: invokers, count: 2, cpu: 4, memory: 8Gi}
  workloads:
    - name: faas
      kind: Functions
      platform: {invokers: invokers, controlPeriod: 5s}
      defaults: {arrivals: {pattern: fluctuating, rate: 20/s, every: 10s}, containers: 1}
      functions:
        - {name: primes, profile: primes}
        - {name: b64, profile: base64}
        - {name: resize, profile: image-resize}
      churn: {every: 2, changes: [1]}
)";

struct Setup {
    std::unique_ptr<model::Scenario> scenario;
    const kinds::functions::FunctionsSpec* spec = nullptr;
};

Setup load()
{
    kinds::registerBuiltInKinds();
    auto result = scenario::parseScenario(kScenario, "simppo-training-test.yaml");
    if (!result.ok())
        qFatal("%s", result.diagnostics.front().format().c_str());
    Setup setup;
    setup.scenario = std::make_unique<model::Scenario>(std::move(*result.scenario));
    for (const auto& workload : setup.scenario->workloads) {
        if (const auto* kind = std::get_if<model::KindWorkload>(&workload))
            setup.spec = dynamic_cast<const kinds::functions::FunctionsSpec*>(kind->spec.get());
    }
    return setup;
}

//! The family's parameters; `rolloutSteps` > 0 chooses the learning core's form, `environments`
//! > 1 parallel rollouts.
policy::PolicyContext familyContext(int rolloutSteps = 0, int environments = 1)
{
    policy::PolicyContext context;
    context.params.set("alpha", "0.3");
    context.params.set("minibatch", "0");
    context.params.set("parameterSharing", "true");
    context.params.set("untrained", "hold");
    context.params.set("learner", rolloutSteps > 0 ? "rollouts" : "seed");
    context.params.set("rolloutSteps", std::to_string(rolloutSteps > 0 ? rolloutSteps : 2048));
    context.params.set("environments", std::to_string(environments));
    return context;
}

//! Trains `episodes` episodes in a fresh environment; from `base` when given (resumed or not).
std::vector<std::uint8_t> train(const Setup& setup, std::uint32_t episodes, unsigned threads,
                                const std::vector<std::uint8_t>* base = nullptr, bool resume = false,
                                std::vector<policy::ControlEpisodeReport>* reports = nullptr, int rolloutSteps = 0,
                                int environments = 1)
{
    env::SimulatedEnvironmentOptions options;
    options.stepsPerEpisode = 6;
    kinds::functions::FunctionsEnvironment environment(*setup.scenario, *setup.spec, options);
    policy::ControlTrainingConfig config;
    config.episodes = episodes;
    config.stepsPerEpisode = 6;
    config.seed = setup.scenario->seed;
    config.threads = threads;
    config.baseModel = base;
    config.resume = resume;
    policy::ControlTrainingProgress progress;
    if (reports) {
        progress.onEpisode = [reports](const policy::ControlEpisodeReport& report) {
            reports->push_back(report);
            return true;
        };
    }
    return trainTeam(Mode::Simppo, environment, config, familyContext(rolloutSteps, environments), progress).model;
}

//! What a trained team holds (the model bytes themselves differ between saves: LibTorch's
//! archives name their modules with a process-wide counter).
std::vector<std::uint8_t> fingerprintOf(const std::vector<std::uint8_t>& model)
{
    TeamConfig config;
    config.mode = Mode::Simppo;
    AgentTeam team(config);
    team.load(model);
    return team.fingerprint();
}

} // namespace

class TestSimppoTraining : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { learn::makeTorchDeterministic(0); }

    void threadCountDoesNotChangeTheModel()
    {
        const Setup setup = load();
        QVERIFY(setup.spec);
        const auto oneThread = fingerprintOf(train(setup, 3, 1));
        QVERIFY(oneThread.size() > 10'000);
        QVERIFY(fingerprintOf(train(setup, 3, 2)) == oneThread);
        QVERIFY(fingerprintOf(train(setup, 3, 3)) == oneThread);
        QVERIFY(fingerprintOf(train(setup, 2, 1)) != oneThread); // the comparison can tell models apart
    }

    void resumedRunEqualsUnbrokenRun()
    {
        const Setup setup = load();
        const auto unbroken = fingerprintOf(train(setup, 4, 1));
        const auto firstHalf = train(setup, 2, 1);
        std::vector<policy::ControlEpisodeReport> reports;
        QVERIFY(fingerprintOf(train(setup, 2, 1, &firstHalf, true, &reports)) == unbroken);
        // The resumed part starts at episode 3, where the fourth function arrives: it is churn.
        QCOMPARE(reports.size(), std::size_t{2});
        QCOMPARE(reports.front().episode, 3u);
        QCOMPARE(reports.front().agentsAdded, 1);
        // Without resuming, the environment starts its churn schedule over (no fourth function
        // at episode 3), so the model differs: what resume exists for.
        QVERIFY(fingerprintOf(train(setup, 2, 1, &firstHalf, false)) != unbroken);
    }

    //! Rollouts of 12 transitions with 6-step episodes: every agent updates every second episode
    //! (the fourth function, arriving at episode 3, first at episode 4); in between, its
    //! transitions wait in the model with the episode's time limit closed (done, bootstrapped).
    void rolloutsSpanEpisodes()
    {
        const Setup setup = load();
        std::vector<policy::ControlEpisodeReport> reports;
        const auto model = train(setup, 4, 1, nullptr, false, &reports, 12);
        QCOMPARE(reports.size(), std::size_t{4});
        const std::vector<std::uint64_t> updates{reports[0].updates, reports[1].updates, reports[2].updates, reports[3].updates};
        QCOMPARE(updates, (std::vector<std::uint64_t>{0, 3, 3, 7}));

        const auto firstEpisode = train(setup, 1, 1, nullptr, false, nullptr, 12);
        TeamConfig config;
        config.mode = Mode::Simppo;
        AgentTeam team(config);
        team.load(firstEpisode);
        QCOMPARE(team.config().rolloutSteps, std::size_t{12}); // the model's form, not the caller's
        for (const char* name : {"primes", "b64", "resize"}) {
            const auto* pending = team.pendingTransitions(name);
            QVERIFY2(pending && pending->size() == 6, name);
            for (std::size_t i = 0; i < pending->size(); ++i)
                QCOMPARE((*pending)[i].done, i + 1 == pending->size());
        }
        // The seed's form keeps nothing between episodes.
        AgentTeam seedTeam(config);
        seedTeam.load(train(setup, 1, 1));
        QCOMPARE(seedTeam.config().rolloutSteps, std::size_t{0});
        QVERIFY(seedTeam.pendingTransitions("primes")->empty());
    }

    void rolloutsResumeAndThreadExactly()
    {
        const Setup setup = load();
        const auto unbroken = fingerprintOf(train(setup, 4, 1, nullptr, false, nullptr, 12));
        QVERIFY(fingerprintOf(train(setup, 4, 2, nullptr, false, nullptr, 12)) == unbroken);
        const auto firstEpisode = train(setup, 1, 1, nullptr, false, nullptr, 12); // mid-rollout
        QVERIFY(fingerprintOf(train(setup, 3, 1, &firstEpisode, true, nullptr, 12)) == unbroken);
        QVERIFY(fingerprintOf(train(setup, 4, 1)) != unbroken); // the seed's form learns otherwise
    }

    //! Two environments side by side, one episode each per round: the same team for any thread
    //! count, the churn where the episode number puts it (the fourth function from episode 3,
    //! which the second round's first environment runs), and updates once per round.
    void parallelRolloutsAreThreadExactAndFollowTheChurn()
    {
        const Setup setup = load();
        std::vector<policy::ControlEpisodeReport> reports;
        const auto oneThread = fingerprintOf(train(setup, 4, 1, nullptr, false, &reports, 12, 2));
        QVERIFY(fingerprintOf(train(setup, 4, 2, nullptr, false, nullptr, 12, 2)) == oneThread);
        QVERIFY(fingerprintOf(train(setup, 4, 1, nullptr, false, nullptr, 12, 1)) != oneThread); // another schedule of updates
        QCOMPARE(reports.size(), std::size_t{4});
        std::vector<std::uint32_t> episodes;
        std::vector<std::uint64_t> updates;
        std::vector<int> added;
        for (const auto& report : reports) {
            episodes.push_back(report.episode);
            updates.push_back(report.updates);
            added.push_back(report.agentsAdded);
            QCOMPARE(report.steps, 6u);
        }
        QCOMPARE(episodes, (std::vector<std::uint32_t>{1, 2, 3, 4}));
        // Round 1: three agents with 6 + 6 transitions each update; round 2: all four.
        QCOMPARE(updates, (std::vector<std::uint64_t>{3, 3, 7, 7}));
        QCOMPARE(added, (std::vector<int>{0, 0, 1, 0}));
        // Episode 3's rewards name the fourth function; episode 2's do not.
        const auto names = [](const policy::ControlEpisodeReport& report) {
            std::vector<std::string> out;
            for (const auto& [name, reward] : report.agentRewards) {
                if (reward != 0.0)
                    out.push_back(name);
            }
            return out;
        };
        QCOMPARE(names(reports[1]).size(), std::size_t{3});
        QCOMPARE(names(reports[2]).size(), std::size_t{4});

        TeamConfig config;
        config.mode = Mode::Simppo;
        AgentTeam team(config);
        team.load(train(setup, 4, 1, nullptr, false, nullptr, 12, 2));
        QCOMPARE(team.episodesTrained(), 4u);
    }

    void parallelRolloutsNeedTheRolloutForm()
    {
        const Setup setup = load();
        try {
            (void)train(setup, 2, 1, nullptr, false, nullptr, 0, 2);
            QFAIL("the seed's form trained with two environments");
        } catch (const std::invalid_argument& error) {
            QVERIFY2(std::string(error.what()).find("needs learner rollouts") != std::string::npos, error.what());
        }
    }

    void checkpointsCarryTheAgentsPpoStatistics()
    {
        const Setup setup = load();
        env::SimulatedEnvironmentOptions options;
        options.stepsPerEpisode = 6;
        kinds::functions::FunctionsEnvironment environment(*setup.scenario, *setup.spec, options);
        policy::ControlTrainingConfig config;
        config.episodes = 2;
        config.stepsPerEpisode = 6;
        config.seed = setup.scenario->seed;
        config.checkpointEvery = 1;
        std::vector<std::vector<std::pair<std::string, double>>> checkpoints;
        policy::ControlTrainingProgress progress;
        progress.onCheckpoint = [&](std::uint32_t, const std::vector<std::uint8_t>&,
                                    const std::vector<std::pair<std::string, double>>& metrics) {
            checkpoints.push_back(metrics);
        };
        (void)trainTeam(Mode::Simppo, environment, config, familyContext(), progress);
        QCOMPARE(checkpoints.size(), std::size_t{2});
        for (const auto& metrics : checkpoints) {
            std::map<std::string, double> named(metrics.begin(), metrics.end());
            // One PPO update per agent per episode (three functions at the start).
            QCOMPARE(named.at("update.count"), 3.0);
            for (const char* name : {"update.policy_loss", "update.value_loss", "update.entropy", "update.approx_kl",
                                     "update.clip_fraction", "update.explained_variance", "update.kl_stops"})
                QVERIFY2(named.count(name) == 1 && std::isfinite(named.at(name)), name);
            QVERIFY(named.at("update.clip_fraction") >= 0 && named.at("update.clip_fraction") <= 1);
            QVERIFY(named.at("update.entropy") > 0); // a Gaussian policy that has not collapsed
        }
    }
};

QTEST_APPLESS_MAIN(TestSimppoTraining)
#include "tst_simppo_training.moc"
