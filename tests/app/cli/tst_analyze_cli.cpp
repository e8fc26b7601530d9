// `orrery analyze`: the real DeathStarBench traces (table and --json), a run's spans from a
// project file, and the errors (malformed trace file, a run without spans, bad arguments).
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "trace/jaeger_reader.h"
#include "trace/jaeger_writer.h"
#include "trace/otlp_writer.h"
#include "trace/zipkin_writer.h"

#include "cli_test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace orrery;
using orrery::testing::runOrrery;

namespace {

const QString kRealFile = QStringLiteral(ORRERY_FIXTURE_DIR "/traces/socialnetwork-jaeger-traces.json");

//! Records the real Social Network traces as the spans of a new run of the project at `path`.
store::RunId recordRealTraces(const std::string& path)
{
    const trace::TraceSet real = trace::readJaegerFile(kRealFile.toStdString());
    store::Project project = store::Project::open(path);
    store::ProjectRunRecorder recorder(project);
    recorder.beginRun(sim::RunInfo{"spans", "name: spans\n", 1, sim::kMinute, {}, {}});
    recorder.recordTraces(real.traces, real.names);
    recorder.endRun(sim::RunStatus::Completed, "");
    return *recorder.runId();
}
const QString kMalformed = QStringLiteral(ORRERY_FIXTURE_DIR "/traces/malformed-duration.json");

bool writeText(const QString& path, const std::string& text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
}

} // namespace

class TstAnalyzeCli : public QObject {
    Q_OBJECT

private slots:
    void analyzesTheRealFile()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath("report.json");
        const auto result = runOrrery({"analyze", kRealFile, "--json", json, "--top", "3"}, dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY(result.out.contains("20 traces, 660 spans, 1 request type"));
        QVERIFY(result.out.contains("request type /wrk2-api/post/compose: 20 traces"));
        QVERIFY(result.out.contains("nginx-web-server:/wrk2-api/post/compose > "));
        QVERIFY(result.out.contains("compose-post-service"));
        QVERIFY(result.out.contains("RI"));

        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject document = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(document["traces"].toInt(), 20);
        QCOMPARE(document["spans"].toInt(), 660);
        const QJsonArray types = document["requestTypes"].toArray();
        QCOMPARE(types.size(), 1);
        const QJsonObject compose = types[0].toObject();
        QCOMPARE(compose["requestType"].toString(), QStringLiteral("/wrk2-api/post/compose"));
        const QJsonArray paths = compose["paths"].toArray();
        QVERIFY(!paths.isEmpty() && paths.size() <= 3);
        int counted = 0;
        for (const auto& path : paths)
            counted += path.toObject()["count"].toInt();
        QVERIFY(counted <= 20);
        QCOMPARE(paths[0].toObject()["steps"].toArray()[0].toObject()["service"].toString(),
                 QStringLiteral("nginx-web-server"));
        const QJsonArray services = compose["services"].toArray();
        QVERIFY(services.size() >= 6);
        for (const auto& service : services) {
            const QJsonObject stats = service.toObject();
            QVERIFY(stats["relativeImportance"].toDouble() >= -1.0 && stats["relativeImportance"].toDouble() <= 1.0);
            if (stats["onCriticalPath"].toBool())
                QVERIFY(stats["congestionIntensity"].toDouble() >= 1.0);
        }
        // Most relevant first: RI never increases among the components on the path.
        for (int i = 1; i < services.size(); ++i) {
            const QJsonObject a = services[i - 1].toObject();
            const QJsonObject b = services[i].toObject();
            if (a["onCriticalPath"].toBool() && b["onCriticalPath"].toBool())
                QVERIFY(a["relativeImportance"].toDouble() >= b["relativeImportance"].toDouble());
        }
    }

    void malformedFileExitsTwoWithTheLocation()
    {
        QTemporaryDir dir;
        const auto result = runOrrery({"analyze", kMalformed, "--json", dir.filePath("never.json")}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(kMalformed + ":9: data[0].spans[1].duration: expected an integer"),
                 qPrintable(result.err));
        QVERIFY(!QFile::exists(dir.filePath("never.json")));
    }

    void oneTracePerTypeIsNotAMeasurement()
    {
        QTemporaryDir dir;
        trace::TraceSet one = trace::readJaegerFile(kRealFile.toStdString());
        one.traces.resize(1);
        const QString file = dir.filePath("one.json");
        QVERIFY(writeText(file, trace::writeJaegerJson(one)));
        const auto result = runOrrery({"analyze", file, "--json", dir.filePath("r.json")}, dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.out.contains("n/a (1 sample)"), qPrintable(result.out));
        QVERIFY(result.out.contains("RI needs at least 3 traces"));
        QVERIFY(!result.out.contains(" 1.00 "));  // no CI pretending to be measured
        QFile json(dir.filePath("r.json"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject type = QJsonDocument::fromJson(json.readAll()).object()["requestTypes"].toArray()[0].toObject();
        QVERIFY(type["services"].toArray()[0].toObject()["relativeImportance"].isNull());

        // The critical path, one hop a line, in time order, starting at the root with its whole duration.
        const QStringList lines = result.out.split('\n');
        const auto header = lines.indexOf(QRegularExpression("^\\s+start ms\\s+own ms\\s+subtree ms.*"));
        QVERIFY(header > 0);
        QVERIFY(lines[header - 1].contains("hop by hop"));
        QVERIFY(lines[header + 1].contains("nginx-web-server:/wrk2-api/post/compose"));
        QVERIFY(lines[header + 1].contains("5.303"));
        double previous = -1.0;
        double own = 0.0;
        int hops = 0;
        for (int i = header + 1; i < lines.size() && lines[i].startsWith("    ") && !lines[i].contains("service "); ++i) {
            const QStringList fields = lines[i].split(' ', Qt::SkipEmptyParts);
            QVERIFY(fields.size() == 4);
            QVERIFY(fields[0].toDouble() >= previous);
            previous = fields[0].toDouble();
            own += fields[1].toDouble();
            ++hops;
        }
        QVERIFY(hops >= 10);
        QVERIFY(std::abs(own - 5.303) < 0.02);  // own times add up to the root's duration
    }

    void analyzesADirectoryOfFormats()
    {
        QTemporaryDir dir;
        const trace::TraceSet real = trace::readJaegerFile(kRealFile.toStdString());
        QVERIFY(QDir(dir.path()).mkdir("traces"));
        QVERIFY(writeText(dir.filePath("traces/a-otlp.json"), trace::writeOtlpJson(real)));
        QVERIFY(writeText(dir.filePath("traces/b-zipkin.json"), trace::writeZipkinJson(real)));
        QVERIFY(writeText(dir.filePath("traces/notes.txt"), "not a trace file"));
        const auto result = runOrrery({"analyze", dir.filePath("traces")}, dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.out.contains("40 traces, 1320 spans, 1 request type"), qPrintable(result.out));
        QVERIFY2(result.err.contains("read 2 files: 40 traces, 1320 spans"), qPrintable(result.err));

        const auto many = runOrrery({"analyze", dir.filePath("traces/a-otlp.json"), kRealFile}, dir.path());
        QVERIFY2(many.exitCode == 0, qPrintable(many.err));
        QVERIFY(many.out.contains("40 traces, 1320 spans"));
    }

    void emptyDirectoryIsNamed()
    {
        QTemporaryDir dir;
        const auto result = runOrrery({"analyze", dir.path()}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("is a directory"), qPrintable(result.err));
    }

    void analyzesARunsSpans()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("p.orrery").toStdString();
        const store::RunId withSpans = recordRealTraces(path);
        store::RunId withoutSpans = 0;
        {
            store::Project project = store::Project::open(path);
            store::ProjectRunRecorder recorder(project);
            recorder.beginRun(sim::RunInfo{"plain", "name: plain\n", 1, sim::kMinute, {}, {}});
            recorder.endRun(sim::RunStatus::Completed, "");
            withoutSpans = *recorder.runId();
        }
        const QString project = QString::fromStdString(path);
        const auto fromFile = runOrrery({"analyze", kRealFile}, dir.path());
        const auto fromRun = runOrrery({"analyze", "--project", project, "--run", QString::number(withSpans)}, dir.path());
        QVERIFY2(fromRun.exitCode == 0, qPrintable(fromRun.err));
        // The same traces give the same analysis, whichever way they came.
        QCOMPARE(fromRun.out.section('\n', 1), fromFile.out.section('\n', 1));

        const auto empty = runOrrery({"analyze", "--project", project, "--run", QString::number(withoutSpans)}, dir.path());
        QCOMPARE(empty.exitCode, 2);
        QVERIFY2(empty.err.contains("recorded no spans"), qPrintable(empty.err));
        const auto missing = runOrrery({"analyze", "--project", project, "--run", "99"}, dir.path());
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("no run 99"));
    }

    void exportsARunsSpansInEachFormat()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("p.orrery").toStdString();
        const store::RunId runId = recordRealTraces(path);
        const QString project = QString::fromStdString(path);
        const auto fromFile = runOrrery({"analyze", kRealFile}, dir.path());
        for (const QString format : {"otlp", "jaeger", "zipkin"}) {
            const QString out = dir.filePath(format + ".json");
            const auto exported = runOrrery({"export-traces", "--project", project, "--run", QString::number(runId),
                                             "--out", out, "--format", format}, dir.path());
            QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
            QVERIFY2(exported.out.contains("20 traces"), qPrintable(exported.out));
            QFile file(out);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray head = file.read(64);
            if (format == "otlp")
                QVERIFY2(head.contains("resourceSpans"), head.constData());
            // Opened again by the importer, the file gives the analysis the original gives.
            const auto analyzed = runOrrery({"analyze", out}, dir.path());
            QVERIFY2(analyzed.exitCode == 0, qPrintable(analyzed.err));
            QCOMPARE(analyzed.out.section('\n', 1), fromFile.out.section('\n', 1));
        }
        const auto noRun = runOrrery({"export-traces", "--project", project, "--run", "99", "--out", dir.filePath("x.json")}, dir.path());
        QCOMPARE(noRun.exitCode, 2);
        QVERIFY(noRun.err.contains("no run 99"));
        QVERIFY(!QFile::exists(dir.filePath("x.json")));
        const auto badFormat = runOrrery({"export-traces", "--project", project, "--run", "1", "--out", "y.json", "--format", "csv"}, dir.path());
        QCOMPARE(badFormat.exitCode, 2);
        QVERIFY(badFormat.err.contains("otlp, jaeger or zipkin"));
    }

    void badArgumentsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("nothing") << QStringList{"analyze"};
        QTest::newRow("both") << QStringList{"analyze", kRealFile, "--project", "p.orrery", "--run", "1"};
        QTest::newRow("no run") << QStringList{"analyze", "--project", "p.orrery"};
        QTest::newRow("top zero") << QStringList{"analyze", kRealFile, "--top", "0"};
        QTest::newRow("missing file") << QStringList{"analyze", "/nonexistent.json"};
        QTest::newRow("unknown option") << QStringList{"analyze", kRealFile, "--jsn", "x"};
    }

    void badArgumentsExitTwo()
    {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const auto result = runOrrery(args, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY(!result.err.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstAnalyzeCli)
#include "tst_analyze_cli.moc"
