#pragma once
#include "live/kube_client.h"
#include "live/kube_objects.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace orrery::live {

//! The label every pod a live experiment submits carries, valued with the experiment's name, so
//! that a later start finds what a killed run left behind (deleteLabelledPods).
inline constexpr const char* kLiveExperimentLabel = "orrery.dev/live-experiment";

//! One pod a placement A/B window submits (live_experiment/live_experiment_runner.h): a single
//! container whose limits equal its requests (Guaranteed QoS), never restarted.
struct SubmittedPod {
    std::string name;
    std::string nameSpace;
    std::map<std::string, std::string> labels;
    std::string schedulerName;
    std::string image;
    std::int64_t millicores = 0;
    std::int64_t memoryBytes = 0;
    int gpus = 0; //!< nvidia.com/gpu
};

//! The pod as a core/v1 Pod in JSON, for POST /api/v1/namespaces/<ns>/pods.
[[nodiscard]] std::string podManifestJson(const SubmittedPod& pod);
//! The same pod as the scheduling filters read one (scheduling_filters.h).
[[nodiscard]] KubePod asKubePod(const SubmittedPod& pod);
//! Creates the pod. Throws LiveError.
void createPod(KubeClient& client, const SubmittedPod& pod);
//! Whether `labels` hold every pair of `selector`.
[[nodiscard]] bool hasLabels(const std::map<std::string, std::string>& labels, const std::map<std::string, std::string>& selector);
//! Deletes every pod of `nameSpace` whose labels hold every pair of `selector` and returns their
//! names; a pod deleted meanwhile (404) counts as deleted. Throws LiveError on any other failure.
std::vector<std::string> deleteLabelledPods(KubeClient& client, const std::string& nameSpace,
                                            const std::map<std::string, std::string>& selector);

} // namespace orrery::live
