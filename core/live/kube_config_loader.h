#pragma once
#include "live/kube_config.h"

#include <string>
#include <vector>

namespace orrery::live {

//! Reads kubeconfig files with yaml-cpp. Every error is a LiveError(Config) naming the file and
//! the field (`/home/a/.kube/config: users[1].user.token: expected a string`).
class KubeConfigLoader {
public:
    //! The files kubectl would read: `explicitPath` if set, else every entry of KUBECONFIG
    //! (':'-separated, empty entries skipped), else ~/.kube/config.
    static std::vector<std::string> defaultFiles(const std::string& explicitPath = {});
    //! Loads and merges `files`. Files named by KUBECONFIG that do not exist are skipped, as
    //! kubectl does, unless `requireAll`; an explicit --kubeconfig must exist.
    static KubeConfig load(const std::vector<std::string>& files, bool requireAll = false);
    //! load(defaultFiles(explicitPath)), with an explicit path required to exist.
    static KubeConfig loadDefault(const std::string& explicitPath = {});
    //! The one file parsed alone (merging is load()'s business).
    static KubeConfig parseFile(const std::string& path);
    //! A path for messages: $HOME written as "~".
    static std::string displayPath(const std::string& path);
};

} // namespace orrery::live
