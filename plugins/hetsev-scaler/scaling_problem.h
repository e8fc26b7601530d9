#pragma once
#include <string>
#include <vector>

namespace orrery::plugins::hetsev {

//! One GPU instance type i of seed 002 §4.1.
struct InstanceType {
    std::string name;            //!< the GPU type, as the model-serving kind names it (V100, T4, …)
    double price = 0;            //!< C_i: cost per unit time of one instance (GPU) of this type
    double launchSeconds = 0;    //!< O_i^launch
    double memoryBytes = 0;      //!< GPU memory of one device (R_i^type for GPU memory)
    int devices = 0;             //!< devices of this type in the cluster
};

//! One inference service (model) to scale.
struct ServiceDemand {
    std::string name;
    double demand = 0;                //!< W: requests/s to serve (arrival rate × headroom)
    double memoryBytes = 0;           //!< weights of one replica
    std::vector<double> throughput;   //!< T_i per type: requests/s of one replica
    std::vector<bool> meetsSlo;       //!< constraint (4) per type: L_i^inf ≤ S (new instances only)
    std::vector<int> current;         //!< N_i per type
    std::vector<int> floor;           //!< fewest replicas per type after the action
    bool mayScaleIn = true;           //!< false inside the scale-in cool-down
};

//! The whole period's scaling question: every service, every type (memory couples the services).
struct ScalingProblem {
    std::vector<InstanceType> types;
    std::vector<ServiceDemand> services;
    double lambda = 0;                //!< λ, per second of launch latency
    bool onePerDevice = true;         //!< anti-affinity: at most one replica of a model per device
};

//! N_i + X_i per service and type, with how it was found.
struct ScalingPlan {
    std::vector<std::vector<int>> counts; //!< [service][type]
    double cost = 0;                      //!< the objective Σ C_i(X_i + λ·O_i·max(X_i, 0))
    double unmetDemand = 0;               //!< requests/s left unserved (Σ over services)
    double seconds = 0;                   //!< wall-clock solve time
    std::string status;                   //!< "optimal", "heuristic", "time limit", …
};

//! The objective of `counts` (seed 002 §4.1).
[[nodiscard]] double planCost(const ScalingProblem& problem, const std::vector<std::vector<int>>& counts);
//! The fewest and most replicas of service s on type t allowed by constraints (2)–(4) and the floors.
[[nodiscard]] int lowerBound(const ScalingProblem& problem, std::size_t s, std::size_t t);
[[nodiscard]] int upperBound(const ScalingProblem& problem, std::size_t s, std::size_t t);

//! The ILP solved exactly by CBC. Unmet demand is a slack priced far above any instance, so the
//! answer is the cheapest plan that meets W when one exists, else the one that leaves least unmet.
[[nodiscard]] ScalingPlan solveExact(const ScalingProblem& problem, double timeLimitSeconds);
//! Seed 002 §4.1's heuristic: per service, scale out with the type of least objective that covers
//! the deficit, or scale in by removing the dearest instance while the rest still cover W.
[[nodiscard]] ScalingPlan solveHeuristic(const ScalingProblem& problem);

} // namespace orrery::plugins::hetsev
