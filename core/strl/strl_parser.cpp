#include "strl/strl_parser.h"

#include "scenario/api_version_check.h"
#include "model/did_you_mean.h"
#include "scenario/field_path.h"
#include "scenario/line_index.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"
#include "scenario/text_check.h"
#include "scenario/value_readers.h"
#include "scenario/yaml_document_parser.h"
#include "strl/strl_template_reader.h"

#include <set>

namespace orrery::strl {

namespace {

using scenario::MapReader;
using scenario::ParseContext;
using scenario::YamlNode;

constexpr std::string_view kKind = "StrlRequests";

//! Reads sets and jobs; leaf set names are checked against the sets once both are read.
class Reader {
public:
    explicit Reader(ParseContext& context) : m_context(context) {}

    std::optional<StrlRequests> read(const YamlNode& root)
    {
        MapReader top(root, "", m_context, {"apiVersion", "kind", "spec"}, "an StrlRequests document: a mapping with apiVersion, kind and spec");
        if (!top.isMap())
            return std::nullopt;
        scenario::checkApiVersion(top, m_context);
        if (const YamlNode* kind = top.require("kind", kKind); kind && (!kind->isScalar() || kind->scalar() != kKind))
            m_context.error(*kind, "kind", "this file has kind " + kind->describe() + "; expected kind: StrlRequests");
        StrlRequests requests;
        if (const YamlNode* spec = top.require("spec", "a mapping with sets and jobs")) {
            MapReader specReader(*spec, "spec", m_context, {"sets", "jobs"}, "spec: a mapping with sets and jobs");
            if (specReader.isMap()) {
                if (const YamlNode* sets = specReader.get("sets"))
                    readSets(*sets, specReader.pathOf("sets"), requests.sets);
                if (const YamlNode* jobs = specReader.require("jobs", "a list of jobs, each with name and expression or generate"))
                    readJobs(*jobs, specReader.pathOf("jobs"), requests);
            }
        }
        auto references = m_setReferences;
        references.insert(references.end(), m_expressions.setReferences().begin(), m_expressions.setReferences().end());
        for (const auto& [node, path] : references) {
            if (!requests.sets.contains(node->scalar()) && !isGeneratorSet(node->scalar()))
                m_context.error(*node, path, "unknown equivalence set " + node->describe()
                                                 + model::didYouMean(node->scalar(), requests.sets.names())
                                                 + "; expected one of the names in spec.sets or gen:all, gen:gpu, gen:rack=<rack>");
        }
        return requests;
    }

private:
    static bool isGeneratorSet(const std::string& name)
    {
        return name == GeneratorContext::allNodesSet() || name == GeneratorContext::gpuNodesSet() || name.rfind("gen:rack=", 0) == 0;
    }

    void readSets(const YamlNode& node, const std::string& path, EquivalenceSetTable& table)
    {
        if (!node.isSequence()) {
            m_context.error(node, path, "expected a list of equivalence sets, got " + node.describe());
            return;
        }
        for (std::size_t i = 0; i < node.items().size(); ++i) {
            const std::string itemPath = scenario::indexPath(path, i);
            MapReader reader(*node.items()[i], itemPath, m_context, {"name", "accelerator", "labels", "memoryAtLeast", "cpuAtLeast"},
                             "an equivalence set: a mapping with name and node attributes (accelerator, labels, memoryAtLeast, cpuAtLeast)");
            if (!reader.isMap())
                continue;
            std::optional<std::string> name;
            if (const YamlNode* n = reader.require("name", "a set name such as gpu-nodes")) {
                name = scenario::readName(*n, reader.pathOf("name"), m_context);
                if (name && table.contains(*name)) {
                    m_context.error(*n, reader.pathOf("name"), "duplicate equivalence set " + n->describe() + "; expected a new name");
                    name.reset();
                }
            }
            NodeFilter filter;
            if (const YamlNode* a = reader.get("accelerator")) {
                const auto text = scenario::readString(*a, reader.pathOf("accelerator"), m_context, "an accelerator: gpu, asic, fpga, none or any");
                if (text) {
                    if (const auto parsed = parseAcceleratorFilter(*text))
                        filter.accelerator = *parsed;
                    else
                        m_context.error(*a, reader.pathOf("accelerator"), "unknown accelerator " + a->describe()
                                                                              + model::didYouMean(*text, {"gpu", "asic", "fpga", "none", "any"})
                                                                              + "; expected gpu, asic, fpga, none or any");
                }
            }
            if (const YamlNode* labels = reader.get("labels")) {
                const std::string labelsPath = reader.pathOf("labels");
                if (!labels->isMap()) {
                    m_context.error(*labels, labelsPath, "expected a mapping of label to value such as {rack: r1}, got " + labels->describe());
                } else {
                    for (const auto& entry : labels->entries()) {
                        if (!entry.key->isScalar() || !entry.value->isScalar()) {
                            m_context.error(*entry.key, labelsPath, "expected label: value with text on both sides");
                            continue;
                        }
                        filter.labels[entry.key->scalar()] = entry.value->scalar();
                    }
                }
            }
            if (const YamlNode* memory = reader.get("memoryAtLeast"))
                filter.minMemoryBytes = scenario::readBytes(*memory, reader.pathOf("memoryAtLeast"), m_context, 0, INT64_MAX / 2).value_or(0);
            if (const YamlNode* cpu = reader.get("cpuAtLeast"))
                filter.minMillicores = scenario::readMillicores(*cpu, reader.pathOf("cpuAtLeast"), m_context, 0, INT64_MAX / 2).value_or(0);
            if (name)
                table.define(*name, std::move(filter));
        }
    }

    void readJobs(const YamlNode& node, const std::string& path, StrlRequests& requests)
    {
        if (!node.isSequence()) {
            m_context.error(node, path, "expected a list of jobs, got " + node.describe());
            return;
        }
        std::set<std::string> names;
        for (std::size_t i = 0; i < node.items().size(); ++i) {
            const std::string itemPath = scenario::indexPath(path, i);
            MapReader reader(*node.items()[i], itemPath, m_context, {"name", "expression", "generate"},
                             "a job: a mapping with name and either expression or generate");
            if (!reader.isMap())
                continue;
            JobRequest job;
            if (const YamlNode* n = reader.require("name", "a job name such as train-resnet")) {
                if (const auto name = scenario::readName(*n, reader.pathOf("name"), m_context)) {
                    if (!names.insert(*name).second)
                        m_context.error(*n, reader.pathOf("name"), "duplicate job " + n->describe() + "; expected a new name");
                    job.name = *name;
                }
            }
            const YamlNode* expression = reader.get("expression");
            const YamlNode* generate = reader.get("generate");
            if ((expression == nullptr) == (generate == nullptr)) {
                m_context.error(reader.node(), itemPath, "expected exactly one of expression (an STRL expression) or generate (a job type)");
                continue;
            }
            if (expression)
                job.expression = m_expressions.readLiteralExpression(*expression, reader.pathOf("expression"));
            else
                job.generated = readJobType(*generate, reader.pathOf("generate"));
            requests.jobs.push_back(std::move(job));
        }
    }

    std::optional<JobTypeSpec> readJobType(const YamlNode& node, const std::string& path)
    {
        MapReader reader(node, path, m_context, {"type", "k", "duration", "slowdown", "value", "deadline", "set"},
                         "a job type: a mapping with type, k, duration, slowdown, value, deadline and set");
        if (!reader.isMap())
            return std::nullopt;
        JobTypeSpec spec;
        bool ok = true;
        if (const YamlNode* type = reader.require("type", "gpu, mpi, availability, slo or best-effort")) {
            const auto text = scenario::readString(*type, reader.pathOf("type"), m_context, "a job type: gpu, mpi, availability, slo or best-effort");
            const auto parsed = text ? parseJobType(*text) : std::nullopt;
            if (parsed)
                spec.type = *parsed;
            else if (text)
                m_context.error(*type, reader.pathOf("type"), "unknown job type " + type->describe()
                                                                  + model::didYouMean(*text, {"gpu", "mpi", "availability", "slo", "best-effort"})
                                                                  + "; expected gpu, mpi, availability, slo or best-effort");
            ok = ok && parsed;
        }
        if (const YamlNode* k = reader.require("k", "the number of nodes, at least 1")) {
            const auto value = scenario::readInteger(*k, reader.pathOf("k"), m_context, 1, kMaxNodesPerLeaf);
            spec.k = static_cast<int>(value.value_or(1));
            ok = ok && value;
        }
        if (const YamlNode* d = reader.require("duration", "the run time on the preferred placement, such as 10m")) {
            const auto value = scenario::readDuration(*d, reader.pathOf("duration"), m_context, 1, kMaxStrlTime);
            spec.duration = value.value_or(1);
            ok = ok && value;
        }
        if (const YamlNode* s = reader.get("slowdown")) {
            const auto value = scenario::readNumber(*s, reader.pathOf("slowdown"), m_context, 1.0, 1000.0, "");
            spec.slowdown = value.value_or(1.0);
            ok = ok && value;
        }
        if (const YamlNode* v = reader.get("value")) {
            const auto value = scenario::readNumber(*v, reader.pathOf("value"), m_context, 0.0, kMaxStrlValue, "");
            spec.value = value.value_or(0.0);
            ok = ok && value;
        }
        if (const YamlNode* d = reader.get("deadline")) {
            const auto value = scenario::readDuration(*d, reader.pathOf("deadline"), m_context, 0, kMaxStrlTime);
            spec.deadline = value;
            ok = ok && value;
        }
        if (const YamlNode* set = reader.get("set")) {
            if (const auto name = scenario::readString(*set, reader.pathOf("set"), m_context, "an equivalence set name")) {
                spec.setName = *name;
                m_setReferences.emplace_back(set, reader.pathOf("set"));
            }
        }
        return ok ? std::optional<JobTypeSpec>(spec) : std::nullopt;
    }

    ParseContext& m_context;
    TemplateReader m_expressions{m_context}; //!< the STRL grammar, shared with templates
    std::vector<std::pair<const YamlNode*, std::string>> m_setReferences;
};

} // namespace

StrlParseResult parseStrlRequests(std::string_view text, const std::string& fileNameForMessages)
{
    StrlParseResult result;
    const scenario::LineIndex lines(text);
    if (auto problem = scenario::checkText(text, fileNameForMessages, lines)) {
        result.diagnostics.push_back(std::move(*problem));
        return result;
    }
    ParseContext context(fileNameForMessages);
    std::optional<StrlRequests> requests;
    try {
        if (const YamlNode::Ptr root = scenario::parseYamlDocument(text, lines, context, "StrlRequests")) {
            Reader reader(context);
            requests = reader.read(*root);
        }
    } catch (const std::exception& error) {
        context.error(model::SourceLocation{fileNameForMessages, 0, 0}, "", std::string("internal error while reading STRL: ") + error.what());
    }
    result.diagnostics = context.takeDiagnostics();
    if (requests && result.diagnostics.empty())
        result.requests = std::move(requests);
    return result;
}

} // namespace orrery::strl
