#pragma once
#include "kinds/microservices/simulated_environment.h"
#include "model/scenario.h"
#include "policy/control_action.h"
#include "serve/api_objects.h"
#include "serve/metrics_exposition.h"
#include "serve/node_patch.h"
#include "serve/object_store.h"
#include "serve/resource_metrics.h"
#include "serve/serve_options.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace orrery::serve {

//! A running simulation of a scenario's `kind: Microservices` workload presented as the objects
//! of a Kubernetes cluster: a Node per node of the scenario's pools, and per controlled service
//! a Deployment, its ReplicaSet and its Pods in one namespace. advance() runs one control period
//! of the SimulatedEnvironment (which never ends: a huge episode, no early termination), applying
//! the actions PATCHes queued, and updates the objects and the /metrics series. Not thread-safe:
//! one thread calls everything.
class ServedCluster {
public:
    //! Throws std::invalid_argument when the scenario has no Microservices workload or the
    //! options are out of range.
    ServedCluster(model::Scenario scenario, ServeOptions options);
    ~ServedCluster();
    ServedCluster(const ServedCluster&) = delete;
    ServedCluster& operator=(const ServedCluster&) = delete;

    //! Runs one control period of simulated time.
    void advance();

    //! The answer to a PATCH of Deployment `nameSpace/name`: the HTTP code and the body (the
    //! Deployment, or a Status on failure). A valid patch updates the spec at once and queues
    //! SetReplicas/SetLimit actions for the next advance(); pods and status follow after the
    //! actuation latency. With `dryRun` nothing changes and the would-be Deployment is returned.
    using Answer = ApiAnswer;
    Answer patchDeployment(const std::string& nameSpace, const std::string& name, const std::string& contentType,
                           const std::string& body, bool dryRun);

    // Objects clients create (serve/api_objects.h): standalone pods, their bindings, Events, Leases.
    Answer createPod(const std::string& nameSpace, const std::string& body) { return m_created.createPod(nameSpace, body); }
    Answer bindPod(const std::string& nameSpace, const std::string& name, const std::string& body)
    {
        return m_created.bindPod(nameSpace, name, body);
    }
    Answer deletePod(const std::string& nameSpace, const std::string& name) { return m_created.deletePod(nameSpace, name); }
    Answer createObject(ResourceKind kind, const std::string& nameSpace, const std::string& body)
    {
        return m_created.create(kind, nameSpace, body);
    }
    Answer replaceObject(ResourceKind kind, const std::string& nameSpace, const std::string& name, const std::string& body)
    {
        return m_created.replace(kind, nameSpace, name, body);
    }
    Answer deleteObject(ResourceKind kind, const std::string& nameSpace, const std::string& name)
    {
        return m_created.remove(kind, nameSpace, name);
    }
    //! A node's labels, taints or cordon (serve/node_patch.h), as `kubectl taint/cordon/label` sends.
    Answer patchNode(const std::string& name, const std::string& contentType, const std::string& body)
    {
        return serve::patchNode(m_objects, name, contentType, body);
    }
    //! The served namespace and those clients created objects in, sorted.
    [[nodiscard]] std::vector<std::string> namespaces() const;

    [[nodiscard]] std::string metricsText() const { return m_metrics.render(); }
    //! The Metrics API `kubectl top` reads (serve/resource_metrics.h), as of the last period.
    [[nodiscard]] ResourceMetrics resourceMetrics() const;
    [[nodiscard]] const ObjectStore& objects() const { return m_objects; }
    [[nodiscard]] const ServeOptions& options() const { return m_options; }
    [[nodiscard]] const model::Scenario& scenario() const;
    [[nodiscard]] sim::SimTime now() const { return m_now; }
    //! The served clock in Unix seconds: ServeOptions::epochSeconds + simulated seconds / speed.
    [[nodiscard]] std::int64_t clockSeconds() const;
    [[nodiscard]] std::uint64_t periods() const { return m_periods; }
    //! Controlled services (= Deployment names), in observation order.
    [[nodiscard]] const std::vector<std::string>& services() const { return m_services; }
    [[nodiscard]] std::size_t queuedActions() const { return m_queue.size(); }
    //! Actions the simulation rejected (each reverts the Deployment's spec, with a reason in its
    //! `orrery.dev/rejected` annotation).
    [[nodiscard]] std::uint64_t rejectedActions() const { return m_rejected; }

private:
    struct Deployment {
        std::string name;
        std::int32_t specReplicas = 1;
        std::int64_t cpuMillicores = 0;   //!< spec limit (0 = none)
        std::int64_t memoryBytes = 0;
        //! Requests: the scenario's declared resources until a patch sets them; never above the
        //! limits (the API server's validation). The simulation runs on limits; schedulers read these.
        std::int64_t requestCpuMillicores = 0;
        std::int64_t requestMemoryBytes = 0;
        std::int64_t generation = 1;
        std::int64_t observedGeneration = 1;
        std::int32_t ready = 0;
        std::int32_t starting = 0;
        std::int64_t runningCpuMillicores = 0; //!< what the pods run with now
        std::int64_t runningMemoryBytes = 0;
        std::string rejection;
        std::vector<sim::SimTime> podCreated; //!< per pod ordinal
    };

    void publish(const policy::Observation& observation, bool initial);
    void queue(policy::ControlAction action);
    void putNodes();
    [[nodiscard]] nlohmann::json deploymentJson(const Deployment& deployment) const;
    [[nodiscard]] nlohmann::json replicaSetJson(const Deployment& deployment) const;
    [[nodiscard]] nlohmann::json podJson(const Deployment& deployment, std::size_t service, std::uint32_t index) const;
    [[nodiscard]] nlohmann::json containerJson(const Deployment& deployment, bool spec) const;
    [[nodiscard]] Deployment* findDeployment(const std::string& nameSpace, const std::string& name);

    ServeOptions m_options;
    std::unique_ptr<kinds::microservices::SimulatedEnvironment> m_env;
    std::vector<std::string> m_services;
    std::vector<Deployment> m_deployments;
    std::vector<std::string> m_nodeNames;
    std::vector<policy::ControlAction> m_queue;
    ObjectStore m_objects;
    ApiObjects m_created; //!< what clients created: after m_objects, which it writes to
    MetricsExposition m_metrics;
    std::map<std::string, PodUsage> m_podUsage; //!< by pod key: the running pods' use over the last period
    sim::SimTime m_now = 0;
    std::uint64_t m_periods = 0;
    std::uint64_t m_seed = 0;
    std::uint64_t m_rejected = 0;
};

} // namespace orrery::serve
