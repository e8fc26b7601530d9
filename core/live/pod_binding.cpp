#include "live/pod_binding.h"

#include <nlohmann/json.hpp>

namespace orrery::live {

std::string bindingPath(const KubePod& pod)
{
    return "/api/v1/namespaces/" + pod.meta.nameSpace + "/pods/" + pod.meta.name + "/binding";
}

std::string bindingJson(const KubePod& pod, const std::string& node)
{
    nlohmann::json binding{{"apiVersion", "v1"},
                           {"kind", "Binding"},
                           {"metadata", {{"name", pod.meta.name}, {"namespace", pod.meta.nameSpace}}},
                           {"target", {{"apiVersion", "v1"}, {"kind", "Node"}, {"name", node}}}};
    if (!pod.meta.uid.empty())
        binding["metadata"]["uid"] = pod.meta.uid;
    return binding.dump();
}

std::string eventsPath(const std::string& nameSpace)
{
    return "/api/v1/namespaces/" + nameSpace + "/events";
}

std::string podEventJson(const KubePod& pod, const std::string& type, const std::string& reason, const std::string& message,
                         const std::string& component, const std::string& timestamp, const std::string& suffix)
{
    nlohmann::json involved{{"apiVersion", "v1"}, {"kind", "Pod"}, {"namespace", pod.meta.nameSpace}, {"name", pod.meta.name}};
    if (!pod.meta.uid.empty())
        involved["uid"] = pod.meta.uid;
    if (!pod.meta.resourceVersion.empty())
        involved["resourceVersion"] = pod.meta.resourceVersion;
    const nlohmann::json event{{"apiVersion", "v1"},
                               {"kind", "Event"},
                               {"metadata", {{"name", pod.meta.name + "." + suffix}, {"namespace", pod.meta.nameSpace}}},
                               {"involvedObject", involved},
                               {"type", type},
                               {"reason", reason},
                               {"message", message},
                               {"source", {{"component", component}}},
                               {"reportingComponent", component},
                               {"firstTimestamp", timestamp},
                               {"lastTimestamp", timestamp},
                               {"count", 1}};
    return event.dump();
}

std::string scheduledMessage(const KubePod& pod, const std::string& node)
{
    return "Successfully assigned " + pod.meta.nameSpace + "/" + pod.meta.name + " to " + node;
}

} // namespace orrery::live
