#pragma once
#include "store/ids.h"

#include <functional>
#include <string>
#include <vector>

namespace orrery::store {
class Project;
}

namespace orrery::app {

// Sections of the HTML run report that come with a workload kind (docs/architecture.md §8): a
// kind's folder under app/report/kinds registers its sections, and the report adds those that
// apply to the run's kinds, as the window does with its kind views (app/gui/kind_views.h).

struct KindReportSection {
    std::string name;               //!< unique, e.g. "model-serving"; a second registration replaces the first
    std::vector<std::string> kinds; //!< the workload kinds it reports on (model::KindSpec::kind)
    //! The section's HTML for a run of one of `kinds`; empty when the run has nothing to show.
    std::function<std::string(const store::Project& project, store::RunId runId)> html;
};

//! Adds a section; a second registration with the same name replaces the first.
void registerKindReportSection(KindReportSection section);
//! Every registered section, in registration order (their order in the report).
[[nodiscard]] const std::vector<KindReportSection>& registeredKindReportSections();
//! The built-in kinds' sections (app/report/kinds/*), registered once.
void registerBuiltInKindReportSections();

//! The HTML of every registered section that applies to run `runId`: those whose kinds the run
//! recorded, or all of them for a run that recorded none (an older build), in registration order.
[[nodiscard]] std::string kindReportSectionsHtml(const store::Project& project, store::RunId runId);

} // namespace orrery::app
