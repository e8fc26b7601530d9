#include "ops/kubernetes_job_manifest.h"

#include <cctype>

namespace orrery::app {

KubernetesJobManifest::KubernetesJobManifest(KubernetesJobSettings settings)
    : m_settings(std::move(settings))
{
}

std::string KubernetesJobManifest::labelValue(const std::string& text)
{
    std::string value;
    for (const char c : text) {
        const bool ok = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' || c == '-';
        value += ok ? c : '-';
    }
    if (value.size() > 63)
        value.resize(63);
    while (!value.empty() && std::isalnum(static_cast<unsigned char>(value.back())) == 0)
        value.pop_back();
    while (!value.empty() && std::isalnum(static_cast<unsigned char>(value.front())) == 0)
        value.erase(value.begin());
    return value;
}

std::string KubernetesJobManifest::dnsPrefix(const std::string& text, std::size_t maxLength)
{
    std::string name;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        const char lower = static_cast<char>(std::tolower(u));
        const bool ok = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9');
        if (ok)
            name += lower;
        else if (!name.empty() && name.back() != '-')
            name += '-';
        if (name.size() >= maxLength)
            break;
    }
    if (name.size() > maxLength)
        name.resize(maxLength);
    return name;
}

nlohmann::json KubernetesJobManifest::labels() const
{
    nlohmann::json labels = {{"app.kubernetes.io/name", "orrery"}, {"app.kubernetes.io/managed-by", "orrery"}};
    if (const std::string experiment = labelValue(m_settings.experimentName); !experiment.empty())
        labels["orrery.dev/experiment"] = experiment;
    return labels;
}

nlohmann::json KubernetesJobManifest::configMap() const
{
    nlohmann::json data = nlohmann::json::object();
    for (const KubernetesConfigFile& file : m_settings.files)
        data[file.key] = file.text;
    std::string cells;
    for (const std::string& cell : m_settings.cells)
        cells += cell + '\n';
    data[kCellsKey] = cells;
    const std::string prefix = "orrery-" + dnsPrefix(m_settings.experimentName, 40);
    return {{"apiVersion", "v1"},
            {"kind", "ConfigMap"},
            {"metadata",
             {{"generateName", prefix.back() == '-' ? prefix : prefix + "-"},
              {"namespace", m_settings.nameSpace},
              {"labels", labels()}}},
            {"data", data}};
}

std::size_t KubernetesJobManifest::configBytes() const
{
    std::size_t bytes = 0;
    const nlohmann::json map = configMap();
    for (const auto& [key, value] : map["data"].items())
        bytes += key.size() + value.get_ref<const std::string&>().size();
    return bytes;
}

std::string KubernetesJobManifest::podScript() const
{
    // POSIX sh and coreutils only (sed, wc, base64): any Debian-based image has them.
    return "set -eu\n"
           "CELL=$(sed -n \"$((JOB_COMPLETION_INDEX + 1))p\" \"$ORRERY_CELLS\")\n"
           "if [ -z \"$CELL\" ]; then echo \"error: no cell at index $JOB_COMPLETION_INDEX of $ORRERY_CELLS\" >&2; exit 2; fi\n"
           "\"$ORRERY\" cell run \"$ORRERY_EXPERIMENT\" --cell \"$CELL\" --out \"$ORRERY_SHARD\" --quiet\n"
           "echo \"ORRERY-SHARD-BEGIN $CELL $(wc -c < \"$ORRERY_SHARD\")\"\n"
           "base64 -w 76 \"$ORRERY_SHARD\"\n"
           "echo \"ORRERY-SHARD-END $CELL\"\n";
}

nlohmann::json KubernetesJobManifest::job() const
{
    const KubernetesJobSettings& s = m_settings;
    const std::string mount = kConfigMount;
    nlohmann::json items = nlohmann::json::array();
    for (const KubernetesConfigFile& file : s.files)
        items.push_back({{"key", file.key}, {"path", file.path}});
    items.push_back({{"key", kCellsKey}, {"path", kCellsKey}});
    nlohmann::json container = {
        {"name", "cell"},
        {"image", s.image},
        {"command", {"/bin/sh", "-c", podScript()}},
        {"env",
         {{{"name", "ORRERY"}, {"value", s.orrery}},
          {{"name", "ORRERY_EXPERIMENT"}, {"value", mount + "/" + s.experimentPath}},
          {{"name", "ORRERY_CELLS"}, {"value", mount + "/" + kCellsKey}},
          {{"name", "ORRERY_SHARD"}, {"value", std::string(kWorkMount) + "/shard.orrery"}}}},
        {"volumeMounts",
         {{{"name", "config"}, {"mountPath", mount}, {"readOnly", true}}, {{"name", "work"}, {"mountPath", kWorkMount}}}}};
    nlohmann::json requests = nlohmann::json::object();
    if (!s.cpu.empty())
        requests["cpu"] = s.cpu;
    if (!s.memory.empty())
        requests["memory"] = s.memory;
    if (!requests.empty())
        container["resources"] = {{"requests", requests}};
    const std::size_t completions = s.cells.size();
    const std::size_t parallelism = s.parallelism == 0 || s.parallelism > completions ? completions : s.parallelism;
    const std::string prefix = "orrery-" + dnsPrefix(s.experimentName, 40);
    return {{"apiVersion", "batch/v1"},
            {"kind", "Job"},
            {"metadata",
             {{"generateName", prefix.back() == '-' ? prefix : prefix + "-"}, {"namespace", s.nameSpace}, {"labels", labels()}}},
            {"spec",
             {{"completionMode", "Indexed"},
              {"completions", completions},
              {"parallelism", parallelism},
              {"backoffLimit", s.backoffLimit},
              // A safety net only: Orrery deletes the Job itself once its shards are merged.
              {"ttlSecondsAfterFinished", 7 * 24 * 3600},
              {"template",
               {{"metadata", {{"labels", labels()}}},
                {"spec",
                 {{"restartPolicy", "Never"},
                  {"containers", nlohmann::json::array({container})},
                  {"volumes",
                   {{{"name", "config"}, {"configMap", {{"name", s.configMapName}, {"items", items}}}},
                    {{"name", "work"}, {"emptyDir", nlohmann::json::object()}}}}}}}}}}};
}

} // namespace orrery::app
