// The desktop entry's Exec line run as a file manager runs it on a double-click: `orrery %f` with
// the project's path, on a real X server (Xvfb). The window must come up titled with that
// project, which MainWindow does only after it opened the file (main_window.cpp).
#include "cli_test_support.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery::testing;

namespace {

//! The Exec key of the desktop entry in the source tree (the file that is installed).
QString execLine()
{
    QFile entry(QStringLiteral(ORRERY_SOURCE_DIR "/packaging/linux/org.orrery.Orrery.desktop"));
    if (!entry.open(QIODevice::ReadOnly))
        return {};
    const auto match = QRegularExpression(QStringLiteral("^Exec=(.*)$"), QRegularExpression::MultilineOption)
                           .match(QString::fromUtf8(entry.readAll()));
    return match.hasMatch() ? match.captured(1) : QString();
}

} // namespace

class TestDesktopLaunch : public QObject {
    Q_OBJECT

private slots:
    void doubleClickOpensTheProjectInTheWindow()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(runOrrery({QStringLiteral("demo")}, dir.path()).exitCode == 0);
        const QString project = dir.filePath(QStringLiteral("double-clicked.orrery"));
        QVERIFY(QFile::rename(dir.filePath(QStringLiteral("orrery-demo/demo.orrery")), project));

        // The file manager's expansion: %f → the path; the program is found on PATH.
        const QStringList exec = execLine().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        QCOMPARE(exec, (QStringList{QStringLiteral("orrery"), QStringLiteral("%f")}));

        // A private X server; -displayfd reports the display number it took. -noreset: by default
        // the server resets when its last client leaves, and a client connecting during that reset
        // is refused; each xwininfo poll below is such a last client, racing orrery's connect.
        QProcess xvfb;
        xvfb.setProcessChannelMode(QProcess::SeparateChannels);
        xvfb.start(QStringLiteral("Xvfb"), {QStringLiteral("-displayfd"), QStringLiteral("1"), QStringLiteral("-noreset"),
                                            QStringLiteral("-nolisten"), QStringLiteral("tcp"), QStringLiteral("-screen"), QStringLiteral("0"),
                                            QStringLiteral("1280x800x24")});
        QVERIFY2(xvfb.waitForStarted(), "Xvfb (Debian package xvfb) is needed");
        QDeadlineTimer xDeadline(20000);
        while (!xvfb.canReadLine() && !xDeadline.hasExpired())
            xvfb.waitForReadyRead(200);
        const QString display = QStringLiteral(":") + QString::fromUtf8(xvfb.readLine()).trimmed();
        QVERIFY2(display.size() > 1, "Xvfb reported no display");

        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("QT_QPA_PLATFORM")); // the tests' offscreen platform
        environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
        environment.insert(QStringLiteral("DISPLAY"), display);
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        environment.insert(QStringLiteral("PATH"), QStringLiteral(ORRERY_BIN_DIR ":") + environment.value(QStringLiteral("PATH")));
        QProcess orrery;
        orrery.setProcessEnvironment(environment);
        orrery.setWorkingDirectory(dir.path());
        orrery.start(QStandardPaths::findExecutable(exec.front(), {QStringLiteral(ORRERY_BIN_DIR)}), {project});
        QVERIFY(orrery.waitForStarted());

        // The window's title, read from the X server as any client sees it.
        const QString title = QStringLiteral("double-clicked.orrery — Orrery");
        QString windows;
        QDeadlineTimer deadline(60000);
        while (!deadline.hasExpired() && orrery.state() == QProcess::Running) {
            QProcess xwininfo;
            QProcessEnvironment xEnvironment = QProcessEnvironment::systemEnvironment();
            xEnvironment.insert(QStringLiteral("DISPLAY"), display);
            xwininfo.setProcessEnvironment(xEnvironment);
            xwininfo.start(QStringLiteral("xwininfo"), {QStringLiteral("-root"), QStringLiteral("-tree")});
            QVERIFY2(xwininfo.waitForFinished(10000), "xwininfo (Debian package x11-utils) is needed");
            windows = QString::fromUtf8(xwininfo.readAllStandardOutput());
            if (windows.contains(title))
                break;
            orrery.waitForFinished(250); // also notices an orrery that has exited
        }
        const bool opened = windows.contains(title);
        orrery.terminate();
        if (!orrery.waitForFinished(10000))
            orrery.kill();
        xvfb.terminate();
        xvfb.waitForFinished(10000);
        QVERIFY2(opened, qPrintable(QStringLiteral("no window titled '%1'; orrery said: %2\nwindows:\n%3")
                                        .arg(title, QString::fromUtf8(orrery.readAllStandardError()), windows.left(2000))));
    }
};

QTEST_GUILESS_MAIN(TestDesktopLaunch)
#include "tst_desktop_launch.moc"
