#pragma once
#include "ops/remote_experiment_progress.h"

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace orrery::experiment {
struct Experiment;
}
namespace orrery::live {
class KubeClient;
}
namespace orrery::sim {
class RunControl;
}

namespace orrery::app {

//! `orrery experiment … --backend kubernetes` options (docs/distributed.md).
struct KubernetesOptions {
    std::string nameSpace;        //!< --namespace; the context's namespace, else "default" when empty
    std::string image;            //!< --image: an image with orrery on its PATH (packaging/Containerfile)
    std::size_t parallelism = 0;  //!< --parallelism: pods at once; 0: every cell at once
    std::size_t backoffLimit = 3; //!< --backoff-limit: failed pods the Job tolerates
    std::string cpu;              //!< --cpu: each pod's CPU request; empty: none
    std::string memory;           //!< --memory: each pod's memory request; empty: none
    std::string shardDir;         //!< --shard-dir; empty: PROJECT.shards beside the project
    std::string orrery = "orrery"; //!< --orrery-path: the executable inside the image
    std::chrono::seconds watchTimeout{60}; //!< one watch request's timeoutSeconds; then it is renewed
};

//! What became of one cell that did not complete under Kubernetes.
struct KubernetesCellFailure {
    std::string cell;
    std::string pod;     //!< the pod that ran it last; empty when the Job was refused
    std::string state;   //!< "FAILED", "INCOMPLETE", "SUBMIT_FAILED", …
    std::string message; //!< the pod's reason and exit code, the log's last error line, the Job's condition
};

//! What one `--backend kubernetes` call did.
struct KubernetesOutcome {
    std::size_t totalCells = 0;
    std::size_t alreadyComplete = 0;
    std::size_t submitted = 0;
    std::size_t merged = 0;
    std::string job;        //!< NAMESPACE/NAME; empty when nothing was submitted
    std::string configMap;  //!< NAMESPACE/NAME
    bool cancelled = false; //!< interrupted: the Job and ConfigMap were deleted
    bool deleted = false;   //!< the Job and ConfigMap were deleted (after a success, or on cancel)
    std::vector<KubernetesCellFailure> failures;
    std::string statusFile;
};

//! Runs an experiment's missing cells as one Kubernetes Indexed Job through Orrery's own client
//! (live::KubeClient) and merges the shards the pods print on their logs (docs/distributed.md).
//! The Job controller does the scheduling: this POSTs a ConfigMap (experiment, scenarios, the
//! cell list) and the Job (KubernetesJobManifest), watches the Job, lists its pods to read each
//! index's state, fetches the logs of succeeded pods, decodes their shards (KubernetesLogShard)
//! and merges them with store::ShardMerger; on cancel it DELETEs the Job (propagationPolicy
//! Background) and the ConfigMap. Throws live::LiveError when the API server cannot be reached,
//! store::StoreError for the project, std::runtime_error for files.
class KubernetesBackend {
public:
    KubernetesBackend(const experiment::Experiment& experiment, std::string projectPath, KubernetesOptions options,
                      std::ostream& log);

    //! Receives every cell's state after submitting, on each change while watching the Job and
    //! at the end (the GUI's progress bar and per-cell view). Set before run().
    void setProgressCallback(RemoteProgressCallback callback) { m_progress = std::move(callback); }

    KubernetesOutcome run(live::KubeClient& client, sim::RunControl& control);

private:
    const experiment::Experiment& m_experiment;
    std::string m_projectPath;
    KubernetesOptions m_options;
    std::ostream& m_log;
    RemoteProgressCallback m_progress;
};

} // namespace orrery::app
