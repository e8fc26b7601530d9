// The command table behind `orrery help` and the manual page: every dispatched command is
// documented and nothing else is, the help fits 100 columns, and groff renders the page without
// a warning.
#include "cli/command_help.h"
#include "cli/commands.h"

#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTest>

using namespace orrery::app;

class TestCommandHelp : public QObject {
    Q_OBJECT

private slots:
    void everyCommandIsDocumentedAndOnlyThose()
    {
        QSet<QString> documented;
        for (const CommandHelp& command : commandHelpTable())
            documented.insert(QString::fromUtf8(command.synopsis.data(), qsizetype(command.synopsis.size())).section(' ', 0, 0));
        QSet<QString> dispatched{QStringLiteral("gui"), QStringLiteral("help"), QStringLiteral("--version")};
        for (const std::string& name : commandNames())
            dispatched.insert(QString::fromStdString(name));
        QCOMPARE(documented, dispatched);
    }

    void helpFitsOneHundredColumns()
    {
        const QString help = QString::fromStdString(usageText());
        for (const QString& line : help.split('\n'))
            QVERIFY2(line.size() <= 100, qPrintable(line));
        for (const CommandHelp& command : commandHelpTable()) {
            const QString synopsis = QString::fromUtf8(command.synopsis.data(), qsizetype(command.synopsis.size()));
            QVERIFY2(help.contains(QStringLiteral("\n  ") + synopsis), qPrintable(synopsis));
        }
    }

    void manualPageRendersWithoutWarnings()
    {
        const QString groff = QStandardPaths::findExecutable(QStringLiteral("groff"));
        QVERIFY2(!groff.isEmpty(), "groff (Debian package groff-base, installed by orrery.sh) is needed");
        QProcess process;
        // -ww: every warning; -z: format but write nothing; -man: the man(7) macros.
        process.start(groff, {QStringLiteral("-man"), QStringLiteral("-ww"), QStringLiteral("-z"), QStringLiteral("-Tutf8")});
        QVERIFY(process.waitForStarted());
        process.write(QByteArray::fromStdString(manualPage("9.8.7")));
        process.closeWriteChannel();
        QVERIFY(process.waitForFinished());
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(process.readAllStandardError()), QString());
        const QString page = QString::fromStdString(manualPage("9.8.7"));
        QVERIFY(page.contains(QStringLiteral("\"orrery 9.8.7\"")));
        QVERIFY(page.contains(QStringLiteral(".SH ENVIRONMENT")));
    }
};

QTEST_GUILESS_MAIN(TestCommandHelp)
#include "tst_command_help.moc"
