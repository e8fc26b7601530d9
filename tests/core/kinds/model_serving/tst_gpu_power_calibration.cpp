// kind: model-serving — calibration of the GPU power model and the frequency/latency curve against
// independent measurements: (a) ml-energy/zeus time per epoch and average power at each power
// limit (V100, A40); (b) the V100 DVFS characterisation printed in seed 001 §6.2.2 (Fig. 6.2).
#include "kinds/model_serving/frequency_latency_curve.h"
#include "kinds/model_serving/gpu_device_profile.h"
#include "kinds/model_serving/gpu_power_model.h"
#include "kinds/model_serving/serving_model_catalog.h"

#include <QtTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

using namespace orrery::kinds::model_serving;

namespace {

struct Point {
    double secondsPerEpoch = 0;
    double averageWatts = 0;
};
using Config = std::tuple<std::string, std::string, std::string, std::string>; // dataset, network, batch, optimizer
using Trace = std::map<Config, std::map<int, Point>>;                            // power limit (W) → measurement

Trace readZeus(const QString& file)
{
    std::ifstream in(std::string(ORRERY_SOURCE_DIR "/tests/core/kinds/model_serving/data/zeus/") + file.toStdString());
    Trace trace;
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::stringstream fields(line);
        for (std::string field; std::getline(fields, field, ',');)
            f.push_back(field);
        if (f.size() == 7)
            trace[{f[0], f[1], f[2], f[3]}][std::stoi(f[4])] = {std::stod(f[5]), std::stod(f[6])};
    }
    return trace;
}

//! Relative errors of predicted time per epoch and average power over `configs`.
struct Errors {
    std::vector<double> time;
    std::vector<double> power;
};

double quantile(std::vector<double> values, double q)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[static_cast<std::size_t>(static_cast<double>(values.size()) * q)];
}

//! Per configuration: activity a from the average power at the highest limit (taken as
//! unconstrained, f = f_max), compute fraction α from the time at `fitLimit`; then predict
//! time and power at every other limit from the frequency the power model allows there.
Errors predict(const Trace& trace, const std::vector<Config>& configs, const GpuDeviceProfile& gpu, int fitLimit)
{
    const GpuPowerModel power(gpu);
    Errors errors;
    for (const auto& config : configs) {
        const auto& rows = trace.at(config);
        const int top = rows.rbegin()->first;
        const Point reference = rows.at(top);
        const double activity = power.activityAtMaxMhz(reference.averageWatts);
        const double fitMhz = power.mhzUnderPowerLimit(fitLimit, activity);
        const double phi = fitMhz / gpu.maxMhz;
        const double alpha = phi >= 0.999
                                 ? 0.0
                                 : std::clamp((rows.at(fitLimit).secondsPerEpoch / reference.secondsPerEpoch - 1) / (1 / phi - 1), 0.0, 1.0);
        const FrequencyLatencyCurve curve(reference.secondsPerEpoch, alpha, gpu.maxMhz);
        for (const auto& [limit, measured] : rows) {
            if (limit == top || limit == fitLimit)
                continue;
            const double mhz = power.mhzUnderPowerLimit(limit, activity);
            errors.time.push_back(std::abs(curve.latencySeconds(mhz) / measured.secondsPerEpoch - 1));
            errors.power.push_back(std::abs(power.watts(mhz, activity) / measured.averageWatts - 1));
        }
    }
    return errors;
}

} // namespace

class TestGpuPowerCalibration : public QObject {
    Q_OBJECT

private slots:
    void zeusPowerLimits_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("medianTimeTolerance");
        QTest::addColumn<double>("p90TimeTolerance");
        QTest::addColumn<double>("medianPowerTolerance");
        // Tolerances on the held-out half: |predicted/measured − 1| of time per epoch, median and
        // 90th percentile, and median of average power (measured power sits below the cap when
        // the data loader stalls the GPU, which the model does not see, hence the wider figure).
        QTest::newRow("V100") << "V100" << "summary_power_v100.csv" << 0.05 << 0.15 << 0.10;
        QTest::newRow("A40") << "A40" << "summary_power_a40.csv" << 0.05 << 0.20 << 0.10;
    }
    //! The built-in idle/unscaled/cubic shares are the grid optimum on the even-indexed half of
    //! the configurations (sorted by dataset, network, batch, optimizer), and predict the odd half.
    void zeusPowerLimits()
    {
        QFETCH(QString, device);
        QFETCH(QString, file);
        QFETCH(double, medianTimeTolerance);
        QFETCH(double, p90TimeTolerance);
        QFETCH(double, medianPowerTolerance);
        const Trace trace = readZeus(file);
        QVERIFY(trace.size() > 20);
        std::vector<Config> train;
        std::vector<Config> test;
        for (const auto& [config, rows] : trace) {
            QVERIFY(rows.size() >= 5 && rows.count(150) == 1);
            ((train.size() + test.size()) % 2 == 0 ? train : test).push_back(config);
        }
        const GpuDeviceProfile builtIn = *findGpuProfile(device.toStdString());
        constexpr int kFitLimit = 150;

        // Fit: grid over idle W × cubic share × unscaled share, minimising the training half's
        // 90th-percentile time error (first minimum in grid order).
        GpuDeviceProfile best = builtIn;
        double bestScore = 1e9;
        for (const double idle : {20.0, 30.0, 40.0, 50.0, 60.0, 70.0}) {
            for (const double cubic : {0.0, 0.25, 0.5, 0.75, 1.0}) {
                for (const double unscaled : {0.0, 0.1, 0.2, 0.3, 0.4, 0.5}) {
                    GpuDeviceProfile candidate = builtIn;
                    candidate.idleWatts = idle;
                    candidate.cubicPowerShare = cubic;
                    candidate.unscaledPowerShare = unscaled;
                    const double score = quantile(predict(trace, train, candidate, kFitLimit).time, 0.9);
                    if (score < bestScore) {
                        bestScore = score;
                        best = candidate;
                    }
                }
            }
        }
        QCOMPARE(builtIn.idleWatts, best.idleWatts);
        QCOMPARE(builtIn.cubicPowerShare, best.cubicPowerShare);
        QCOMPARE(builtIn.unscaledPowerShare, best.unscaledPowerShare);

        const Errors held = predict(trace, test, builtIn, kFitLimit);
        const double medianTime = quantile(held.time, 0.5);
        const double p90Time = quantile(held.time, 0.9);
        const double medianPower = quantile(held.power, 0.5);
        qInfo("%s held-out (%zu points): time per epoch |error| median %.1f %%, p90 %.1f %%, max %.1f %%; "
              "average power |error| median %.1f %%, p90 %.1f %%",
              qPrintable(device), held.time.size(), 100 * medianTime, 100 * p90Time, 100 * quantile(held.time, 0.999),
              100 * medianPower, 100 * quantile(held.power, 0.9));
        QVERIFY2(medianTime <= medianTimeTolerance, qPrintable(QString::number(medianTime)));
        QVERIFY2(p90Time <= p90TimeTolerance, qPrintable(QString::number(p90Time)));
        QVERIFY2(medianPower <= medianPowerTolerance, qPrintable(QString::number(medianPower)));
    }

    //! Seed 001 §6.2.2 (Fig. 6.2, V100 PCIe 16 GB): serving gpt2-large draws 214 W at 1300 MHz and
    //! 120 W at 800 MHz, and still meets its 1000 ms SLO at 800 MHz. The model is not fitted to
    //! these figures: only the activity is set from the 214 W point. Tolerance: ±10 % on the
    //! 800 MHz power; latency at 800 MHz at most the SLO.
    void seedFigure62V100()
    {
        const GpuDeviceProfile& v100 = *findGpuProfile("V100");
        const GpuPowerModel power(v100);
        // Activity with P(1300 MHz, a) = 214 W (P is linear in a).
        const double perActivity = power.watts(1300, 1.0) - v100.idleWatts;
        const double activity = (214 - v100.idleWatts) / perActivity;
        QVERIFY(activity > 0 && activity <= 1.0);
        const double at800 = power.watts(800, activity);
        qInfo("V100 gpt2-large: model %.0f W at 800 MHz (published 120 W); ratio 214/P(800) = %.2f (published 1.8)",
              at800, 214 / at800);
        QVERIFY2(std::abs(at800 / 120 - 1) <= 0.10, qPrintable(QString::number(at800)));

        const ServingModelProfile& gpt2 = servingModel("GPT2-large");
        // The output length at which C + K·N equals Table 6.1's 832 ms.
        const auto tokens = static_cast<std::uint32_t>((gpt2.latencySeconds - gpt2.prefillSeconds) / gpt2.perTokenSeconds);
        const double atDefault = gpt2.requestSeconds(tokens, v100.defaultMhz, v100);
        const double slowed = gpt2.requestSeconds(tokens, 800, v100);
        qInfo("V100 gpt2-large (N = %u): %.0f ms at %.0f MHz, %.0f ms at 800 MHz (SLO 1000 ms)", tokens,
              1000 * atDefault, v100.defaultMhz, 1000 * slowed);
        QVERIFY(std::abs(atDefault / gpt2.latencySeconds - 1) < 0.02);
        QVERIFY(slowed <= 1.0);
        QVERIFY(slowed > atDefault);
    }
};

QTEST_GUILESS_MAIN(TestGpuPowerCalibration)
#include "tst_gpu_power_calibration.moc"
