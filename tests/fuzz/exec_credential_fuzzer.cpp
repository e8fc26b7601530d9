// libFuzzer harness: an exec credential plugin's stdout → ExecCredentialCache::parse (core/live),
// for both client.authentication.k8s.io apiVersions; the invariant is execCredentialProblem
// (exec_credential_invariant.h).
#include "exec_credential_invariant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    orrery::fuzz::check("exec_credential", orrery::fuzz::execCredentialProblem(orrery::fuzz::asText(data, size)));
    return 0;
}
