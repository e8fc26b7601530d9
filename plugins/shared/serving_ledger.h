#pragma once
#include "policy/cluster_view.h"
#include "policy/pending_unit.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::plugins {

//! What a model-serving placement policy has put on each device so far (place() sees one
//! replica at a time, so the policy keeps the tally): memory, expected load, the residents'
//! sensitivities and which models they are. Shared by alpaserve-placement and
//! mu-serve-placement (library orrery_serving_ledger).
class ServingLedger {
public:
    struct Device {
        std::int64_t memoryBytes = 0;     //!< weights placed here by this policy
        double load = 0;                  //!< Σ requestRate·latencySeconds of its replicas (busy share at the default clock)
        double loadSensitivity = 0;       //!< Σ load·sensitivityPerMhz
        double sensitivitySum = 0;        //!< Σ sensitivityPerMhz
        int units = 0;
        std::vector<std::string> models;  //!< services of its replicas
    };

    //! Unit feature `name` (PendingUnit::features), or `fallback` when absent.
    [[nodiscard]] static double feature(const policy::PendingUnit& unit, const char* name, double fallback);
    //! The replica's expected busy share of a device at the default clock: requestRate·latencySeconds.
    [[nodiscard]] static double expectedLoad(const policy::PendingUnit& unit);

    //! Whether `unit` may go to `node`: the cluster says it fits now, the memory this policy has
    //! placed there leaves room for its weights, and no replica of the same model is there yet
    //! (a second copy on one GPU time-shares the same SMs and adds no capacity).
    [[nodiscard]] bool admits(const policy::ClusterView& cluster, std::uint32_t node, const policy::PendingUnit& unit);
    void add(std::uint32_t node, const policy::PendingUnit& unit);

    [[nodiscard]] const Device& device(std::uint32_t node);
    //! The residents' sensitivity, weighted by expected load (by count when they carry none).
    [[nodiscard]] static double meanSensitivity(const Device& device);

private:
    Device& slot(std::uint32_t node);
    std::vector<Device> m_devices;
};

} // namespace orrery::plugins
