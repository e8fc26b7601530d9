#include "report/kinds/model_serving/serving_report_section.h"

#include "kinds/model_serving/model_serving_kind.h"
#include "report/kind_report_sections.h"
#include "report/kinds/model_serving/serving_summary.h"

namespace orrery::app {

void registerServingReportSection()
{
    registerKindReportSection({"model-serving", {kinds::model_serving::kModelServingKind},
                               [](const store::Project& project, store::RunId runId) { return servingSummaryHtml(project, runId); }});
}

} // namespace orrery::app
