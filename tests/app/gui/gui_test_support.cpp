#include "gui_test_support.h"

#include "kinds/built_in_kinds.h"

#include "ops/demo_scenario.h"
#include "ops/project_run.h"
#include "ops/scenario_check.h"
#include "orrery_builtin_plugins.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>

#include <stdexcept>

namespace orrery::testing {
namespace {

void replaceOnce(std::string& text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    if (at == std::string::npos)
        throw std::logic_error("the demo scenario no longer contains \"" + from + "\"");
    text.replace(at, from.size(), to);
}

} // namespace

void isolateSettings(const QString& testName)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("OrreryTest"));
    QCoreApplication::setApplicationName(testName);
    QSettings().clear();
}

const policy::PluginRegistry& pluginRegistry()
{
    static const policy::PluginRegistry registry = [] {
        kinds::registerBuiltInKinds(); // scenarios with kind: Functions
        policy::PluginRegistry r;
        policy::registerBuiltinPlugins(r);
        return r;
    }();
    return registry;
}

std::string longScenarioText()
{
    std::string text(app::demoScenarioText());
    replaceOnce(text, "horizon: 2h", "horizon: 8000h");
    replaceOnce(text, "maxJobs: 600", "maxJobs: 10000000");
    replaceOnce(text, "name: demo", "name: long-demo");
    // These tests measure the worker's throttling and the UI's responsiveness, not the physics:
    // without contention the long run keeps the pace their timeouts were set for.
    replaceOnce(text, "  samplePeriod: 10s", "  samplePeriod: 10s\n  contention: {enabled: off}");
    return text;
}

store::RunId recordDemoRun(const QString& projectPath, std::uint64_t seed)
{
    app::CheckedScenario checked = app::checkScenarioText(app::demoScenarioText(), "demo.yaml", pluginRegistry());
    if (!checked.scenario)
        throw std::runtime_error(model::formatAll(checked.diagnostics));
    checked.scenario->seed = seed;
    return app::runIntoProject(*checked.scenario, pluginRegistry(), projectPath.toStdString()).runId;
}

} // namespace orrery::testing
