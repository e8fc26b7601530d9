#include "live/experiment_pods.h"

#include "live/live_error.h"
#include "model/units.h"

#include <nlohmann/json.hpp>

namespace orrery::live {

namespace {

std::string podPath(const std::string& nameSpace, const std::string& name)
{
    return KubeClient::collectionPath("", "pods", nameSpace) + "/" + name;
}

} // namespace

std::string podManifestJson(const SubmittedPod& pod)
{
    nlohmann::json resources = {{"cpu", model::formatMillicores(pod.millicores)}, {"memory", model::formatBytes(pod.memoryBytes)}};
    if (pod.gpus > 0)
        resources["nvidia.com/gpu"] = std::to_string(pod.gpus);
    const nlohmann::json manifest = {
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata", {{"name", pod.name}, {"namespace", pod.nameSpace}, {"labels", pod.labels}}},
        {"spec",
         {{"schedulerName", pod.schedulerName},
          {"restartPolicy", "Never"},
          {"terminationGracePeriodSeconds", 0},
          {"containers", nlohmann::json::array({{{"name", "main"},
                                                 {"image", pod.image},
                                                 {"resources", {{"requests", resources}, {"limits", resources}}}}})}}},
    };
    return manifest.dump();
}

KubePod asKubePod(const SubmittedPod& pod)
{
    KubePod kube;
    kube.meta.name = pod.name;
    kube.meta.nameSpace = pod.nameSpace;
    kube.meta.labels = pod.labels;
    kube.phase = "Pending";
    kube.scheduling.schedulerName = pod.schedulerName;
    KubeContainer container;
    container.name = "main";
    container.image = pod.image;
    container.requests.millicores = pod.millicores;
    container.requests.memoryBytes = pod.memoryBytes;
    container.requests.deviceCount(model::DeviceKind::Gpu) = pod.gpus;
    container.limits = container.requests;
    kube.containers.push_back(container);
    return kube;
}

void createPod(KubeClient& client, const SubmittedPod& pod)
{
    (void)client.post(KubeClient::collectionPath("", "pods", pod.nameSpace), podManifestJson(pod));
}

bool hasLabels(const std::map<std::string, std::string>& labels, const std::map<std::string, std::string>& selector)
{
    for (const auto& [key, value] : selector) {
        const auto it = labels.find(key);
        if (it == labels.end() || it->second != value)
            return false;
    }
    return true;
}

std::vector<std::string> deleteLabelledPods(KubeClient& client, const std::string& nameSpace,
                                            const std::map<std::string, std::string>& selector)
{
    std::vector<std::string> deleted;
    for (const KubePod& pod : client.listPods(nameSpace).items) {
        if (!hasLabels(pod.meta.labels, selector))
            continue;
        try {
            (void)client.remove(podPath(pod.meta.nameSpace, pod.meta.name), R"({"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":0})");
        } catch (const LiveError& error) {
            if (error.httpStatus() != 404)
                throw;
        }
        deleted.push_back(pod.meta.name);
    }
    return deleted;
}

} // namespace orrery::live
