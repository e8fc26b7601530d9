#pragma once
#include "appgen/application.h"
#include "appgen/segment_catalog.h"

#include <cstddef>
#include <cstdint>

namespace orrery::appgen {

//! The knobs of the generator; defaults are the choices docs/workload-generator.md explains.
struct GeneratorOptions {
    std::size_t minSegments = 2;     //!< services per application, uniform in [min, max]
    std::size_t maxSegments = 5;
    double chainProbability = 0.5;   //!< a chain; otherwise a random recursive tree
    double twoTypesProbability = 0.5; //!< a second request type ("path") besides "full"
    double minPathShare = 0.2;       //!< share of arrivals that are "path" requests
    double maxPathShare = 0.5;
    //! Utilization of the busiest service at the low- and high-load rates (ranges).
    double minLowUtilization = 0.15;
    double maxLowUtilization = 0.35;
    double minHighUtilization = 0.45;
    double maxHighUtilization = 0.70;
    double highLoadProbability = 0.5; //!< chance the base scenario runs in the high-load half
};

//! Generates synthetic applications from a segment catalog, deterministically from a seed:
//! application i with attempt a draws only from the stream (seed, "appgen/app/<i>/<a>"), so
//! one application can be regenerated without the others.
class ApplicationGenerator {
public:
    ApplicationGenerator(const SegmentCatalog& catalog, std::uint64_t seed, GeneratorOptions options = {});

    [[nodiscard]] Application generate(std::size_t index, unsigned attempt = 0) const;
    //! Sets rateLow/rateHigh from utilization targets of the busiest service (the rates
    //! depend on the work, so an application built by hand gets them the same way).
    static void setRates(Application& app, const SegmentCatalog& catalog, double lowUtilization, double highUtilization);

    [[nodiscard]] const SegmentCatalog& catalog() const { return m_catalog; }
    [[nodiscard]] std::uint64_t seed() const { return m_seed; }

private:
    const SegmentCatalog& m_catalog;
    std::uint64_t m_seed;
    GeneratorOptions m_options;
};

} // namespace orrery::appgen
