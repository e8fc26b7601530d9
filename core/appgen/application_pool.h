#pragma once
#include "appgen/application.h"
#include "appgen/application_generator.h"
#include "appgen/application_writer.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace orrery::appgen {

//! A pool of distinct generated applications split into a training and a held-out set with a
//! fixed seed (seed 001 §5.5.1: 1,000 applications, 8:2). Application i is generator.generate(i,
//! a) with the first attempt a whose shape (segments, tree, request types) no earlier
//! application has.
class ApplicationPool {
public:
    //! Throws std::invalid_argument for count 0, a fraction outside [0, 1), or a catalog too
    //! small to give `count` distinct shapes.
    static ApplicationPool generate(const ApplicationGenerator& generator, std::size_t count, double heldOutFraction);

    [[nodiscard]] const std::vector<Application>& applications() const { return m_applications; }
    [[nodiscard]] bool isHeldOut(std::size_t index) const { return m_heldOut.at(index); }
    [[nodiscard]] std::size_t heldOutCount() const;
    [[nodiscard]] std::uint64_t seed() const { return m_seed; }
    [[nodiscard]] double heldOutFraction() const { return m_heldOutFraction; }
    //! The application named `name`, or nullptr.
    [[nodiscard]] const Application* find(const std::string& name) const;

    //! DIR/manifest.yaml: the pool's seed and split, and per application its split, files,
    //! segments, tree, load and SLOs (docs/workload-generator.md, "Manifest").
    [[nodiscard]] std::string manifestYaml(const SegmentCatalog& catalog, const ApplicationWriter& writer,
                                           const std::string& catalogReference) const;

    //! The key two applications with the same segments, tree and request types share.
    static std::string shapeKey(const Application& app);

private:
    std::vector<Application> m_applications;
    std::vector<bool> m_heldOut;
    std::uint64_t m_seed = 0;
    double m_heldOutFraction = 0.0;
};

} // namespace orrery::appgen
