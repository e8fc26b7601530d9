// libFuzzer harness: scenario YAML text → parseScenario (core/scenario); the invariant is
// scenarioProblem (scenario_invariant.h).
#include "scenario_invariant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace orrery;
    static const std::string file = ORRERY_FUZZ_FIXTURE_DIR "/fuzzed-scenario.yaml";
    static const scenario::ScenarioLoadOptions options = scenario::ScenarioLoadOptions::defaults();
    fuzz::check("scenario", fuzz::scenarioProblem(fuzz::asText(data, size), file, options));
    return 0;
}
