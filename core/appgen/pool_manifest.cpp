#include "appgen/pool_manifest.h"

#include "scenario/field_path.h"
#include "scenario/line_index.h"
#include "scenario/map_reader.h"
#include "scenario/text_check.h"
#include "scenario/value_readers.h"
#include "scenario/yaml_document_parser.h"

#include <fstream>
#include <sstream>

namespace orrery::appgen {

using scenario::MapReader;
using scenario::ParseContext;
using scenario::YamlNode;

PoolManifest readPoolManifest(const std::filesystem::path& file)
{
    PoolManifest manifest;
    const std::string name = file.string();
    std::ifstream in(file, std::ios::binary);
    if (!in || std::filesystem::is_directory(file)) {
        model::Diagnostic diagnostic;
        diagnostic.location.file = name;
        diagnostic.message = "cannot read the pool manifest (written by orrery generate apps as DIR/manifest.yaml)";
        manifest.diagnostics.push_back(std::move(diagnostic));
        return manifest;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    const scenario::LineIndex lines(text);
    if (auto problem = scenario::checkText(text, name, lines)) {
        manifest.diagnostics.push_back(std::move(*problem));
        return manifest;
    }
    ParseContext context(name);
    const YamlNode::Ptr root = scenario::parseYamlDocument(text, lines, context, "ApplicationPool");
    if (root) {
        MapReader top(*root, "", context, {"apiVersion", "kind", "spec"}, "an application pool manifest");
        const YamlNode* spec = top.isMap() ? top.require("spec", "the pool's spec") : nullptr;
        if (spec) {
            MapReader reader(*spec, "spec", context, {}, "the pool's spec", MapReader::UnknownKeys::Ignore);
            if (const YamlNode* seed = reader.require("seed", "the generator seed"))
                manifest.seed = scenario::readUnsigned64(*seed, reader.pathOf("seed"), context).value_or(0);
            if (const YamlNode* count = reader.require("count", "the number of applications"))
                manifest.count = static_cast<std::size_t>(
                    scenario::readInteger(*count, reader.pathOf("count"), context, 1, 1000000).value_or(0));
            if (const YamlNode* fraction = reader.require("heldOutFraction", "the held-out fraction"))
                manifest.heldOutFraction = scenario::readNumber(*fraction, reader.pathOf("heldOutFraction"), context, 0.0, 0.999999, "").value_or(0.0);
            if (const YamlNode* catalog = reader.require("catalog", "the segment catalog"))
                manifest.catalog = scenario::readString(*catalog, reader.pathOf("catalog"), context, "a path").value_or("");
            if (const YamlNode* apps = reader.require("applications", "the applications")) {
                if (!apps->isSequence()) {
                    context.error(*apps, reader.pathOf("applications"), "expected a sequence of applications, got " + apps->describe());
                } else {
                    for (std::size_t i = 0; i < apps->items().size(); ++i) {
                        const std::string path = scenario::indexPath(reader.pathOf("applications"), i);
                        MapReader app(*apps->items()[i], path, context, {}, "an application", MapReader::UnknownKeys::Ignore);
                        if (!app.isMap())
                            continue;
                        const YamlNode* appName = app.require("name", "the application's name");
                        const YamlNode* segments = app.require("segments", "its segments");
                        if (!appName || !segments)
                            continue;
                        const auto nameText = scenario::readName(*appName, app.pathOf("name"), context);
                        if (!segments->isSequence()) {
                            context.error(*segments, app.pathOf("segments"), "expected a sequence of segment names, got " + segments->describe());
                            continue;
                        }
                        std::vector<std::string> names;
                        for (std::size_t s = 0; s < segments->items().size(); ++s)
                            names.push_back(scenario::readName(*segments->items()[s], scenario::indexPath(app.pathOf("segments"), s), context).value_or(""));
                        if (nameText)
                            manifest.segments[*nameText] = std::move(names);
                    }
                }
            }
        }
    }
    manifest.diagnostics = context.takeDiagnostics();
    return manifest;
}

} // namespace orrery::appgen
