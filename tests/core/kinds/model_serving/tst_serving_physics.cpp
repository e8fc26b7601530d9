// kind: model-serving — GPU profiles, the frequency/latency curve, the power model, energy
// integration, AI-Matrix operator profiles and the Table 6.1 model zoo.
#include "kinds/model_serving/energy_meter.h"
#include "kinds/model_serving/frequency_latency_curve.h"
#include "kinds/model_serving/gpu_device_profile.h"
#include "kinds/model_serving/gpu_power_model.h"
#include "kinds/model_serving/operator_profile.h"
#include "kinds/model_serving/serving_model_catalog.h"

#include <QtTest>

#include <fstream>
#include <functional>
#include <stdexcept>

using namespace orrery;
using namespace orrery::kinds::model_serving;

namespace {

const std::string kAiMatrix = ORRERY_SOURCE_DIR "/resources/profiles/ai-matrix/";

bool hasField(const model::Diagnostics& diagnostics, const std::string& field, const std::string& fragment)
{
    for (const auto& diagnostic : diagnostics) {
        if (diagnostic.fieldPath == field && diagnostic.message.find(fragment) != std::string::npos)
            return true;
    }
    return false;
}

QString errorOf(const std::function<void()>& call)
{
    try {
        call();
    } catch (const std::exception& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

} // namespace

class TestServingPhysics : public QObject {
    Q_OBJECT

private slots:
    void builtInProfilesAreValid()
    {
        for (const auto& gpu : builtInGpuProfiles())
            QVERIFY2(validateGpuProfile(gpu).empty(), qPrintable(QString::fromStdString(model::formatAll(validateGpuProfile(gpu)))));
        const GpuDeviceProfile& v100 = *findGpuProfile("V100");
        QCOMPARE(v100.minMhz, 200.0); // seed 001 §6.4.1
        QCOMPARE(v100.maxMhz, 1380.0);
        QCOMPARE(v100.memoryBytes, std::int64_t(16) << 30);
        QCOMPARE(findGpuProfile("P100"), nullptr);
        QCOMPARE(v100.snapMhz(1376), 1372.5);
        QCOMPARE(v100.snapMhz(5000), 1380.0);
        QCOMPARE(v100.snapMhz(10), 200.0);
    }

    void invalidGpuProfileNamesField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("negative memory") << "memoryBytes" << "must be positive, got -1";
        QTest::newRow("default above range") << "defaultMhz" << "1500 MHz is outside the range 200-1380 MHz";
        QTest::newRow("max below min") << "maxMhz" << "must be above minMhz";
        QTest::newRow("idle above max") << "maxWatts" << "must be above idleWatts";
        QTest::newRow("zero step") << "stepMhz" << "must be positive";
    }
    void invalidGpuProfileNamesField()
    {
        QFETCH(QString, field);
        QFETCH(QString, fragment);
        GpuDeviceProfile gpu = *findGpuProfile("V100");
        if (field == "memoryBytes")
            gpu.memoryBytes = -1;
        else if (field == "defaultMhz")
            gpu.defaultMhz = 1500;
        else if (field == "maxMhz")
            gpu.maxMhz = 100, gpu.defaultMhz = 100;
        else if (field == "maxWatts")
            gpu.idleWatts = 300;
        else
            gpu.stepMhz = 0;
        const auto diagnostics = validateGpuProfile(gpu);
        QVERIFY2(hasField(diagnostics, field.toStdString(), fragment.toStdString()),
                 qPrintable(QString::fromStdString(model::formatAll(diagnostics))));
    }

    void unknownModelIsDiagnosed()
    {
        QCOMPARE(findServingModel("GPT-5"), nullptr);
        const QString error = errorOf([] { (void)servingModel("GPT-5"); });
        QVERIFY2(error.startsWith("model: unknown model 'GPT-5' (known: ResNet-50, BERT-base"), qPrintable(error));
        ServingModelProfile bad = servingModel("GPT2-large");
        bad.memoryBytes = -5;
        bad.perTokenSeconds = 0;
        const auto diagnostics = validateServingModel(bad);
        QVERIFY(hasField(diagnostics, "memoryBytes", "must be positive"));
        QVERIFY(hasField(diagnostics, "perTokenSeconds", "must be positive"));
    }

    void latencyDecreasesInFrequency_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::newRow("memory-bound") << 0.05;
        QTest::newRow("balanced") << 0.5;
        QTest::newRow("compute-bound") << 0.95;
    }
    void latencyDecreasesInFrequency()
    {
        QFETCH(double, alpha);
        const FrequencyLatencyCurve curve(0.1, alpha, 1380);
        double previous = curve.latencySeconds(200);
        double previousDrop = 1e9;
        for (double mhz = 207.5; mhz <= 1380; mhz += 7.5) {
            const double now = curve.latencySeconds(mhz);
            QVERIFY(now < previous);
            const double drop = previous - now;
            QVERIFY(drop < previousDrop); // steep at the bottom, flat at the top
            previousDrop = drop;
            previous = now;
        }
        QCOMPARE(curve.latencySeconds(1380), 0.1);
    }

    void sensitivityMatchesDefinition_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::addColumn<double>("defaultMhz");
        QTest::newRow("default = max") << 0.4 << 1380.0;
        QTest::newRow("default below max") << 0.7 << 1230.0;
    }
    void sensitivityMatchesDefinition()
    {
        QFETCH(double, alpha);
        QFETCH(double, defaultMhz);
        const FrequencyLatencyCurve curve(0.2, alpha, 1380);
        const double atDefault = curve.latencySeconds(defaultMhz);
        const double atHalf = curve.latencySeconds(defaultMhz / 2);
        const double byDefinition = ((atHalf - atDefault) / atDefault) / (defaultMhz - defaultMhz / 2);
        QVERIFY(qFuzzyCompare(curve.sensitivityPerMhz(defaultMhz), byDefinition));
        if (defaultMhz == 1380.0) // with the default at f_max, the normalised slowdown at half is α
            QVERIFY(qFuzzyCompare(curve.sensitivityPerMhz(defaultMhz) * defaultMhz / 2, alpha));
        const auto back = FrequencyLatencyCurve::fromSensitivity(byDefinition, atDefault, defaultMhz, 1380);
        QVERIFY(qFuzzyCompare(back.computeFraction(), alpha));
        QVERIFY(qFuzzyCompare(back.latencySeconds(defaultMhz), atDefault));
        // minimumMhzFor inverts latencySeconds.
        QVERIFY(qFuzzyCompare(curve.minimumMhzFor(curve.latencySeconds(700)), 700.0));
        QCOMPARE(curve.minimumMhzFor(curve.latencySeconds(1380) / 2), 1380.0);
    }

    void powerIncreasesInFrequency_data()
    {
        QTest::addColumn<QString>("gpu");
        for (const auto& profile : builtInGpuProfiles())
            QTest::newRow(profile.name.c_str()) << QString::fromStdString(profile.name);
    }
    void powerIncreasesInFrequency()
    {
        QFETCH(QString, gpu);
        const GpuDeviceProfile& profile = *findGpuProfile(gpu.toStdString());
        const GpuPowerModel power(profile);
        QCOMPARE(power.watts(profile.maxMhz, 1.0), profile.maxWatts);
        QCOMPARE(power.watts(profile.maxMhz, 0.0), profile.idleWatts);
        for (const double activity : {0.2, 0.6, 1.0}) {
            double previous = power.watts(profile.minMhz, activity);
            QVERIFY(previous > profile.idleWatts);
            for (double mhz = profile.minMhz + profile.stepMhz; mhz <= profile.maxMhz; mhz += profile.stepMhz) {
                const double now = power.watts(mhz, activity);
                QVERIFY(now > previous);
                previous = now;
            }
            // The power cap inverts watts().
            const double limit = power.watts(900, activity);
            QVERIFY(std::abs(power.mhzUnderPowerLimit(limit, activity) - 900) < 1e-6);
        }
        QCOMPARE(power.mhzUnderPowerLimit(1.0, 1.0), profile.minMhz);
        QCOMPARE(power.mhzUnderPowerLimit(1e6, 1.0), profile.maxMhz);
    }

    void energyIntegratesPowerExactly()
    {
        EnergyMeter meter;
        QCOMPARE(meter.joulesUntil(1'000'000'000), 0.0);
        meter.setWatts(2'000'000'000, 100);  // t = 2 s: 100 W
        meter.setWatts(2'500'000'000, 250);  // t = 2.5 s: 250 W
        meter.setWatts(2'500'000'000, 40);   // same instant: replaces, no energy
        meter.setWatts(5'000'000'000, 0);    // t = 5 s: off
        QCOMPARE(meter.joulesUntil(5'000'000'000), 100 * 0.5 + 40 * 2.5);
        QCOMPARE(meter.joulesUntil(9'000'000'000), 150.0);
        QCOMPARE(meter.averageWattsUntil(5'000'000'000), 150.0 / 3.0);
        meter.setWatts(6'000'000'000, 10);
        QCOMPARE(meter.joulesUntil(7'000'000'000), 160.0);
        QVERIFY(!errorOf([&] { meter.setWatts(1, 5); }).isEmpty());
    }

    void aiMatrixOperators()
    {
        const auto conv = readAiMatrixConvParams(kAiMatrix + "conv.params");
        const auto fc = readAiMatrixFcParams(kAiMatrix + "fc.params");
        QCOMPARE(conv.size(), std::size_t(109));
        QCOMPARE(fc.size(), std::size_t(9));
        // First conv: AlexNet conv1, [64,227,227,3]·[11,11,3,96]/4 → 57×57 output ("SAME").
        QCOMPARE(conv.front().flops, 2.0 * 64 * 57 * 57 * 11 * 11 * 3 * 96);
        // Last fc: [1,1,1,1024] → 1000: a matrix-vector product, far below V100's ridge point.
        const GpuDeviceProfile& v100 = *findGpuProfile("V100");
        QCOMPARE(fc.back().flops, 2.0 * 1024 * 1000);
        QVERIFY(fc.back().computeFraction(v100) < 0.05);
        QVERIFY(conv.front().computeFraction(v100) > 0.85); // intensity ≈ 121 FLOP/B, ridge 15.6
        QCOMPARE(v100.snapMhz(1372.4), 1365.0);
        for (const auto& op : conv) {
            const double s = op.sensitivityPerMhz(v100);
            QVERIFY(s > 0 && s < 2 / v100.defaultMhz);
            QVERIFY(qFuzzyCompare(FrequencyLatencyCurve(1, op.computeFraction(v100), v100.maxMhz).sensitivityPerMhz(v100.defaultMhz), s));
        }
    }

    void aiMatrixDiagnostics_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("conv fields") << "conv" << "\n[1,2,2,3] [1,1,3,4]\n" << ":2: row: expected '[N,H,W,C] [R,S,C,K] stride', found 2";
        QTest::newRow("conv zero dim") << "conv" << "[1,0,2,3] [1,1,3,4] 1\n" << ":1: input: '0' in [1,0,2,3] is not a positive integer";
        QTest::newRow("conv channels") << "conv" << "[1,2,2,3] [1,1,5,4] 1\n" << ":1: filter: [1,1,5,4] has 5 input channels";
        QTest::newRow("conv stride") << "conv" << "[1,2,2,3] [1,1,3,4] x\n" << ":1: stride: 'x' is not a positive integer";
        QTest::newRow("fc shape") << "fc" << "1,2 10\n" << ":1: input: '1,2' is not a shape";
        QTest::newRow("fc outputs") << "fc" << "[1,2] -3\n" << ":1: outputs: '-3' is not a positive integer";
    }
    void aiMatrixDiagnostics()
    {
        QFETCH(QString, kind);
        QFETCH(QString, text);
        QFETCH(QString, message);
        const std::string path = QDir::temp().filePath("tst_serving_physics.params").toStdString();
        std::ofstream(path) << text.toStdString();
        const QString error = errorOf([&] {
            if (kind == "conv")
                (void)readAiMatrixConvParams(path);
            else
                (void)readAiMatrixFcParams(path);
        });
        QVERIFY2(error.startsWith(QString::fromStdString(path) + message), qPrintable(error));
    }

    void modelZoo()
    {
        const auto& models = builtInServingModels();
        QCOMPARE(models.size(), std::size_t(15)); // seed 001 Table 6.1
        const GpuDeviceProfile& v100 = *findGpuProfile("V100");
        for (const auto& m : models) {
            QVERIFY2(validateServingModel(m).empty(), m.name.c_str());
            const double sensitivity = m.sensitivityPerMhz(64, v100);
            QVERIFY(sensitivity > 0 && sensitivity < 2 / v100.defaultMhz);
            QVERIFY(qFuzzyCompare(m.curve(64, v100).latencySeconds(700), m.requestSeconds(64, 700, v100)));
            if (!m.autoregressive) {
                QCOMPARE(m.requestSeconds(0, v100.defaultMhz, v100), m.latencySeconds);
                continue;
            }
            // C + K·N at the default clock (seed 001 §6.2.3), and the prompt pass is more
            // frequency-sensitive than a memory-bound decoding step.
            QVERIFY(qFuzzyCompare(m.requestSeconds(100, v100.defaultMhz, v100), m.prefillSeconds + 100 * m.perTokenSeconds));
            QVERIFY(computeFractionOf(m.prefill, v100) > computeFractionOf(m.decode, v100));
            const double impliedTokens = (m.latencySeconds - m.prefillSeconds) / m.perTokenSeconds;
            qInfo("%-15s C %6.1f ms  K %5.2f ms  α prefill %.2f decode %.2f  Table 6.1 latency ⇒ N ≈ %.0f", m.name.c_str(),
                  1000 * m.prefillSeconds, 1000 * m.perTokenSeconds, computeFractionOf(m.prefill, v100),
                  computeFractionOf(m.decode, v100), impliedTokens);
            QVERIFY(impliedTokens > 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestServingPhysics)
#include "tst_serving_physics.moc"
