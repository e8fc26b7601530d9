#pragma once
#include "appgen/application.h"
#include "appgen/payload_parameter.h"
#include "appgen/segment_catalog.h"

#include <optional>
#include <string_view>
#include <vector>

namespace orrery::appgen {

//! One instability scenario of seed 001 Insight 5.2 as a function from an application to a
//! varied application: a payload scenario multiplies its parameter's value by `ratio`, which
//! multiplies the work of every segment with that parameter by its workFactor(ratio); a load
//! scenario moves the arrival rate to the other load half (docs/workload-generator.md).
struct InstabilityScenario {
    enum class Kind { Payload, LoadHighToLow, LoadLowToHigh };

    std::string_view id;      //!< payload-x4, table-10k, …
    Kind kind = Kind::Payload;
    PayloadParameter parameter = PayloadParameter::None;
    double before = 0.0;      //!< the parameter's value before (seed 001 Insight 5.2)
    double after = 0.0;       //!< … and after
    std::string_view unit;    //!< of before/after
    std::string_view summary; //!< one line for usage texts and the manifest

    [[nodiscard]] double ratio() const { return before > 0.0 ? after / before : 1.0; }
    //! The varied application. Its name is unchanged; its instabilities list gains this id.
    [[nodiscard]] Application apply(const Application& app, const SegmentCatalog& catalog) const;

    //! Every built-in scenario, in the order of Insight 5.2.
    static const std::vector<InstabilityScenario>& all();
    static std::optional<InstabilityScenario> find(std::string_view id);
};

} // namespace orrery::appgen
