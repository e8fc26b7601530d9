#include "strl/strl_template_reader.h"

#include "model/did_you_mean.h"
#include "model/units.h"
#include "scenario/field_path.h"
#include "scenario/map_reader.h"
#include "scenario/value_readers.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace orrery::strl {

namespace {

using scenario::MapReader;
using scenario::YamlNode;

constexpr int kMaxDepth = 64;

std::string_view trim(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

//! Reads "$name" at the front of `text`; the name is [A-Za-z_][A-Za-z0-9_]*.
std::optional<std::string> takeName(std::string_view& text)
{
    text = trim(text);
    if (text.size() < 2 || text.front() != '$' || !(std::isalpha(static_cast<unsigned char>(text[1])) || text[1] == '_'))
        return std::nullopt;
    std::size_t end = 2;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
        ++end;
    std::string name(text.substr(1, end - 1));
    text.remove_prefix(end);
    return name;
}

std::string expectedForm()
{
    return "expected $parameter, $parameter * number, $parameter * $parameter, optionally followed by + <literal> (such as $start + 30s)";
}

} // namespace

std::optional<ParsedReference> parseTemplateReference(std::string_view text)
{
    ParsedReference parsed;
    auto name = takeName(text);
    if (!name)
        return std::nullopt;
    parsed.param = *name;
    text = trim(text);
    if (!text.empty() && text.front() == '*') {
        text.remove_prefix(1);
        text = trim(text);
        if (auto factor = takeName(text)) {
            parsed.factorParam = *factor;
        } else {
            std::size_t end = 0;
            while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '.' || text[end] == 'e'
                                         || text[end] == 'E' || ((text[end] == '-' || text[end] == '+') && end > 0 && (text[end - 1] == 'e' || text[end - 1] == 'E'))))
                ++end;
            if (end == 0)
                return std::nullopt;
            const std::string number(text.substr(0, end));
            try {
                std::size_t used = 0;
                parsed.factor = std::stod(number, &used);
                if (used != number.size())
                    return std::nullopt;
            } catch (const std::exception&) {
                return std::nullopt;
            }
            if (!std::isfinite(parsed.factor) || parsed.factor < 0.0)
                return std::nullopt;
            text.remove_prefix(end);
        }
        text = trim(text);
    }
    if (!text.empty() && text.front() == '+') {
        text.remove_prefix(1);
        parsed.offset = std::string(trim(text));
        if (parsed.offset.empty())
            return std::nullopt;
        text = {};
    }
    if (!trim(text).empty())
        return std::nullopt;
    return parsed;
}

bool TemplateReader::checkParameter(const YamlNode& node, const std::string& path, const std::string& name, NumberKind kind)
{
    const auto& builtins = builtinTemplateParameters();
    const bool builtin = std::find(builtins.begin(), builtins.end(), name) != builtins.end();
    if (!builtin && !m_parameters.contains(name)) {
        std::vector<std::string> known(builtins.begin(), builtins.end());
        known.insert(known.end(), m_parameters.begin(), m_parameters.end());
        std::string declared;
        for (const std::string& p : m_parameters)
            declared += (declared.empty() ? "" : ", ") + p;
        m_context.error(node, path, "unknown parameter $" + name + model::didYouMean(name, known)
                                        + "; expected a built-in (start, now, submit, k, duration, slowdown, value, deadline, worth)"
                                        + (declared.empty() ? std::string(" or a parameter declared in params") : " or one of params: " + declared));
        return false;
    }
    if (name == "worth" && kind != NumberKind::Value) {
        m_context.error(node, path, "$worth is a leaf's value; expected it only in an nCk's value");
        return false;
    }
    return true;
}

std::optional<double> TemplateReader::readLiteral(const YamlNode& node, const std::string& path, NumberKind kind)
{
    switch (kind) {
    case NumberKind::Count: {
        const auto value = scenario::readInteger(node, path, m_context, 1, kMaxNodesPerLeaf);
        return value ? std::optional<double>(static_cast<double>(*value)) : std::nullopt;
    }
    case NumberKind::Time: {
        const auto value = scenario::readDuration(node, path, m_context, 1, kMaxStrlTime);
        return value ? std::optional<double>(static_cast<double>(*value)) : std::nullopt;
    }
    case NumberKind::Start: {
        const auto value = scenario::readDuration(node, path, m_context, 0, kMaxStrlTime);
        return value ? std::optional<double>(static_cast<double>(*value)) : std::nullopt;
    }
    case NumberKind::Number:
    case NumberKind::Value: return scenario::readNumber(node, path, m_context, 0.0, kMaxStrlValue, "");
    }
    return std::nullopt;
}

std::optional<TemplateNumber> TemplateReader::readNumber(const YamlNode& node, const std::string& path, NumberKind kind)
{
    if (m_literalOnly || !node.isScalar() || trim(node.scalar()).empty() || trim(node.scalar()).front() != '$') {
        const auto literal = readLiteral(node, path, kind);
        return literal ? std::optional<TemplateNumber>(TemplateNumber::of(*literal)) : std::nullopt;
    }
    const auto parsed = parseTemplateReference(node.scalar());
    if (!parsed) {
        m_context.error(node, path, "malformed parameter reference " + node.describe() + "; " + expectedForm());
        return std::nullopt;
    }
    bool ok = checkParameter(node, path, parsed->param, kind);
    if (!parsed->factorParam.empty())
        ok = checkParameter(node, path, parsed->factorParam, kind) && ok;
    TemplateNumber number;
    number.param = parsed->param;
    number.factorParam = parsed->factorParam;
    number.factor = parsed->factor;
    if (!parsed->offset.empty()) {
        if (kind == NumberKind::Time || kind == NumberKind::Start) {
            std::string error;
            const auto offset = model::parseDuration(parsed->offset, &error);
            if (!offset) {
                m_context.error(node, path, "the offset '" + parsed->offset + "' is not a duration (" + error + "); expected such as $start + 30s");
                ok = false;
            } else {
                number.literal = static_cast<double>(*offset);
            }
        } else {
            try {
                std::size_t used = 0;
                number.literal = std::stod(parsed->offset, &used);
                if (used != parsed->offset.size())
                    throw std::invalid_argument(parsed->offset);
            } catch (const std::exception&) {
                m_context.error(node, path, "the offset '" + parsed->offset + "' is not a number; expected such as $value + 2");
                ok = false;
            }
        }
    }
    return ok ? std::optional<TemplateNumber>(number) : std::nullopt;
}

std::optional<ExpressionTemplate> TemplateReader::readExpression(const YamlNode& node, const std::string& path,
                                                                 const std::set<std::string>& parameters)
{
    m_parameters = parameters;
    m_literalOnly = false;
    return readNode(node, path, 0);
}

std::optional<Expression> TemplateReader::readLiteralExpression(const YamlNode& node, const std::string& path)
{
    m_parameters.clear();
    m_literalOnly = true;
    const auto read = readNode(node, path, 0);
    m_literalOnly = false;
    return read ? read->literalExpression() : std::nullopt;
}

std::optional<ExpressionTemplate> TemplateReader::readNode(const YamlNode& node, const std::string& path, int depth)
{
    if (depth > kMaxDepth) {
        m_context.error(node, path, "the expression nests deeper than " + std::to_string(kMaxDepth) + " levels; expected a shallower tree");
        return std::nullopt;
    }
    if (!node.isMap() || node.entries().size() != 1 || !node.entries().front().key->isScalar()) {
        m_context.error(node, path, "expected an STRL expression: a mapping with one operator (nCk, max, min, sum, scale or barrier), got "
                                        + (node.isMap() ? std::to_string(node.entries().size()) + " keys" : node.describe()));
        return std::nullopt;
    }
    const YamlNode& keyNode = *node.entries().front().key;
    const YamlNode& body = *node.entries().front().value;
    const std::string& name = keyNode.scalar();
    const std::string bodyPath = scenario::childPath(path, name);
    std::optional<ExpressionTemplate> result;
    if (name == "nCk") {
        result = readLeaf(body, bodyPath);
    } else if (name == "max" || name == "min" || name == "sum") {
        const Operator op = name == "max" ? Operator::Max : name == "min" ? Operator::Min : Operator::Sum;
        if (!body.isSequence() || body.items().empty()) {
            m_context.error(body, bodyPath, "expected a non-empty list of expressions for " + name + ", got " + body.describe());
            return std::nullopt;
        }
        ExpressionTemplate t;
        t.op = op;
        bool ok = true;
        for (std::size_t i = 0; i < body.items().size(); ++i) {
            auto child = readNode(*body.items()[i], scenario::indexPath(bodyPath, i), depth + 1);
            ok = ok && child;
            if (child)
                t.children.push_back(std::move(*child));
        }
        if (ok)
            result = std::move(t);
    } else if (name == "scale" || name == "barrier") {
        const bool scale = name == "scale";
        const std::string parameter = scale ? "factor" : "threshold";
        MapReader reader(body, bodyPath, m_context, {parameter, "of"},
                         scale ? "scale: a mapping with factor and of (an expression)" : "barrier: a mapping with threshold and of (an expression)");
        if (!reader.isMap())
            return std::nullopt;
        std::optional<TemplateNumber> value;
        if (const YamlNode* p = reader.require(parameter, scale ? "a factor >= 0" : "a threshold > 0"))
            value = readNumber(*p, reader.pathOf(parameter), NumberKind::Number);
        if (value && !scale && value->isLiteral() && value->literal <= 0.0) {
            m_context.error(*reader.get(parameter), reader.pathOf(parameter), "expected a threshold > 0");
            value.reset();
        }
        std::optional<ExpressionTemplate> child;
        if (const YamlNode* of = reader.get("of"))
            child = readNode(*of, reader.pathOf("of"), depth + 1);
        else
            reader.require("of", "an STRL expression");
        if (value && child) {
            ExpressionTemplate t;
            t.op = scale ? Operator::Scale : Operator::Barrier;
            t.parameter = *value;
            t.children.push_back(std::move(*child));
            result = std::move(t);
        }
    } else {
        m_context.error(keyNode, bodyPath, "unknown operator " + keyNode.describe()
                                               + model::didYouMean(name, {"nCk", "max", "min", "sum", "scale", "barrier"})
                                               + "; expected nCk, max, min, sum, scale or barrier");
        return std::nullopt;
    }
    if (result)
        result->location = m_context.locationOf(keyNode);
    return result;
}

std::optional<ExpressionTemplate> TemplateReader::readLeaf(const YamlNode& node, const std::string& path)
{
    MapReader reader(node, path, m_context, {"set", "k", "start", "duration", "value"}, "nCk: a mapping with set, k, start, duration and value");
    if (!reader.isMap())
        return std::nullopt;
    ExpressionTemplate t;
    t.op = Operator::Nck;
    bool ok = true;
    if (const YamlNode* set = reader.require("set", "an equivalence set name")) {
        const auto name = scenario::readString(*set, reader.pathOf("set"), m_context, "an equivalence set name");
        ok = ok && name;
        if (name) {
            t.setName = *name;
            m_setReferences.emplace_back(set, reader.pathOf("set"));
        }
    } else {
        ok = false;
    }
    const auto field = [&](const char* key, const char* expected, NumberKind kind, TemplateNumber& out) {
        const YamlNode* value = reader.require(key, expected);
        const auto number = value ? readNumber(*value, reader.pathOf(key), kind) : std::nullopt;
        if (number)
            out = *number;
        ok = ok && number;
    };
    field("k", "the number of nodes, at least 1", NumberKind::Count, t.k);
    field("start", m_literalOnly ? "a start time such as 0s or 30s" : "a start time such as $start or 30s (after the submission)",
          NumberKind::Start, t.start);
    field("duration", m_literalOnly ? "a duration such as 10s, greater than 0" : "a duration such as 10s or $duration, greater than 0",
          NumberKind::Time, t.duration);
    field("value", m_literalOnly ? "a value >= 0" : "a value >= 0 such as $value or $worth", NumberKind::Value, t.value);
    if (!ok)
        return std::nullopt;
    return t;
}

std::vector<StrlGenerator> TemplateReader::readGenerators(const YamlNode& node, const std::string& path)
{
    std::vector<StrlGenerator> generators;
    if (!node.isSequence()) {
        m_context.error(node, path, "expected a list of generators {name, params, expression}, got " + node.describe());
        return generators;
    }
    const auto& builtins = builtinTemplateParameters();
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const std::string itemPath = scenario::indexPath(path, i);
        MapReader reader(*node.items()[i], itemPath, m_context, {"name", "params", "expression"},
                         "a generator: a mapping with name, params and expression (an STRL expression template)");
        if (!reader.isMap())
            continue;
        StrlGenerator generator;
        generator.location = m_context.locationOf(*node.items()[i]);
        bool ok = true;
        if (const YamlNode* n = reader.require("name", "a generator name such as gpu-or-slow")) {
            const auto name = scenario::readName(*n, reader.pathOf("name"), m_context);
            ok = ok && name;
            if (name) {
                generator.name = *name;
                const bool duplicate = std::any_of(generators.begin(), generators.end(),
                                                   [&](const StrlGenerator& g) { return g.name == *name; });
                if (duplicate) {
                    m_context.error(*n, reader.pathOf("name"), "duplicate generator " + n->describe() + "; expected a new name");
                    ok = false;
                }
            }
        } else {
            ok = false;
        }
        std::set<std::string> parameters;
        const auto declare = [&](const YamlNode& at, const std::string& atPath, const std::string& name, std::optional<double> fallback) {
            if (std::find(builtins.begin(), builtins.end(), name) != builtins.end()) {
                m_context.error(at, atPath, "parameter '" + name + "' is a built-in (start, now, submit, k, duration, slowdown, value, deadline, worth); expected a new name");
                ok = false;
                return;
            }
            if (!parameters.insert(name).second) {
                m_context.error(at, atPath, "duplicate parameter '" + name + "'");
                ok = false;
                return;
            }
            generator.params.emplace_back(name, fallback);
        };
        if (const YamlNode* params = reader.get("params")) {
            const std::string paramsPath = reader.pathOf("params");
            if (params->isSequence()) {
                for (std::size_t p = 0; p < params->items().size(); ++p) {
                    const std::string pPath = scenario::indexPath(paramsPath, p);
                    if (const auto name = scenario::readName(*params->items()[p], pPath, m_context))
                        declare(*params->items()[p], pPath, *name, std::nullopt);
                    else
                        ok = false;
                }
            } else if (params->isMap()) {
                for (const auto& entry : params->entries()) {
                    const std::string key = entry.key->isScalar() ? entry.key->scalar() : std::string();
                    const std::string pPath = scenario::childPath(paramsPath, key);
                    const auto value = readParameterValue(*entry.value, pPath);
                    if (key.empty() || !value) {
                        ok = false;
                        continue;
                    }
                    declare(*entry.key, pPath, key, *value);
                }
            } else {
                m_context.error(*params, paramsPath, "expected a list of parameter names or a mapping of name to default, got " + params->describe());
                ok = false;
            }
        }
        if (const YamlNode* e = reader.require("expression", "an STRL expression template")) {
            auto expression = readExpression(*e, reader.pathOf("expression"), parameters);
            ok = ok && expression;
            if (expression)
                generator.expression = std::make_shared<const ExpressionTemplate>(std::move(*expression));
        } else {
            ok = false;
        }
        if (ok)
            generators.push_back(std::move(generator));
    }
    return generators;
}

std::optional<double> TemplateReader::readParameterValue(const YamlNode& node, const std::string& path)
{
    if (node.isScalar()) {
        const std::string text(trim(node.scalar()));
        double number = 0.0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (error == std::errc() && end == text.data() + text.size() && std::isfinite(number))
            return number;
        if (const auto duration = model::parseDuration(text))
            return static_cast<double>(*duration);
    }
    m_context.error(node, path, "expected a number or a duration (such as 2, 0.5 or 30s), got " + node.describe());
    return std::nullopt;
}

} // namespace orrery::strl
