// `cmake --install` into a temporary prefix, the prefix moved elsewhere, and Orrery run from there
// with the checkout and the build folder hidden (install_test_support.h): every plugin found, the
// demo, validation of every installed scenario and experiment, the data-driven commands, the
// manual page, the translations, and the desktop integration checked by freedesktop's validators
// and by Qt's MIME database reading the installed type.
#include "install_test_support.h"
#include "store/project_file_signature.h"

#include <QFile>
#include <QImage>
#include <QMimeDatabase>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery::testing;

namespace {

constexpr char kAppId[] = "org.orrery.Orrery";

QByteArray gunzip(const QString& path)
{
    QProcess process;
    process.start(QStringLiteral("gzip"), {QStringLiteral("-dc"), path});
    process.waitForFinished();
    return process.readAllStandardOutput();
}

} // namespace

class TestInstalledTree : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_root.isValid());
        const QString staged = m_root.filePath(QStringLiteral("staged"));
        const CliResult install = runProgram(QStringLiteral(ORRERY_CMAKE_COMMAND),
                                             {QStringLiteral("--install"), QStringLiteral(ORRERY_BUILD_DIR),
                                              QStringLiteral("--prefix"), staged},
                                             m_root.path());
        QVERIFY2(install.exitCode == 0, qPrintable(install.out + install.err));
        // Relocated: nothing may remember the prefix it was installed under.
        m_prefix = m_root.filePath(QStringLiteral("moved/elsewhere"));
        QVERIFY(QDir().mkpath(m_root.filePath(QStringLiteral("moved"))));
        QVERIFY(QDir().rename(staged, m_prefix));
        m_orrery = m_prefix + QStringLiteral("/bin/orrery");
        QVERIFY(QFileInfo(m_orrery).isExecutable());
        m_work = m_root.filePath(QStringLiteral("work"));
        QVERIFY(QDir().mkpath(m_work));
        if (!m_hider.hidden())
            qWarning("no private mount namespace here (unshare): the installed tree runs with the checkout in sight");
    }

    void findsEveryPluginInItsOwnTree()
    {
        const CliResult result = m_hider.run(m_orrery, {QStringLiteral("plugins")}, m_work);
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.err.isEmpty(), qPrintable(result.err)); // no plugin skipped
        const QStringList built = builtPluginFiles();
        QVERIFY(built.size() >= 20);
        QCOMPARE(listedPluginFiles(result.out), built);
        QVERIFY2(!result.out.contains(QStringLiteral(ORRERY_BUILD_DIR)), qPrintable(result.out));
        QVERIFY(result.out.contains(m_prefix + QStringLiteral("/lib/orrery/plugins/liborrery_first-fit.so")));
    }

    void runsTheDemo()
    {
        const CliResult result = m_hider.run(m_orrery, {QStringLiteral("demo")}, m_work);
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY(orrery::store::hasProjectSignature(QString(m_work + "/orrery-demo/demo.orrery").toStdString()));
        QVERIFY(QFile::exists(m_work + QStringLiteral("/orrery-demo/demo-summary.html")));
    }

    void validatesEveryInstalledScenarioAndExperiment()
    {
        const QString resources = m_prefix + QStringLiteral("/share/orrery/resources");
        QStringList files;
        for (const QString& folder : {QStringLiteral("scenarios"), QStringLiteral("experiments")})
            for (const QString& name : QDir(resources + '/' + folder).entryList({QStringLiteral("*.yaml")}, QDir::Files))
                files << resources + '/' + folder + '/' + name;
        QVERIFY(files.size() >= 40);
        const CliResult result = m_hider.run(m_orrery, QStringList{QStringLiteral("validate")} + files, m_work);
        QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    }

    void readsItsInstalledDataAndProfiles()
    {
        // The Alibaba trace and the generator's segment profiles are found on the installed path.
        const CliResult imported = m_hider.run(m_orrery,
                                               {QStringLiteral("import"), QStringLiteral("alibaba-gpu"), QStringLiteral("--nodes"),
                                                QStringLiteral("8"), QStringLiteral("--out"), m_work + QStringLiteral("/fleet.yaml")},
                                               m_work);
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
        const CliResult generated = m_hider.run(m_orrery,
                                                {QStringLiteral("generate"), QStringLiteral("apps"), QStringLiteral("--count"),
                                                 QStringLiteral("2"), QStringLiteral("--seed"), QStringLiteral("1"),
                                                 QStringLiteral("--out"), m_work + QStringLiteral("/apps")},
                                                m_work);
        QVERIFY2(generated.exitCode == 0, qPrintable(generated.err));
    }

    void installsTheManualPageOfThisVersion()
    {
        const QByteArray page = gunzip(m_prefix + QStringLiteral("/share/man/man1/orrery.1.gz"));
        const CliResult man = m_hider.run(m_orrery, {QStringLiteral("help"), QStringLiteral("--man")}, m_work);
        QCOMPARE(man.exitCode, 0);
        QVERIFY(!page.isEmpty());
        QCOMPARE(QString::fromUtf8(page), man.out);
        QVERIFY(page.contains("\"orrery " ORRERY_VERSION_TEXT "\""));
    }

    void installsTranslationsAndDocumentation()
    {
        for (const QString& file : {QStringLiteral("share/orrery/translations/orrery_de.qm"),
                                    QStringLiteral("share/orrery/translations/orrery_zh_CN.qm"),
                                    QStringLiteral("share/doc/orrery/README.md"),
                                    QStringLiteral("share/doc/orrery/docs/project-file.md"),
                                    QStringLiteral("share/doc/orrery/docs/packaging.md")})
            QVERIFY2(QFileInfo(m_prefix + '/' + file).size() > 0, qPrintable(file));
    }

    void desktopEntryValidates()
    {
        const QString entry = m_prefix + QStringLiteral("/share/applications/%1.desktop").arg(kAppId);
        const CliResult result = runProgram(QStringLiteral("desktop-file-validate"), {entry}, m_work);
        QVERIFY2(result.exitCode == 0 && result.out.isEmpty(), qPrintable(result.out + result.err));
        QFile file(entry);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("\nExec=orrery %f\n"));
        QVERIFY(text.contains("\nMimeType=application/x-orrery-project;\n"));
    }

    void metainfoValidates()
    {
        const QString metainfo = m_prefix + QStringLiteral("/share/metainfo/%1.metainfo.xml").arg(kAppId);
        const CliResult result = runProgram(QStringLiteral("appstreamcli"),
                                            {QStringLiteral("validate"), QStringLiteral("--no-net"), metainfo}, m_work);
        QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    }

    void iconsAtEveryThemeSize()
    {
        for (const int size : {16, 22, 24, 32, 48, 64, 128, 256, 512}) {
            const QString path = m_prefix + QStringLiteral("/share/icons/hicolor/%1x%1/apps/%2.png").arg(size).arg(kAppId);
            const QImage icon(path);
            QVERIFY2(!icon.isNull(), qPrintable(path));
            QCOMPARE(icon.size(), QSize(size, size));
            QVERIFY(icon.hasAlphaChannel());
            QCOMPARE(qAlpha(icon.pixel(0, 0)), 0);                 // a transparent corner
            QVERIFY(qAlpha(icon.pixel(size / 2, size / 2)) == 255); // the opaque sun
        }
        QVERIFY(QFile::exists(m_prefix + QStringLiteral("/share/icons/hicolor/scalable/apps/%1.svg").arg(kAppId)));
    }

    void mimeTypeRecognisesProjectsByNameAndContent()
    {
        // As on a machine with the package: the installed type file next to shared-mime-info's
        // freedesktop.org.xml in one mime/packages folder, compiled by update-mime-database (what
        // dpkg's trigger runs), then read by Qt's MIME database as a file manager would.
        const QString installed = m_prefix + QStringLiteral("/share/mime/packages/%1.xml").arg(kAppId);
        QVERIFY(QFile::exists(installed));
        const QString share = m_root.filePath(QStringLiteral("xdg"));
        QVERIFY(QDir().mkpath(share + QStringLiteral("/mime/packages")));
        QVERIFY(QFile::copy(QStringLiteral("/usr/share/mime/packages/freedesktop.org.xml"),
                            share + QStringLiteral("/mime/packages/freedesktop.org.xml")));
        QVERIFY(QFile::copy(installed, share + QStringLiteral("/mime/packages/%1.xml").arg(kAppId)));
        qputenv("XDG_DATA_HOME", m_root.filePath(QStringLiteral("no-user-data")).toUtf8());
        qputenv("XDG_DATA_DIRS", share.toUtf8());
        const CliResult update = runProgram(QStringLiteral("update-mime-database"), {share + QStringLiteral("/mime")}, m_work);
        QVERIFY2(update.exitCode == 0 && update.err.isEmpty(), qPrintable(update.err));

        const QString project = m_work + QStringLiteral("/orrery-demo/demo.orrery");
        QVERIFY(QFile::exists(project));
        const QString renamed = m_work + QStringLiteral("/renamed.dat");
        QVERIFY(QFile::copy(project, renamed));
        const QString plain = m_work + QStringLiteral("/plain.db");
        const CliResult sqlite = runProgram(QStringLiteral("sqlite3"), {plain, QStringLiteral("CREATE TABLE t(x);")}, m_work);
        QCOMPARE(sqlite.exitCode, 0);

        const QMimeDatabase db;
        QCOMPARE(db.mimeTypeForFile(project).name(), QStringLiteral("application/x-orrery-project"));
        QCOMPARE(db.mimeTypeForFile(renamed, QMimeDatabase::MatchContent).name(), QStringLiteral("application/x-orrery-project"));
        QCOMPARE(db.mimeTypeForFile(plain, QMimeDatabase::MatchContent).name(), QStringLiteral("application/vnd.sqlite3"));
        QVERIFY(db.mimeTypeForName(QStringLiteral("application/x-orrery-project")).inherits(QStringLiteral("application/vnd.sqlite3")));
    }

private:
    QTemporaryDir m_root;
    CheckoutHider m_hider{{QStringLiteral(ORRERY_SOURCE_DIR), QStringLiteral(ORRERY_BUILD_DIR)}};
    QString m_prefix;
    QString m_orrery;
    QString m_work;
};

QTEST_MAIN(TestInstalledTree)
#include "tst_installed_tree.moc"
