#include "appgen/application_generator.h"

#include "sim/rng_stream.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace orrery::appgen {

ApplicationGenerator::ApplicationGenerator(const SegmentCatalog& catalog, std::uint64_t seed, GeneratorOptions options)
    : m_catalog(catalog)
    , m_seed(seed)
    , m_options(options)
{
    if (catalog.empty())
        throw std::invalid_argument("the segment catalog is empty");
    if (options.minSegments < 1 || options.maxSegments < options.minSegments)
        throw std::invalid_argument("segments per application: expected 1 <= min <= max");
}

Application ApplicationGenerator::generate(std::size_t index, unsigned attempt) const
{
    sim::RngStream rng(m_seed, "appgen/app/" + std::to_string(index) + "/" + std::to_string(attempt));
    Application app;
    app.index = index;
    char name[32];
    std::snprintf(name, sizeof name, "app-%04zu", index);
    app.name = name;
    app.seed = rng.nextU64();

    const std::size_t count = m_options.minSegments + rng.below(m_options.maxSegments - m_options.minSegments + 1);
    // Sampling WITH replacement: every service draws its segment from the whole pool.
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t segment = rng.below(m_catalog.size());
        app.segments.push_back(segment);
        app.work.push_back(m_catalog.at(segment).work);
    }
    const bool chain = rng.uniform() < m_options.chainProbability;
    app.parents.assign(count, -1);
    for (std::size_t i = 1; i < count; ++i)
        app.parents[i] = chain ? static_cast<int>(i - 1) : static_cast<int>(rng.below(i));

    if (count >= 2 && rng.uniform() < m_options.twoTypesProbability) {
        std::vector<std::size_t> leaves;
        for (std::size_t i = 1; i < count; ++i)
            if (app.children(i).empty())
                leaves.push_back(i);
        app.pathLeaf = static_cast<int>(leaves[rng.below(leaves.size())]);
        // A chain's only leaf is the last service: "path" would equal "full", so cut it short.
        if (chain && count > 2)
            app.pathLeaf = static_cast<int>(1 + rng.below(count - 2));
        else if (chain)
            app.pathLeaf = -1;
        if (app.pathLeaf >= 0)
            app.pathShare = rng.uniform(m_options.minPathShare, m_options.maxPathShare);
    }
    const double low = rng.uniform(m_options.minLowUtilization, m_options.maxLowUtilization);
    const double high = rng.uniform(m_options.minHighUtilization, m_options.maxHighUtilization);
    app.load = rng.uniform() < m_options.highLoadProbability ? LoadClass::High : LoadClass::Low;
    setRates(app, m_catalog, low, high);
    return app;
}

void ApplicationGenerator::setRates(Application& app, const SegmentCatalog& catalog, double lowUtilization,
                                    double highUtilization)
{
    const auto path = app.pathServices();
    double busiest = 0.0; // core-seconds per request of the busiest service, per core it has
    for (std::size_t s = 0; s < app.segments.size(); ++s) {
        const bool onPath = std::find(path.begin(), path.end(), s) != path.end();
        const double visits = (1.0 - app.pathShare) + (onPath ? app.pathShare : 0.0);
        const double cores = static_cast<double>(catalog.at(app.segments[s]).millicores) / 1000.0;
        busiest = std::max(busiest, visits * sim::toSeconds(app.work[s]) / cores);
    }
    // Rates rounded to 1/1000 s so the YAML text ("12.345/s") is the exact value.
    auto rounded = [](double rate) { return std::max(0.001, std::round(rate * 1000.0) / 1000.0); };
    app.rateLow = rounded(lowUtilization / busiest);
    app.rateHigh = rounded(highUtilization / busiest);
}

} // namespace orrery::appgen
