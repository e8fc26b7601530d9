#pragma once
// Running the real orrery executable (and other programs) from the CLI tests.
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace orrery::testing {

//! Exit code (-1 after a crash) and the captured output of a finished program.
struct CliResult {
    int exitCode = -1;
    QString out;
    QString err;
};

//! This process's environment without a display, so `orrery` takes its headless paths.
inline QProcessEnvironment headlessEnvironment()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove("DISPLAY");
    environment.remove("WAYLAND_DISPLAY");
    return environment;
}

//! Runs `program` to completion in `workingDirectory`; a program that hangs fails the test run.
inline CliResult runProgram(const QString& program, const QStringList& args, const QString& workingDirectory,
                            int timeoutMs = 180000)
{
    QProcess process;
    process.setWorkingDirectory(workingDirectory);
    process.setProcessEnvironment(headlessEnvironment());
    process.start(program, args);
    if (!process.waitForFinished(timeoutMs))
        qFatal("%s %s did not finish", qPrintable(program), qPrintable(args.join(' ')));
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

//! Runs the orrery executable under test (ORRERY_EXECUTABLE, set by CMake).
inline CliResult runOrrery(const QStringList& args, const QString& workingDirectory, int timeoutMs = 180000)
{
    return runProgram(QStringLiteral(ORRERY_EXECUTABLE), args, workingDirectory, timeoutMs);
}

} // namespace orrery::testing
