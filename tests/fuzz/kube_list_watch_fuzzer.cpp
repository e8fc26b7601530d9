// libFuzzer harness: Kubernetes list bodies and watch streams (core/live: KubeListPage,
// WatchStreamDecoder, KubeObjectParser). The first byte is where the watch stream is cut into
// two chunks; the invariant is kubeListWatchProblem (kube_list_watch_invariant.h).
#include "kube_list_watch_invariant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    orrery::fuzz::check("kube_list_watch", orrery::fuzz::kubeListWatchProblem(orrery::fuzz::asText(data, size)));
    return 0;
}
