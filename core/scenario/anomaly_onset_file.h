#pragma once
#include "model/anomaly_onset_table.h"
#include "model/diagnostic.h"

#include <memory>
#include <string>
#include <string_view>

namespace orrery::scenario {

//! What loading an AnomalyOnsets file gives: the table when valid, else the problems found.
struct AnomalyOnsetLoadResult {
    std::shared_ptr<const model::AnomalyOnsetTable> table;
    model::Diagnostics diagnostics;

    [[nodiscard]] bool ok() const { return table != nullptr; }
};

//! Reads an AnomalyOnsets file (docs/scenario-format.md, "Anomaly onset files"), as
//! `orrery onsets` writes it. Never throws.
AnomalyOnsetLoadResult loadAnomalyOnsetFile(const std::string& path);
AnomalyOnsetLoadResult parseAnomalyOnsets(std::string_view text, const std::string& fileNameForMessages);

//! The table as an AnomalyOnsets file.
std::string formatAnomalyOnsets(const model::AnomalyOnsetTable& table);

} // namespace orrery::scenario
