#pragma once
#include "model/diagnostic.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace orrery::appgen {

//! What `orrery generate variant` needs back from a pool's manifest.yaml: how the pool was
//! generated (so any application regenerates exactly) and each application's segments (to
//! check that the catalog has not changed since).
struct PoolManifest {
    std::uint64_t seed = 0;
    std::size_t count = 0;
    double heldOutFraction = 0.0;
    std::string catalog; //!< as written: a path relative to the manifest, or the built-in one
    std::map<std::string, std::vector<std::string>> segments; //!< application → segment names
    model::Diagnostics diagnostics;

    [[nodiscard]] bool ok() const { return diagnostics.empty(); }
};

//! Reads DIR/manifest.yaml (docs/workload-generator.md, "Manifest"); problems as diagnostics.
PoolManifest readPoolManifest(const std::filesystem::path& file);

//! The `catalog` value the manifest holds for the built-in catalog.
inline constexpr const char* kBuiltInCatalogReference = "resources/profiles/segments.yaml";

} // namespace orrery::appgen
