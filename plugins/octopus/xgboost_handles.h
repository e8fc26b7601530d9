#pragma once
// RAII over XGBoost's C API handles, and its error convention turned into exceptions.
#include <xgboost/c_api.h>

#include <memory>
#include <stdexcept>
#include <string_view>
#include <type_traits>

namespace orrery::plugins::octopus {

//! Throws XGBoostError("<what>: <XGBGetLastError()>") when an XGBoost call returned non-zero.
void checkXgb(int rc, std::string_view what);

//! An error reported by XGBoost.
class XGBoostError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct BoosterFree {
    void operator()(void* handle) const { XGBoosterFree(handle); }
};
struct DMatrixFree {
    void operator()(void* handle) const { XGDMatrixFree(handle); }
};

static_assert(std::is_same_v<BoosterHandle, void*> && std::is_same_v<DMatrixHandle, void*>,
              "XGBoost handles are opaque pointers");

//! An XGBoost booster (the trees and their learner), freed with XGBoosterFree.
using BoosterPtr = std::unique_ptr<void, BoosterFree>;
//! An XGBoost data matrix, freed with XGDMatrixFree.
using DMatrixPtr = std::unique_ptr<void, DMatrixFree>;

//! A new, empty booster with no cached matrices.
BoosterPtr makeBooster();

} // namespace orrery::plugins::octopus
