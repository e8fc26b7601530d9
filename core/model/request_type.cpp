#include "model/request_type.h"

namespace orrery::model {

namespace {
std::size_t countCalls(const CallSpec& call)
{
    std::size_t count = 1;
    for (const auto& stage : call.stages) {
        for (const auto& child : stage)
            count += countCalls(child);
    }
    return count;
}
} // namespace

std::size_t RequestType::callCount() const
{
    return countCalls(root);
}

} // namespace orrery::model
