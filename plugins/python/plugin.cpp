// Descriptor and entry point of the python plugin: placement and control policies written in
// Python, hosted by an embedded interpreter (docs/python.md, "Python policies").
#include "python_control.h"
#include "python_placement.h"

#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "class", .type = ORRERY_PARAM_STRING, .defaultValue = "", .minValue = 0, .maxValue = 0, .choices = nullptr,
     .help = "The policy class as module:Class (required; an arm's {python: module:Class} sets it)."},
    {.name = "path", .type = ORRERY_PARAM_STRING, .defaultValue = "", .minValue = 0, .maxValue = 0, .choices = nullptr,
     .help = "A folder put first on sys.path before the import (besides PYTHONPATH and the working directory)."},
    {.name = "args", .type = ORRERY_PARAM_STRING, .defaultValue = "", .minValue = 0, .maxValue = 0, .choices = nullptr,
     .help = "Free text handed to the class's constructor as context[\"args\"]."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "python",
    .displayName = "Python policy",
    .version = "1.0.0",
    .compatVersion = "1.0",
    .description = "A placement or control policy written in Python: the class named by `class` decides "
                   "(place(unit, nodes) or decide(observation)); errors come back with Python's traceback.",
    .kinds = ORRERY_KIND_PLACEMENT | ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = 3,
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::python_policy::PythonPlacement>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::python_policy::PythonControl>,
    .destroyControl = &orrery::policy::destroyControl,
};

const OrreryPluginDescriptor* descriptor()
{
    return &kDescriptor;
}

} // namespace

ORRERY_PLUGIN_ENTRY(descriptor);
