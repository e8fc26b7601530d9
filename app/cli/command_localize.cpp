// `orrery localize --project P --train RUN[,RUN…] --test RUN[,RUN…] [--window 1s] [--seed N]
// [--epochs N] [--json OUT]`: FIRM's critical-component localization (seed 001 §3.2.3, §3.3.2)
// scored against the injection ground truth of simulated runs.
#include "cli/commands.h"

#include "analysis/component_windows.h"
#include "analysis/localization_score.h"
#include "analysis/roc.h"
#include "ops/atomic_file.h"
#include "cli/command_line.h"
#include "model/units.h"
#include "kinds/microservices/microservices_spec.h"
#include "store/project.h"
#include "store/store_error.h"

#ifdef ORRERY_HAVE_TORCH
#include "ops/component_localizer.h"
#endif

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

namespace orrery::app {
namespace {

// Without LibTorch only the argument checks below run; the helpers that load and score runs
// are then unused, hence [[maybe_unused]].

constexpr const char* kUsage = "usage: orrery localize --project FILE.orrery --train RUN[,RUN...] --test RUN[,RUN...]"
                               " [--window 1s] [--seed N] [--epochs N] [--json OUT] [--rows OUT.csv]";
constexpr const char* kAnomalyPrefix = "anomaly.";

int badInput(const std::string& message)
{
    std::cerr << "orrery localize: " << message << '\n';
    return kExitBadInput;
}

//! "3,4,7" → {3, 4, 7}; a UsageError naming the option otherwise.
std::vector<store::RunId> runList(const std::string& option, const std::string& text)
{
    std::vector<store::RunId> ids;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ',')) {
        char* end = nullptr;
        const long long id = std::strtoll(item.c_str(), &end, 10);
        if (item.empty() || *end != '\0' || id <= 0)
            throw UsageError{"option --" + option + ": expected run ids like 3,4,7, got \"" + text + "\""};
        ids.push_back(id);
    }
    if (ids.empty())
        throw UsageError{"option --" + option + ": expected at least one run id"};
    return ids;
}

//! The end-to-end SLOs of the run's request types (milliseconds), as the run recorded them
//! (kinds::microservices::kRunRequestSloAnnotation); empty for a run whose request types had none.
[[maybe_unused]] std::map<std::string, double> runSlos(const store::Project& project, store::RunId id)
{
    std::map<std::string, double> slos;
    for (const sim::RunAnnotation& annotation : project.annotations(id, kinds::microservices::kRunRequestSloAnnotation))
        slos.emplace(annotation.target, annotation.intensity);
    return slos;
}

//! One run's windowed features, or an error message naming the project and the run.
[[maybe_unused]] std::optional<analysis::ComponentWindowSet> loadRun(const store::Project& project, store::RunId id,
                                                    analysis::ComponentWindowsConfig config, std::string& error)
{
    const std::string name = project.path() + ": run " + std::to_string(id);
    if (!project.run(id)) {
        error = project.path() + ": no run " + std::to_string(id);
        return std::nullopt;
    }
    if (project.spanCount(id) == 0) {
        error = name + " recorded no spans (only scenarios with request types produce traces)";
        return std::nullopt;
    }
    std::vector<analysis::InjectedAnomaly> anomalies;
    for (const auto& annotation : project.annotations(id)) {
        if (annotation.kind.rfind(kAnomalyPrefix, 0) == 0)
            anomalies.push_back({annotation.start, annotation.end, annotation.kind, annotation.target});
    }
    if (anomalies.empty()) {
        error = name + " has no ground truth (no \"anomaly.*\" annotations): record runs of a scenario with "
                       "spec.anomalies, e.g. resources/scenarios/socialnetwork-localization-single.yaml";
        return std::nullopt;
    }
    config.sloMsByRequestType = runSlos(project, id);
    return analysis::buildComponentWindows(project.loadTraces(id), anomalies, config);
}

[[maybe_unused]] nlohmann::ordered_json scoreJson(const analysis::LocalizationScore& score)
{
    return {{"single", {{"windows", score.singleWindows}, {"correct", score.singleCorrect},
                        {"accuracy", score.singleAccuracy()}}},
            {"multiple", {{"windows", score.multipleWindows}, {"correct", score.multipleCorrect},
                          {"accuracy", score.multipleAccuracy()}}},
            {"overall", score.overallAccuracy()},
            {"chance", score.chanceAccuracy()},
            {"unobservableWindows", score.unobservableWindows}};
}

[[maybe_unused]] std::string percent(double ratio)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%", 100.0 * ratio);
    return text;
}

[[maybe_unused]] void printScore(const std::string& label, const analysis::LocalizationScore& score)
{
    std::cout << label << ": single " << percent(score.singleAccuracy()) << " (" << score.singleCorrect << "/"
              << score.singleWindows << " windows), multiple " << percent(score.multipleAccuracy()) << " ("
              << score.multipleCorrect << "/" << score.multipleWindows << "), overall "
              << percent(score.overallAccuracy()) << ", chance " << percent(score.chanceAccuracy()) << '\n';
}

} // namespace

int runLocalizeCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"project", "train", "test", "window", "seed", "epochs", "json", "rows"}, {});
    const auto projectPath = line.value("project");
    const auto trainText = line.value("train");
    const auto testText = line.value("test");
    if (!line.positionals().empty() || !projectPath || !trainText || !testText)
        return badInput(std::string("give --project, --train and --test\n") + kUsage);
    const std::vector<store::RunId> trainIds = runList("train", *trainText);
    const std::vector<store::RunId> testIds = runList("test", *testText);
    analysis::ComponentWindowsConfig windows;
    if (const auto text = line.value("window")) {
        std::string error;
        const auto window = model::parseDuration(*text, &error);
        if (!window || *window <= 0)
            return badInput("option --window: " + (error.empty() ? "must be positive" : error));
        windows.windowNs = *window;
    }
    const std::uint64_t seed = line.unsignedValue("seed").value_or(0);
    const std::uint64_t epochs = line.unsignedValue("epochs").value_or(5);
    if (epochs == 0)
        return badInput("--epochs must be at least 1");
    if (!std::filesystem::exists(*projectPath))
        return badInput(*projectPath + ": no such project file");

#ifndef ORRERY_HAVE_TORCH
    (void)seed;
    std::cerr << "orrery localize: this build has no LibTorch (configure with ORRERY_WITH_TORCH=ON)\n";
    return kExitRunFailed;
#else
    std::vector<analysis::ComponentWindowSet> train;
    std::vector<analysis::ComponentWindowSet> test;
    try {
        const store::Project project = store::Project::open(*projectPath);
        for (const auto& [ids, sets] : {std::pair{&trainIds, &train}, std::pair{&testIds, &test}}) {
            for (const store::RunId id : *ids) {
                std::string error;
                auto loaded = loadRun(project, id, windows, error);
                if (!loaded)
                    return badInput(error);
                sets->push_back(std::move(*loaded));
            }
        }
    } catch (const store::StoreError& error) {
        return badInput(error.what());
    }

    ComponentLocalizerConfig config;
    config.seed = seed;
    config.epochs = static_cast<std::size_t>(epochs);
    ComponentLocalizer localizer(config);
    std::vector<const analysis::ComponentWindowSet*> trainRuns;
    for (const auto& run : train)
        trainRuns.push_back(&run);
    try {
        localizer.train(trainRuns);
    } catch (const std::invalid_argument& error) {
        return badInput(error.what());
    }

    // Every test row, pooled, for the ROC and the confusion counts; localization per window.
    std::vector<double> scores;
    std::vector<int> labels;
    analysis::LocalizationScore svmScore;
    analysis::LocalizationScore ciScore;   // baselines: rank by one feature alone
    analysis::LocalizationScore riScore;
    analysis::LocalizationScore sloScore;  // only windows that violate an SLO
    auto perRun = nlohmann::ordered_json::array();
    std::ostringstream csv;  // --rows: every test row with its decision, for plots and diagnosis
    csv << "run,window_start_s,instance,relative_importance,congestion_intensity,samples,label,decision,anomalies,slo_violated\n";
    std::size_t testWindows = 0;
    std::size_t unresolved = 0;
    for (std::size_t i = 0; i < test.size(); ++i) {
        const auto& run = test[i];
        const std::vector<double> decisions = localizer.decisions(run);
        std::vector<double> ci;
        std::vector<double> ri;
        for (const auto& row : run.rows) {
            labels.push_back(row.label);
            ci.push_back(row.congestionIntensity);
            ri.push_back(row.relativeImportance);
        }
        scores.insert(scores.end(), decisions.begin(), decisions.end());
        for (std::size_t r = 0; r < run.rows.size(); ++r) {
            const auto& row = run.rows[r];
            const auto& window = run.windows[row.window];
            csv << testIds[i] << ',' << static_cast<double>(window.startNs) / 1e9 << ',' << row.instance << ','
                << row.relativeImportance << ',' << row.congestionIntensity << ',' << row.samples << ','
                << row.label << ',' << decisions[r] << ',' << window.anomalies.size() << ',' << (window.sloViolated ? 1 : 0) << '\n';
        }
        const auto score = analysis::scoreLocalization(run, decisions);
        svmScore.add(score);
        ciScore.add(analysis::scoreLocalization(run, ci));
        riScore.add(analysis::scoreLocalization(run, ri));
        sloScore.add(analysis::scoreLocalization(run, decisions, analysis::LocalizationWindows::SloViolating));
        testWindows += run.windows.size();
        unresolved += run.unresolvedAnomalies;
        perRun.push_back({{"run", testIds[i]}, {"windows", run.windows.size()}, {"rows", run.rows.size()},
                          {"localization", scoreJson(score)}});
    }
    const analysis::RocCurve roc = analysis::rocCurve(scores, labels);
    const analysis::ConfusionCounts confusion = analysis::confusionAt(scores, labels, 0.0);

    std::cout << "train: " << train.size() << " runs, " << localizer.balance().positives << " positive and "
              << localizer.balance().negatives << " negative rows (positives weighted x"
              << localizer.balance().positiveWeight << ")\n"
              << "test: " << test.size() << " runs, " << testWindows << " windows, " << scores.size() << " rows, "
              << roc.positives << " positive\n";
    std::printf("ROC AUC %.3f; at threshold 0: precision %.3f, recall %.3f, accuracy %.3f\n", roc.auc,
                confusion.precision(), confusion.recall(), confusion.accuracy());
    printScore("top-1 localization (SVM)", svmScore);
    printScore("  in SLO-violating windows", sloScore);
    printScore("baseline, rank by CI", ciScore);
    printScore("baseline, rank by RI", riScore);
    if (unresolved > 0)
        std::cout << unresolved << " test anomalies target no instance seen in the traces (nodes, request types)\n";

    if (const auto out = line.value("rows")) {
        const std::string error = writeFileAtomically(*out, csv.str());
        if (!error.empty())
            return badInput(error);
    }
    if (const auto out = line.value("json")) {
        auto points = nlohmann::ordered_json::array();
        for (const auto& point : roc.points) {
            points.push_back({{"threshold", std::isinf(point.threshold) ? nlohmann::ordered_json() : nlohmann::ordered_json(point.threshold)},
                              {"fpr", point.falsePositiveRate}, {"tpr", point.truePositiveRate}});
        }
        const nlohmann::ordered_json document{
            {"project", *projectPath},
            {"train", trainIds},
            {"test", testIds},
            {"windowMs", static_cast<double>(windows.windowNs) / 1e6},
            {"seed", seed},
            {"epochs", epochs},
            {"features", {"relativeImportance", "ln max(congestionIntensity, 1)"}},
            {"standardization", {{"mean", localizer.mean()}, {"deviation", localizer.deviation()}}},
            {"classBalance", {{"positives", localizer.balance().positives},
                              {"negatives", localizer.balance().negatives},
                              {"positiveWeight", localizer.balance().positiveWeight}}},
            {"testRows", scores.size()},
            {"testWindows", testWindows},
            {"unresolvedAnomalies", unresolved},
            {"threshold", 0.0},
            {"precision", confusion.precision()},
            {"recall", confusion.recall()},
            {"accuracy", confusion.accuracy()},
            {"localization", scoreJson(svmScore)},
            {"localizationSloViolating", scoreJson(sloScore)},
            {"baselines", {{"congestionIntensity", scoreJson(ciScore)}, {"relativeImportance", scoreJson(riScore)}}},
            {"perRun", perRun},
            {"roc", {{"auc", roc.auc}, {"positives", roc.positives}, {"negatives", roc.negatives},
                     {"points", points}}}};
        const std::string error = writeFileAtomically(*out, document.dump(2) + '\n');
        if (!error.empty())
            return badInput(error);
    }
    return kExitOk;
#endif
}

} // namespace orrery::app
