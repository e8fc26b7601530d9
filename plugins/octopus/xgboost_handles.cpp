#include "xgboost_handles.h"

#include <string>

namespace orrery::plugins::octopus {

void checkXgb(int rc, std::string_view what)
{
    if (rc == 0)
        return;
    const char* reason = XGBGetLastError();
    throw XGBoostError("XGBoost " + std::string(what) + " failed: " + (reason != nullptr ? reason : "no reason given"));
}

BoosterPtr makeBooster()
{
    BoosterHandle handle = nullptr;
    checkXgb(XGBoosterCreate(nullptr, 0, &handle), "XGBoosterCreate");
    return BoosterPtr(handle);
}

} // namespace orrery::plugins::octopus
