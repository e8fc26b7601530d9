#include "scenario/parse_context.h"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

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
    // This file first, then other files in the order they were first reported.
    std::vector<std::string> files{m_fileName};
    for (const auto& diagnostic : m_diagnostics) {
        if (std::find(files.begin(), files.end(), diagnostic.location.file) == files.end())
            files.push_back(diagnostic.location.file);
    }
    const auto rank = [&](const model::Diagnostic& diagnostic) {
        return std::find(files.begin(), files.end(), diagnostic.location.file) - files.begin();
    };
    std::stable_sort(m_diagnostics.begin(), m_diagnostics.end(), [&](const auto& a, const auto& b) {
        return std::make_tuple(rank(a), a.location.line, a.location.column)
            < std::make_tuple(rank(b), b.location.line, b.location.column);
    });
    return std::exchange(m_diagnostics, {});
}

} // namespace orrery::scenario
