#include "report/kinds/training_jobs/training_jobs_summary.h"

#include "report/class_label_colors.h"
#include "report/svg_chart_helpers.h"
#include "report/svg_line_chart.h"
#include "report/svg_stacked_area_chart.h"

#include <algorithm>

namespace orrery::app {
namespace {

//! Band colour where no class is recorded: the job's own colour, or grey when classes colour it.
constexpr const char* kUnlabelled = "#cccccc";

std::size_t labelIndex(const TrainingJobsRun& run, const std::string& label)
{
    return static_cast<std::size_t>(std::find(run.labels.begin(), run.labels.end(), label) - run.labels.begin());
}

} // namespace

std::string trainingJobsSummaryHtml(const TrainingJobsRun& run, std::size_t maxWorkers)
{
    if (run.workers.empty())
        return {};
    const bool classes = !run.labels.empty();
    std::string html = "<h2>Training jobs</h2>\n<p>" + std::to_string(run.jobCount) + " containers on "
        + std::to_string(run.workers.size()) + " workers. ";
    html += classes ? "Each band is one container's CPU limit (where none is set, the cores it used), coloured by the "
                      "class the policy held it in at the time."
                    : "Each band is one container's CPU limit (where none is set, the cores it used), one colour per "
                      "job; the policy recorded no classes.";
    if (run.workers.size() > maxWorkers)
        html += " Charts for the first " + std::to_string(maxWorkers) + " workers.";
    html += "</p>\n";
    std::vector<LegendEntry> legend;
    for (std::size_t i = 0; i < run.labels.size(); ++i)
        legend.emplace_back(classLabelDescription(run.labels[i]), classLabelColor(run.labels[i], i));
    if (classes)
        legend.emplace_back("no class recorded", kUnlabelled);

    for (std::size_t w = 0; w < std::min(maxWorkers, run.workers.size()); ++w) {
        const TrainingJobsRun::Worker& worker = run.workers[w];
        std::vector<StackedBand> bands;
        std::vector<ChartLine> progress;
        for (std::size_t j = 0; j < worker.jobs.size(); ++j) {
            const TrainingJobsRun::Job& job = worker.jobs[j];
            StackedBand band{job.name, classes ? kUnlabelled : seriesColor(j), job.cpuShown, {}};
            for (const auto& span : job.classes)
                band.spans.push_back({span.fromSeconds, span.toSeconds, classLabelColor(span.label, labelIndex(run, span.label))});
            bands.push_back(std::move(band));
            if (!job.evaluation.empty())
                progress.push_back({job.name, seriesColor(j), trainingProgress(job.evaluation)});
        }
        html += "<h3>" + htmlEscape(worker.name.empty() ? std::string("jobs unfinished at the horizon") : worker.name)
            + " (" + std::to_string(worker.jobs.size()) + " containers)</h3>\n";
        html += svgStackedAreaChart(bands, legend, "simulated time (s)", "CPU limit (cores)");
        if (!progress.empty())
            html += svgLineChart(progress, "simulated time (s)", "progress (0 = first value, 1 = last)", 720, 200);
    }
    return html;
}

} // namespace orrery::app
