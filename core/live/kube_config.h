#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace orrery::live {

//! A `clusters[].cluster` entry. Paths are already resolved against the defining file's folder.
struct KubeCluster {
    std::string name;
    std::string sourceFile;                //!< the kubeconfig that defined it (for messages)
    std::string server;
    std::string certificateAuthority;      //!< path, or empty
    std::string certificateAuthorityData;  //!< base64 text as written, or empty
    bool insecureSkipTlsVerify = false;
    std::string tlsServerName;
    std::string proxyUrl;
};

//! An exec credential plugin (client.authentication.k8s.io ExecConfig).
struct ExecConfig {
    std::string apiVersion;                //!< client.authentication.k8s.io/v1 or /v1beta1
    std::string command;                   //!< resolved against the file's folder if it has a '/'
    std::vector<std::string> args;
    std::vector<std::pair<std::string, std::string>> env;
    std::string installHint;
    bool provideClusterInfo = false;
};

//! A legacy `auth-provider` (oidc is the one Orrery understands).
struct AuthProviderConfig {
    std::string name;
    std::map<std::string, std::string> config;
};

//! A `users[].user` entry (kubectl's AuthInfo).
struct KubeUser {
    std::string name;
    std::string sourceFile;
    std::string token;
    std::string tokenFile;
    std::string clientCertificate;         //!< path
    std::string clientCertificateData;     //!< base64 text
    std::string clientKey;                 //!< path
    std::string clientKeyData;             //!< base64 text
    std::string username;
    std::string password;
    std::optional<ExecConfig> exec;
    std::optional<AuthProviderConfig> authProvider;
};

//! A `contexts[].context` entry.
struct KubeContext {
    std::string name;
    std::string sourceFile;
    std::string cluster;
    std::string user;
    std::string nameSpace;                 //!< empty means "default"
};

//! Several kubeconfig files merged as kubectl merges KUBECONFIG: for each cluster, user and
//! context name and for current-context, the first file that sets it wins.
struct KubeConfig {
    std::vector<std::string> files;        //!< in merge order
    std::string currentContext;
    std::string currentContextFile;        //!< the file current-context came from
    std::map<std::string, KubeCluster> clusters;
    std::map<std::string, KubeUser> users;
    std::map<std::string, KubeContext> contexts;
};

} // namespace orrery::live
