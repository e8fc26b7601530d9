#pragma once
#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace orrery::app {

//! One file of the experiment shipped in the ConfigMap: its key and where it appears under the
//! mount (a relative path; sub-folders keep the experiment's relative scenario references valid).
struct KubernetesConfigFile {
    std::string key;      //!< ConfigMap data key ([-._a-zA-Z0-9]+)
    std::string path;     //!< path under KubernetesJobManifest::kConfigMount
    std::string text;
};

//! What the ConfigMap and the Indexed Job of one `--backend kubernetes` submission hold.
struct KubernetesJobSettings {
    std::string experimentName;        //!< the experiment's metadata.name (a label value once sanitized)
    std::string nameSpace;
    std::string image;
    std::string orrery = "orrery";     //!< the executable inside the image
    std::string experimentPath;        //!< the experiment file's path under the mount
    std::vector<KubernetesConfigFile> files; //!< experiment and scenario files
    std::vector<std::string> cells;    //!< the submission's cells: index i runs cells[i]
    std::size_t parallelism = 0;       //!< pods at once; 0: as many as cells
    std::size_t backoffLimit = 3;      //!< failed pods the whole Job tolerates before it fails
    std::string cpu;                   //!< requests.cpu (e.g. "1"); empty: none
    std::string memory;                //!< requests.memory (e.g. "1Gi"); empty: none
    std::string configMapName;         //!< the created ConfigMap's name (for the Job)
};

//! The Kubernetes objects of a submission as JSON for the API server (batch/v1 Job with
//! `completionMode: Indexed`, v1 ConfigMap); pure, no I/O. Names are left to the server
//! (`metadata.generateName`), so concurrent submissions never collide.
class KubernetesJobManifest {
public:
    static constexpr const char* kConfigMount = "/config";
    static constexpr const char* kWorkMount = "/work";
    static constexpr const char* kCellsKey = "cells.txt";
    //! The ConfigMap's data stays below the API server's 1 MiB object limit.
    static constexpr std::size_t kMaxConfigBytes = 1000 * 1000;

    explicit KubernetesJobManifest(KubernetesJobSettings settings);

    //! The ConfigMap: every file, and `cells.txt` (the cell ids, one a line, in index order).
    [[nodiscard]] nlohmann::json configMap() const;
    //! The Indexed Job; `settings.configMapName` must be set (the ConfigMap exists first).
    [[nodiscard]] nlohmann::json job() const;
    //! The shell script each pod runs: picks line JOB_COMPLETION_INDEX+1 of cells.txt, runs the
    //! cell into a shard and prints it base64-encoded between markers (KubernetesLogShard).
    [[nodiscard]] std::string podScript() const;
    //! The labels both objects carry (and the selector Orrery lists them by).
    [[nodiscard]] nlohmann::json labels() const;
    //! `text` as a Kubernetes label value: [A-Za-z0-9._-], alphanumeric at both ends, ≤ 63 characters.
    static std::string labelValue(const std::string& text);
    //! `text` as the start of a DNS-1123 name (lowercase alphanumerics and '-'), ≤ `maxLength`.
    static std::string dnsPrefix(const std::string& text, std::size_t maxLength);
    //! Bytes of the ConfigMap's data (keys and values).
    [[nodiscard]] std::size_t configBytes() const;

    [[nodiscard]] const KubernetesJobSettings& settings() const { return m_settings; }
    KubernetesJobSettings& settings() { return m_settings; }

private:
    KubernetesJobSettings m_settings;
};

} // namespace orrery::app
