// `orrery report --project P [--experiment ID|NAME] [--run ID] --out FILE.html|FILE.pdf`: an
// experiment report (HTML, or PDF with the GUI build) or, for a project without experiments,
// a run's summary (docs/experiment-format.md, "Reports").
#include "cli/commands.h"

#include "ops/atomic_file.h"
#include "cli/command_line.h"
#include "ops/pdf_report_writer.h"
#include "experiment/experiment_report_data.h"
#include "model/did_you_mean.h"
#include "report/embedding_report.h"
#include "report/experiment_report.h"
#include "report/html_summary.h"
#include "store/experiment_store.h"
#include "store/project_embeddings.h"
#include "store/project.h"
#include "store/store_error.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <optional>

namespace orrery::app {
namespace {

constexpr const char* kUsage =
    "usage: orrery report --project FILE.orrery [--experiment ID|NAME | --run ID] --out FILE.html|FILE.pdf\n"
    "       orrery report --project FILE.orrery --embeddings --out FILE.html   (the newest meta learner's embeddings)";

PdfReportWriter g_pdfWriter = nullptr;

enum class Format { Html, Pdf };

std::optional<Format> formatOf(const std::string& path)
{
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension == ".html" || extension == ".htm")
        return Format::Html;
    if (extension == ".pdf")
        return Format::Pdf;
    return std::nullopt;
}

int badInput(const std::string& message)
{
    std::cerr << "orrery report: " << message << '\n';
    return kExitBadInput;
}

bool isNumber(const std::string& text)
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

//! The experiment `reference` names (an id, else the newest with that name); the newest when
//! it is empty. Sets `error` when there is none.
std::optional<store::ExperimentRecord> chooseExperiment(const std::vector<store::ExperimentRecord>& experiments,
                                                        const std::optional<std::string>& reference,
                                                        const std::string& projectPath, std::string& error)
{
    if (!reference)
        return experiments.back();
    for (auto it = experiments.rbegin(); it != experiments.rend(); ++it) {
        if (it->name == *reference || (isNumber(*reference) && std::to_string(it->id) == *reference))
            return *it;
    }
    std::vector<std::string> names;
    std::string known;
    for (const auto& record : experiments) {
        names.push_back(record.name);
        known += (known.empty() ? "" : ", ") + std::to_string(record.id) + " " + record.name;
    }
    error = projectPath + ": no experiment '" + *reference + "'" + model::didYouMean(*reference, names)
        + (known.empty() ? "; the project holds no experiments" : "; it holds: " + known);
    return std::nullopt;
}

} // namespace

void setPdfReportWriter(PdfReportWriter writer)
{
    g_pdfWriter = writer;
}

int runReportCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"project", "experiment", "run", "out"}, {"embeddings"});
    if (!line.positionals().empty())
        throw UsageError{"unexpected argument '" + line.positionals().front() + "'\n" + kUsage};
    const auto projectPath = line.value("project");
    const auto out = line.value("out");
    if (!projectPath || !out)
        throw UsageError{std::string(!projectPath ? "--project" : "--out") + " is required\n" + kUsage};
    if (line.value("experiment") && line.value("run"))
        throw UsageError{std::string("give --experiment or --run, not both\n") + kUsage};
    const std::optional<Format> format = formatOf(*out);
    if (!format)
        return badInput(*out + ": unknown report format; expected a file ending in .html or .pdf");
    if (*format == Format::Pdf && g_pdfWriter == nullptr)
        return badInput(*out + ": PDF reports need the GUI build of Orrery (ORRERY_BUILD_GUI=ON); write .html instead");
    const std::optional<std::uint64_t> runOption = line.unsignedValue("run");

    // Project::open would create a missing file; a report only reads.
    std::error_code error;
    if (!std::filesystem::is_regular_file(*projectPath, error))
        return badInput(*projectPath + ": no such project file");
    try {
        store::Project project = store::Project::open(*projectPath);
        if (line.flag("embeddings")) {
            if (line.value("experiment") || line.value("run"))
                throw UsageError{std::string("--embeddings reports the project's meta learner; give it without --experiment or --run\n") + kUsage};
            if (*format == Format::Pdf)
                return badInput(*out + ": the embeddings report is written as HTML only; use --out FILE.html");
            const auto model = store::ProjectEmbeddings(project.database()).latestModel();
            if (!model)
                return badInput(*projectPath + ": the project holds no embeddings (orrery meta-train --project " + *projectPath + ")");
            if (const std::string writeError = writeFileAtomically(*out, embeddingReportHtml(project, *model)); !writeError.empty())
                return badInput(writeError);
            std::cout << "wrote " << *out << ": embeddings of meta learner " << *model << '\n';
            return kExitOk;
        }
        const std::vector<store::ExperimentRecord> experiments = store::ExperimentStore(project).listExperiments();

        if (runOption || experiments.empty()) {
            if (line.value("experiment"))
                return badInput(*projectPath + ": no experiment '" + *line.value("experiment")
                                + "'; the project holds no experiments");
            if (*format == Format::Pdf)
                return badInput(*out + ": a run summary is written as HTML only; use --out FILE.html");
            std::optional<store::RunId> runId;
            if (runOption) {
                runId = static_cast<store::RunId>(*runOption);
                if (!project.run(*runId))
                    return badInput(*projectPath + ": no run with id " + std::to_string(*runId));
            } else {
                const auto runs = project.listRuns();
                if (runs.empty())
                    return badInput(*projectPath + ": the project holds no experiments and no runs");
                runId = runs.back().id;
            }
            if (const std::string writeError = writeFileAtomically(*out, htmlRunSummary(project, *runId)); !writeError.empty())
                return badInput(writeError);
            std::cout << "wrote " << *out << ": summary of run " << *runId << '\n';
            return kExitOk;
        }

        std::string chooseError;
        const auto record = chooseExperiment(experiments, line.value("experiment"), *projectPath, chooseError);
        if (!record)
            return badInput(chooseError);
        const experiment::ExperimentReportData data = experiment::loadExperimentReportData(project, record->id);
        const std::string writeError = *format == Format::Pdf
            ? replaceFileAtomically(*out, [&](const std::string& temporary) {
                  g_pdfWriter(data, currentReportEnvironment(), temporary);
                  return std::string();
              })
            : writeFileAtomically(*out, experimentReportHtml(data, currentReportEnvironment()));
        if (!writeError.empty())
            return badInput(writeError);
        std::cout << "wrote " << *out << ": report of experiment " << record->name << " (id " << record->id << ", "
                  << data.arms.size() << " arms, " << data.metrics.size() << " metrics)\n";
        return kExitOk;
    } catch (const store::StoreError& storeError) {
        return badInput(storeError.what());
    }
}

} // namespace orrery::app
