#pragma once
#include <string_view>

namespace orrery::store {

//! One step of the project schema: the SQL that takes a file from `version - 1` to `version`.
//! Steps are history: once released, a step is never edited; changes go into a new step.
struct Migration {
    int version = 0;
    std::string_view description;
    std::string_view sql;
};

} // namespace orrery::store
