// libFuzzer harness: StrlRequests YAML → parseStrlRequests (core/strl); the invariant is
// strlProblem (strl_invariant.h).
#include "strl_invariant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    orrery::fuzz::check("strl", orrery::fuzz::strlProblem(orrery::fuzz::asText(data, size), "fuzzed-requests.yaml"));
    return 0;
}
