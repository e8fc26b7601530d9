#pragma once
#include "fleet/alibaba_gpu_node.h"
#include "fleet/alibaba_gpu_pod.h"
#include "fleet/gpu_replay_study.h"
#include "policy/plugin_registry.h"
#include "store/ids.h"

#include <string>
#include <vector>

namespace orrery::app {

//! What `orrery replay alibaba-gpu --project FILE` was asked, for the stored record.
struct ReplayProjectInput {
    std::string projectPath;
    std::string nodesFile;   //!< as given or found, for the record
    std::string podsFile;
    std::string parameters;  //!< the replay's parameters as YAML (the experiment's text)
    int sweepStep = 10;      //!< sweep points every sweepStep % of arrived GPU demand
};

//! What the project holds afterwards.
struct ReplayProjectRecord {
    store::ExperimentId experiment = 0;
    std::vector<store::RunId> runs; //!< one per policy: its first seed's GPUs after the last pod
};

//! Makes the replay's placement policies from `registry` (which must outlive the factory): each
//! with its own stream (seed, "policy:<id>"), and whether it was written for GPU sharing.
fleet::ReplayPolicyFactory replayPolicyFactory(const policy::PluginRegistry& registry);

//! Stores a replay study in a project file (docs/fleet.md, "GPU sharing replay", "In a project"):
//!  - an experiment whose arms are the policies and whose sweep is the arrived GPU demand (0 …
//!    maxPercent % of capacity, every sweepStep %), with the comparison over seeds of GPU
//!    allocation, fragmented GPU (both % of capacity) and failed pods, as compareArms() makes it;
//!  - per policy one run (of its first seed) whose annotations hold every GPU's milli-GPU after
//!    the last pod (env/gpu_share_annotations.h), with the fleet as the importer writes it as its
//!    scenario, so the Cluster view and the run report show the fragments.
//! The same replay stored again updates the experiment's comparison. Throws store::StoreError.
ReplayProjectRecord storeReplayStudy(const ReplayProjectInput& input, const fleet::GpuReplayStudy& study,
                                     const fleet::GpuReplayStudyOptions& options,
                                     const std::vector<fleet::AlibabaGpuNode>& nodes,
                                     const std::vector<fleet::AlibabaGpuPod>& pods);

} // namespace orrery::app
