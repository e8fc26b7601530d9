// Run controls of the window (issue 5): a run starts, shows progress, pauses, steps one batch
// of events at a time (F7), obeys the speed setting on its worker thread and cancels; and the
// UI thread stays responsive (no event-loop gap over 100 ms) while the demo scenario runs.
#include "gui/main_window.h"
#include "gui/run_job.h"
#include "gui/run_progress_panel.h"
#include "gui_test_support.h"

#include <QAction>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QProgressBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace orrery;
using orrery::app::MainWindow;

namespace {

constexpr int kTimeoutMs = 60000;

bool writeFile(const QString& path, const std::string& text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.data(), static_cast<qint64>(text.size())) == qint64(text.size());
}

} // namespace

class TestRunControls : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void pauseStepAndCancel();
    void speedThrottlesTheWorkerNotTheUi();
    void uiStaysResponsiveDuringTheDemoRun();

private:
    QTemporaryDir m_dir;
};

void TestRunControls::initTestCase()
{
    testing::isolateSettings(QStringLiteral("tst_run_controls"));
    QVERIFY(m_dir.isValid());
}

void TestRunControls::pauseStepAndCancel()
{
    const QString scenario = m_dir.filePath(QStringLiteral("step.yaml"));
    QVERIFY(writeFile(scenario, testing::longScenarioText()));
    MainWindow window(testing::pluginRegistry());
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("step.orrery"))));
    QVERIFY(window.runScenarioFile(scenario));
    quint64 events = 0;
    connect(window.runJob(), &app::RunJob::progressed, this, [&events](qint64, qint64, quint64 count) { events = count; });
    auto* bar = window.findChild<QProgressBar*>(QStringLiteral("runProgressBar"));
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, kTimeoutMs);

    auto* step = window.findChild<QAction*>(QStringLiteral("stepRunAction"));
    QVERIFY(step->isEnabled());
    QCOMPARE(step->shortcut(), QKeySequence(Qt::Key_F7));
    window.findChild<QAction*>(QStringLiteral("pauseAction"))->trigger();
    QTest::qWait(300); // the engine pauses and reports where it stopped
    QVERIFY(window.runJob()->isPaused());
    const quint64 pausedAt = events;
    QTest::qWait(300);
    QCOMPARE(events, pausedAt); // paused: nothing runs

    QTest::keyClick(&window, Qt::Key_F7);
    QTRY_COMPARE_WITH_TIMEOUT(events, pausedAt + app::RunJob::kStepEvents, 10000);
    window.stepRun();
    QTRY_COMPARE_WITH_TIMEOUT(events, pausedAt + 2 * app::RunJob::kStepEvents, 10000);
    QTest::qWait(300);
    QCOMPARE(events, pausedAt + 2 * app::RunJob::kStepEvents); // and pauses again
    QVERIFY(window.runJob()->isPaused());

    QSignalSpy finished(&window, &MainWindow::runFinished);
    QTest::keyClick(&window, Qt::Key_Escape);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 15000);
    QCOMPARE(finished.front().at(1).toInt(), static_cast<int>(sim::RunStatus::Cancelled));
    QVERIFY(!window.isRunActive());
}

void TestRunControls::speedThrottlesTheWorkerNotTheUi()
{
    const QString scenario = m_dir.filePath(QStringLiteral("speed.yaml"));
    QVERIFY(writeFile(scenario, testing::longScenarioText()));
    MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("speed.orrery"))));
    window.findChild<QAction*>(QStringLiteral("runSpeedAction1"))->trigger(); // 100× real time
    QCOMPARE(window.runSpeed(), 100.0);
    QComboBox* speedBox = window.progressPanel()->speedBox();
    QCOMPARE(speedBox->currentData().toDouble(), 100.0);
    QVERIFY(window.runScenarioFile(scenario));
    QCOMPARE(window.runJob()->speed(), 100.0);
    auto* bar = window.findChild<QProgressBar*>(QStringLiteral("runProgressBar"));
    // At 100× the 8000-hour horizon takes 80 wall hours: after its first report (1 %) the
    // worker sleeps, while the UI keeps painting and answering.
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, kTimeoutMs);
    QTest::qWait(1500);
    QVERIFY2(bar->value() <= 20, qPrintable(QString::number(bar->value())));

    // As fast as possible (from the combo box): the sleeping worker wakes and races on.
    speedBox->setCurrentIndex(0);
    emit speedBox->activated(0);
    QCOMPARE(window.runSpeed(), 0.0);
    QVERIFY(window.findChild<QAction*>(QStringLiteral("runSpeedAction0"))->isChecked());
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 40, kTimeoutMs);
    QSignalSpy finished(&window, &MainWindow::runFinished);
    window.cancelRun();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 15000);
}

void TestRunControls::uiStaysResponsiveDuringTheDemoRun()
{
    // The demo scenario itself (a fraction of a second) and then the demo stretched to 8000 h,
    // watched for 3 s and cancelled: progress reports, explorer refreshes, the cancel and the
    // loading of the finished runs' views all happen while the UI thread is being timed.
    const QString scenario = m_dir.filePath(QStringLiteral("responsive.yaml"));
    QVERIFY(writeFile(scenario, testing::longScenarioText()));
    MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("responsive.orrery"))));
    QSignalSpy finished(&window, &MainWindow::runFinished);
    // A 10 ms timer on the UI thread: the largest gap between two ticks is the longest stall.
    qint64 maxGapMs = 0;
    int ticks = 0;
    QElapsedTimer sinceTick;
    QTimer timer;
    timer.setInterval(10);
    connect(&timer, &QTimer::timeout, this, [&] {
        if (ticks++ > 0)
            maxGapMs = std::max(maxGapMs, sinceTick.elapsed());
        sinceTick.restart();
    });
    timer.start();
    QVERIFY(window.runDemo());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeoutMs);
    QCOMPARE(finished.back().at(1).toInt(), static_cast<int>(sim::RunStatus::Completed));
    QTest::qWait(200); // the finished run's views load on worker threads and land here
    QVERIFY(window.runScenarioFile(scenario));
    QTest::qWait(3000);
    QVERIFY(window.isRunActive());
    window.cancelRun();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kTimeoutMs);
    QTest::qWait(200);
    timer.stop();
    QCOMPARE(finished.back().at(1).toInt(), static_cast<int>(sim::RunStatus::Cancelled));
    qInfo("demo runs: %d ticks, longest UI stall %lld ms", ticks, static_cast<long long>(maxGapMs));
    QVERIFY(ticks > 100);
    QVERIFY2(maxGapMs < 100, qPrintable(QStringLiteral("longest UI stall %1 ms over %2 ticks").arg(maxGapMs).arg(ticks)));
}

QTEST_MAIN(TestRunControls)
#include "tst_run_controls.moc"
