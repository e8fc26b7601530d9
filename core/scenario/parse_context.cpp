#include "scenario/parse_context.h"

#include <algorithm>
#include <tuple>
#include <utility>

namespace orrery::scenario {

ParseContext::ParseContext(std::string fileName)
    : m_fileName(std::move(fileName))
{
}

model::SourceLocation ParseContext::locationOf(const YamlNode& node) const
{
    return {m_fileName, node.line, node.column};
}

void ParseContext::error(const YamlNode& at, std::string fieldPath, std::string message)
{
    error(locationOf(at), std::move(fieldPath), std::move(message));
}

void ParseContext::error(model::SourceLocation at, std::string fieldPath, std::string message)
{
    m_diagnostics.push_back({std::move(at), std::move(fieldPath), std::move(message)});
}

model::Diagnostics ParseContext::takeDiagnostics()
{
    std::stable_sort(m_diagnostics.begin(), m_diagnostics.end(), [](const auto& a, const auto& b) {
        return std::tie(a.location.line, a.location.column) < std::tie(b.location.line, b.location.column);
    });
    return std::exchange(m_diagnostics, {});
}

} // namespace orrery::scenario
