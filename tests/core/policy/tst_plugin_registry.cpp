#include "policy/plugin_registry.h"

#include "model/cluster.h"
#include "orrery_builtin_plugins.h"
#include "orrery_plugin_first_fit.h"
#include "orrery_plugin_random.h"
#include "sim/rng_stream.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cstdlib>
#include <map>

using namespace orrery;
using policy::PluginError;
using policy::PluginRegistry;
using policy::PluginWarning;

namespace {

const QString kPluginDir = QStringLiteral(ORRERY_PLUGIN_DIR);
const QString kBrokenDir = QStringLiteral(ORRERY_BROKEN_PLUGIN_DIR);
const QString kDuplicateDir = QStringLiteral(ORRERY_DUPLICATE_PLUGIN_DIR);

QString pluginFile(const QString& id)
{
    return kPluginDir + "/liborrery_" + id + ".so";
}

bool copyInto(const QString& file, const QString& dir)
{
    return QFile::copy(file, dir + '/' + QFileInfo(file).fileName());
}

model::PolicyChoice choiceOf(std::string plugin, std::vector<model::PolicyParam> params = {})
{
    model::PolicyChoice choice;
    choice.plugin = std::move(plugin);
    choice.params = std::move(params);
    choice.fieldPath = "spec.policies.placement";
    choice.location = {"scenario.yaml", 30, 5};
    return choice;
}

model::Cluster smallCluster()
{
    model::NodePoolSpec pool;
    pool.name = "cpu";
    pool.count = 4;
    pool.millicores = 4000;
    pool.memoryBytes = std::int64_t{16} << 30;
    return model::Cluster(model::ClusterSpec{{pool}});
}

std::map<QString, QString> reasonsByFile(const std::vector<PluginWarning>& warnings)
{
    std::map<QString, QString> out;
    for (const auto& warning : warnings)
        out[QFileInfo(QString::fromStdString(warning.file)).fileName()] = QString::fromStdString(warning.reason);
    return out;
}

//! Sets an environment variable for one scope.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const QByteArray& value)
        : m_name(name)
        , m_hadValue(qEnvironmentVariableIsSet(name))
        , m_old(qgetenv(name))
    {
        qputenv(name, value);
    }
    ~ScopedEnv()
    {
        if (m_hadValue)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }

private:
    const char* m_name;
    bool m_hadValue;
    QByteArray m_old;
};

} // namespace

//! The plugin registry: static registration, loading real and deliberately broken libraries,
//! duplicate ids, the default locations, and creating policies through descriptors.
class TestPluginRegistry : public QObject {
    Q_OBJECT

private slots:
    void loadsTheBuiltPlugins()
    {
        PluginRegistry registry;
        const auto warnings = registry.loadDirectory(kPluginDir.toStdString());
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : (warnings[0].file + ": " + warnings[0].reason).c_str());

        const policy::PluginInfo* firstFit = registry.find("first-fit");
        QVERIFY(firstFit != nullptr);
        QCOMPARE(QString::fromStdString(firstFit->displayName), QStringLiteral("First-Fit"));
        QCOMPARE(QString::fromStdString(firstFit->origin), pluginFile("first-fit"));
        QCOMPARE(firstFit->kinds, std::uint32_t{ORRERY_KIND_PLACEMENT});
        QCOMPARE(QString::fromStdString(firstFit->compatVersion), QStringLiteral("1.0"));
        QVERIFY(registry.find("random") != nullptr);
        QVERIFY(registry.find("no-such-plugin") == nullptr);

        // Sorted by id, whatever order they were found in.
        const auto ids = registry.ids();
        QVERIFY(std::is_sorted(ids.begin(), ids.end()));
        QVERIFY(std::find(ids.begin(), ids.end(), "first-fit") != ids.end());
    }

    void aLoadedPolicyPlaces()
    {
        PluginRegistry registry;
        QVERIFY(registry.loadDirectory(kPluginDir.toStdString()).empty());
        model::Cluster cluster = smallCluster();
        QVERIFY(cluster.allocate(0, cluster.node(0).capacity));

        sim::RngStream rng(7, "policy");
        policy::PolicyContext context;
        context.rng = &rng;
        auto firstFit = registry.createPlacement(choiceOf("first-fit"), context);
        policy::PendingUnit unit;
        unit.request.millicores = 1000;
        const auto decision = firstFit->place(unit, policy::ClusterView(cluster));
        QVERIFY(!decision.deferred);
        QCOMPARE(decision.node, 1u); // node 0 is full

        auto random = registry.createPlacement(choiceOf("random", {{"maxProbes", "3", {}}}), context);
        QCOMPARE(QString::fromStdString(context.params.toString()), QStringLiteral("{maxProbes=3}"));
        const auto randomDecision = random->place(unit, policy::ClusterView(cluster));
        QVERIFY(randomDecision.deferred || randomDecision.node != 0);
    }

    void registersStaticPlugins()
    {
        PluginRegistry registry;
        registry.registerStatic(orrery_random_descriptor());
        registry.registerStatic(orrery_first_fit_descriptor(), "test");
        QCOMPARE(registry.plugins().size(), std::size_t{2});
        QCOMPARE(QString::fromStdString(registry.plugins()[0].id), QStringLiteral("first-fit"));
        QCOMPARE(QString::fromStdString(registry.plugins()[0].origin), QStringLiteral("test"));
        QCOMPARE(QString::fromStdString(registry.plugins()[1].origin), QStringLiteral("built-in"));
        QCOMPARE(registry.plugins()[1].descriptor, orrery_random_descriptor());
    }

    void registersAllBuiltins()
    {
        PluginRegistry registry;
        policy::registerBuiltinPlugins(registry);
        QVERIFY(registry.find("first-fit") != nullptr);
        QVERIFY(registry.find("random") != nullptr);
        QCOMPARE(QString::fromStdString(registry.find("random")->origin), QStringLiteral("built-in"));
    }

    void rejectsAnInvalidStaticDescriptor()
    {
        OrreryPluginDescriptor bad = *orrery_first_fit_descriptor();
        bad.compatVersion = "2.0";
        PluginRegistry registry;
        QVERIFY_THROWS_EXCEPTION(PluginError, registry.registerStatic(&bad));
        QVERIFY_THROWS_EXCEPTION(PluginError, registry.registerStatic(nullptr));
        QVERIFY(registry.plugins().empty());
    }

    void duplicateStaticAndLoadedIsAnError()
    {
        PluginRegistry registry;
        registry.registerStatic(orrery_first_fit_descriptor());
        try {
            registry.loadDirectory(kPluginDir.toStdString());
            QFAIL("expected PluginError");
        } catch (const PluginError& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains("duplicate plugin id 'first-fit'"), error.what());
            QVERIFY2(message.contains("built-in"), error.what());
            QVERIFY2(message.contains("liborrery_first-fit.so"), error.what());
        }
    }

    void duplicateAcrossLibrariesIsAnError()
    {
        PluginRegistry registry;
        QVERIFY(registry.loadDirectory(kPluginDir.toStdString()).empty());
        try {
            registry.loadDirectory(kDuplicateDir.toStdString());
            QFAIL("expected PluginError");
        } catch (const PluginError& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains("duplicate plugin id 'first-fit'"), error.what());
            QVERIFY2(message.contains(pluginFile("first-fit")), error.what());
            QVERIFY2(message.contains(kDuplicateDir + "/libbroken-duplicate.so"), error.what());
        }
        // The registry still holds the original.
        QCOMPARE(QString::fromStdString(registry.find("first-fit")->displayName), QStringLiteral("First-Fit"));
    }

    void skipsBrokenLibrariesWithSpecificReasons_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("reasonParts");
        QTest::newRow("notAnElf") << "libgarbage.so" << QStringList{"cannot be loaded:"};
        QTest::newRow("noSymbol") << "libbroken-no-symbol.so" << QStringList{"does not export orrery_plugin"};
        QTest::newRow("nullDescriptor") << "libbroken-null-descriptor.so"
                                        << QStringList{"orrery_plugin() returned null"};
        QTest::newRow("abiVersion") << "libbroken-abi-version.so"
                                    << QStringList{"plugin ABI version 999", "expects ABI version " + QString::number(ORRERY_PLUGIN_ABI_VERSION)};
        QTest::newRow("structSize") << "libbroken-struct-size.so" << QStringList{"structSize is 16 bytes"};
        QTest::newRow("compatMajor") << "libbroken-compat-major.so"
                                     << QStringList{"plugin 'broken'", "needs policy API 2.0",
                                                    "provides " ORRERY_POLICY_API_VERSION, "major versions differ"};
        QTest::newRow("compatMinor") << "libbroken-compat-minor.so"
                                     << QStringList{"needs policy API 1.9", "newer than the " ORRERY_POLICY_API_VERSION};
        QTest::newRow("badId") << "libbroken-bad-id.so" << QStringList{"id 'Bad_ID' is not valid"};
        QTest::newRow("emptyName") << "libbroken-empty-name.so" << QStringList{"has no display name"};
        QTest::newRow("missingFactory") << "libbroken-missing-factory.so"
                                        << QStringList{"declares kind 'placement'", "createPlacement"};
        QTest::newRow("badSchema") << "libbroken-bad-schema.so"
                                   << QStringList{"malformed parameter schema", "parameter 'workers'",
                                                  "invalid default '200'", "[1, 100]"};
    }

    void skipsBrokenLibrariesWithSpecificReasons()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, reasonParts);

        // Good and broken libraries side by side in one directory, plus a text file posing as one.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(copyInto(pluginFile("first-fit"), dir.path()));
        QVERIFY(copyInto(pluginFile("random"), dir.path()));
        const QStringList broken = QDir(kBrokenDir).entryList({"*.so"}, QDir::Files);
        QCOMPARE(broken.size(), 10);
        for (const QString& name : broken)
            QVERIFY(copyInto(kBrokenDir + '/' + name, dir.path()));
        QFile garbage(dir.filePath("libgarbage.so"));
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write("this is not a shared library\n");
        garbage.close();

        PluginRegistry registry;
        std::vector<PluginWarning> warnings;
        try {
            warnings = registry.loadDirectory(dir.path().toStdString());
        } catch (const std::exception& error) {
            QFAIL(error.what());
        }
        QCOMPARE(warnings.size(), std::size_t{11}); // every broken one, each once
        const auto reasons = reasonsByFile(warnings);
        QVERIFY2(reasons.count(file) == 1, qPrintable(file));
        for (const QString& part : reasonParts)
            QVERIFY2(reasons.at(file).contains(part), qPrintable(file + ": " + reasons.at(file)));

        // The good ones load regardless.
        QCOMPARE(registry.plugins().size(), std::size_t{2});
        QVERIFY(registry.find("first-fit") != nullptr);
        QVERIFY(registry.find("random") != nullptr);
        QVERIFY(registry.find("broken") == nullptr);
    }

    void warnsAboutAMissingDirectory()
    {
        PluginRegistry registry;
        const auto warnings = registry.loadDirectory("/nonexistent/orrery-plugins");
        QCOMPARE(warnings.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(warnings[0].file), QStringLiteral("/nonexistent/orrery-plugins"));
    }

    void honoursPluginPath()
    {
        // <exe>/plugins holds first-fit; ORRERY_PLUGIN_PATH adds random's directory, a missing
        // directory, an empty entry and <exe>/plugins again (not loaded twice).
        QTemporaryDir exeDir;
        QTemporaryDir extraDir;
        QVERIFY(exeDir.isValid() && extraDir.isValid());
        QVERIFY(QDir(exeDir.path()).mkdir("plugins"));
        QVERIFY(copyInto(pluginFile("first-fit"), exeDir.filePath("plugins")));
        QVERIFY(copyInto(pluginFile("random"), extraDir.path()));

        const QByteArray path = "/nonexistent/a::" + extraDir.path().toUtf8() + ':' + exeDir.filePath("plugins").toUtf8();
        ScopedEnv env("ORRERY_PLUGIN_PATH", path);
        QTemporaryDir userData; // no user plugins
        ScopedEnv dataHome("XDG_DATA_HOME", userData.path().toUtf8());
        PluginRegistry registry;
        const auto warnings = registry.loadDefaultLocations(exeDir.path().toStdString());
        QVERIFY(warnings.empty());
        QCOMPARE(registry.plugins().size(), std::size_t{2});
        QVERIFY(QString::fromStdString(registry.find("first-fit")->origin).startsWith(exeDir.path()));
        QVERIFY(QString::fromStdString(registry.find("random")->origin).startsWith(extraDir.path()));
    }

    void defaultLocationsFindAnInstalledTree()
    {
        // An installation: <prefix>/bin/orrery and <prefix>/lib/orrery/plugins, nothing in bin/plugins.
        QTemporaryDir prefix;
        QVERIFY(prefix.isValid());
        QVERIFY(QDir(prefix.path()).mkpath(QStringLiteral("bin")));
        QVERIFY(QDir(prefix.path()).mkpath(QStringLiteral("lib/orrery/plugins")));
        QVERIFY(copyInto(pluginFile("first-fit"), prefix.filePath(QStringLiteral("lib/orrery/plugins"))));
        ScopedEnv env("ORRERY_PLUGIN_PATH", "");
        ScopedEnv dataHome("XDG_DATA_HOME", prefix.filePath(QStringLiteral("no-user-data")).toUtf8());
        PluginRegistry registry;
        QVERIFY(registry.loadDefaultLocations(prefix.filePath(QStringLiteral("bin")).toStdString()).empty());
        QCOMPARE(registry.ids(), std::vector<std::string>{"first-fit"});
        QVERIFY(QString::fromStdString(registry.find("first-fit")->origin).startsWith(prefix.path() + "/lib/orrery/plugins/"));
    }

    void defaultLocationsFindTheUsersOwnPlugins()
    {
        // A plugin installed without root: $XDG_DATA_HOME/orrery/plugins, or ~/.local/share/… unset.
        QTemporaryDir exeDir;
        QTemporaryDir home;
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral(".local/share/orrery/plugins")));
        QVERIFY(copyInto(pluginFile("random"), home.filePath(QStringLiteral(".local/share/orrery/plugins"))));
        ScopedEnv env("ORRERY_PLUGIN_PATH", "");
        ScopedEnv homeEnv("HOME", home.path().toUtf8());
        {
            ScopedEnv dataHome("XDG_DATA_HOME", ""); // empty counts as unset (XDG Base Directory)
            PluginRegistry registry;
            QVERIFY(registry.loadDefaultLocations(exeDir.path().toStdString()).empty());
            QCOMPARE(registry.ids(), std::vector<std::string>{"random"});
        }
        QTemporaryDir dataHome;
        QVERIFY(QDir(dataHome.path()).mkpath(QStringLiteral("orrery/plugins")));
        QVERIFY(copyInto(pluginFile("first-fit"), dataHome.filePath(QStringLiteral("orrery/plugins"))));
        ScopedEnv dataHomeEnv("XDG_DATA_HOME", dataHome.path().toUtf8());
        PluginRegistry registry;
        QVERIFY(registry.loadDefaultLocations(exeDir.path().toStdString()).empty());
        QCOMPARE(registry.ids(), std::vector<std::string>{"first-fit"}); // XDG_DATA_HOME replaces ~/.local/share
        const auto locations = PluginRegistry::defaultLocations(exeDir.path().toStdString());
        QCOMPARE(QString::fromStdString(locations.at(2)), dataHome.filePath(QStringLiteral("orrery/plugins")));
    }

    void defaultLocationsWithoutPathOrDirectory()
    {
        QTemporaryDir exeDir;
        ScopedEnv env("ORRERY_PLUGIN_PATH", "");
        ScopedEnv dataHome("XDG_DATA_HOME", exeDir.filePath(QStringLiteral("no-user-data")).toUtf8());
        PluginRegistry registry;
        QVERIFY(registry.loadDefaultLocations(exeDir.path().toStdString()).empty());
        QVERIFY(registry.plugins().empty());
    }

    void unknownPluginSuggestsARegisteredOne()
    {
        PluginRegistry registry;
        registry.registerStatic(orrery_first_fit_descriptor());
        registry.registerStatic(orrery_random_descriptor());
        const auto diagnostics = registry.validate(choiceOf("frist-fit"), ORRERY_KIND_PLACEMENT);
        QCOMPARE(diagnostics.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(diagnostics[0].fieldPath), QStringLiteral("spec.policies.placement.plugin"));
        QCOMPARE(diagnostics[0].location.line, 30);
        QCOMPARE(QString::fromStdString(diagnostics[0].message),
                 QStringLiteral("unknown plugin 'frist-fit' (did you mean 'first-fit'?); available plugins: "
                                "first-fit, random"));

        policy::PolicyContext context;
        try {
            (void)registry.createPlacement(choiceOf("frist-fit"), context);
            QFAIL("expected PluginError");
        } catch (const PluginError& error) {
            QVERIFY2(QString::fromUtf8(error.what()).startsWith("scenario.yaml:30:5: error: spec.policies.placement.plugin: "
                                                                 "unknown plugin 'frist-fit'"),
                     error.what());
        }
    }

    void pluginLackingTheKind()
    {
        PluginRegistry registry;
        registry.registerStatic(orrery_first_fit_descriptor());
        const auto diagnostics = registry.validate(choiceOf("first-fit"), ORRERY_KIND_CONTROL);
        QCOMPARE(diagnostics.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(diagnostics[0].message),
                 QStringLiteral("plugin 'first-fit' does not provide a control policy (it provides: placement)"));
    }

    void createPlacementValidatesParams()
    {
        PluginRegistry registry;
        registry.registerStatic(orrery_random_descriptor());
        sim::RngStream rng(1, "policy");
        policy::PolicyContext context;
        context.rng = &rng;
        const auto bad = choiceOf("random", {{"maxProbes", "0", {"scenario.yaml", 33, 18}}});
        QCOMPARE(registry.validate(bad, ORRERY_KIND_PLACEMENT).size(), std::size_t{1});
        try {
            (void)registry.createPlacement(bad, context);
            QFAIL("expected PluginError");
        } catch (const PluginError& error) {
            QCOMPARE(QString::fromUtf8(error.what()),
                     QStringLiteral("scenario.yaml:33:18: error: spec.policies.placement.params.maxProbes: "
                                    "expected an integer >= 1, got 0"));
        }
    }

    void factoryFailureBecomesPluginError()
    {
        PluginRegistry registry;
        registry.registerStatic(orrery_random_descriptor());
        policy::PolicyContext context; // no rng: the random policy refuses
        try {
            (void)registry.createPlacement(choiceOf("random"), context);
            QFAIL("expected PluginError");
        } catch (const PluginError& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains("plugin 'random' (built-in) failed to create its placement policy"), error.what());
            QVERIFY2(message.contains("rng"), error.what());
        }
    }

    void kindsToString()
    {
        QCOMPARE(policy::kindsToString(ORRERY_KIND_PLACEMENT | ORRERY_KIND_CONTROL), std::string("placement,control"));
        QCOMPARE(policy::kindsToString(ORRERY_KIND_QUEUE), std::string("queue"));
        QCOMPARE(policy::kindsToString(ORRERY_KIND_BATCH_PLACEMENT | 0x40u), std::string("batch-placement,0x40"));
        QCOMPARE(policy::kindsToString(0), std::string());
    }

    void compatVersions_data()
    {
        QTest::addColumn<QString>("plugin");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("problem");
        QTest::newRow("same") << "1.0" << "1.0" << "";
        QTest::newRow("olderMinor") << "1.2" << "1.4" << "";
        QTest::newRow("patchIgnored") << "1.4.9" << "1.4" << "";
        QTest::newRow("newerMinor") << "1.5" << "1.4" << "needs policy API 1.5, newer than the 1.4 this Orrery provides";
        QTest::newRow("newerMajor") << "2.0" << "1.4"
                                    << "needs policy API 2.0, but this Orrery provides 1.4 (major versions differ)";
        QTest::newRow("olderMajor") << "0.9" << "1.0" << "major versions differ";
        QTest::newRow("noMinor") << "1" << "1.0" << "compatVersion '1' is not a version";
        QTest::newRow("words") << "one.two" << "1.0" << "is not a version (expected major.minor";
        QTest::newRow("empty") << "" << "1.0" << "is not a version";
        QTest::newRow("trailingDot") << "1.0." << "1.0" << "is not a version";
    }

    void compatVersions()
    {
        QFETCH(QString, plugin);
        QFETCH(QString, host);
        QFETCH(QString, problem);
        const QString actual = QString::fromStdString(policy::compatProblem(plugin.toStdString(), host.toStdString()));
        if (problem.isEmpty())
            QCOMPARE(actual, QString());
        else
            QVERIFY2(actual.contains(problem), qPrintable(actual));
    }

    void pluginIds_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("valid");
        QTest::newRow("simple") << "kube" << true;
        QTest::newRow("hyphen") << "first-fit" << true;
        QTest::newRow("digits") << "s-rl2" << true;
        QTest::newRow("leadingDigit") << "3d-pack" << true;
        QTest::newRow("upper") << "Kube" << false;
        QTest::newRow("underscore") << "first_fit" << false;
        QTest::newRow("leadingHyphen") << "-x" << false;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("space") << "first fit" << false;
    }

    void pluginIds()
    {
        QFETCH(QString, id);
        QFETCH(bool, valid);
        QCOMPARE(policy::isValidPluginId(id.toStdString()), valid);
    }
};

QTEST_GUILESS_MAIN(TestPluginRegistry)
#include "tst_plugin_registry.moc"
