#include "policy/plugin_registry.h"

#include "orrery_builtin_plugins.h"
#include "orrery_plugin_first_fit.h"
#include "policy/plugin_export.h"

#include <QtTest>

#include <stdexcept>

using namespace orrery;
using policy::PluginError;
using policy::PluginRegistry;

namespace {

//! A control policy that counts its decisions and destructions, to check the factory path.
int g_destroyed = 0;

class CountingPolicy : public policy::ControlPolicy {
public:
    explicit CountingPolicy(const policy::PolicyContext& context)
    {
        if (context.params.getInt("step") == 13)
            throw std::invalid_argument("step 13 is unlucky");
        m_step = static_cast<int>(context.params.getInt("step"));
    }
    ~CountingPolicy() override { ++g_destroyed; }
    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override
    {
        std::vector<policy::ControlAction> out;
        for (const auto& target : observation.targets)
            out.push_back(policy::ControlAction::setReplicas(target.name, target.replicas + m_step));
        return out;
    }

private:
    int m_step = 0;
};

constexpr OrreryParamSpec kStep[] = {{.name = "step", .type = ORRERY_PARAM_INT, .defaultValue = "1", .minValue = 0,
                                      .maxValue = 100, .choices = nullptr, .help = "replicas added"}};

OrreryPluginDescriptor countingDescriptor()
{
    return OrreryPluginDescriptor{
        .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
        .structSize = sizeof(OrreryPluginDescriptor),
        .id = "counting",
        .displayName = "Counting",
        .version = "1.0.0",
        .compatVersion = ORRERY_POLICY_API_VERSION,
        .description = "test control policy",
        .kinds = ORRERY_KIND_CONTROL,
        .params = kStep,
        .paramCount = 1,
        .createPlacement = nullptr,
        .destroyPlacement = nullptr,
        .trainPlacement = nullptr,
        .createControl = &policy::createControlOf<CountingPolicy>,
        .destroyControl = &policy::destroyControl,
    };
}

} // namespace

//! Plugin ABI 3 (4 since TargetObservation::group): control policies through the descriptor, the registry and loadable modules.
class TestControlPlugins : public QObject {
    Q_OBJECT

private slots:
    void abiIsEleven()
    {
        QCOMPARE(ORRERY_PLUGIN_ABI_VERSION, 11u);
        QCOMPARE(QString(ORRERY_POLICY_API_VERSION), QString("1.8"));
        // Placement plugins written for API 1.0 stay compatible; a newer minor is not.
        QCOMPARE(policy::compatProblem("1.0"), std::string());
        QCOMPARE(policy::compatProblem("1.3"), std::string());
        QCOMPARE(policy::compatProblem("1.4"), std::string());
        QCOMPARE(policy::compatProblem("1.6"), std::string());
        QCOMPARE(policy::compatProblem("1.7"), std::string());
        QCOMPARE(policy::compatProblem("1.8"), std::string());
        QVERIFY(!policy::compatProblem("1.9").empty());
        // The host calls 1.6's functions (GPU sharing) only on plugins written for 1.6 or later.
        QVERIFY(policy::writtenForMinor("1.6", 6));
        QVERIFY(policy::writtenForMinor("1.6.2", 6));
        QVERIFY(!policy::writtenForMinor("1.5", 6));
        QVERIFY(!policy::writtenForMinor("one", 6));
    }

    void descriptorChecks_data()
    {
        QTest::addColumn<int>("defect");
        QTest::addColumn<QString>("expected");
        QTest::newRow("noCreate") << 0 << "declares kind 'control' but lacks createControl";
        QTest::newRow("noDestroy") << 1 << "declares kind 'control' but lacks createControl or destroyControl";
        QTest::newRow("factoryWithoutKind") << 2 << "has createControl or destroyControl but does not declare kind 'control'";
        QTest::newRow("queueWithoutFactory") << 3 << "declares kind 'queue' but lacks createQueue or destroyQueue";
        QTest::newRow("oldAbi") << 4 << "built for plugin ABI version 2, but this Orrery expects ABI version 11";
    }

    void descriptorChecks()
    {
        QFETCH(int, defect);
        QFETCH(QString, expected);
        OrreryPluginDescriptor d = countingDescriptor();
        QCOMPARE(policy::descriptorProblem(d), std::string());
        switch (defect) {
        case 0: d.createControl = nullptr; break;
        case 1: d.destroyControl = nullptr; break;
        case 2:
            d.kinds = ORRERY_KIND_PLACEMENT;
            d.createPlacement = orrery_first_fit_descriptor()->createPlacement;
            d.destroyPlacement = orrery_first_fit_descriptor()->destroyPlacement;
            break;
        case 3: d.kinds |= ORRERY_KIND_QUEUE; break;
        default: d.abiVersion = 2; break;
        }
        const QString problem = QString::fromStdString(policy::descriptorProblem(d));
        QVERIFY2(problem.contains(expected), qPrintable(problem));
    }

    void createsControlPoliciesWithResolvedParameters()
    {
        static const OrreryPluginDescriptor descriptor = countingDescriptor();
        PluginRegistry registry;
        registry.registerStatic(&descriptor);
        policy::Observation observation;
        observation.targets.resize(1);
        observation.targets[0].name = "svc";
        observation.targets[0].replicas = 2;
        g_destroyed = 0;
        {
            auto byDefault = registry.createControl("counting");
            QCOMPARE(byDefault->decide(observation).front().value, 3.0);
            auto three = registry.createControl("counting", {{"step", "3"}});
            QCOMPARE(three->decide(observation).front().value, 5.0);
        }
        QCOMPARE(g_destroyed, 2); // handed back to destroyControl
        try {
            (void)registry.createControl("counting", {{"step", "13"}});
            QFAIL("a throwing factory must surface as PluginError");
        } catch (const PluginError& error) {
            QVERIFY2(QString(error.what()).contains("failed to create its control policy: step 13 is unlucky"),
                     error.what());
        }
        QVERIFY_THROWS_EXCEPTION(PluginError, (void)registry.createControl("counting", {{"step", "200"}}));
        QVERIFY_THROWS_EXCEPTION(PluginError, (void)registry.createControl("counting", {{"stpe", "2"}}));
    }

    void placementPluginsAreNotControlPolicies()
    {
        PluginRegistry registry;
        policy::registerBuiltinPlugins(registry);
        try {
            (void)registry.createControl("first-fit");
            QFAIL("first-fit has no control policy");
        } catch (const PluginError& error) {
            QVERIFY2(QString(error.what()).contains("does not provide a control policy (it provides: placement)"),
                     error.what());
        }
        model::PolicyChoice choice;
        choice.plugin = "aimd";
        policy::PolicyContext context;
        QVERIFY_THROWS_EXCEPTION(PluginError, (void)registry.createPlacement(choice, context));
    }

    void builtinsListTheControlBaselines()
    {
        PluginRegistry registry;
        policy::registerBuiltinPlugins(registry);
        for (const char* id : {"aimd", "kube-hpa", "kube-vpa"}) {
            const policy::PluginInfo* info = registry.find(id);
            QVERIFY2(info != nullptr, id);
            QCOMPARE(policy::kindsToString(info->kinds), std::string("control"));
            QVERIFY(registry.createControl(id) != nullptr);
        }
        QCOMPARE(policy::kindsToString(registry.find("first-fit")->kinds), std::string("placement"));
    }

    void loadableModulesProvideControl()
    {
        PluginRegistry registry;
        const auto warnings = registry.loadDirectory(ORRERY_PLUGIN_DIR);
        for (const char* id : {"aimd", "kube-hpa", "kube-vpa"}) {
            const policy::PluginInfo* info = registry.find(id);
            QVERIFY2(info != nullptr, id);
            QVERIFY(QString::fromStdString(info->origin).endsWith(QString("liborrery_%1.so").arg(id)));
            auto control = registry.createControl(id);
            policy::Observation observation;
            QVERIFY(control->decide(observation).empty());
        }
        for (const auto& warning : warnings) {
            const QString file = QString::fromStdString(warning.file);
            QVERIFY2(!file.contains("aimd") && !file.contains("kube-"), qPrintable(file + ": " + QString::fromStdString(warning.reason)));
        }
    }
};

QTEST_GUILESS_MAIN(TestControlPlugins)
#include "tst_control_plugins.moc"
