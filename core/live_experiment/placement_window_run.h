#pragma once
#include "env/policy_models.h"
#include "experiment/experiment.h"
#include "live_experiment/slo_guard.h"
#include "live_experiment/window_end.h"
#include "live_experiment/window_schedule.h"
#include "sim/run_control.h"
#include "store/experiment_record.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace orrery::live {
class KubeClient;
class PrometheusClient;
} // namespace orrery::live
namespace orrery::policy {
class PluginRegistry;
}
namespace orrery::store {
class Project;
}

namespace orrery::live_experiment {

//! The labels of every pod a placement experiment submits: the experiment's (live::
//! kLiveExperimentLabel, valued with its name), which a later start deletes by.
[[nodiscard]] std::map<std::string, std::string> placementExperimentLabels(const experiment::ExperimentSpec& spec);

//! One window of a placement A/B experiment (spec.live.placement; docs/live-clusters.md, "A/B
//! between placement policies"): submits the window's pods with the placement's schedulerName
//! (each create audited), runs the arm's placement policy as a live::LiveScheduler over them
//! until the window ends (a pass every 200 ms, no lease: the experiment alone submits these pods),
//! measures the placement.* metrics from the Kubernetes API and the PromQL metrics over the
//! window, records it as one completed run of the cell, and deletes its pods (audited) however
//! it ends.
class PlacementWindowRun {
public:
    using End = WindowEnd;

    struct Context {
        const experiment::ExperimentSpec& spec;
        const policy::PluginRegistry& registry;
        const env::PolicyModels& models;
        live::KubeClient& kube;
        live::PrometheusClient& prometheus;
        store::Project& project;
        store::ExperimentId experimentId;
        const sim::RunControl& control;
        std::optional<SloGuard>& sloGuard;
        int maxConsecutiveFailures = 3;
        std::function<void(double fraction, const char* phase)> progress; //!< of the window, 0 … 1
        std::function<void(const std::string&)> log;
    };

    PlacementWindowRun(Context context, const LiveWindow& window);

    //! Throws policy::PluginError when the arm's policy cannot be created, std::exception when
    //! the project cannot be written (its pods are deleted first).
    End run();
    [[nodiscard]] const std::string& message() const { return m_message; }

private:
    Context m_context;
    LiveWindow m_window;
    std::string m_message;
};

} // namespace orrery::live_experiment
