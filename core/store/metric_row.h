#pragma once
#include <string>

namespace orrery::store {

//! A scalar result of a run. A NaN value is stored as SQL NULL (SQLite has no NaN) and reads
//! back as a quiet NaN; every other double, -0.0 and infinities included, reads back bit-exact.
struct MetricRow {
    std::string name;
    double value = 0.0;
    std::string unit;
};

} // namespace orrery::store
