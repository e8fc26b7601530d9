// FlashRegressor (FLASH for supervised tasks, seed 001 §5.6) on the resource-configuration search
// built from the simulator (SizingDatasetBuilder): the dataset is deterministic and physical
// (less CPU, more latency), the pipeline is deterministic for a seed, the conditioned model
// learns its training set, the embedding ignores sample order and stays fixed when the meta
// model's update is off, a saved model loads back bit-identical and trains on, and bad input
// and bad checkpoints are refused. It does not assert that FLASH beats the plain
// regressor: on this task it does not reliably (docs/reproduction.md, "FLASH").
#include "appgen/segment_catalog_reader.h"
#include "learn/deterministic_torch.h"
#include "learn/flash_regressor.h"
#include "orrery_plugin_first_fit.h"
#include "policy/plugin_registry.h"
#include "sizing/bootstrap_mean.h"
#include "sizing/sizing_dataset_builder.h"
#include "sizing/sizing_features.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using namespace orrery;

namespace {

sizing::SizingDatasetOptions smallOptions(std::size_t apps)
{
    sizing::SizingDatasetOptions o;
    o.seed = 7;
    o.applications = apps;
    o.heldOutFraction = 0.25;
    o.horizon = 60 * sim::kSecond;
    return o;
}

learn::FlashRegressorConfig smallConfig(std::size_t shots, std::size_t embedding)
{
    learn::FlashRegressorConfig c;
    c.task = "resource-configuration-search";
    c.inputDim = sizing::sizingInputDim(shots);
    c.sampleDim = sizing::kSampleDim;
    c.embeddingDim = embedding;
    c.encoderHidden = 16;
    c.hiddenUnits = 16;
    c.hiddenLayers = 2;
    c.epochs = 80;
    c.batchSize = 16;
    c.learningRate = 3e-3;
    c.seed = 3;
    return c;
}

std::vector<learn::FlashQuery> toFlash(const sizing::SizingDataset& d, const std::vector<sizing::SizingQuery>& queries)
{
    std::vector<learn::FlashQuery> out;
    for (const auto& q : queries)
        out.push_back({d.applications[q.application].name, q.bases, sizing::sizingInput(d, q), sizing::sizingLabel(d, q)});
    return out;
}

void insertAll(learn::FlashRegressor& model, const sizing::SizingDataset& d)
{
    for (const auto& app : d.applications) {
        std::vector<std::vector<float>> samples;
        for (const auto& m : app.measurements)
            samples.push_back(sizing::sizingSample(m));
        model.insertDataSamples(app.name, samples);
    }
}

} // namespace

class TestFlashRegressor : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        const auto load = appgen::loadSegmentCatalog(ORRERY_SOURCE_DIR "/resources/profiles/segments.yaml");
        QVERIFY2(load.ok(), model::formatAll(load.diagnostics).c_str());
        m_catalog = load.catalog;
        m_registry.registerStatic(orrery_first_fit_descriptor());
        const sizing::SizingDatasetBuilder builder(m_catalog, m_registry);
        m_dataset = builder.build(smallOptions(12));
    }

    void datasetIsDeterministicAndLessCpuIsSlower()
    {
        QCOMPARE(m_dataset.applications.size(), std::size_t{12});
        QCOMPARE(m_dataset.heldOutCount(), std::size_t{3});
        const sizing::SizingDatasetBuilder builder(m_catalog, m_registry);
        const auto again = builder.build(smallOptions(12));
        for (std::size_t a = 0; a < m_dataset.applications.size(); ++a) {
            const auto& x = m_dataset.applications[a];
            const auto& y = again.applications[a];
            QCOMPARE(x.name, y.name);
            QCOMPARE(x.measurements.size(), std::size_t{4});
            for (std::size_t c = 0; c < x.measurements.size(); ++c) {
                QCOMPARE(x.measurements[c].meanLatency, y.measurements[c].meanLatency);
                QCOMPARE(x.measurements[c].p99Latency, y.measurements[c].p99Latency);
                QCOMPARE(x.measurements[c].maxUtilization, y.measurements[c].maxUtilization);
                QVERIFY(x.measurements[c].completed > 0);
            }
            // Processor sharing: a quarter core serves each call at most a quarter as fast as one
            // core, so the latency at 0.25 cores is well above that at 1 core; utilization falls
            // as the limit grows.
            QVERIFY2(x.measurements[0].meanLatency > 2.0 * x.measurements[2].meanLatency, x.name.c_str());
            QVERIFY(x.measurements[0].maxUtilization > x.measurements[3].maxUtilization);
        }
    }

    void queriesCoverEveryBaseSubsetAndTarget()
    {
        // 9 training applications: 1-shot 4 bases × 3 targets, 2-shot 6 × 2, 3-shot 4 × 1.
        QCOMPARE(sizing::sizingQueries(m_dataset, 1, false).size(), std::size_t{9 * 12});
        QCOMPARE(sizing::sizingQueries(m_dataset, 2, false).size(), std::size_t{9 * 12});
        QCOMPARE(sizing::sizingQueries(m_dataset, 3, true).size(), std::size_t{3 * 4});
        for (const auto& q : sizing::sizingQueries(m_dataset, 2, true)) {
            QVERIFY(m_dataset.applications[q.application].heldOut);
            QVERIFY(q.target != q.bases[0] && q.target != q.bases[1]);
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sizing::sizingQueries(m_dataset, 4, false));
    }

    void pipelineIsDeterministicAndLearnsTheTrainingSet_data()
    {
        QTest::addColumn<int>("embedding");
        QTest::newRow("FLASH (embedding 4)") << 4;
        QTest::newRow("plain regressor") << 0;
    }

    void pipelineIsDeterministicAndLearnsTheTrainingSet()
    {
        QFETCH(int, embedding);
        const auto train = toFlash(m_dataset, sizing::sizingQueries(m_dataset, 1, false));
        const auto test = toFlash(m_dataset, sizing::sizingQueries(m_dataset, 1, true));
        std::vector<float> predictions[2];
        for (auto& out : predictions) {
            learn::makeTorchDeterministic(3);
            learn::FlashRegressor model(smallConfig(1, static_cast<std::size_t>(embedding)));
            insertAll(model, m_dataset);
            const auto report = model.fit(train);
            QCOMPARE(report.steps, std::size_t{80 * 7}); // 108 queries in batches of 16
            // Predicting the latency at one limit from one other: the untrained network is far
            // off; the trained one must be within 15 % on the applications it saw.
            QVERIFY2(report.firstLoss > 0.3, qPrintable(QString::number(report.firstLoss)));
            QVERIFY2(model.loss(train) < 0.15, qPrintable(QString::number(model.loss(train))));
            out = model.predict(test);
        }
        QCOMPARE(predictions[0].size(), std::size_t{3 * 12});
        QCOMPARE(predictions[0], predictions[1]);
    }

    void embeddingIgnoresOrderAndFreezesWhenToggledOff()
    {
        const auto train = toFlash(m_dataset, sizing::sizingQueries(m_dataset, 2, false));
        learn::makeTorchDeterministic(5);
        auto config = smallConfig(2, 4);
        config.epochs = 10;
        learn::FlashRegressor model(config);
        insertAll(model, m_dataset);
        model.fit(train);
        const std::string app = m_dataset.applications.back().name;
        const auto& samples = model.dataSamples(app);
        QCOMPARE(samples.size(), std::size_t{4});
        const std::vector<std::vector<float>> forward{samples[0], samples[2]};
        const std::vector<std::vector<float>> backward{samples[2], samples[0]};
        const auto a = model.embed(forward);
        const auto b = model.embed(backward);
        QCOMPARE(a.size(), std::size_t{4});
        for (std::size_t i = 0; i < a.size(); ++i)
            QVERIFY(std::abs(a[i] - b[i]) < 1e-5f);
        const auto other = model.embed(std::vector<std::vector<float>>{samples[1]});
        QVERIFY(other != a);

        const auto before = model.embedding(app);
        const auto predictedBefore = model.predict(train);
        model.setMetaModelUpdate(false);
        const auto report = model.fit(train);
        QVERIFY(!report.metaUpdated);
        QCOMPARE(model.embedding(app), before);      // the meta learner is fixed ...
        QVERIFY(model.predict(train) != predictedBefore); // ... the base learner is not
        model.setMetaModelUpdate(true);
        model.fit(train);
        QVERIFY(model.embedding(app) != before);
    }

    void rejectsBadInput()
    {
        learn::FlashRegressor model(smallConfig(1, 4));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 model.insertDataSamples("a", std::vector<std::vector<float>>{{1.0f, 2.0f}}));
        model.insertDataSamples("a", std::vector<std::vector<float>>(2, std::vector<float>(sizing::kSampleDim, 1.0f)));
        const std::vector<float> input(sizing::sizingInputDim(1), 0.5f);
        // Wrong input width, a non-positive label under MAPE, a context beyond the buffer, an
        // application with no samples.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 model.fit(std::vector<learn::FlashQuery>{{"a", {0}, std::vector<float>(3, 0.5f), 1.0f}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model.fit(std::vector<learn::FlashQuery>{{"a", {0}, input, 0.0f}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model.fit(std::vector<learn::FlashQuery>{{"a", {5}, input, 1.0f}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model.fit(std::vector<learn::FlashQuery>{{"b", {}, input, 1.0f}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)model.embedding("a")); // before fit
        learn::FlashRegressor plain(smallConfig(1, 0));
        QVERIFY(!plain.hasMetaLearner());
        plain.insertDataSamples("a", std::vector<std::vector<float>>(1, std::vector<float>(sizing::kSampleDim, 1.0f)));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)plain.embedding("a"));
    }

    void saveAndLoadRoundTrip_data()
    {
        QTest::addColumn<int>("embedding");
        QTest::newRow("FLASH (embedding 4)") << 4;
        QTest::newRow("plain regressor") << 0;
    }

    void saveAndLoadRoundTrip()
    {
        QFETCH(int, embedding);
        const auto train = toFlash(m_dataset, sizing::sizingQueries(m_dataset, 1, false));
        const auto test = toFlash(m_dataset, sizing::sizingQueries(m_dataset, 1, true));
        auto config = smallConfig(1, static_cast<std::size_t>(embedding));
        config.epochs = 10;
        learn::makeTorchDeterministic(9);
        learn::FlashRegressor trained(config);
        insertAll(trained, m_dataset);
        trained.fit(train);
        trained.setMetaModelUpdate(false);
        const std::string bytes = trained.saveBytes();

        // A new regressor of the same dimensions but another seed (other initial weights) and
        // no data: loading gives it the trained model; its buffers are its own (not saved).
        auto other = config;
        other.seed = 11;
        learn::FlashRegressor restored(other);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)restored.predict(test)); // not fitted
        restored.loadBytes(bytes);
        QVERIFY(restored.applications().empty());
        QVERIFY(!restored.metaModelUpdate());
        QCOMPARE(restored.saveBytes(), bytes);
        insertAll(restored, m_dataset);
        QCOMPARE(restored.predict(test), trained.predict(test));
        const std::vector<float> input = test.front().input;
        if (embedding > 0) {
            for (const auto& app : m_dataset.applications)
                QCOMPARE(restored.embedding(app.name), trained.embedding(app.name));
            const std::vector<std::vector<float>> shots{trained.dataSamples(test.front().application)[0]};
            const auto e = trained.embed(shots);
            QCOMPARE(restored.embed(shots), e);
            QCOMPARE(restored.predict(input, e), trained.predict(input, e));
        } else {
            QCOMPARE(restored.predict(input, {}), trained.predict(input, {}));
        }

        // A loaded model trains on: with the same configuration, fit() continues exactly as it
        // would have on the saved one (each fit() starts a fresh Adam), here with the meta
        // learner fixed as saved.
        learn::FlashRegressor resumed(config);
        resumed.loadBytes(bytes);
        insertAll(resumed, m_dataset);
        const double before = resumed.loss(train);
        const auto a = trained.fit(train);
        const auto b = resumed.fit(train);
        QVERIFY(!b.metaUpdated);
        QCOMPARE(b.finalLoss, a.finalLoss);
        QVERIFY2(resumed.loss(train) < before, qPrintable(QString::number(resumed.loss(train))));
        QCOMPARE(resumed.predict(test), trained.predict(test));
        QVERIFY(resumed.predict(test) != restored.predict(test));
    }

    void loadRefusesBadCheckpoints()
    {
        const auto train = toFlash(m_dataset, sizing::sizingQueries(m_dataset, 1, false));
        const auto test = toFlash(m_dataset, sizing::sizingQueries(m_dataset, 1, true));
        auto config = smallConfig(1, 4);
        config.epochs = 2;
        learn::makeTorchDeterministic(9);
        learn::FlashRegressor model(config);
        insertAll(model, m_dataset);
        model.fit(train);
        const std::string bytes = model.saveBytes();
        const auto predicted = model.predict(test);

        QVERIFY_THROWS_EXCEPTION(std::runtime_error, model.loadBytes(""));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, model.loadBytes("not a checkpoint"));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, model.loadBytes(std::string_view(bytes).substr(0, bytes.size() / 2)));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, model.loadBytes(std::string_view(bytes).substr(0, bytes.size() - 1)));
        // A refused checkpoint leaves the model as it was.
        QCOMPARE(model.saveBytes(), bytes);
        QCOMPARE(model.predict(test), predicted);

        // Other dimensions: refused, naming both shapes.
        auto wider = config;
        wider.hiddenUnits = 8;
        auto mse = config;
        mse.loss = learn::FlashLoss::Mse;
        for (const auto& [different, mismatch] : {std::pair{wider, std::string("hidden units 16")},
                                                  std::pair{smallConfig(1, 0), std::string("embedding 4")},
                                                  std::pair{smallConfig(2, 4), std::string("input 7")},
                                                  std::pair{mse, std::string("loss (0 MAPE, 1 MSE) 0")}}) {
            learn::FlashRegressor target(different);
            try {
                target.loadBytes(bytes);
                QFAIL("a checkpoint of other dimensions was loaded");
            } catch (const std::runtime_error& error) {
                const std::string message = error.what();
                QVERIFY2(message.find("FlashRegressor::loadBytes") != std::string::npos, error.what());
                QVERIFY2(message.find(mismatch) != std::string::npos, error.what());
                QVERIFY2(message.find("this agent has") != std::string::npos, error.what());
            }
        }
        // bundleSize shapes no weight: a checkpoint serves any.
        auto bundle = config;
        bundle.bundleSize = 2;
        learn::FlashRegressor smallerBundle(bundle);
        smallerBundle.loadBytes(bytes);
        QCOMPARE(smallerBundle.saveBytes(), bytes);
    }

    void bootstrapMeanBracketsTheMean()
    {
        const std::vector<double> values{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8};
        const auto ci = sizing::bootstrapMean(values, {2000, 0.95, 1});
        QCOMPARE(ci.estimate, 0.45);
        QVERIFY(ci.low < 0.45 && ci.high > 0.45);
        QVERIFY(ci.low > 0.25 && ci.high < 0.65);
        QCOMPARE(sizing::bootstrapMean(values, {2000, 0.95, 1}).low, ci.low);
        QVERIFY(std::isnan(sizing::bootstrapMean({}).estimate));
    }

private:
    appgen::SegmentCatalog m_catalog;
    policy::PluginRegistry m_registry;
    sizing::SizingDataset m_dataset;
};

QTEST_GUILESS_MAIN(TestFlashRegressor)
#include "tst_flash_regressor.moc"
