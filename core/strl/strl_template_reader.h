#pragma once
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"
#include "strl/strl_template.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace orrery::strl {

//! The bounds every STRL reader checks numbers against (docs/strl.md).
inline constexpr std::int64_t kMaxNodesPerLeaf = 1'000'000;
inline constexpr sim::SimTime kMaxStrlTime = 100LL * 365 * 24 * sim::kHour;
inline constexpr double kMaxStrlValue = 1e12;

//! Reads expression templates and user generators (docs/strl.md) from YAML, reporting every
//! problem as a diagnostic "file:line:column: error: field.path: what was expected". The operators
//! and their fields are those of parseStrlRequests; a number may also be `$p`, `$p * 3`,
//! `$p * $q`, with an optional `+ <literal>` (`$start + 30s`).
class TemplateReader {
public:
    explicit TemplateReader(scenario::ParseContext& context) : m_context(context) {}

    //! A template whose parameters are `parameters` (plus the built-ins); nullopt when malformed.
    std::optional<ExpressionTemplate> readExpression(const scenario::YamlNode& node, const std::string& path,
                                                     const std::set<std::string>& parameters);
    //! A hand-written expression with literal numbers only (the StrlRequests file, docs/strl.md):
    //! the same grammar and messages as templates, `$` references rejected as malformed numbers.
    std::optional<Expression> readLiteralExpression(const scenario::YamlNode& node, const std::string& path);
    //! `generators: [{name, params, expression}]`; `params` is a list of names or a mapping of
    //! name to default. Duplicate names and parameters that shadow a built-in are errors.
    std::vector<StrlGenerator> readGenerators(const scenario::YamlNode& node, const std::string& path);
    //! Every leaf `set:` read so far (node, field path), for the caller to check against its sets.
    [[nodiscard]] const std::vector<std::pair<const scenario::YamlNode*, std::string>>& setReferences() const { return m_setReferences; }

    //! A parameter's value or default: a number, or a duration (nanoseconds) such as 30s.
    std::optional<double> readParameterValue(const scenario::YamlNode& node, const std::string& path);

private:
    enum class NumberKind { Count, Time, Start, Number, Value };
    std::optional<ExpressionTemplate> readNode(const scenario::YamlNode& node, const std::string& path, int depth);
    std::optional<ExpressionTemplate> readLeaf(const scenario::YamlNode& node, const std::string& path);
    std::optional<TemplateNumber> readNumber(const scenario::YamlNode& node, const std::string& path, NumberKind kind);
    std::optional<double> readLiteral(const scenario::YamlNode& node, const std::string& path, NumberKind kind);
    bool checkParameter(const scenario::YamlNode& node, const std::string& path, const std::string& name, NumberKind kind);

    scenario::ParseContext& m_context;
    bool m_literalOnly = false;
    std::set<std::string> m_parameters;
    std::vector<std::pair<const scenario::YamlNode*, std::string>> m_setReferences;
};

//! Parses "$p", "$p * 3", "$p * $q", each with an optional "+ <text>" (the text returned in
//! `offset`); nullopt when `text` is not of that form.
struct ParsedReference {
    std::string param, factorParam, offset;
    double factor = 1.0;
};
std::optional<ParsedReference> parseTemplateReference(std::string_view text);

} // namespace orrery::strl
