#include "scenario/diagnostic_limit.h"

#include <string>

namespace orrery::scenario {

void limitDiagnostics(model::Diagnostics& diagnostics)
{
    if (diagnostics.size() <= kMaxDiagnostics)
        return;
    const std::size_t more = diagnostics.size() - kMaxDiagnostics;
    diagnostics.resize(kMaxDiagnostics + 1);
    diagnostics.back().fieldPath.clear();
    diagnostics.back().message = std::to_string(more) + " more problems not shown; fix the ones above first";
}

} // namespace orrery::scenario
