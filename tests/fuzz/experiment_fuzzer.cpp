// libFuzzer harness: experiment YAML text → parseExperiment (core/experiment), named as a file
// next to tests/fuzz/fixture/scenario.yaml; the invariant is experimentProblem
// (experiment_invariant.h).
#include "experiment_invariant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace orrery;
    static const std::string file = ORRERY_FUZZ_FIXTURE_DIR "/fuzzed-experiment.yaml";
    static const scenario::ScenarioLoadOptions options = scenario::ScenarioLoadOptions::defaults();
    fuzz::check("experiment", fuzz::experimentProblem(fuzz::asText(data, size), file, options));
    return 0;
}
