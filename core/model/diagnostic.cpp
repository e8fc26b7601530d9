#include "model/diagnostic.h"

namespace orrery::model {

std::string Diagnostic::format() const
{
    std::string out = location.file.empty() ? std::string("<input>") : location.file;
    if (location.line > 0) {
        out += ':' + std::to_string(location.line);
        if (location.column > 0)
            out += ':' + std::to_string(location.column);
    }
    out += ": error: ";
    if (!fieldPath.empty())
        out += fieldPath + ": ";
    out += message;
    return out;
}

std::string formatAll(const Diagnostics& diagnostics)
{
    std::string out;
    for (const auto& diagnostic : diagnostics)
        out += diagnostic.format() + '\n';
    return out;
}

} // namespace orrery::model
