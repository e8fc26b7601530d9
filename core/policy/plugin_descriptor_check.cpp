#include "policy/plugin_descriptor_check.h"

#include "policy/param_schema.h"

#include <charconv>
#include <optional>

namespace orrery::policy {
namespace {

struct ApiVersion {
    unsigned major = 0;
    unsigned minor = 0;
};

//! "1.0" or "1.0.3" (a patch level is accepted and ignored).
std::optional<ApiVersion> parseApiVersion(std::string_view text)
{
    unsigned parts[3] = {0, 0, 0};
    int count = 0;
    const char* p = text.data();
    const char* const end = text.data() + text.size();
    while (count < 3) {
        if (p == end || *p < '0' || *p > '9')
            return std::nullopt;
        const auto [next, error] = std::from_chars(p, end, parts[count]);
        if (error != std::errc())
            return std::nullopt;
        ++count;
        p = next;
        if (p == end)
            break;
        if (*p != '.')
            return std::nullopt;
        ++p;
    }
    if (p != end || count < 2)
        return std::nullopt;
    return ApiVersion{parts[0], parts[1]};
}

bool isEmpty(const char* text)
{
    return text == nullptr || *text == '\0';
}

struct KindName {
    std::uint32_t bit;
    const char* name;
};

constexpr KindName kKindNames[] = {
    {ORRERY_KIND_PLACEMENT, "placement"},
    {ORRERY_KIND_BATCH_PLACEMENT, "batch-placement"},
    {ORRERY_KIND_CONTROL, "control"},
    {ORRERY_KIND_QUEUE, "queue"},
};

constexpr std::uint32_t kKnownKinds = ORRERY_KIND_PLACEMENT | ORRERY_KIND_BATCH_PLACEMENT | ORRERY_KIND_CONTROL
    | ORRERY_KIND_QUEUE;

std::string hex(std::uint32_t value)
{
    char buffer[16];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, 16);
    return "0x" + std::string(buffer, error == std::errc() ? end : buffer);
}

} // namespace

std::string compatProblem(std::string_view pluginCompat, std::string_view hostVersion)
{
    const auto plugin = parseApiVersion(pluginCompat);
    if (!plugin)
        return "compatVersion '" + std::string(pluginCompat) + "' is not a version (expected major.minor, e.g. "
            + std::string(hostVersion) + ")";
    const auto host = parseApiVersion(hostVersion);
    if (!host)
        return "this Orrery's policy API version '" + std::string(hostVersion) + "' is malformed";
    if (plugin->major != host->major)
        return "needs policy API " + std::string(pluginCompat) + ", but this Orrery provides "
            + std::string(hostVersion) + " (major versions differ)";
    if (plugin->minor > host->minor)
        return "needs policy API " + std::string(pluginCompat) + ", newer than the "
            + std::string(hostVersion) + " this Orrery provides";
    return {};
}

bool writtenForMinor(std::string_view pluginCompat, int minor)
{
    const auto plugin = parseApiVersion(pluginCompat);
    return plugin && minor >= 0 && plugin->minor >= static_cast<unsigned>(minor);
}

bool isValidPluginId(std::string_view id)
{
    if (id.empty() || id.front() == '-')
        return false;
    for (const char c : id) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
            return false;
    }
    return true;
}

std::string kindsToString(std::uint32_t kinds)
{
    std::string out;
    const auto append = [&out](const std::string& name) {
        if (!out.empty())
            out += ',';
        out += name;
    };
    for (const auto& kind : kKindNames) {
        if ((kinds & kind.bit) != 0)
            append(kind.name);
    }
    if ((kinds & ~kKnownKinds) != 0)
        append(hex(kinds & ~kKnownKinds));
    return out;
}

std::string descriptorProblem(const OrreryPluginDescriptor& d)
{
    // abiVersion is the first field in every ABI, so it is safe to read before anything else.
    if (d.abiVersion != ORRERY_PLUGIN_ABI_VERSION)
        return "built for plugin ABI version " + std::to_string(d.abiVersion) + ", but this Orrery expects ABI version "
            + std::to_string(ORRERY_PLUGIN_ABI_VERSION) + "; rebuild it against this Orrery's headers";
    if (d.structSize != sizeof(OrreryPluginDescriptor) && d.structSize != kDescriptorSizeBeforeTrainControl)
        return "descriptor structSize is " + std::to_string(d.structSize) + " bytes, but this Orrery's is "
            + std::to_string(sizeof(OrreryPluginDescriptor)) + " bytes; rebuild it against this Orrery's headers";
    if (isEmpty(d.id))
        return "descriptor has no id";
    const std::string id = d.id;
    if (!isValidPluginId(id))
        return "id '" + id + "' is not valid (expected lowercase letters, digits and '-', not starting with '-')";
    const std::string plugin = "plugin '" + id + "' ";
    if (isEmpty(d.displayName))
        return plugin + "has no display name";
    if (isEmpty(d.version))
        return plugin + "has no version";
    if (isEmpty(d.compatVersion))
        return plugin + "has no compatVersion (the policy API version it was written against, e.g. "
            + ORRERY_POLICY_API_VERSION + ")";
    if (const std::string problem = compatProblem(d.compatVersion); !problem.empty())
        return plugin + problem;
    if (d.kinds == 0)
        return plugin + "provides no policy kind";
    if ((d.kinds & ~kKnownKinds) != 0)
        return plugin + "declares unknown kind bits " + hex(d.kinds & ~kKnownKinds);
    if ((d.kinds & ORRERY_KIND_PLACEMENT) != 0 && (d.createPlacement == nullptr || d.destroyPlacement == nullptr))
        return plugin + "declares kind 'placement' but lacks createPlacement or destroyPlacement";
    if (d.trainPlacement != nullptr && (d.kinds & ORRERY_KIND_PLACEMENT) == 0)
        return plugin + "has trainPlacement but does not declare kind 'placement'";
    if ((d.kinds & ORRERY_KIND_CONTROL) != 0 && (d.createControl == nullptr || d.destroyControl == nullptr))
        return plugin + "declares kind 'control' but lacks createControl or destroyControl";
    if ((d.createControl != nullptr || d.destroyControl != nullptr) && (d.kinds & ORRERY_KIND_CONTROL) == 0)
        return plugin + "has createControl or destroyControl but does not declare kind 'control'";
    if (trainControlOf(d) != nullptr && (d.kinds & ORRERY_KIND_CONTROL) == 0)
        return plugin + "has trainControl but does not declare kind 'control'";
    const auto [createBatch, destroyBatch] = batchPlacementFactoriesOf(d);
    if ((d.kinds & ORRERY_KIND_BATCH_PLACEMENT) != 0 && (createBatch == nullptr || destroyBatch == nullptr))
        return plugin + "declares kind 'batch-placement' but lacks createBatchPlacement or destroyBatchPlacement";
    if ((createBatch != nullptr || destroyBatch != nullptr) && (d.kinds & ORRERY_KIND_BATCH_PLACEMENT) == 0)
        return plugin + "has createBatchPlacement or destroyBatchPlacement but does not declare kind 'batch-placement'";
    const auto [createQueue, destroyQueue] = queueFactoriesOf(d);
    if ((d.kinds & ORRERY_KIND_QUEUE) != 0 && (createQueue == nullptr || destroyQueue == nullptr))
        return plugin + "declares kind 'queue' but lacks createQueue or destroyQueue";
    if ((createQueue != nullptr || destroyQueue != nullptr) && (d.kinds & ORRERY_KIND_QUEUE) == 0)
        return plugin + "has createQueue or destroyQueue but does not declare kind 'queue'";
    const std::uint32_t withoutFactory = d.kinds
        & ~static_cast<std::uint32_t>(ORRERY_KIND_PLACEMENT | ORRERY_KIND_BATCH_PLACEMENT | ORRERY_KIND_CONTROL | ORRERY_KIND_QUEUE);
    if (withoutFactory != 0)
        return plugin + "declares kind '" + kindsToString(withoutFactory) + "', which has no factory in plugin ABI "
            + std::to_string(ORRERY_PLUGIN_ABI_VERSION);
    if (const std::string problem = schemaProblem(d); !problem.empty())
        return plugin + "has a malformed parameter schema: " + problem;
    return {};
}

} // namespace orrery::policy
