#pragma once
#include "sizing/sizing_dataset.h"

#include <cstddef>
#include <functional>

namespace orrery::appgen {
class SegmentCatalog;
}
namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::sizing {

//! Builds a SizingDataset from the simulator (the Sizeless methodology, seed 001 Appendix A.2,
//! with Orrery's generated applications and CPU limits in place of AWS Lambda memory sizes):
//! the pool of `orrery generate apps` (ApplicationPool, same seed and split), each application's
//! generated scenario run by env::Simulation once per CPU limit, every instance at that limit,
//! the same scenario seed throughout (common random numbers: the same arrivals and work draws at
//! every limit). Spans are off. Deterministic for the options.
class SizingDatasetBuilder {
public:
    //! (applications measured, applications in all) after each application.
    using Progress = std::function<void(std::size_t, std::size_t)>;

    //! `registry` must provide the first-fit placement plugin the generated scenarios use.
    SizingDatasetBuilder(const appgen::SegmentCatalog& catalog, const policy::PluginRegistry& registry);

    //! Throws std::invalid_argument for bad options, std::runtime_error when a scenario does not
    //! load or a run fails (naming the application and limit).
    [[nodiscard]] SizingDataset build(const SizingDatasetOptions& options, const Progress& progress = {}) const;

private:
    const appgen::SegmentCatalog& m_catalog;
    const policy::PluginRegistry& m_registry;
};

} // namespace orrery::sizing
