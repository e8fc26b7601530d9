// libFuzzer harness: a pod's log → KubernetesLogShard::decode (app/cli), and shard bytes through
// encode and decode; the invariant is kubeLogShardProblem (kube_log_shard_invariant.h).
#include "kube_log_shard_invariant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    orrery::fuzz::check("kube_log_shard", orrery::fuzz::kubeLogShardProblem(orrery::fuzz::asText(data, size)));
    return 0;
}
