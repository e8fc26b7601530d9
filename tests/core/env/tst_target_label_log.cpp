// env::TargetLabelLog: a policy's class of each target becomes one `policy.label` annotation per
// stretch of time the target held one label (issue 18's NL/WL/CL colours).
#include "env/target_label_log.h"
#include "sim/in_memory_run_recorder.h"

#include <QtTest>

using namespace orrery;

class TestTargetLabelLog : public QObject {
    Q_OBJECT

private slots:
    void stretchesEndAtChangeCloseAndRunEnd()
    {
        sim::InMemoryRunRecorder recorder;
        env::TargetLabelLog log;
        log.update({{"a", "NL"}, {"b", "NL"}}, 0, recorder);
        log.update({{"a", "NL"}, {"b", "CL"}}, 10, recorder); // b changes: its NL stretch ends
        log.update({{"a", "WL"}}, 20, recorder);              // b not observed: still open
        log.update({{"a", "CL"}}, 20, recorder);              // same instant: no empty stretch
        log.close("b", 25, recorder);                         // b finished
        log.close("missing", 26, recorder);                   // nothing open: nothing recorded
        log.closeAll(40, recorder);

        std::vector<std::tuple<std::string, sim::SimTime, sim::SimTime>> got;
        for (const sim::RunAnnotation& annotation : recorder.annotations()) {
            QCOMPARE(annotation.kind, std::string(env::TargetLabelLog::kAnnotationKind));
            got.emplace_back(annotation.target, annotation.start, annotation.end);
        }
        const std::vector<std::tuple<std::string, sim::SimTime, sim::SimTime>> expected{
            {"b=NL", 0, 10}, {"a=NL", 0, 20}, {"b=CL", 10, 25}, {"a=CL", 20, 40}};
        QCOMPARE(got, expected);
        log.closeAll(50, recorder); // everything already closed
        QCOMPARE(recorder.annotations().size(), expected.size());
    }

    void splitTakesTheLastEquals()
    {
        std::string target, label;
        QVERIFY(env::TargetLabelLog::split("job=x=NL", target, label));
        QCOMPARE(target, std::string("job=x"));
        QCOMPARE(label, std::string("NL"));
        QVERIFY(!env::TargetLabelLog::split("no-label", target, label));
        QVERIFY(!env::TargetLabelLog::split("=NL", target, label));
    }
};

QTEST_GUILESS_MAIN(TestTargetLabelLog)
#include "tst_target_label_log.moc"
