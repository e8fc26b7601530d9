// The plugin SDK as a researcher uses it (docs/writing-a-policy.md): Orrery installed into a
// prefix, examples/out-of-tree-policy copied elsewhere and built against that prefix with the
// checkout and the build folder hidden (install_test_support.h), its two plugins listed by the
// installed orrery, compared with built-in policies in experiments, and shown in the report.
// Every installed header also compiles on its own, warning-free, so none needs one left out.
#include "install_test_support.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery::testing;

namespace {

bool copyTree(const QString& from, const QString& to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = to + '/' + QDir(from).relativeFilePath(file);
        if (!QDir().mkpath(QFileInfo(target).path()) || !QFile::copy(file, target))
            return false;
    }
    return true;
}

bool writeFile(const QString& path, const QByteArray& text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

} // namespace

class TestPluginSdk : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_root.isValid());
        m_prefix = m_root.filePath(QStringLiteral("prefix"));
        const CliResult install = runProgram(QStringLiteral(ORRERY_CMAKE_COMMAND),
                                             {QStringLiteral("--install"), QStringLiteral(ORRERY_BUILD_DIR),
                                              QStringLiteral("--prefix"), m_prefix},
                                             m_root.path());
        QVERIFY2(install.exitCode == 0, qPrintable(install.out + install.err));
        m_example = m_root.filePath(QStringLiteral("my-policies"));
        QVERIFY(copyTree(QStringLiteral(ORRERY_SOURCE_DIR "/examples/out-of-tree-policy"), m_example));
        // A user of their own: no plugins from the machine running the tests.
        m_userPrefix = m_root.filePath(QStringLiteral("home/.local"));
        qputenv("XDG_DATA_HOME", (m_userPrefix + QStringLiteral("/share")).toUtf8());
        qunsetenv("ORRERY_PLUGIN_PATH");
        if (!m_hider.hidden())
            qWarning("no private mount namespace here (unshare): the example builds with the checkout in sight");
    }

    void installsTheExampleAsDocumentation()
    {
        for (const QString& file : {QStringLiteral("CMakeLists.txt"), QStringLiteral("least_allocated_placement.cpp"),
                                    QStringLiteral("step_scaler_control.cpp"), QStringLiteral("README.md")})
            QVERIFY2(QFile::exists(m_prefix + QStringLiteral("/share/doc/orrery/examples/out-of-tree-policy/") + file),
                     qPrintable(file));
        QVERIFY(QFile::exists(m_prefix + QStringLiteral("/share/doc/orrery/docs/writing-a-policy.md")));
    }

    void everyInstalledHeaderCompilesOnItsOwn()
    {
        const QString include = m_prefix + QStringLiteral("/include/orrery");
        QStringList headers;
        QDirIterator it(include, {QStringLiteral("*.h")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            headers << QDir(include).relativeFilePath(it.next());
        headers.sort();
        QVERIFY2(headers.size() >= 40, qPrintable(headers.join(' ')));
        QVERIFY(headers.contains(QStringLiteral("policy/plugin_export.h")));
        QVERIFY(!headers.contains(QStringLiteral("policy/plugin_registry.h"))); // the host's side stays out

        const QString project = m_root.filePath(QStringLiteral("headers"));
        QVERIFY(QDir().mkpath(project));
        QStringList sources;
        for (const QString& header : headers) {
            const QString source = QString(header).replace('/', '_').replace(QStringLiteral(".h"), QStringLiteral(".cpp"));
            QVERIFY(writeFile(project + '/' + source, "#include \"" + header.toUtf8() + "\"\n"));
            sources << source;
        }
        QVERIFY(writeFile(project + QStringLiteral("/CMakeLists.txt"),
                          "cmake_minimum_required(VERSION 3.25)\nproject(Headers LANGUAGES CXX)\n"
                          "find_package(Orrery REQUIRED)\n"
                          "add_library(headers OBJECT " + sources.join(' ').toUtf8() + ")\n"
                          "target_link_libraries(headers PRIVATE Orrery::PolicyApi)\n"
                          "target_compile_options(headers PRIVATE -Wall -Wextra -Wpedantic -Werror)\n"));
        buildProject(project);
    }

    void theExampleBuildsAgainstTheInstalledSdk()
    {
        // Configured as the README says for installing into the user's own plugin folder.
        buildProject(m_example, {QStringLiteral("-DORRERY_POLICY_PLUGIN_DESTINATION=share/orrery/plugins")});
        for (const QString& id : {QStringLiteral("example-least-allocated"), QStringLiteral("example-step-scaler")})
            QVERIFY2(QFile::exists(m_example + QStringLiteral("/build/liborrery_%1.so").arg(id)), qPrintable(id));
    }

    void anOlderApiIsAcceptedAndANewerMajorIsNot()
    {
        const auto configure = [this](const QString& version) {
            const QString project = m_root.filePath(QStringLiteral("needs-") + version);
            QDir().mkpath(project);
            writeFile(project + QStringLiteral("/CMakeLists.txt"),
                      "cmake_minimum_required(VERSION 3.25)\nproject(Needs LANGUAGES CXX)\n"
                      "find_package(Orrery " + version.toUtf8() + " REQUIRED)\n");
            return configureProject(project);
        };
        QCOMPARE(configure(QStringLiteral("1.0")).exitCode, 0);
        QVERIFY(configure(QStringLiteral("1.99")).exitCode != 0); // a newer minor: API this Orrery lacks
        const CliResult newer = configure(QStringLiteral("2.0"));
        QVERIFY(newer.exitCode != 0);
        QVERIFY2(newer.err.contains(QStringLiteral("Orrery")) && newer.err.contains(QStringLiteral("2.0")), qPrintable(newer.err));
    }

    void theInstalledOrreryListsTheUsersPlugins()
    {
        // Installed as the README says for one user: the user's plugin folder, no variable needed.
        const CliResult install = m_hider.run(QStringLiteral(ORRERY_CMAKE_COMMAND),
                                              {QStringLiteral("--install"), m_example + QStringLiteral("/build"),
                                               QStringLiteral("--prefix"), m_userPrefix},
                                              m_example);
        QVERIFY2(install.exitCode == 0, qPrintable(install.out + install.err));
        QVERIFY(QFile::exists(m_userPrefix + QStringLiteral("/share/orrery/plugins/liborrery_example-step-scaler.so")));
        const CliResult plugins = m_hider.run(orrery(), {QStringLiteral("plugins")}, m_example);
        QVERIFY2(plugins.exitCode == 0 && plugins.err.isEmpty(), qPrintable(plugins.err));
        QVERIFY2(plugins.out.contains(QRegularExpression(QStringLiteral("example-least-allocated +placement"))), qPrintable(plugins.out));
        QVERIFY2(plugins.out.contains(QRegularExpression(QStringLiteral("example-step-scaler +control"))), qPrintable(plugins.out));
        QVERIFY(plugins.out.contains(QStringLiteral("first-fit")));
    }

    void theOutOfTreePoliciesRunAsExperimentArmsAndReachTheReport_data()
    {
        QTest::addColumn<QString>("experiment");
        QTest::addColumn<QString>("arm");
        QTest::addColumn<QString>("metric");
        QTest::newRow("placement") << "placement-ab.yaml" << "least-allocated" << "job.completion_time.mean";
        QTest::newRow("control") << "scaling-ab.yaml" << "step-scaler" << "ms.slo_violation_rate";
    }

    void theOutOfTreePoliciesRunAsExperimentArmsAndReachTheReport()
    {
        QFETCH(QString, experiment);
        QFETCH(QString, arm);
        QFETCH(QString, metric);
        const QString project = m_example + QStringLiteral("/results.orrery");
        const CliResult run = m_hider.run(orrery(), {QStringLiteral("experiment"), experiment, QStringLiteral("--project"), project},
                                          m_example);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(arm) && run.out.contains(metric), qPrintable(run.out));
        const QString report = m_example + '/' + arm + QStringLiteral(".html");
        const CliResult written = m_hider.run(orrery(), {QStringLiteral("report"), QStringLiteral("--project"), project,
                                                         QStringLiteral("--out"), report},
                                              m_example);
        QVERIFY2(written.exitCode == 0, qPrintable(written.err));
        QFile html(report);
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(html.readAll());
        QVERIFY(text.contains(arm));
        QVERIFY(text.contains(metric));
    }

    void thePythonModuleRunsFromTheInstalledTree()
    {
#ifndef ORRERY_PYTHON_EXECUTABLE
        QSKIP("built without the Python module (ORRERY_BUILD_PYTHON=OFF)");
#else
        // docs/python.md's first lines, from the installed data folder, the checkout hidden: the
        // module finds the plugins (first-fit for demo.yaml) and resources beside it.
        const QString script = QStringLiteral(
            "import orrery\n"
            "e = orrery.make('resources/scenarios/socialnetwork-steady.yaml')\n"
            "print(e.reset(seed=1)[0].shape)\n"
            "r = orrery.run('resources/scenarios/octopus-small.yaml')\n"
            "print(r['status'], r['policies']['placement'])\n"
            "print(orrery.__file__)\n");
        const CliResult run = m_hider.run(QStringLiteral("/usr/bin/env"),
                                          {QStringLiteral("PYTHONPATH=") + m_prefix + QStringLiteral("/lib/python3/dist-packages"),
                                           QStringLiteral(ORRERY_PYTHON_EXECUTABLE), QStringLiteral("-c"), script},
                                          m_prefix + QStringLiteral("/share/orrery"));
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        QVERIFY2(run.out.contains(QRegularExpression(QStringLiteral("^\\(\\d+,\\)\n"))), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("completed")), qPrintable(run.out));
        QVERIFY2(run.out.contains(m_prefix + QStringLiteral("/lib/python3/dist-packages/orrery/__init__.py")), qPrintable(run.out));
#endif
    }

    void aPythonPolicyRunsAsAnArmOfTheInstalledOrrery()
    {
#ifndef ORRERY_PYTHON_EXECUTABLE
        QSKIP("built without the Python module and plugin (ORRERY_BUILD_PYTHON=OFF)");
#else
        // docs/python.md, "Python policies": a class in the user's folder, named by an arm.
        const QString folder = m_root.filePath(QStringLiteral("py-policies"));
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(QFile::copy(QStringLiteral(ORRERY_SOURCE_DIR "/tests/fixtures/python-policies/example_policies.py"),
                            folder + QStringLiteral("/example_policies.py")));
        QVERIFY(writeFile(folder + QStringLiteral("/python-ab.yaml"),
                          "apiVersion: orrery.dev/v1\nkind: Experiment\nmetadata: {name: python-ab}\nspec:\n"
                          "  scenario: spread-cluster.yaml\n  arms:\n"
                          "    - {name: first-fit, policies: {placement: {plugin: first-fit}}}\n"
                          "    - {name: py-least-allocated, policies: {placement: {python: example_policies:LeastAllocated}}}\n"
                          "  seeds: {count: 2}\n  metrics: [job.completion_time.mean]\n"));
        QVERIFY(QFile::copy(m_example + QStringLiteral("/spread-cluster.yaml"), folder + QStringLiteral("/spread-cluster.yaml")));
        const QString project = folder + QStringLiteral("/results.orrery");
        const CliResult run = m_hider.run(orrery(), {QStringLiteral("experiment"), QStringLiteral("python-ab.yaml"),
                                                     QStringLiteral("--project"), project},
                                          folder);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral("py-least-allocated")), qPrintable(run.out));
        const QString report = folder + QStringLiteral("/report.html");
        const CliResult written = m_hider.run(orrery(), {QStringLiteral("report"), QStringLiteral("--project"), project,
                                                         QStringLiteral("--out"), report},
                                              folder);
        QVERIFY2(written.exitCode == 0, qPrintable(written.err));
        QFile html(report);
        QVERIFY(html.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(html.readAll()).contains(QStringLiteral("py-least-allocated")));
#endif
    }

private:
    QString orrery() const { return m_prefix + QStringLiteral("/bin/orrery"); }

    //! Configures and builds a CMake project against the installed prefix, the checkout hidden.
    //! Configures a CMake project in `<source>/build` against the installed prefix, the checkout hidden.
    CliResult configureProject(const QString& source, const QStringList& options = {}) const
    {
        return m_hider.run(QStringLiteral(ORRERY_CMAKE_COMMAND),
                           QStringList{QStringLiteral("-S"), source, QStringLiteral("-B"), source + QStringLiteral("/build"),
                                       QStringLiteral("-G"), QStringLiteral("Ninja"), QStringLiteral("-DCMAKE_PREFIX_PATH=") + m_prefix}
                               + options,
                           source);
    }

    void buildProject(const QString& source, const QStringList& options = {})
    {
        const CliResult configure = configureProject(source, options);
        QVERIFY2(configure.exitCode == 0, qPrintable(configure.out + configure.err));
        const CliResult built = m_hider.run(QStringLiteral(ORRERY_CMAKE_COMMAND),
                                            {QStringLiteral("--build"), source + QStringLiteral("/build")}, source);
        QVERIFY2(built.exitCode == 0, qPrintable(built.out + built.err));
    }

    QTemporaryDir m_root;
    CheckoutHider m_hider{{QStringLiteral(ORRERY_SOURCE_DIR), QStringLiteral(ORRERY_BUILD_DIR)}};
    QString m_prefix;
    QString m_userPrefix;
    QString m_example;
};

QTEST_GUILESS_MAIN(TestPluginSdk)
#include "tst_plugin_sdk.moc"
