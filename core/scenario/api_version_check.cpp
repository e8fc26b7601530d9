#include "scenario/api_version_check.h"

#include <string>

namespace orrery::scenario {

bool checkApiVersion(MapReader& top, ParseContext& context)
{
    const YamlNode* apiVersion = top.require("apiVersion", std::string(kOrreryApiVersion));
    if (apiVersion == nullptr || (apiVersion->isScalar() && apiVersion->scalar() == kOrreryApiVersion))
        return true;
    context.error(*apiVersion, "apiVersion",
                  "unsupported apiVersion " + apiVersion->describe() + "; expected " + std::string(kOrreryApiVersion));
    return false;
}

} // namespace orrery::scenario
