#include "aware/lifecycle_stage.h"

namespace orrery::aware {

std::string_view toString(LifecycleStage stage)
{
    switch (stage) {
    case LifecycleStage::Initialized:
        return "initialized";
    case LifecycleStage::Offline:
        return "offline";
    case LifecycleStage::Online:
        return "online";
    case LifecycleStage::Serving:
        return "serving";
    }
    return "unknown";
}

std::string_view toString(ActingController controller)
{
    switch (controller) {
    case ActingController::None:
        return "none";
    case ActingController::Fallback:
        return "fallback";
    case ActingController::Agent:
        return "agent";
    }
    return "unknown";
}

} // namespace orrery::aware
