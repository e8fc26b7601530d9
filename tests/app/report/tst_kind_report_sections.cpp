// Run-report sections that come with their kind (app/report/kind_report_sections.h): a section
// is added for runs that recorded its kind, left out for runs of other kinds, and kept for a run
// stored before runs recorded their kinds; the built-in kinds register theirs.
#include "env/simulation.h"
#include "report/html_summary.h"
#include "report/kind_report_sections.h"
#include "store/project.h"
#include "store/project_run_recorder.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace orrery;

namespace {

//! A finished run whose workloads are `workloads` ("<kind>/<name>", as the simulation records them).
store::RunId recordRun(store::Project& project, const std::vector<std::string>& workloads)
{
    store::ProjectRunRecorder recorder(project);
    recorder.beginRun({"sections", "apiVersion: orrery.dev/v1\n", 1, sim::kSecond, {}, {}});
    for (const std::string& workload : workloads)
        recorder.recordAnnotation({0, 0, std::string(env::kRunWorkloadAnnotation), workload, 0});
    recorder.endRun(sim::RunStatus::Completed, "");
    return *recorder.runId();
}

} // namespace

class TestKindReportSections : public QObject {
    Q_OBJECT

private slots:
    void sectionsFollowTheRunsKinds()
    {
        app::registerKindReportSection({"test-queue", {"test-queue-kind", "BatchJobs"}, [](const store::Project&, store::RunId run) {
                                            return "<h2>Queue of run " + std::to_string(run) + "</h2>\n";
                                        }});
        QTemporaryDir dir;
        store::Project project = store::Project::open(dir.filePath("p.orrery").toStdString());
        const store::RunId queued = recordRun(project, {"BatchJobs/jobs"});
        const store::RunId serving = recordRun(project, {"model-serving/llm"});
        const store::RunId older = recordRun(project, {}); // stored before runs recorded their kinds
        const store::RunId both = recordRun(project, {"model-serving/llm", "test-queue-kind/q"});

        QCOMPARE(QString::fromStdString(app::kindReportSectionsHtml(project, queued)), QStringLiteral("<h2>Queue of run %1</h2>\n").arg(queued));
        QVERIFY(!QString::fromStdString(app::kindReportSectionsHtml(project, serving)).contains("Queue of run"));
        QVERIFY(QString::fromStdString(app::kindReportSectionsHtml(project, older)).contains("Queue of run"));
        QVERIFY(QString::fromStdString(app::kindReportSectionsHtml(project, both)).contains("Queue of run"));
        // The whole report carries it.
        QVERIFY(QString::fromStdString(app::htmlRunSummary(project, queued)).contains(QStringLiteral("<h2>Queue of run %1</h2>").arg(queued)));

        // A second registration under the same name replaces the first.
        app::registerKindReportSection({"test-queue", {"BatchJobs"}, [](const store::Project&, store::RunId) { return std::string("<p>v2</p>"); }});
        QCOMPARE(app::kindReportSectionsHtml(project, queued), std::string("<p>v2</p>"));
    }

    void builtInKindsRegisterTheirSections()
    {
        app::registerBuiltInKindReportSections();
        app::registerBuiltInKindReportSections(); // idempotent
        const auto& sections = app::registeredKindReportSections();
        const auto kindsOf = [&](const std::string& name) {
            const auto it = std::find_if(sections.begin(), sections.end(), [&](const auto& s) { return s.name == name; });
            return it == sections.end() ? std::vector<std::string>{} : it->kinds;
        };
        QCOMPARE(kindsOf("model-serving"), std::vector<std::string>{"model-serving"});
        QCOMPARE(kindsOf("training-jobs"), std::vector<std::string>{"training-jobs"});
        QCOMPARE(std::count_if(sections.begin(), sections.end(), [](const auto& s) { return s.name == "model-serving"; }), 1);
    }
};

QTEST_MAIN(TestKindReportSections)
#include "tst_kind_report_sections.moc"
