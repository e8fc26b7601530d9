#pragma once
#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <set>
#include <string>

namespace orrery::app {

//! Where one pod of the Indexed Job stands, as the progress line and status.tsv show it.
enum class KubernetesPodPhase { Pending, Running, Succeeded, Failed };

const char* toString(KubernetesPodPhase phase);

//! One pod of the Job, read from the API's Pod object. Pure.
struct KubernetesPodState {
    std::string name;
    std::optional<std::size_t> index; //!< annotation batch.kubernetes.io/job-completion-index
    KubernetesPodPhase phase = KubernetesPodPhase::Pending;
    std::string reason;  //!< why it waits or failed: "ImagePullBackOff", "OOMKilled", "Error", "Evicted", …
    std::string message; //!< the reason's text, with the exit code of a terminated container

    static KubernetesPodState fromJson(const nlohmann::json& pod);
};

//! The Job's status: which indices completed, and whether the Job is finished. Pure.
struct KubernetesJobState {
    std::string resourceVersion;
    std::size_t active = 0;
    std::size_t succeeded = 0;
    std::size_t failed = 0;
    std::set<std::size_t> completedIndexes;
    std::set<std::size_t> failedIndexes;
    bool complete = false;        //!< condition Complete=True
    bool failedCondition = false; //!< condition Failed=True (e.g. BackoffLimitExceeded)
    std::string failedReason;
    std::string failedMessage;

    static KubernetesJobState fromJson(const nlohmann::json& job);
    //! "1,3-5,7" (status.completedIndexes) as indices; nullopt when malformed.
    static std::optional<std::set<std::size_t>> parseIndexes(const std::string& text);
    [[nodiscard]] bool finished() const { return complete || failedCondition; }
};

} // namespace orrery::app
