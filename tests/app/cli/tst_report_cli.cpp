// `orrery report` end to end: a small experiment run into a temporary project, then its HTML
// report (every arm and metric named, inline SVG, no scripts, no external URLs) and its PDF
// (pages and text checked with poppler's pdfinfo and pdftotext); a project without experiments
// gives a run summary; bad input exits 2 and writes nothing.
#include "cli_test_support.h"

#include <QtTest>

namespace {

using orrery::testing::CliResult;
using orrery::testing::runOrrery;
using orrery::testing::runProgram;

const QStringList kArms{"first-fit", "random", "kube"};
const QStringList kMetrics{"job.completion_time.mean", "job.wait.mean", "makespan"};

//! Three arms, two seeds, a sweep over two job counts: 12 short runs.
QString experimentText()
{
    return QStringLiteral("apiVersion: orrery.dev/v1\n"
                          "kind: Experiment\n"
                          "metadata:\n"
                          "  name: report-small\n"
                          "  description: arms <compared> & reported\n"
                          "spec:\n"
                          "  scenario: %1\n"
                          "  arms:\n"
                          "    - name: first-fit\n"
                          "      policies:\n"
                          "        placement: {plugin: first-fit}\n"
                          "    - name: random\n"
                          "      policies:\n"
                          "        placement: {plugin: random}\n"
                          "    - name: kube\n"
                          "      policies:\n"
                          "        placement: {plugin: kube}\n"
                          "  seeds: [1, 2]\n"
                          "  metrics: [%2]\n"
                          "  sweep: {parameter: jobs, values: [40, 80]}\n")
        .arg(QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/demo.yaml"), kMetrics.join(", "));
}

QString readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QStringList entries(const QString& directory)
{
    return QDir(directory).entryList(QDir::Files | QDir::NoDotAndDotDot | QDir::Hidden);
}

} // namespace

class TestReportCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QFile file(m_dir.filePath("exp.yaml"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(experimentText().toUtf8());
        file.close();
        const CliResult run = runOrrery({"experiment", "exp.yaml", "--project", "p.orrery", "--quiet"}, m_dir.path());
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
    }

    void htmlNamesEveryArmAndMetric()
    {
        const CliResult report = runOrrery({"report", "--project", "p.orrery", "--out", "r.html"}, m_dir.path());
        QVERIFY2(report.exitCode == 0, qPrintable(report.err));
        QVERIFY2(report.out.contains("report of experiment report-small (id 1, 3 arms, 3 metrics)"), qPrintable(report.out));
        const QString html = readAll(m_dir.filePath("r.html"));
        QVERIFY(html.startsWith("<!DOCTYPE html>"));
        QVERIFY(html.contains("<h1>Experiment “report-small”</h1>"));
        for (const QString& arm : kArms) // in the arms table, not only in the YAML text
            QVERIFY2(html.contains("<td>" + arm + "</td><td>"), qPrintable(arm));
        for (const QString& metric : kMetrics) // a section per metric
            QVERIFY2(html.contains("<h2>" + metric + "</h2>"), qPrintable(metric)); // seconds: the unit is in each value
        QVERIFY(html.contains("<td>first-fit</td><td>baseline</td>"));
        QVERIFY(html.contains("<td>kube</td><td>treatment</td>"));
        // Charts: a sweep plot, then per sweep point a CDF and a box plot, for every metric.
        QCOMPARE(html.count("<svg "), kMetrics.size() * (1 + 2 * 2));
        QVERIFY(html.contains("Mean against jobs"));
        QVERIFY(html.contains("Distribution over runs at jobs = 80"));
        QVERIFY(html.contains("median ratio [95% CI]"));
        // Definitions are escaped; the environment names the build and machine.
        QVERIFY(html.contains("arms &lt;compared&gt; &amp; reported"));
        QVERIFY(html.contains("kind: Experiment"));
        QVERIFY(html.contains("<th>Git commit</th>"));
        QVERIFY(html.contains("<th>CPU</th>"));
        // Self-contained.
        QVERIFY(!html.contains("<script", Qt::CaseInsensitive));
        const QRegularExpression external(QStringLiteral("(src|href)\\s*=\\s*[\"']?(https?:|//)|url\\(|@import"),
                                          QRegularExpression::CaseInsensitiveOption);
        QVERIFY2(!external.match(html).hasMatch(), qPrintable(external.match(html).captured()));
        QCOMPARE(entries(m_dir.path()).filter(".tmp-").size(), 0);
    }

    void experimentByNameOrId()
    {
        for (const QString& reference : {QStringLiteral("report-small"), QStringLiteral("1")}) {
            const CliResult report = runOrrery({"report", "--project", "p.orrery", "--experiment", reference, "--out", "e.html"},
                                            m_dir.path());
            QVERIFY2(report.exitCode == 0, qPrintable(report.err));
            QVERIFY(readAll(m_dir.filePath("e.html")).contains("report-small"));
        }
    }

    void pdfHasPagesAndText()
    {
        if (QStandardPaths::findExecutable("pdfinfo").isEmpty() || QStandardPaths::findExecutable("pdftotext").isEmpty())
            QSKIP("pdfinfo/pdftotext (poppler-utils) are not installed");
        const CliResult report = runOrrery({"report", "--project", "p.orrery", "--out", "r.pdf"}, m_dir.path());
#ifndef ORRERY_HAVE_REPORT_PDF
        QCOMPARE(report.exitCode, 2);
        QVERIFY2(report.err.contains("PDF reports need the GUI build"), qPrintable(report.err));
        return;
#endif
        QVERIFY2(report.exitCode == 0, qPrintable(report.err));
        const QString pdf = m_dir.filePath("r.pdf");
        const CliResult info = runProgram("pdfinfo", {pdf}, m_dir.path());
        QVERIFY2(info.exitCode == 0, qPrintable(info.err));
        const QRegularExpression pages(QStringLiteral("Pages:\\s+(\\d+)"));
        const auto match = pages.match(info.out);
        QVERIFY2(match.hasMatch(), qPrintable(info.out));
        QVERIFY2(match.captured(1).toInt() >= 2, qPrintable(info.out));
        QVERIFY2(info.out.contains("A4"), qPrintable(info.out));
        const CliResult text = runProgram("pdftotext", {pdf, "-"}, m_dir.path());
        QVERIFY2(text.exitCode == 0, qPrintable(text.err));
        for (const QString& name : kArms + kMetrics)
            QVERIFY2(text.out.contains(name), qPrintable(name + " not in the PDF text:\n" + text.out.left(3000)));
        QVERIFY(text.out.contains("report-small"));
        QVERIFY(text.out.contains("Environment"));
        QVERIFY(text.out.contains("Mean against jobs"));
        QVERIFY(text.out.contains("Distribution over runs at jobs = 80"));
        QVERIFY(text.out.contains("median ratio [95%"));
        QCOMPARE(entries(m_dir.path()).filter(".tmp-").size(), 0);
    }

    void runSummaryWithoutExperiments()
    {
        QTemporaryDir dir;
        const CliResult run = runOrrery({"run", QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/demo.yaml"), "--project",
                                      "runs.orrery", "--quiet"},
                                     dir.path());
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const CliResult report = runOrrery({"report", "--project", "runs.orrery", "--out", "s.html"}, dir.path());
        QVERIFY2(report.exitCode == 0, qPrintable(report.err));
        QVERIFY2(report.out.contains("summary of run 1"), qPrintable(report.out));
        QVERIFY(readAll(dir.filePath("s.html")).contains("<h1>Run 1 of scenario"));
        const CliResult missing = runOrrery({"report", "--project", "runs.orrery", "--run", "9", "--out", "t.html"}, dir.path());
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("runs.orrery: no run with id 9"), qPrintable(missing.err));
        QVERIFY(!QFile::exists(dir.filePath("t.html")));
    }

    void runSummaryOfTrainingJobs_data()
    {
        QTest::addColumn<QString>("plugin");
        QTest::addColumn<bool>("classes");
        QTest::newRow("flowcon records classes") << "flowcon" << true;
        QTest::newRow("docker-swarm has none") << "docker-swarm" << false;
    }

    //! Issue 18: a training-jobs run's summary has a stacked CPU-limit chart per worker, coloured
    //! by FlowCon's class of each container where the run recorded classes, and progress curves.
    void runSummaryOfTrainingJobs()
    {
        QFETCH(QString, plugin);
        QFETCH(bool, classes);
        QTemporaryDir dir;
        QFile file(dir.filePath("train.yaml"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: train-report}\nspec:\n"
                                  "  seed: 5\n  horizon: 2h\n"
                                  "  cluster: {pools: [{name: workers, count: 2, cpu: 4, memory: 16Gi}]}\n"
                                  "  policies: {control: {plugin: %1}}\n"
                                  "  workloads:\n    - name: train\n      kind: training-jobs\n      jobs:\n"
                                  "        - {name: a, model: mnist-pytorch, at: 0s}\n"
                                  "        - {name: b, model: lstm-pytorch, at: 0s}\n"
                                  "        - {name: c, model: vae-pytorch, at: 20s}\n")
                       .arg(plugin)
                       .toUtf8());
        file.close();
        const CliResult run = runOrrery({"run", "train.yaml", "--project", "t.orrery", "--quiet"}, dir.path());
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const CliResult report = runOrrery({"report", "--project", "t.orrery", "--out", "t.html"}, dir.path());
        QVERIFY2(report.exitCode == 0, qPrintable(report.err));
        const QString html = readAll(dir.filePath("t.html"));
        QVERIFY(html.contains("<h2>Training jobs</h2>"));
        QVERIFY(html.contains("3 containers on 2 workers"));
        // Per worker: a stacked chart of rectangles, one <g> per container, and a progress chart.
        QVERIFY(html.count("<h3>") == 2);
        for (const char* job : {"a", "b", "c"})
            QVERIFY2(html.contains(QStringLiteral("<g><title>%1</title><rect").arg(job)), job);
        QVERIFY(html.contains("progress (0 = first value, 1 = last)"));
        // NL in green, CL in blue (class_label_colors): present exactly when classes were recorded.
        QCOMPARE(html.contains("NL: new, growing fast"), classes);
        QCOMPARE(html.contains("fill=\"#009E73\" stroke=\"#fff\""), classes);
        QCOMPARE(html.contains("the policy recorded no classes"), !classes);
    }

    //! Issue 16: an experiment recording SLO attainment and power gets a scatter of the two per
    //! run, one circle per run in its arm's colour, per sweep point.
    void servingExperimentReportHasTradeoffScatter()
    {
        QTemporaryDir dir;
        QFile scenario(dir.filePath("serving.yaml"));
        QVERIFY(scenario.open(QIODevice::WriteOnly));
        scenario.write("apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: serving}\nspec:\n  seed: 1\n  horizon: 1m\n"
                       "  cluster:\n    pools:\n      - {name: gpus, count: 2, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}\n"
                       "  workloads:\n    - name: serving\n      kind: model-serving\n      devices: gpus\n      models:\n"
                       "        - {model: BERT-base, rate: 3/s}\n");
        scenario.close();
        QFile experiment(dir.filePath("exp.yaml"));
        QVERIFY(experiment.open(QIODevice::WriteOnly));
        experiment.write("apiVersion: orrery.dev/v1\nkind: Experiment\nmetadata: {name: serving-report}\nspec:\n  scenario: serving.yaml\n"
                         "  arms:\n    - {name: alpaserve, policies: {placement: {plugin: alpaserve-placement}}}\n"
                         "    - {name: miad, policies: {placement: {plugin: alpaserve-placement}, control: {plugin: miad-frequency}}}\n"
                         "  seeds: {count: 2}\n  metrics: [serving.power.mean, serving.slo_attainment]\n"
                         "  sweep: {parameter: arrivalRate, values: [1, 2]}\n");
        experiment.close();
        const CliResult run = runOrrery({"experiment", "exp.yaml", "--project", "s.orrery", "--quiet"}, dir.path());
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        const CliResult report = runOrrery({"report", "--project", "s.orrery", "--out", "s.html"}, dir.path());
        QVERIFY2(report.exitCode == 0, qPrintable(report.err));
        const QString html = readAll(dir.filePath("s.html"));
        QVERIFY(html.contains("<h2>Trade-off per run: serving.power.mean against serving.slo_attainment</h2>"));
        const qsizetype at = html.indexOf("Trade-off per run");
        QCOMPARE(html.mid(at).count("<circle "), 2 * 2 * 2); // 2 sweep points × 2 arms × 2 seeds
        QVERIFY(!readAll(m_dir.filePath("r.html")).contains("Trade-off per run")); // the batch experiment has none

        // A run of it: the summary's Model serving section plots power (all and per device) and p99/SLO.
        const CliResult summary = runOrrery({"report", "--project", "s.orrery", "--run", "1", "--out", "run.html"}, dir.path());
        QVERIFY2(summary.exitCode == 0, qPrintable(summary.err));
        const QString runHtml = readAll(dir.filePath("run.html"));
        QVERIFY(runHtml.contains("<h2>Model serving</h2>"));
        QVERIFY(runHtml.contains("2 devices; power is the mean of each control period"));
        QVERIFY(runHtml.contains("<title>all devices</title>"));
        QVERIFY(runHtml.contains("<title>gpus-0</title>") && runHtml.contains("<title>gpus-1</title>"));
        QVERIFY(runHtml.contains("p99 latency / SLO (above 1: missed)"));
    }

    //! Issue 17: a heterogeneous autoscaled serving run's summary stacks its cost by GPU type
    //! (one band per type) and plots the SLO violations per control period.
    void servingRunSummaryHasCostByTypeAndSloViolations()
    {
        QTemporaryDir dir;
        QFile scenario(dir.filePath("fleet.yaml"));
        QVERIFY(scenario.open(QIODevice::WriteOnly));
        scenario.write("apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: fleet}\nspec:\n  seed: 3\n  horizon: 1m\n"
                       "  cluster:\n    pools:\n"
                       "      - {name: v100, count: 2, cpu: 8, memory: 16Gi, pricePerHour: 3.06, devices: [{kind: gpu, model: V100, count: 1}]}\n"
                       "      - {name: t4, count: 2, cpu: 8, memory: 16Gi, pricePerHour: 0.53, devices: [{kind: gpu, model: T4, count: 1}]}\n"
                       "  policies:\n    placement: {plugin: hetsev-scheduler}\n"
                       "    control: {plugin: kube-hpa, params: {targetUtilization: 0.3, syncPeriod: 5s}}\n"
                       "  workloads:\n    - name: serving\n      kind: model-serving\n      gpu: V100\n      controlPeriod: 1s\n"
                       "      sharing: concurrent\n      autoscaling: on\n      models:\n"
                       "        - {model: ResNet-50, rate: 40/s}\n        - {model: BERT-base, rate: 8/s}\n");
        scenario.close();
        const CliResult run = runOrrery({"run", "fleet.yaml", "--project", "f.orrery", "--quiet"}, dir.path());
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        const CliResult summary = runOrrery({"report", "--project", "f.orrery", "--run", "1", "--out", "run.html"}, dir.path());
        QVERIFY2(summary.exitCode == 0, qPrintable(summary.err));
        const QString html = readAll(dir.filePath("run.html"));
        QVERIFY(html.contains("<h2>Model serving</h2>"));
        QVERIFY(html.contains("<h3>Cost by GPU type</h3>"));
        const qsizetype cost = html.indexOf("<h3>Cost by GPU type</h3>");
        const QString costSvg = html.mid(cost, html.indexOf("</svg>", cost) - cost);
        QVERIFY(costSvg.contains("cost (USD, cumulative)"));
        QVERIFY(costSvg.contains("V100") && costSvg.contains("T4"));
        QVERIFY(html.contains("<h3>SLO violations</h3>"));
        QVERIFY(html.contains("requests missing the SLO (share per control period)"));
        QVERIFY(html.contains("<title>SLO violations</title>"));
    }

    void badInputWritesNothing_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing project") << QStringList{"--project", "nope.orrery", "--out", "x.html"}
                                         << "nope.orrery: no such project file";
        QTest::newRow("unknown experiment") << QStringList{"--project", "p.orrery", "--experiment", "report-smal", "--out", "x.html"}
                                            << "p.orrery: no experiment 'report-smal' (did you mean 'report-small'?); it holds: 1 report-small";
        QTest::newRow("unknown id") << QStringList{"--project", "p.orrery", "--experiment", "7", "--out", "x.html"}
                                    << "p.orrery: no experiment '7'";
        QTest::newRow("extension") << QStringList{"--project", "p.orrery", "--out", "x.docx"}
                                   << "x.docx: unknown report format; expected a file ending in .html or .pdf";
        QTest::newRow("unwritable html") << QStringList{"--project", "p.orrery", "--out", "no-such-dir/x.html"}
                                         << "no-such-dir/x.html: cannot write";
        QTest::newRow("unwritable pdf") << QStringList{"--project", "p.orrery", "--out", "no-such-dir/x.pdf"}
                                        << "no-such-dir/x.pdf:";
        QTest::newRow("no --out") << QStringList{"--project", "p.orrery"} << "--out is required";
    }

    void badInputWritesNothing()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const QStringList before = entries(m_dir.path());
        const CliResult report = runOrrery(QStringList{"report"} + args, m_dir.path());
        QCOMPARE(report.exitCode, 2);
        QVERIFY2(report.err.contains(expected), qPrintable(report.err));
        QVERIFY2(report.out.isEmpty(), qPrintable(report.out));
        QCOMPARE(entries(m_dir.path()), before);
    }
};

QTEST_GUILESS_MAIN(TestReportCli)
#include "tst_report_cli.moc"
