// The Debian package as `./orrery.sh package` writes it: cpack's DEB generator run on this build,
// the control fields and contents read back with dpkg-deb, its dependencies checked against the
// packages installed here, then installed by dpkg into a throwaway root (its own admin directory)
// and run from there with the checkout and the build folder hidden.
#include "install_test_support.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery::testing;

class TestDebianPackage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const CliResult cpack = runProgram(QStringLiteral(ORRERY_CPACK_COMMAND),
                                           {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("--config"),
                                            QStringLiteral(ORRERY_BUILD_DIR "/CPackConfig.cmake"), QStringLiteral("-B"),
                                            m_dir.filePath(QStringLiteral("out"))},
                                           m_dir.path(), 600000);
        QVERIFY2(cpack.exitCode == 0, qPrintable(cpack.out + cpack.err));
        const QStringList debs = QDir(m_dir.filePath(QStringLiteral("out"))).entryList({QStringLiteral("*.deb")}, QDir::Files);
        QCOMPARE(debs.size(), 1);
        m_deb = m_dir.filePath(QStringLiteral("out/") + debs.front());
        QCOMPARE(debs.front(), QStringLiteral("orrery_" ORRERY_VERSION_TEXT "-1_%1.deb").arg(field("Architecture")));
    }

    void controlFields()
    {
        QCOMPARE(field(QStringLiteral("Package")), QStringLiteral("orrery"));
        QCOMPARE(field(QStringLiteral("Version")), QStringLiteral(ORRERY_VERSION_TEXT "-1"));
        QVERIFY(!field(QStringLiteral("Maintainer")).isEmpty());
        QVERIFY(!field(QStringLiteral("Description")).isEmpty());
    }

    void dependsComeFromTheLinkedLibraries()
    {
        // dpkg-shlibdeps over the executable and every plugin: Qt, SQLite, curl, yaml-cpp, Torch,
        // CBC, Graphviz, XGBoost; plus the threaded OpenBLAS named by hand (packaging/CMakeLists.txt).
        const QString depends = field(QStringLiteral("Depends"));
        for (const QString& package : {QStringLiteral("libqt6widgets6"), QStringLiteral("libqt6charts6"),
                                       QStringLiteral("libqt6svg6"), QStringLiteral("libsqlite3-0"),
                                       QStringLiteral("libcurl4"), QStringLiteral("libyaml-cpp0.7"),
                                       QStringLiteral("libtorch"), QStringLiteral("coinor-libcbc"), QStringLiteral("libgvc6"),
                                       QStringLiteral("libxgboost0"), QStringLiteral("libopenblas0-pthread"),
                                       QStringLiteral("libc6")})
            QVERIFY2(depends.contains(QRegularExpression(QStringLiteral("(^|, |\\| )%1").arg(QRegularExpression::escape(package)))),
                     qPrintable(package + QStringLiteral(" not in Depends: ") + depends));
        // Every dependency, versions included, is satisfied by a package installed on this Debian 12
        // machine: dpkg's own resolver (dpkg-checkbuilddeps -d takes any relation list; the control
        // file it is given only names a source package).
        const QString control = m_dir.filePath(QStringLiteral("control"));
        QFile file(control);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("Source: orrery\n\nPackage: orrery\nArchitecture: any\n");
        file.close();
        const CliResult check = runProgram(QStringLiteral("dpkg-checkbuilddeps"), {QStringLiteral("-d"), depends, control},
                                           m_dir.path());
        QVERIFY2(check.exitCode == 0, qPrintable(check.out + check.err));
        // and the check can fail: a package no machine has.
        QVERIFY(runProgram(QStringLiteral("dpkg-checkbuilddeps"),
                           {QStringLiteral("-d"), depends + QStringLiteral(", orrery-no-such-package"), control}, m_dir.path())
                    .exitCode != 0);
    }

    void containsTheInstalledTree()
    {
        const CliResult contents = runProgram(QStringLiteral("dpkg-deb"), {QStringLiteral("--contents"), m_deb}, m_dir.path());
        QCOMPARE(contents.exitCode, 0);
        for (const QString& path : {QStringLiteral("./usr/bin/orrery"), QStringLiteral("./usr/lib/orrery/plugins/liborrery_first-fit.so"),
                                    QStringLiteral("./usr/share/orrery/resources/scenarios/demo.yaml"),
                                    QStringLiteral("./usr/share/man/man1/orrery.1.gz"),
                                    QStringLiteral("./usr/share/applications/org.orrery.Orrery.desktop"),
                                    QStringLiteral("./usr/share/metainfo/org.orrery.Orrery.metainfo.xml"),
                                    QStringLiteral("./usr/share/mime/packages/org.orrery.Orrery.xml"),
                                    QStringLiteral("./usr/share/icons/hicolor/256x256/apps/org.orrery.Orrery.png"),
                                    QStringLiteral("./usr/share/doc/orrery/README.md"),
                                    // the plugin SDK (docs/writing-a-policy.md)
                                    QStringLiteral("./usr/include/orrery/policy/plugin_export.h"),
                                    QStringLiteral("./usr/lib/orrery/liborrery_policy_api.a"),
                                    QStringLiteral("./usr/lib/cmake/Orrery/OrreryConfig.cmake"),
                                    // the Python module (docs/python.md), on Debian's default sys.path
                                    QStringLiteral("./usr/lib/python3/dist-packages/orrery/__init__.py")})
            QVERIFY2(contents.out.contains(QRegularExpression(QStringLiteral(" %1(\n| ->)").arg(QRegularExpression::escape(path)))),
                     qPrintable(path));
        for (const QString& plugin : builtPluginFiles())
            QVERIFY2(contents.out.contains(QStringLiteral("./usr/lib/orrery/plugins/") + plugin), qPrintable(plugin));
        // Nothing of the build or the tests.
        QVERIFY(!contents.out.contains(QStringLiteral("tst_")));
        QVERIFY(!contents.out.contains(QStringLiteral(ORRERY_BUILD_DIR)));
    }

    void installsWithDpkgAndRunsTheDemo()
    {
        // A throwaway root with its own dpkg database: dpkg unpacks, records and configures the
        // package there exactly as on a real system (dependencies are this machine's business,
        // checked above, so --force-depends for the empty database).
        const QString root = m_dir.filePath(QStringLiteral("root"));
        const QString admin = root + QStringLiteral("/var/lib/dpkg");
        for (const QString& folder : {QStringLiteral("info"), QStringLiteral("updates"), QStringLiteral("triggers")})
            QVERIFY(QDir().mkpath(admin + '/' + folder));
        for (const QString& file : {QStringLiteral("status"), QStringLiteral("available")}) {
            QFile empty(admin + '/' + file);
            QVERIFY(empty.open(QIODevice::WriteOnly));
        }
        const CliResult install = runProgram(QStringLiteral("dpkg"),
                                             {QStringLiteral("--instdir=") + root, QStringLiteral("--admindir=") + admin,
                                              QStringLiteral("--force-depends"), QStringLiteral("--force-not-root"),
                                              QStringLiteral("--force-script-chrootless"), QStringLiteral("--install"), m_deb},
                                             m_dir.path());
        QVERIFY2(install.exitCode == 0, qPrintable(install.out + install.err));
        const CliResult status = runProgram(QStringLiteral("dpkg-query"),
                                            {QStringLiteral("--admindir=") + admin, QStringLiteral("-W"),
                                             QStringLiteral("-f=${Status}"), QStringLiteral("orrery")},
                                            m_dir.path());
        QCOMPARE(status.out, QStringLiteral("install ok installed"));

        const QString work = m_dir.filePath(QStringLiteral("work"));
        QVERIFY(QDir().mkpath(work));
        const CheckoutHider hider({QStringLiteral(ORRERY_SOURCE_DIR), QStringLiteral(ORRERY_BUILD_DIR)});
        if (!hider.hidden())
            qWarning("no private mount namespace here (unshare): the package runs with the checkout in sight");
        const QString orrery = root + QStringLiteral("/usr/bin/orrery");
        const CliResult plugins = hider.run(orrery, {QStringLiteral("plugins")}, work);
        QVERIFY2(plugins.exitCode == 0 && plugins.err.isEmpty(), qPrintable(plugins.err));
        QCOMPARE(listedPluginFiles(plugins.out), builtPluginFiles());
        const CliResult demo = hider.run(orrery, {QStringLiteral("demo")}, work);
        QVERIFY2(demo.exitCode == 0, qPrintable(demo.err));
        QVERIFY(QFile::exists(work + QStringLiteral("/orrery-demo/demo.orrery")));
        const CliResult version = hider.run(orrery, {QStringLiteral("--version")}, work);
        QCOMPARE(version.out, QStringLiteral("orrery " ORRERY_VERSION_TEXT "\n"));
    }

private:
    QString field(const QString& name) const
    {
        const CliResult result = runProgram(QStringLiteral("dpkg-deb"), {QStringLiteral("--field"), m_deb, name}, m_dir.path());
        return result.out.trimmed();
    }

    QTemporaryDir m_dir;
    QString m_deb;
};

QTEST_GUILESS_MAIN(TestDebianPackage)
#include "tst_debian_package.moc"
