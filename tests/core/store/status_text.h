#pragma once
// QCOMPARE cannot print sim::RunStatus: argument-dependent lookup finds sim::toString (which
// returns a string_view) ahead of QTest::toString. Tests compare the status text instead.
#include "sim/run_recorder.h"

#include <string>

namespace orrery::store::testing {

inline std::string statusText(sim::RunStatus status)
{
    return std::string(sim::toString(status));
}

} // namespace orrery::store::testing
