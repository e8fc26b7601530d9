// `orrery generate apps …` and `orrery generate variant …`: the AWARE workload generator
// (issue 15 item 1, docs/workload-generator.md). Applications are written as ServiceGraph and
// scenario files plus a manifest; every scenario written is loaded back before the command
// reports success, so each one passes `orrery validate`.
#include "appgen/application_pool.h"
#include "appgen/application_writer.h"
#include "appgen/instability_scenario.h"
#include "appgen/pool_manifest.h"
#include "appgen/segment_catalog_reader.h"
#include "ops/atomic_file.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "model/diagnostic.h"
#include "model/did_you_mean.h"
#include "scenario/scenario_loader.h"

#include <charconv>
#include <filesystem>
#include <iostream>
#include <stdexcept>

namespace orrery::app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUsage =
    "usage: orrery generate apps --count N --seed S --out DIR [--held-out 0.2] [--catalog FILE]\n"
    "       orrery generate variant SCENARIO --instability ID --out FILE.yaml [--manifest FILE]\n"
    "  apps     N synthetic applications composed from the segment catalog (default\n"
    "           resources/profiles/segments.yaml), written as DIR/graphs/<app>.yaml,\n"
    "           DIR/scenarios/<app>.yaml and DIR/manifest.yaml (train/held-out split, segment mix)\n"
    "  variant  a generated scenario under one instability scenario of seed 001 Insight 5.2;\n"
    "           FILE.yaml and its graph FILE.graph.yaml (the manifest defaults to\n"
    "           SCENARIO's ../manifest.yaml)\n"
    "  instability scenarios:";

std::string usage()
{
    std::string text = kUsage;
    for (const auto& scenario : appgen::InstabilityScenario::all())
        text += std::string("\n    ") + std::string(scenario.id) + "  " + std::string(scenario.summary);
    return text;
}

//! The catalog named by --catalog, or the built-in one; nullopt after printing diagnostics.
std::optional<appgen::SegmentCatalog> loadCatalog(const std::optional<std::string>& given, std::string& reference)
{
    fs::path path;
    if (given) {
        path = *given;
        reference = fs::absolute(path).lexically_normal().string();
    } else {
        const auto found = appgen::findBuiltInSegmentCatalog();
        if (!found) {
            std::cerr << "error: profiles/segments.yaml is on no resource path; give --catalog FILE\n";
            return std::nullopt;
        }
        path = *found;
        reference = appgen::kBuiltInCatalogReference;
    }
    auto load = appgen::loadSegmentCatalog(path);
    if (!load.ok()) {
        std::cerr << model::formatAll(load.diagnostics);
        return std::nullopt;
    }
    return std::move(load.catalog);
}

double parseFraction(const std::string& text)
{
    double value = -1.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !(value >= 0.0 && value < 1.0))
        throw UsageError{"--held-out: expected a fraction in [0, 1) such as 0.2, got '" + text + "'"};
    return value;
}

//! Loads a written scenario back: a failure is a bug in the generator (exit 1).
bool checkLoads(const fs::path& scenarioFile)
{
    const auto loaded = scenario::loadScenarioFile(scenarioFile.string());
    if (loaded.ok())
        return true;
    std::cerr << "error: a generated scenario does not load (a bug in the generator):\n"
              << model::formatAll(loaded.diagnostics);
    return false;
}

int generateApps(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"count", "seed", "out", "held-out", "catalog"}, {});
    const auto out = line.value("out");
    const auto count = line.unsignedValue("count");
    if (!out || !count || !line.positionals().empty())
        throw UsageError{usage()};
    if (*count == 0 || *count > 100000)
        throw UsageError{"--count: expected 1 to 100000 applications"};
    const std::uint64_t seed = line.unsignedValue("seed").value_or(1);
    const double heldOut = line.value("held-out") ? parseFraction(*line.value("held-out")) : 0.2;

    std::string catalogReference;
    const auto catalog = loadCatalog(line.value("catalog"), catalogReference);
    if (!catalog)
        return kExitBadInput;
    const appgen::ApplicationGenerator generator(*catalog, seed);
    appgen::ApplicationPool pool;
    try {
        pool = appgen::ApplicationPool::generate(generator, static_cast<std::size_t>(*count), heldOut);
    } catch (const std::invalid_argument& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    }
    const appgen::ApplicationWriter writer(*catalog);
    const fs::path dir(*out);
    std::error_code error;
    fs::create_directories(dir / "graphs", error);
    fs::create_directories(dir / "scenarios", error);
    if (error || !fs::is_directory(dir / "scenarios")) {
        std::cerr << "error: cannot create " << (dir / "scenarios").string() << '\n';
        return kExitRunFailed;
    }
    for (const auto& app : pool.applications()) {
        const fs::path graph = dir / "graphs" / (app.name + ".yaml");
        const fs::path scenarioFile = dir / "scenarios" / (app.name + ".yaml");
        for (const auto& [file, text] : {std::pair{graph, writer.graphYaml(app)},
                                         std::pair{scenarioFile, writer.scenarioYaml(app, "../graphs/" + app.name + ".yaml")}}) {
            if (const std::string failure = writeFileAtomically(file.string(), text); !failure.empty()) {
                std::cerr << "error: " << failure << '\n';
                return kExitRunFailed;
            }
        }
        if (!checkLoads(scenarioFile))
            return kExitRunFailed;
    }
    const std::string manifest = pool.manifestYaml(*catalog, writer, catalogReference);
    if (const std::string failure = writeFileAtomically((dir / "manifest.yaml").string(), manifest); !failure.empty()) {
        std::cerr << "error: " << failure << '\n';
        return kExitRunFailed;
    }
    std::cout << "generated " << pool.applications().size() << " applications (" << pool.applications().size() - pool.heldOutCount()
              << " train, " << pool.heldOutCount() << " held-out) from " << catalog->size() << " segments, seed " << seed
              << ", into " << dir.string() << '\n';
    return kExitOk;
}

int generateVariant(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"instability", "out", "manifest"}, {});
    const auto out = line.value("out");
    const auto id = line.value("instability");
    if (!out || !id || line.positionals().size() != 1)
        throw UsageError{usage()};
    const auto instability = appgen::InstabilityScenario::find(*id);
    if (!instability) {
        std::vector<std::string> ids;
        for (const auto& scenario : appgen::InstabilityScenario::all())
            ids.emplace_back(scenario.id);
        std::string known;
        for (const auto& name : ids)
            known += (known.empty() ? "" : ", ") + name;
        std::cerr << "error: --instability: unknown instability scenario '" << *id << "'" << model::didYouMean(*id, ids)
                  << "; expected one of: " << known << '\n';
        return kExitBadInput;
    }
    const fs::path scenarioPath(line.positionals()[0]);
    const fs::path manifestPath = line.value("manifest") ? fs::path(*line.value("manifest"))
                                                          : fs::absolute(scenarioPath).parent_path().parent_path() / "manifest.yaml";
    const auto manifest = appgen::readPoolManifest(manifestPath);
    if (!manifest.ok()) {
        std::cerr << model::formatAll(manifest.diagnostics);
        return kExitBadInput;
    }
    const std::string appName = scenarioPath.stem().string();
    const auto listed = manifest.segments.find(appName);
    if (listed == manifest.segments.end()) {
        std::cerr << "error: " << scenarioPath.string() << ": application '" << appName << "' is not in "
                  << manifestPath.string() << "; expected a scenario that orrery generate apps wrote\n";
        return kExitBadInput;
    }
    std::string catalogReference;
    std::optional<std::string> catalogPath;
    if (manifest.catalog != appgen::kBuiltInCatalogReference)
        catalogPath = (manifestPath.parent_path() / manifest.catalog).string();
    const auto catalog = loadCatalog(catalogPath, catalogReference);
    if (!catalog)
        return kExitBadInput;
    const appgen::ApplicationGenerator generator(*catalog, manifest.seed);
    appgen::ApplicationPool pool;
    try {
        pool = appgen::ApplicationPool::generate(generator, manifest.count, manifest.heldOutFraction);
    } catch (const std::invalid_argument& error) {
        std::cerr << "error: " << manifestPath.string() << ": " << error.what() << '\n';
        return kExitBadInput;
    }
    const appgen::Application* app = pool.find(appName);
    std::vector<std::string> regenerated;
    if (app)
        for (const std::size_t segment : app->segments)
            regenerated.push_back(catalog->at(segment).name);
    if (!app || regenerated != listed->second) {
        std::cerr << "error: " << manifestPath.string() << ": application '" << appName
                  << "' no longer regenerates with the segments the manifest lists (the catalog changed since the pool was "
                     "generated); regenerate the pool\n";
        return kExitBadInput;
    }
    const appgen::Application varied = instability->apply(*app, *catalog);
    const appgen::ApplicationWriter writer(*catalog);
    const fs::path outPath(*out);
    const fs::path graphPath = outPath.parent_path() / (outPath.stem().string() + ".graph.yaml");
    if (!outPath.parent_path().empty()) {
        std::error_code error;
        fs::create_directories(outPath.parent_path(), error);
    }
    if (const std::string failure = writeFileAtomically(graphPath.string(), writer.graphYaml(varied)); !failure.empty()) {
        std::cerr << "error: " << failure << '\n';
        return kExitRunFailed;
    }
    if (const std::string failure = writeFileAtomically(outPath.string(), writer.scenarioYaml(varied, graphPath.filename().string()));
        !failure.empty()) {
        std::cerr << "error: " << failure << '\n';
        return kExitRunFailed;
    }
    if (!checkLoads(outPath))
        return kExitRunFailed;
    std::cout << "wrote " << outPath.string() << " and " << graphPath.string() << " (" << appName << ", " << *id << ": "
              << instability->summary << ")\n";
    return kExitOk;
}

} // namespace

int runGenerateCommand(const std::vector<std::string>& args)
{
    if (args.empty() || args[0] == "help" || args[0] == "--help")
        throw UsageError{usage()};
    if (args[0] == "apps")
        return generateApps(std::vector<std::string>(args.begin() + 1, args.end()));
    if (args[0] == "variant")
        return generateVariant(std::vector<std::string>(args.begin() + 1, args.end()));
    throw UsageError{"unknown generate command '" + args[0] + "'; known: apps, variant\n" + usage()};
}

} // namespace orrery::app
