#pragma once
#include "appgen/segment_catalog.h"
#include "model/diagnostic.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::appgen {

//! What reading a segment catalog gave: the catalog when the file is valid, else diagnostics
//! (file:line:column, field path, message) and an empty catalog.
struct SegmentCatalogLoad {
    SegmentCatalog catalog;
    model::Diagnostics diagnostics;

    [[nodiscard]] bool ok() const { return diagnostics.empty(); }
};

//! Parses a segment catalog (the schema of resources/profiles/segments.yaml,
//! docs/workload-generator.md) with the scenario reader's machinery. Never throws.
SegmentCatalogLoad parseSegmentCatalog(std::string_view text, const std::string& fileNameForMessages);
//! Reads and parses a catalog file.
SegmentCatalogLoad loadSegmentCatalog(const std::filesystem::path& file);
//! profiles/segments.yaml on the resource search path (scenario::defaultResourcePath()).
std::optional<std::filesystem::path> findBuiltInSegmentCatalog();

} // namespace orrery::appgen
