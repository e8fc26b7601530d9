#pragma once
#include "sim/sim_time.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::appgen {

class SegmentCatalog;

//! The load half an application's base scenario runs in (seed 001 Insight 5.2 splits the Azure
//! traces into a high-load and a low-load half).
enum class LoadClass { Low, High };

//! One synthetic application (seed 001 §5.5.1): segments sampled with replacement, composed
//! into a call tree of services, one or two request types through it, Poisson arrivals and an
//! SLO per request type. Everything the graph and scenario files need is here, so writing them
//! is a pure function of this value (docs/workload-generator.md).
struct Application {
    std::string name;          //!< app-0000 …; also the scenario's and graph's metadata.name
    std::size_t index = 0;     //!< position in its pool
    std::uint64_t seed = 0;    //!< the scenario's spec.seed
    //! One service per entry: the catalog index of its segment, in service order (0 = root).
    std::vector<std::size_t> segments;
    //! Parent service of each service in the call tree; -1 for the root (service 0).
    std::vector<int> parents;
    //! Median CPU work per request of each service (the segment's work, times any instability).
    std::vector<sim::SimTime> work;
    //! The second request type ("path") runs root → … → this service; -1 = only "full".
    int pathLeaf = -1;
    double pathShare = 0.0;    //!< share of arrivals that are "path" requests
    double rateLow = 0.0;      //!< requests/s in the low-load half
    double rateHigh = 0.0;     //!< requests/s in the high-load half
    LoadClass load = LoadClass::Low;
    std::vector<std::string> instabilities; //!< applied instability scenarios, in order

    //! The arrival rate the scenario runs at: rateLow or rateHigh by `load`.
    [[nodiscard]] double rate() const { return load == LoadClass::High ? rateHigh : rateLow; }
    //! Service names: the segment name, with -2, -3 … for its later occurrences.
    [[nodiscard]] std::vector<std::string> serviceNames(const SegmentCatalog& catalog) const;
    //! Services each request type visits ("full": all; "path": root to pathLeaf), in call order.
    [[nodiscard]] std::vector<std::size_t> pathServices() const;
    //! Children of service i in the tree, in service order.
    [[nodiscard]] std::vector<std::size_t> children(std::size_t service) const;
};

std::string_view toString(LoadClass load);

} // namespace orrery::appgen
