#include "ops/kubernetes_pod_state.h"

#include <charconv>
#include <sstream>
#include <string_view>

namespace orrery::app {
namespace {

std::string text(const nlohmann::json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

const nlohmann::json& member(const nlohmann::json& object, const char* key)
{
    static const nlohmann::json empty = nlohmann::json::object();
    if (!object.is_object())
        return empty;
    const auto it = object.find(key);
    return it != object.end() ? *it : empty;
}

std::optional<std::size_t> number(std::string_view text)
{
    std::size_t value = 0;
    if (text.empty() || std::from_chars(text.data(), text.data() + text.size(), value).ec != std::errc{})
        return std::nullopt;
    return value;
}

} // namespace

const char* toString(KubernetesPodPhase phase)
{
    switch (phase) {
    case KubernetesPodPhase::Pending: return "PENDING";
    case KubernetesPodPhase::Running: return "RUNNING";
    case KubernetesPodPhase::Succeeded: return "SUCCEEDED";
    case KubernetesPodPhase::Failed: return "FAILED";
    }
    return "?";
}

KubernetesPodState KubernetesPodState::fromJson(const nlohmann::json& pod)
{
    KubernetesPodState state;
    const nlohmann::json& metadata = member(pod, "metadata");
    state.name = text(metadata, "name");
    state.index = number(text(member(metadata, "annotations"), "batch.kubernetes.io/job-completion-index"));
    const nlohmann::json& status = member(pod, "status");
    const std::string phase = text(status, "phase");
    state.phase = phase == "Running"     ? KubernetesPodPhase::Running
                  : phase == "Succeeded" ? KubernetesPodPhase::Succeeded
                  : phase == "Failed"    ? KubernetesPodPhase::Failed
                                         : KubernetesPodPhase::Pending;
    state.reason = text(status, "reason"); // "Evicted", "DeadlineExceeded" on the pod itself
    state.message = text(status, "message");
    const nlohmann::json& containers = member(status, "containerStatuses");
    if (containers.is_array()) {
        for (const nlohmann::json& container : containers) {
            const nlohmann::json& containerState = member(container, "state");
            if (const nlohmann::json& waiting = member(containerState, "waiting"); !waiting.empty()) {
                // ImagePullBackOff, ErrImagePull, CreateContainerConfigError: the pod waits, and says why.
                if (state.reason.empty() && text(waiting, "reason") != "ContainerCreating") {
                    state.reason = text(waiting, "reason");
                    state.message = text(waiting, "message");
                }
            } else if (const nlohmann::json& terminated = member(containerState, "terminated"); !terminated.empty()) {
                const auto exitCode = member(terminated, "exitCode");
                if (exitCode.is_number_integer() && exitCode.get<long>() != 0 && state.reason.empty()) {
                    state.reason = text(terminated, "reason"); // "Error", "OOMKilled"
                    std::ostringstream message;
                    message << "exit code " << exitCode.get<long>();
                    if (const std::string more = text(terminated, "message"); !more.empty())
                        message << ": " << more;
                    state.message = message.str();
                }
            }
        }
    }
    if (state.phase == KubernetesPodPhase::Pending) {
        const nlohmann::json& conditions = member(status, "conditions");
        if (conditions.is_array() && state.reason.empty()) {
            for (const nlohmann::json& condition : conditions) {
                if (text(condition, "type") == "PodScheduled" && text(condition, "status") == "False") {
                    state.reason = text(condition, "reason"); // "Unschedulable"
                    state.message = text(condition, "message");
                }
            }
        }
    }
    return state;
}

std::optional<std::set<std::size_t>> KubernetesJobState::parseIndexes(const std::string& text)
{
    std::set<std::size_t> indexes;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find(',', at);
        if (end == std::string::npos)
            end = text.size();
        const std::string_view part(text.data() + at, end - at);
        at = end + 1;
        const std::size_t dash = part.find('-');
        const auto first = number(part.substr(0, dash));
        const auto last = dash == std::string_view::npos ? first : number(part.substr(dash + 1));
        if (!first || !last || *last < *first || *last - *first > 1'000'000)
            return std::nullopt;
        for (std::size_t i = *first; i <= *last; ++i)
            indexes.insert(i);
    }
    return indexes;
}

KubernetesJobState KubernetesJobState::fromJson(const nlohmann::json& job)
{
    KubernetesJobState state;
    state.resourceVersion = text(member(job, "metadata"), "resourceVersion");
    const nlohmann::json& status = member(job, "status");
    const auto count = [&](const char* key) {
        const nlohmann::json& value = member(status, key);
        return value.is_number_unsigned() || value.is_number_integer() ? value.get<std::size_t>() : std::size_t(0);
    };
    state.active = count("active");
    state.succeeded = count("succeeded");
    state.failed = count("failed");
    state.completedIndexes = parseIndexes(text(status, "completedIndexes")).value_or(std::set<std::size_t>{});
    state.failedIndexes = parseIndexes(text(status, "failedIndexes")).value_or(std::set<std::size_t>{});
    const nlohmann::json& conditions = member(status, "conditions");
    if (conditions.is_array()) {
        for (const nlohmann::json& condition : conditions) {
            if (text(condition, "status") != "True")
                continue;
            if (text(condition, "type") == "Complete") {
                state.complete = true;
            } else if (text(condition, "type") == "Failed") {
                state.failedCondition = true;
                state.failedReason = text(condition, "reason");
                state.failedMessage = text(condition, "message");
            }
        }
    }
    return state;
}

} // namespace orrery::app
