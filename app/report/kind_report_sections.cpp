#include "report/kind_report_sections.h"

#include "env/run_workload_kinds.h"
#include "env/simulation.h"
#include "report/kinds/model_serving/serving_report_section.h"
#include "report/kinds/training_jobs/training_jobs_report_section.h"
#include "store/project.h"

#include <algorithm>
#include <mutex>

namespace orrery::app {
namespace {

std::vector<KindReportSection>& table()
{
    static std::vector<KindReportSection> sections;
    return sections;
}

} // namespace

void registerKindReportSection(KindReportSection section)
{
    auto& sections = table();
    const auto same = std::find_if(sections.begin(), sections.end(), [&](const KindReportSection& s) { return s.name == section.name; });
    if (same != sections.end())
        *same = std::move(section);
    else
        sections.push_back(std::move(section));
}

const std::vector<KindReportSection>& registeredKindReportSections()
{
    return table();
}

void registerBuiltInKindReportSections()
{
    static std::once_flag once;
    std::call_once(once, [] {
        registerTrainingJobsReportSection();
        registerServingReportSection();
    });
}

std::string kindReportSectionsHtml(const store::Project& project, store::RunId runId)
{
    const auto kinds = env::workloadKindsOf(project.annotations(runId, env::kRunWorkloadAnnotation));
    std::string html;
    for (const KindReportSection& section : registeredKindReportSections()) {
        const bool applies = !kinds || std::any_of(section.kinds.begin(), section.kinds.end(), [&](const std::string& kind) {
            return std::find(kinds->begin(), kinds->end(), kind) != kinds->end();
        });
        if (applies && section.html)
            html += section.html(project, runId);
    }
    return html;
}

} // namespace orrery::app
