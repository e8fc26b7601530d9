#include "aware_model.h"
#include "aware_policy.h"
#include "kinds/built_in_kinds.h"
#include "kinds/microservices/simulated_environment.h"
#include "env/simulation.h"
#include "env/target_label_log.h"
#include "sim/in_memory_run_recorder.h"
#include "env/transition_features.h"
#include "learn/deterministic_torch.h"
#include "learn/meta_learner.h"
#include "learn/running_normalizer.h"
#include "orrery_plugin_aware.h"
#include "orrery_plugin_first_fit.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>

using namespace orrery;

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;

constexpr std::uint32_t kSteps = 12;

//! The lifecycle moves on after every episode: OFFLINE (1) → ONLINE (2) → SERVING (3).
const Params kFastLifecycle{{"bootstrap", "on"},  {"thresholdOnline", "0"}, {"thresholdServing", "0"},
                            {"maxStdDev", "1e9"}, {"retraining", "1e9"},    {"window", "1"},
                            {"batchSize", "16"},  {"replayCapacity", "4096"}};

model::Scenario steady()
{
    kinds::registerBuiltInKinds();
    auto loaded = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-steady.yaml");
    if (!loaded.scenario)
        qFatal("%s", model::formatAll(loaded.diagnostics).c_str());
    return *loaded.scenario;
}

model::PolicyChoice choiceOf(const Params& params)
{
    model::PolicyChoice choice;
    choice.plugin = "aware";
    choice.fieldPath = "train";
    for (const auto& [name, value] : params)
        choice.params.push_back({name, value, {}});
    return choice;
}

struct Run {
    policy::TrainingResult result;
    std::vector<policy::ControlEpisodeReport> episodes;
    std::map<std::string, double> metrics;
};

Run train(const Params& params, std::uint32_t episodes, std::uint64_t seed,
          const std::vector<std::uint8_t>* baseModel = nullptr, unsigned threads = 1)
{
    policy::PluginRegistry registry;
    registry.registerStatic(orrery_aware_descriptor());
    env::SimulatedEnvironmentOptions options;
    options.stepsPerEpisode = static_cast<int>(kSteps);
    kinds::microservices::SimulatedEnvironment environment(steady(), options);
    policy::ControlTrainingConfig config;
    config.episodes = episodes;
    config.stepsPerEpisode = kSteps;
    config.seed = seed;
    config.threads = threads;
    if (baseModel != nullptr) {
        config.mode = policy::ControlTrainingMode::Transfer;
        config.baseModel = baseModel;
    }
    Run run;
    policy::ControlTrainingProgress progress;
    progress.onEpisode = [&run](const policy::ControlEpisodeReport& report) {
        run.episodes.push_back(report);
        return true;
    };
    policy::PolicyContext context;
    run.result = registry.trainControl(choiceOf(params), environment, config, progress, context);
    for (const auto& [name, value] : run.result.metrics)
        run.metrics[name] = value;
    return run;
}

//! The first observation of the steady scenario, for decisions.
policy::Observation firstObservation()
{
    env::SimulatedEnvironmentOptions options;
    options.stepsPerEpisode = 3;
    kinds::microservices::SimulatedEnvironment environment(steady(), options);
    (void)environment.reset(99);
    return environment.step({}).observation;
}

//! What a trained model decides for `observation` once loaded: the policy resumes SERVING (the
//! stage its training ended in) and labels its targets so; qFatal otherwise.
std::vector<policy::ControlAction> servingDecisions(const Params& params, const std::vector<std::uint8_t>& model,
                                                    const policy::Observation& observation)
{
    policy::PluginRegistry registry;
    registry.registerStatic(orrery_aware_descriptor());
    policy::PolicyContext context;
    context.model = &model;
    auto policy = registry.createControl(choiceOf(params), context);
    auto& aware = dynamic_cast<plugins::aware::AwarePolicy&>(*policy);
    if (aware.lifecycle().stage() != orrery::aware::LifecycleStage::Serving)
        qFatal("the loaded policy is not serving");
    auto actions = policy->decide(observation);
    if (policy->targetLabels().empty() || policy->targetLabels().front().label != "serving")
        qFatal("the loaded policy does not label its targets serving");
    return actions;
}

} // namespace

//! Training the aware plugin in the Social Network environment: the lifecycle's stages, offline
//! updates, determinism, the model's round trip, and the meta learner's embedding.
class TestAwareTraining : public QObject {
    Q_OBJECT

private slots:
    void trainsThroughTheLifecycleDeterministically_data()
    {
        QTest::addColumn<QString>("learner");
        QTest::newRow("seed-ddpg") << "seed-ddpg";
        QTest::newRow("td3") << "td3"; // the learning core (issue 32), with a random warm-up
        QTest::newRow("sac") << "sac";
        QTest::newRow("td3, normalised state") << "td3 normalizeState";
    }

    void trainsThroughTheLifecycleDeterministically()
    {
        QFETCH(QString, learner);
        Params params = kFastLifecycle;
        const bool normalized = learner.endsWith(" normalizeState");
        learner = learner.section(' ', 0, 0);
        params.emplace_back("learner", learner.toStdString());
        if (learner == "td3")
            params.emplace_back("warmupSteps", "4");
        if (normalized)
            params.emplace_back("normalizeState", "true");
        const Run first = train(params, 3, 5);
        QCOMPARE(first.episodes.size(), std::size_t{3});
        QCOMPARE(first.metrics.at("lifecycle_stage.1"), 1.0); // offline
        QCOMPARE(first.metrics.at("lifecycle_stage.2"), 2.0); // online
        QCOMPARE(first.metrics.at("lifecycle_stage.3"), 3.0); // serving
        QCOMPARE(first.metrics.at("final_lifecycle_stage"), 3.0);
        QVERIFY(first.metrics.at("offline_updates") > 0);
        QVERIFY(first.metrics.at("updates") > first.metrics.at("offline_updates")); // ONLINE trained too
        QCOMPARE(first.metrics.at("embedding_norm"), 0.0); // no meta learner: zero embedding
        QVERIFY2(first.result.report.find("online -> serving") != std::string::npos, first.result.report.c_str());

        const Run again = train(params, 3, 5);
        const Run other = train(params, 3, 6);
        bool differs = false;
        for (std::size_t i = 0; i < 3; ++i) {
            QCOMPARE(again.episodes[i].reward, first.episodes[i].reward);
            QCOMPARE(again.episodes[i].steps, first.episodes[i].steps);
            differs = differs || other.episodes[i].reward != first.episodes[i].reward;
        }
        QVERIFY(differs);

        // The model loads: the policy resumes in SERVING and acts as the trained agent, the same
        // for both runs of one seed.
        const policy::Observation o = firstObservation();
        const auto actions = servingDecisions(params, first.result.model, o);
        const auto repeated = servingDecisions(params, again.result.model, o);
        QVERIFY(!actions.empty());
        QCOMPARE(actions.size(), repeated.size());
        for (std::size_t i = 0; i < actions.size(); ++i) {
            QCOMPARE(actions[i].target, repeated[i].target);
            QCOMPARE(actions[i].value, repeated[i].value);
        }
        const auto model = plugins::aware::AwareModel::fromBytes(first.result.model);
        QCOMPARE(learn::toString(model.learner), learner.toStdString());
        // The state statistics travel with the model (over Table 5.1's 9 features), and only when asked.
        QCOMPARE(model.stateNormalizer.empty(), !normalized);
        if (normalized) {
            learn::RunningNormalizer statistics(plugins::aware::kStateDim);
            statistics.loadBytes(model.stateNormalizer);
            QVERIFY(statistics.count() > 0);
        }
        // Older formats: 2 has no normalizer, 1 neither a learner (it reads as the seed's DDPG,
        // the only learner there was).
        const auto tail = static_cast<std::ptrdiff_t>(sizeof(std::uint64_t) + model.stateNormalizer.size());
        std::vector<std::uint8_t> formatTwo(first.result.model.begin(), first.result.model.end() - tail);
        formatTwo[4] = 2;
        QVERIFY(plugins::aware::AwareModel::fromBytes(formatTwo).learner == model.learner);
        QVERIFY(plugins::aware::AwareModel::fromBytes(formatTwo).stateNormalizer.empty());
        std::vector<std::uint8_t> formatOne(formatTwo.begin(), formatTwo.end() - 4);
        formatOne[4] = 1;
        QVERIFY(plugins::aware::AwareModel::fromBytes(formatOne).learner == learn::ControlLearner::SeedDdpg);
        QCOMPARE(model.lifecycleRewards.size(), std::size_t{3});
        QCOMPARE(model.embedding.size(), std::size_t{64});
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 plugins::aware::AwareModel::fromBytes(std::vector<std::uint8_t>(first.result.model.begin(),
                                                                                                 first.result.model.begin() + 40)));
    }

    void metaLearnerGivesTheSameNonZeroEmbedding()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("meta.bin").toStdString();
        {
            learn::makeTorchDeterministic(3);
            learn::MetaLearnerConfig config;
            config.stateDim = env::TransitionFeatures::kStateDim;
            config.actionDim = env::TransitionFeatures::kActionDim;
            config.rnnHidden = 16;
            config.fcHidden = 16;
            config.embeddingDim = 8;
            config.bundleSize = 4;
            config.seed = 3;
            const std::string bytes = learn::MetaLearner(config).saveBytes();
            std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        }
        Params params = kFastLifecycle;
        params.insert(params.end(), {{"metaModel", path}, {"metaHidden", "16"}, {"embeddingDim", "8"}, {"kShot", "2"}});
        const Run first = train(params, 3, 5);
        const Run again = train(params, 3, 5);
        QVERIFY(first.metrics.at("embedding_norm") > 0);
        const auto a = plugins::aware::AwareModel::fromBytes(first.result.model);
        const auto b = plugins::aware::AwareModel::fromBytes(again.result.model);
        QCOMPARE(a.embedding.size(), std::size_t{8});
        QCOMPARE(a.embedding, b.embedding);
        QVERIFY(!a.metaLearner.empty());
        // A different seed runs different episodes, hence another embedding.
        const Run other = train(params, 3, 6);
        QVERIFY(plugins::aware::AwareModel::fromBytes(other.result.model).embedding != a.embedding);
        // The policy reads the model's embedding.
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_aware_descriptor());
        policy::PolicyContext context;
        context.model = &first.result.model;
        auto policy = registry.createControl(choiceOf(params), context);
        QCOMPARE(dynamic_cast<plugins::aware::AwarePolicy&>(*policy).embedding(), a.embedding);

        // A run computes its own k-shot embedding: after kShot (2) lifecycle episodes of
        // episodeSteps (3) periods, the same for the same run, and not the model's.
        auto runEmbedding = [&](const Params& runParams) {
            policy::PolicyContext runContext;
            runContext.model = &first.result.model;
            auto control = registry.createControl(choiceOf(runParams), runContext);
            auto& aware = dynamic_cast<plugins::aware::AwarePolicy&>(*control);
            env::SimulatedEnvironmentOptions options;
            options.stepsPerEpisode = 8;
            kinds::microservices::SimulatedEnvironment environment(steady(), options);
            policy::Observation observation = environment.reset(42);
            for (int period = 0; period < 7; ++period) {
                if (period == 6 && aware.adapted())
                    qFatal("adapted before the kShot episodes ended");
                observation = environment.step(control->decide(observation)).observation;
            }
            return std::make_pair(aware.adapted(), aware.embedding());
        };
        Params runParams = params;
        runParams.push_back({"episodeSteps", "3"});
        const auto [adapted, own] = runEmbedding(runParams);
        QVERIFY(adapted);
        QCOMPARE(own.size(), a.embedding.size());
        QVERIFY(own != a.embedding);
        QCOMPARE(runEmbedding(runParams).second, own);
        runParams.push_back({"runEmbedding", "false"});
        const auto [kept, modelEmbedding] = runEmbedding(runParams);
        QVERIFY(!kept);
        QCOMPARE(modelEmbedding, a.embedding);
        // A meta learner of other dimensions is refused with a message.
        Params wrong = params;
        wrong.push_back({"metaHidden", "32"});
        QVERIFY_THROWS_EXCEPTION(policy::PluginError, (void)train(wrong, 1, 5));
    }

    //! Transfer (TL's weight transfer, AWARE's adaptation) starts from the base model: its
    //! weights (the first episode acts as the base agent does, not as a fresh one), its lifecycle
    //! (SERVING restored from its rewards) and its meta learner.
    //! Two environments side by side: each round's episodes share the lifecycle's stage at the
    //! round's start (OFFLINE for episodes 1–2; the lifecycle then observes both, so 3–4 serve),
    //! and the run is the same for one and two threads, down to the trained agent's decisions.
    void parallelRolloutsAreThreadExact()
    {
        Params params = kFastLifecycle;
        params.emplace_back("learner", "td3");
        params.emplace_back("warmupSteps", "4");
        params.emplace_back("environments", "2");
        const Run one = train(params, 4, 5, nullptr, 1);
        const Run two = train(params, 4, 5, nullptr, 2);
        QCOMPARE(one.episodes.size(), std::size_t{4});
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(one.episodes[i].episode, static_cast<std::uint32_t>(i + 1));
            QCOMPARE(two.episodes[i].reward, one.episodes[i].reward);
            QCOMPARE(two.episodes[i].updates, one.episodes[i].updates);
        }
        QCOMPARE(one.metrics.at("lifecycle_stage.1"), 1.0);
        QCOMPARE(one.metrics.at("lifecycle_stage.2"), 1.0); // the round started OFFLINE
        // The lifecycle observed both episodes of the round (OFFLINE → ONLINE → SERVING).
        QCOMPARE(one.metrics.at("lifecycle_stage.3"), 3.0);
        QCOMPARE(one.metrics.at("lifecycle_stage.4"), 3.0);
        QVERIFY(one.metrics.at("offline_updates") > 0);
        QCOMPARE(two.metrics.at("updates"), one.metrics.at("updates"));
        const auto modelOne = plugins::aware::AwareModel::fromBytes(one.result.model);
        const auto modelTwo = plugins::aware::AwareModel::fromBytes(two.result.model);
        QCOMPARE(modelTwo.lifecycleRewards, modelOne.lifecycleRewards);
        // The agents, both serving, act alike on a state neither trained on.
        const policy::Observation o = firstObservation();
        const auto actions = servingDecisions(params, one.result.model, o);
        const auto repeated = servingDecisions(params, two.result.model, o);
        QCOMPARE(actions.size(), repeated.size());
        for (std::size_t i = 0; i < actions.size(); ++i)
            QCOMPARE(actions[i].value, repeated[i].value);
        // One environment runs another schedule (episode 2 already ONLINE).
        params.back().second = "1";
        QCOMPARE(train(params, 4, 5).metrics.at("lifecycle_stage.2"), 2.0);
    }

    void transferStartsFromTheBaseModel()
    {
        const Run base = train(kFastLifecycle, 3, 5);
        const Run transferred = train(kFastLifecycle, 2, 9, &base.result.model);
        QCOMPARE(transferred.metrics.at("transferred_lifecycle_rewards"), 3.0);
        QCOMPARE(transferred.metrics.at("lifecycle_stage.1"), 3.0); // serving from the start
        QCOMPARE(transferred.metrics.at("updates"), 0.0);            // serving does not train
        const auto model = plugins::aware::AwareModel::fromBytes(transferred.result.model);
        QCOMPARE(model.lifecycleRewards.size(), std::size_t{5});
        // The transferred agent acts as the base agent, not as a fresh agent of the same seed.
        const Run fresh = train(kFastLifecycle, 3, 9);
        QVERIFY(transferred.episodes[0].reward != fresh.episodes[0].reward);

        // Without a base model, or with one of other dimensions, transfer is refused.
        Params wider = kFastLifecycle;
        wider.push_back({"contextFeatures", "true"});
        QVERIFY_THROWS_EXCEPTION(policy::PluginError, (void)train(wider, 1, 5, &base.result.model));
        const std::vector<std::uint8_t> empty;
        QVERIFY_THROWS_EXCEPTION(policy::PluginError, (void)train(kFastLifecycle, 1, 5, &empty));
    }

    //! TL+'s context features widen the state to 11 and travel with the model to the policy.
    void contextFeaturesWidenTheState()
    {
        Params params = kFastLifecycle;
        params.push_back({"contextFeatures", "true"});
        const Run first = train(params, 3, 5);
        const auto model = plugins::aware::AwareModel::fromBytes(first.result.model);
        QCOMPARE(model.stateDim, std::uint32_t{11});
        const Run again = train(params, 3, 5);
        QCOMPARE(again.episodes.back().reward, first.episodes.back().reward);
        const Run plain = train(kFastLifecycle, 3, 5);
        QVERIFY(plain.episodes.back().reward != first.episodes.back().reward);
        // The policy reads the width from the model, whatever its parameters say.
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_aware_descriptor());
        policy::PolicyContext context;
        context.model = &first.result.model;
        auto policy = registry.createControl(choiceOf(kFastLifecycle), context);
        QVERIFY(!policy->decide(firstObservation()).empty());
    }

    //! A run records the lifecycle on its timeline: each stretch a target spends in a stage is a
    //! `policy.label` annotation "<service>=<stage>", from OFFLINE through ONLINE to SERVING.
    void runsRecordTheLifecycleOnTheTimeline()
    {
        model::Scenario scenario = steady();
        scenario.horizon = 12 * sim::kSecond;
        Params params = kFastLifecycle;
        params.push_back({"episodeSteps", "2"});
        model::PolicyChoice choice = choiceOf(params);
        choice.fieldPath = "policies.control";
        scenario.policies["control"] = choice;
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_aware_descriptor());
        registry.registerStatic(orrery_first_fit_descriptor());
        env::Simulation simulation(scenario, registry);
        sim::InMemoryRunRecorder recorder;
        const env::RunResult result = simulation.run(recorder, nullptr, {});
        QVERIFY(result.status == sim::RunStatus::Completed);
        std::map<std::string, int> stages;
        std::string service;
        for (const sim::RunAnnotation& annotation : recorder.annotations()) {
            if (annotation.kind != env::TargetLabelLog::kAnnotationKind)
                continue;
            std::string target;
            std::string label;
            QVERIFY(env::TargetLabelLog::split(annotation.target, target, label));
            QVERIFY(annotation.end >= annotation.start);
            ++stages[label];
            service = target;
        }
        QVERIFY2(stages.count("offline") && stages.count("online") && stages.count("serving"),
                 ("stages seen: " + std::to_string(stages.size())).c_str());
        // The stretches of one target tile the run: offline first, serving last (it stays).
        std::vector<sim::RunAnnotation> own;
        for (const sim::RunAnnotation& annotation : recorder.annotations())
            if (annotation.kind == env::TargetLabelLog::kAnnotationKind && annotation.target.rfind(service + "=", 0) == 0)
                own.push_back(annotation);
        QCOMPARE(own.size(), std::size_t{3});
        std::sort(own.begin(), own.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
        QCOMPARE(own.front().target, service + "=offline");
        QCOMPARE(own.back().target, service + "=serving");
        QCOMPARE(own.back().end, scenario.horizon);
    }
};

QTEST_GUILESS_MAIN(TestAwareTraining)
#include "tst_aware_training.moc"
