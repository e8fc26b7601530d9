#include "aware/agent_lifecycle.h"
#include "aware/aware_profile_loader.h"

#include <QtTest>

#include <algorithm>

using namespace orrery;

namespace {

const std::string kFileName = "profile.yaml";

// Line numbers matter: badFiles_data() points at them.
const QString kGood = QStringLiteral(R"(apiVersion: orrery.dev/v1
kind: AwareProfile
metadata:
  name: shop
spec:
  targets:
    cpuUtilization: 0.6
    memoryUtilization: 0.8
    slo:
      latency: 150ms
      percentile: 95
  bootstrap: true
  window:
    recentEpisodes: 8
    minEpisodes: 4
  thresholds:
    online: 500
    serving: 800
    maxStdDev: 25
    retraining: 20
)");

aware::AwareProfileLoadResult parse(const QString& text)
{
    return aware::parseAwareProfile(text.toStdString(), kFileName);
}

QString describe(const model::Diagnostics& diagnostics)
{
    return QString::fromStdString(model::formatAll(diagnostics));
}

QString edited(QStringList edits)
{
    QString text = kGood;
    for (qsizetype i = 0; i + 1 < edits.size(); i += 2) {
        if (!text.contains(edits[i]))
            qFatal("edit target not in the good file: %s", qPrintable(edits[i]));
        text.replace(edits[i], edits[i + 1]);
    }
    return text;
}

//! An enum as its name, so QCOMPARE prints something readable.
template <typename Enum>
QString name(Enum value)
{
    return QString::fromLatin1(aware::toString(value));
}

} // namespace

class TstAwareProfile : public QObject {
    Q_OBJECT

private slots:
    void goodFileGivesEveryField()
    {
        const auto loaded = parse(kGood);
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        const aware::AwareProfile& profile = *loaded.profile;
        QCOMPARE(profile.name, std::string("shop"));
        QCOMPARE(profile.targets.cpuUtilization, 0.6);
        QCOMPARE(profile.targets.memoryUtilization, 0.8);
        QVERIFY(profile.targets.slo);
        QVERIFY(profile.targets.slo->kind == aware::AwareSlo::Kind::Latency);
        QCOMPARE(profile.targets.slo->latency, 150 * sim::kMillisecond);
        QCOMPARE(profile.targets.slo->percentile, 95.0);
        QCOMPARE(profile.lifecycle.bootstrap, true);
        QCOMPARE(profile.lifecycle.recentEpisodes, std::int64_t{8});
        QCOMPARE(profile.lifecycle.minEpisodes, std::int64_t{4});
        QCOMPARE(profile.lifecycle.online, 500.0);
        QCOMPARE(profile.lifecycle.serving, 800.0);
        QCOMPARE(profile.lifecycle.maxStdDev, 25.0);
        QCOMPARE(profile.lifecycle.retraining.value_or(-1), 20.0);
    }

    void goodVariants_data()
    {
        QTest::addColumn<QStringList>("edits");
        QTest::addColumn<bool>("bootstrap");
        QTest::addColumn<int>("recent");
        QTest::addColumn<int>("min");
        QTest::addColumn<bool>("retraining");
        QTest::addColumn<int>("sloKind"); // -1: none, 0: latency, 1: throughput
        QTest::addColumn<double>("percentile");
        QTest::newRow("no window: 10 of 10") << QStringList{"  window:\n    recentEpisodes: 8\n    minEpisodes: 4\n", ""}
                                             << true << 10 << 10 << true << 0 << 95.0;
        QTest::newRow("no minEpisodes: the window's length") << QStringList{"    minEpisodes: 4\n", ""} << true << 8 << 8 << true
                                                             << 0 << 95.0;
        QTest::newRow("no bootstrap needs no T_online")
            << QStringList{"bootstrap: true", "bootstrap: off", "    online: 500\n", ""} << false << 8 << 4 << true << 0 << 95.0;
        QTest::newRow("bootstrap defaults to on") << QStringList{"  bootstrap: true\n", ""} << true << 8 << 4 << true << 0 << 95.0;
        QTest::newRow("no retraining threshold") << QStringList{"    retraining: 20\n", ""} << true << 8 << 4 << false << 0 << 95.0;
        QTest::newRow("latency percentile defaults to 99") << QStringList{"      percentile: 95\n", ""} << true << 8 << 4 << true
                                                           << 0 << 99.0;
        QTest::newRow("throughput SLO")
            << QStringList{"      latency: 150ms\n      percentile: 95\n", "      throughput: 30/min\n"} << true << 8 << 4 << true
            << 1 << 99.0;
        QTest::newRow("no SLO") << QStringList{"    slo:\n      latency: 150ms\n      percentile: 95\n", ""} << true << 8 << 4
                                << true << -1 << 99.0;
    }

    void goodVariants()
    {
        QFETCH(QStringList, edits);
        QFETCH(bool, bootstrap);
        QFETCH(int, recent);
        QFETCH(int, min);
        QFETCH(bool, retraining);
        QFETCH(int, sloKind);
        QFETCH(double, percentile);
        const auto loaded = parse(edited(edits));
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        const auto& lifecycle = loaded.profile->lifecycle;
        QCOMPARE(lifecycle.bootstrap, bootstrap);
        QCOMPARE(lifecycle.recentEpisodes, std::int64_t{recent});
        QCOMPARE(lifecycle.minEpisodes, std::int64_t{min});
        QCOMPARE(lifecycle.retraining.has_value(), retraining);
        const auto& slo = loaded.profile->targets.slo;
        QCOMPARE(slo ? static_cast<int>(slo->kind) : -1, sloKind);
        if (slo && slo->kind == aware::AwareSlo::Kind::Latency)
            QCOMPARE(slo->percentile, percentile);
        if (slo && slo->kind == aware::AwareSlo::Kind::Throughput)
            QCOMPARE(slo->throughputPerSecond, 0.5);
    }

    void badFiles_data()
    {
        QTest::addColumn<QStringList>("edits"); // pairs: find, replace
        QTest::addColumn<int>("line");          // 0: only check that some positioned diagnostic exists
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("fieldPath");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* name, QStringList edits, int line, int column, const char* path, const char* message) {
            QTest::newRow(name) << edits << line << column << QString(path) << QString(message);
        };
        row("apiVersion", {"orrery.dev/v1", "orrery.dev/v2"}, 1, 13, "apiVersion", "unsupported apiVersion \"orrery.dev/v2\"");
        row("kind typo", {"kind: AwareProfile", "kind: AwareProfil"}, 2, 7, "kind", "(did you mean 'AwareProfile'?)");
        row("another kind", {"kind: AwareProfile", "kind: Experiment"}, 2, 7, "kind", "expected kind: AwareProfile");
        row("name", {"name: shop", "name: Shop_1"}, 4, 9, "metadata.name", "expected a name");
        row("missing spec", {"spec:\n", "spex:\n"}, 1, 1, "spec", "missing required field 'spec'");
        row("unknown top-level key", {"spec:\n", "spex:\n"}, 5, 1, "spex", "unknown field 'spex' (did you mean 'spec'?)");
        row("unknown spec key", {"  bootstrap: true", "  bootstrp: true"}, 12, 3, "spec.bootstrp",
            "unknown field 'bootstrp' (did you mean 'bootstrap'?)");
        row("unknown target key", {"    cpuUtilization: 0.6", "    cpuUtilisation: 0.6"}, 7, 5, "spec.targets.cpuUtilisation",
            "(did you mean 'cpuUtilization'?)");
        row("unknown threshold key", {"    maxStdDev: 25", "    maxStdDv: 25"}, 19, 5, "spec.thresholds.maxStdDv",
            "unknown field 'maxStdDv' (did you mean 'maxStdDev'?)");
        row("missing T_var", {"    maxStdDev: 25\n", ""}, 17, 5, "spec.thresholds.maxStdDev", "missing required field 'maxStdDev'");
        row("missing T_serving", {"    serving: 800\n", ""}, 17, 5, "spec.thresholds.serving", "missing required field 'serving'");
        row("missing T_online with bootstrap", {"    online: 500\n", ""}, 17, 5, "spec.thresholds.online",
            "missing required field 'online'");
        row("missing targets", {"  targets:\n    cpuUtilization: 0.6\n    memoryUtilization: 0.8\n    slo:\n      latency: 150ms\n"
                                "      percentile: 95\n",
                                ""},
            6, 3, "spec.targets", "missing required field 'targets'");
        row("missing memory target", {"    memoryUtilization: 0.8\n", ""}, 7, 5, "spec.targets.memoryUtilization",
            "missing required field 'memoryUtilization'");
        row("cpu target zero", {"cpuUtilization: 0.6", "cpuUtilization: 0"}, 7, 21, "spec.targets.cpuUtilization",
            "expected a utilization target greater than 0 and at most 1");
        row("cpu target above one", {"cpuUtilization: 0.6", "cpuUtilization: 1.5"}, 7, 21, "spec.targets.cpuUtilization",
            "expected a number from 0 to 1 (a fraction of the limit), got \"1.5\"");
        row("memory target not a number", {"memoryUtilization: 0.8", "memoryUtilization: high"}, 8, 24,
            "spec.targets.memoryUtilization", "got \"high\"");
        row("bootstrap not a switch", {"bootstrap: true", "bootstrap: maybe"}, 12, 14, "spec.bootstrap",
            "expected on or off, got \"maybe\"");
        row("negative T_var", {"maxStdDev: 25", "maxStdDev: -1"}, 19, 16, "spec.thresholds.maxStdDev",
            "expected a number from 0 to");
        row("negative retraining", {"retraining: 20", "retraining: -5"}, 20, 17, "spec.thresholds.retraining",
            "expected a number from 0 to");
        row("T_online not a number", {"online: 500", "online: [500]"}, 17, 13, "spec.thresholds.online", "got a sequence");
        row("T_serving below T_online", {"serving: 800", "serving: 400"}, 18, 14, "spec.thresholds.serving",
            "T_serving 400 is below T_online 500");
        row("duplicate threshold", {"    retraining: 20\n", "    retraining: 20\n    serving: 810\n"}, 21, 5,
            "spec.thresholds.serving", "duplicate key 'serving': already given at line 18, column 5");
        row("thresholds not a mapping",
            {"  thresholds:\n    online: 500\n    serving: 800\n    maxStdDev: 25\n    retraining: 20\n", "  thresholds: high\n"}, 16,
            15, "spec.thresholds", "got \"high\"");
        row("window of zero", {"recentEpisodes: 8", "recentEpisodes: 0"}, 14, 21, "spec.window.recentEpisodes",
            "expected an integer from 1 to 100000, got \"0\"");
        row("window fractional", {"recentEpisodes: 8", "recentEpisodes: 2.5"}, 14, 21, "spec.window.recentEpisodes",
            "expected an integer");
        row("minEpisodes beyond the window", {"minEpisodes: 4", "minEpisodes: 9"}, 15, 18, "spec.window.minEpisodes",
            "minEpisodes 9 is more than recentEpisodes 8");
        row("minEpisodes zero", {"minEpisodes: 4", "minEpisodes: 0"}, 15, 18, "spec.window.minEpisodes",
            "expected an integer from 1 to 100000");
        row("SLO with latency and throughput", {"      percentile: 95\n", "      percentile: 95\n      throughput: 100/s\n"}, 12, 19,
            "spec.targets.slo.throughput", "either a latency or a throughput, not both");
        row("SLO with neither", {"    slo:\n      latency: 150ms\n      percentile: 95\n", "    slo: {}\n"}, 9, 10,
            "spec.targets.slo", "got neither");
        row("SLO latency not a duration", {"latency: 150ms", "latency: fast"}, 10, 16, "spec.targets.slo.latency", "fast");
        row("SLO percentile 100", {"percentile: 95", "percentile: 100"}, 11, 19, "spec.targets.slo.percentile",
            "expected a percentile greater than 0 and less than 100");
        row("SLO percentile with throughput", {"latency: 150ms", "throughput: 30/min"}, 11, 19, "spec.targets.slo.percentile",
            "a percentile belongs to a latency SLO");
        row("SLO throughput zero",
            {"      latency: 150ms\n      percentile: 95\n", "      throughput: 0/s\n"}, 10, 19, "spec.targets.slo.throughput",
            "");
        row("YAML syntax", {"  targets:\n", "  targets: [\n"}, 0, 0, "", "");
        row("control byte in text", {"  name: shop", "  name: \x01shop"}, 0, 0, "", "");
    }

    void badFiles()
    {
        QFETCH(QStringList, edits);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, fieldPath);
        QFETCH(QString, message);
        const auto loaded = parse(edited(edits));
        QVERIFY(!loaded.ok());
        QVERIFY(!loaded.diagnostics.empty());
        if (line == 0) {
            QCOMPARE(loaded.diagnostics[0].location.file, kFileName);
            QVERIFY(loaded.diagnostics[0].location.line > 0);
            return;
        }
        const bool found = std::any_of(loaded.diagnostics.begin(), loaded.diagnostics.end(), [&](const model::Diagnostic& d) {
            return d.location.file == kFileName && d.location.line == line && d.location.column == column
                && d.fieldPath == fieldPath.toStdString() && d.message.find(message.toStdString()) != std::string::npos;
        });
        QVERIFY2(found, qPrintable(describe(loaded.diagnostics)));
    }

    void diagnosticsReadLikeACompilers()
    {
        const auto loaded = parse(edited({"maxStdDev: 25", "maxStdDev: -1"}));
        QCOMPARE(loaded.diagnostics.size(), std::size_t{1});
        const QString text = QString::fromStdString(loaded.diagnostics[0].format());
        QVERIFY2(text.startsWith("profile.yaml:19:16: error: spec.thresholds.maxStdDev: expected a number from 0 to"),
                 qPrintable(text));
    }

    void defaultProfileLoads()
    {
        const std::string path = ORRERY_SOURCE_DIR "/resources/profiles/aware-default.yaml";
        const auto loaded = aware::loadAwareProfileFile(path);
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        const aware::AwareProfile& profile = *loaded.profile;
        QCOMPARE(profile.name, std::string("aware-default"));
        QCOMPARE(profile.sourceFile, path);
        QCOMPARE(profile.lifecycle.bootstrap, true);
        // §5.5.4's bootstrapping threshold 130 and §5.5.3's retraining threshold 5, times 4.5
        // (the comment in the file and docs/learning.md explain the mapping).
        QCOMPARE(profile.lifecycle.online, 585.0);
        QCOMPARE(profile.lifecycle.retraining.value_or(-1), 22.5);
        QCOMPARE(profile.lifecycle.serving, 840.0);
        QCOMPARE(profile.lifecycle.maxStdDev, 30.0);
        QCOMPARE(profile.lifecycle.recentEpisodes, std::int64_t{10});
        QCOMPARE(profile.lifecycle.minEpisodes, std::int64_t{10});
        QCOMPARE(profile.targets.slo->latency, 200 * sim::kMillisecond);

        // The profile drives a lifecycle: fallback rewards around 590 end bootstrapping.
        aware::AgentLifecycle lifecycle(profile.lifecycle);
        QCOMPARE(name(lifecycle.start().to), name(aware::LifecycleStage::Offline));
        for (int episode = 0; episode < 9; ++episode)
            QVERIFY(!lifecycle.observe(590));
        const auto online = lifecycle.observe(590);
        QVERIFY(online);
        QCOMPARE(name(online->to), name(aware::LifecycleStage::Online));
    }

    void missingFileAndDirectory()
    {
        auto loaded = aware::loadAwareProfileFile("/nonexistent/profile.yaml");
        QCOMPARE(loaded.diagnostics.size(), std::size_t{1});
        QVERIFY(loaded.diagnostics[0].message.find("cannot open the file") != std::string::npos);
        loaded = aware::loadAwareProfileFile(ORRERY_SOURCE_DIR "/resources");
        QVERIFY(loaded.diagnostics.at(0).message.find("directory") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TstAwareProfile)
#include "tst_aware_profile.moc"
