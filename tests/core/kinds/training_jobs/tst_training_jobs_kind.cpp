// kind: training-jobs — learning curves, convergence, the reader's diagnostics and the fluid model.
#include "env/node_contention.h"
#include "kinds/built_in_kinds.h"
#include "kinds/training_jobs/training_jobs_platform.h"
#include "kinds/training_jobs/training_jobs_spec.h"
#include "kinds/training_jobs/training_model_catalog.h"
#include "kinds/training_jobs/water_fill.h"
#include "model/cluster.h"
#include "scenario/scenario_loader.h"

#include <QtTest>

#include <variant>

using namespace orrery;
using namespace orrery::kinds::training_jobs;

namespace {

const char* const kHead = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: training-test}
spec:
  seed: 7
  horizon: 2h
  cluster:
    pools:
      - {name: workers, count: 1, cpu: 4, memory: 16Gi}
  workloads:
    - name: train
      kind: training-jobs
      workers: workers
)";

scenario::LoadResult load(const std::string& section)
{
    kinds::registerBuiltInKinds();
    return scenario::parseScenario(std::string(kHead) + section, "training-test.yaml");
}

const TrainingJobsSpec* specOf(const model::Scenario& scenario)
{
    for (const auto& workload : scenario.workloads) {
        if (const auto* kind = std::get_if<model::KindWorkload>(&workload))
            return dynamic_cast<const TrainingJobsSpec*>(kind->spec.get());
    }
    return nullptr;
}

} // namespace

class TestTrainingJobsKind : public QObject {
    Q_OBJECT

private slots:
    void curveIsMonotoneInWork_data()
    {
        QTest::addColumn<int>("model");
        for (std::size_t i = 0; i < builtInTrainingModels().size(); ++i)
            QTest::newRow(builtInTrainingModels()[i].name.c_str()) << static_cast<int>(i);
    }
    void curveIsMonotoneInWork()
    {
        QFETCH(int, model);
        const TrainingModel& m = builtInTrainingModels()[static_cast<std::size_t>(model)];
        const bool loss = m.amplitude > 0;
        double previous = m.evaluationAt(0);
        for (int k = 1; k <= 400; ++k) {
            const double now = m.evaluationAt(k * 0.05);
            // Strictly while the remaining gap is representable next to a, never the wrong way.
            if (std::abs(now - m.asymptote) > 1e-12 * std::max(1.0, std::abs(m.asymptote)))
                QVERIFY2(loss ? now < previous : now > previous, qPrintable(QString("step %1").arg(k)));
            QVERIFY2(loss ? now <= previous : now >= previous, qPrintable(QString("step %1").arg(k)));
            previous = now;
        }
        QVERIFY(std::abs(m.evaluationAt(1e6) - m.asymptote) < 1e-9);
    }

    void convergenceRules()
    {
        TrainingModel m;
        m.asymptote = 0;
        m.amplitude = 1;
        m.tauEpochs = 1;
        ConvergenceRule rule;
        rule.kind = ConvergenceRule::Kind::Target;
        rule.target = 0.01; // e^-k ≤ 0.01 from k = 5 (e^-4 = 0.018)
        QCOMPARE(rule.epochsToConverge(m), 5.0);
        rule.kind = ConvergenceRule::Kind::Delta;
        rule.epsilon = 0.01; // e^-(k-1) − e^-k = 0.632 e^-(k-1) < 0.01 from k = 6
        QCOMPARE(rule.epochsToConverge(m), 6.0);
        rule.maxEpochs = 3;
        QCOMPARE(rule.epochsToConverge(m), 3.0);
    }

    void waterFillIsMaxMinFair()
    {
        const std::vector<double> caps{1.0, 10.0, 10.0};
        const auto grants = waterFill(7.0, caps);
        QCOMPARE(grants[0], 1.0);
        QCOMPARE(grants[1], 3.0);
        QCOMPARE(grants[2], 3.0);
    }

    void readsAWorkload()
    {
        const auto result = load(R"(      convergence: {target: 0.05, maxEpochs: 30}
      submissions: {count: 10, models: [mnist-pytorch, vae-pytorch], within: [0s, 200s]}
      jobs:
        - {name: first, model: lstm-pytorch, at: 40s}
)");
        QVERIFY2(result.ok(), qPrintable(QString::fromStdString(model::formatAll(result.diagnostics))));
        const TrainingJobsSpec* spec = specOf(*result.scenario);
        QVERIFY(spec);
        QCOMPARE(spec->count, 10);
        QCOMPARE(spec->mix.size(), std::size_t{2});
        QCOMPARE(spec->submitTo, 200 * sim::kSecond);
        QCOMPARE(spec->convergence.kind, ConvergenceRule::Kind::Target);
        QCOMPARE(spec->jobs.size(), std::size_t{1});
        QCOMPARE(spec->jobs[0].submitAt, 40 * sim::kSecond);
    }

    void badYamlGivesFileAndLine_data()
    {
        QTest::addColumn<QString>("section");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        // The section starts on line 14 of the scenario.
        QTest::newRow("unknown model") << "      jobs:\n        - {name: a, model: mnist-pytorh}\n" << 15 << "unknown model 'mnist-pytorh'";
        QTest::newRow("reversed interval") << "      submissions: {count: 3, within: [200s, 10s]}\n" << 14 << "ends before it begins";
        QTest::newRow("two rules") << "      convergence: {target: 0.1, delta: 0.01}\n      jobs: [{name: a, model: vae-pytorch}]\n" << 14 << "not 2";
        QTest::newRow("unknown key") << "      submisions: {count: 3}\n" << 14 << "submisions";
        QTest::newRow("no jobs") << "      controlPeriod: 5s\n" << 11 << "needs submissions";
    }
    void badYamlGivesFileAndLine()
    {
        QFETCH(QString, section);
        QFETCH(int, line);
        QFETCH(QString, message);
        const auto result = load(section.toStdString());
        QVERIFY(!result.ok());
        const std::string all = model::formatAll(result.diagnostics);
        bool found = false;
        for (const model::Diagnostic& d : result.diagnostics)
            found = found || (d.location.file == "training-test.yaml" && d.location.line == line && d.format().find(message.toStdString()) != std::string::npos);
        QVERIFY2(found, all.c_str());
    }

    void equalJobsShareAWorkerEqually()
    {
        const auto result = load("      jobs:\n        - {name: a, model: rnn-gru-tensorflow}\n        - {name: b, model: rnn-gru-tensorflow}\n");
        QVERIFY(result.ok());
        model::Cluster cluster(result.scenario->cluster);
        auto contention = env::makeNodeContention(cluster, *result.scenario);
        TrainingJobsPlatform platform(*specOf(*result.scenario), 7, cluster, *contention);
        platform.start(0, 0, 0);
        platform.start(1, 0, 0);
        QCOMPARE(platform.jobs()[0].grantCores, 2.0);
        QCOMPARE(platform.jobs()[1].grantCores, 2.0);
        // A limit on one gives the other the cores it leaves (soft limits).
        platform.apply({policy::ControlAction::setLimit("a", policy::ControlResource::Cpu, 1.0)}, 0);
        QCOMPARE(platform.jobs()[0].grantCores, 1.0);
        QCOMPARE(platform.jobs()[1].grantCores, 3.0);
        // The limited one trains at speed-up(1) / epoch work, the other at 3 / (1 + 0.1·2) / epoch work.
        const TrainingModel& m = platform.modelOf(platform.jobs()[0]);
        QCOMPARE(platform.jobs()[0].epochsPerSecond * platform.jobs()[0].slowdown, 1.0 / m.epochCoreSeconds);
        QVERIFY(std::abs(platform.jobs()[1].epochsPerSecond * platform.jobs()[1].slowdown - 2.5 / m.epochCoreSeconds) < 1e-12);
        const auto outcomes = platform.apply({policy::ControlAction::setReplicas("a", 2)}, 0);
        QCOMPARE(outcomes[0].status, policy::ActionOutcome::Status::Rejected);
    }

    void observationCarriesEvaluationAndNode()
    {
        const auto result = load(R"(      models:
        - {name: silent, like: mnist-pytorch, reportsEvaluation: false}
      jobs:
        - {name: a, model: mnist-pytorch}
        - {name: b, model: silent}
)");
        QVERIFY2(result.ok(), qPrintable(QString::fromStdString(model::formatAll(result.diagnostics))));
        model::Cluster cluster(result.scenario->cluster);
        auto contention = env::makeNodeContention(cluster, *result.scenario);
        TrainingJobsPlatform platform(*specOf(*result.scenario), 7, cluster, *contention);
        platform.start(0, 0, 0);
        platform.start(1, 0, 0);
        const policy::Observation observation = platform.observe(10 * sim::kSecond);
        QCOMPARE(observation.targets.size(), std::size_t{2});
        QCOMPARE(observation.targets[0].node, std::string("workers-0"));
        QCOMPARE(observation.targets[0].nodeCores, 4.0);
        QVERIFY(observation.targets[0].evaluation.has_value());
        QVERIFY(*observation.targets[0].evaluation < platform.modelOf(platform.jobs()[0]).evaluationAt(0));
        QVERIFY(!observation.targets[1].evaluation.has_value());
        QCOMPARE(observation.targets[0].usage[policy::indexOf(policy::ControlResource::Cpu)], 2.0);
    }
};

QTEST_GUILESS_MAIN(TestTrainingJobsKind)
#include "tst_training_jobs_kind.moc"
