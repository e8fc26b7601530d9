#include "report/kinds/training_jobs/training_jobs_report_section.h"

#include "kinds/training_jobs/training_jobs_kind.h"
#include "report/kind_report_sections.h"
#include "report/kinds/training_jobs/training_jobs_summary.h"

namespace orrery::app {

void registerTrainingJobsReportSection()
{
    registerKindReportSection({"training-jobs", {kinds::training_jobs::kTrainingJobsKind},
                               [](const store::Project& project, store::RunId runId) {
                                   return trainingJobsSummaryHtml(loadTrainingJobsRun(project, runId));
                               }});
}

} // namespace orrery::app
