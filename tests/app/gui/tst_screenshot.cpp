// The main window after a demo run, grabbed to a PNG: docs/screenshots/main-window.png when
// ORRERY_UPDATE_SCREENSHOTS=1, else a temporary file. The image must show the run: not blank,
// with the charts' series colours on screen.
#include "gui/main_window.h"

#include "gui_test_support.h"
#include "widgets/time_series_chart.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery;

namespace {

//! Distinct colours on a grid of sample points.
int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    }
    return static_cast<int>(colours.size());
}

//! Pixels within a small distance of `colour`.
int pixelsNear(const QImage& image, QColor colour)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (std::abs(pixel.red() - colour.red()) + std::abs(pixel.green() - colour.green())
                    + std::abs(pixel.blue() - colour.blue()) < 40)
                ++count;
        }
    }
    return count;
}

} // namespace

class TestScreenshot : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { testing::isolateSettings(QStringLiteral("tst_screenshot")); }
    void mainWindowAfterDemoRun();
};

void TestScreenshot::mainWindowAfterDemoRun()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    app::MainWindow window(testing::pluginRegistry());
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(dir.filePath(QStringLiteral("demo.orrery"))));
    QSignalSpy finished(&window, &app::MainWindow::runFinished);
    QVERIFY(window.runDemo());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QTRY_COMPARE(window.findChild<QLabel*>(QStringLiteral("runTitle"))->text(), QStringLiteral("Run 1 — demo"));
    auto* allocation = window.findChild<widgets::TimeSeriesChart*>(QStringLiteral("allocationChart"));
    QTRY_COMPARE(allocation->seriesCount(), 3);
    QTest::qWait(100); // let the layout settle before grabbing

    const QImage image = window.grab().toImage();
    QCOMPARE(image.size(), window.size() * window.devicePixelRatio());
    QVERIFY2(distinctColours(image) > 40, "the window looks blank");
    const QImage chart = allocation->grab().toImage();
    QVERIFY2(pixelsNear(chart, QColor(0x1f, 0x77, 0xb4)) > 100, "no CPU allocation line on the chart");
    QVERIFY2(pixelsNear(chart, QColor(0xd6, 0x27, 0x28)) > 100, "no GPU allocation line on the chart");

    const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
    const QString out = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots/main-window.png")
                               : dir.filePath(QStringLiteral("main-window.png"));
    QVERIFY(QDir().mkpath(QFileInfo(out).absolutePath()));
    QVERIFY2(image.save(out), qPrintable(out));
    qInfo("screenshot: %s", qPrintable(QDir::toNativeSeparators(out)));
}

QTEST_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
