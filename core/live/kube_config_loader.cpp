#include "live/kube_config_loader.h"

#include "live/live_error.h"
#include "model/bounded_file_read.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace orrery::live {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxKubeconfigBytes = std::size_t{16} << 20; // 16 MiB, as for a scenario

//! Walks one file's YAML and throws Config errors naming file:line and the field path.
class FileReader {
public:
    FileReader(std::string path, std::string folder) : m_path(std::move(path)), m_folder(std::move(folder)) {}

    [[noreturn]] void fail(const YAML::Node& node, const std::string& field, const std::string& what) const
    {
        std::ostringstream out;
        out << KubeConfigLoader::displayPath(m_path);
        if (node.IsDefined() && node.Mark().line >= 0)
            out << ':' << node.Mark().line + 1;
        out << ": " << field << ": " << what;
        throw LiveError(LiveError::Kind::Config, out.str());
    }

    std::string string(const YAML::Node& map, const char* key, const std::string& field) const
    {
        const YAML::Node value = map[key];
        if (!value || value.IsNull())
            return {};
        if (!value.IsScalar())
            fail(value, join(field, key), "expected a string");
        return value.Scalar();
    }

    bool boolean(const YAML::Node& map, const char* key, const std::string& field) const
    {
        const YAML::Node value = map[key];
        if (!value || value.IsNull())
            return false;
        bool result = false;
        if (!value.IsScalar() || !YAML::convert<bool>::decode(value, result))
            fail(value, field + "." + key, "expected true or false, got \"" + (value.IsScalar() ? value.Scalar() : "a " + kindName(value)) + "\"");
        return result;
    }

    //! A path field: relative paths resolve against the kubeconfig's folder (as kubectl).
    std::string path(const YAML::Node& map, const char* key, const std::string& field) const
    {
        std::string value = string(map, key, field);
        if (!value.empty() && fs::path(value).is_relative())
            value = (fs::path(m_folder) / value).lexically_normal().string();
        return value;
    }

    YAML::Node sequence(const YAML::Node& map, const char* key) const
    {
        const YAML::Node value = map[key];
        if (!value) // absent keys read as invalid nodes that throw on use
            return YAML::Node();
        if (!value.IsNull() && !value.IsSequence())
            fail(value, key, "expected a list, got a " + kindName(value));
        return value;
    }

    //! The mapping under `key`; a non-map (null) node when it is absent and not required.
    YAML::Node mapping(const YAML::Node& map, const char* key, const std::string& field, bool required) const
    {
        const YAML::Node value = map[key];
        if (!value || value.IsNull()) {
            if (required)
                fail(map, field, std::string("missing \"") + key + "\"");
            return {};
        }
        if (!value.IsMap())
            fail(value, field + "." + key, "expected a mapping, got a " + kindName(value));
        return value;
    }

    std::string name(const YAML::Node& entry, const std::string& field) const
    {
        if (!entry.IsMap())
            fail(entry, field, "expected a mapping with name and " + field.substr(0, field.find('[')));
        const std::string result = string(entry, "name", field);
        if (result.empty())
            fail(entry, field + ".name", "missing or empty");
        return result;
    }

    static std::string join(const std::string& field, const char* key)
    {
        return field.empty() ? std::string(key) : field + "." + key;
    }

    static std::string kindName(const YAML::Node& node)
    {
        if (node.IsSequence())
            return "list";
        if (node.IsMap())
            return "mapping";
        return "scalar";
    }

    const std::string& path() const { return m_path; }
    const std::string& folder() const { return m_folder; }

private:
    std::string m_path;
    std::string m_folder;
};

ExecConfig readExec(const FileReader& reader, const YAML::Node& node, const std::string& field)
{
    ExecConfig exec;
    exec.apiVersion = reader.string(node, "apiVersion", field);
    exec.command = reader.string(node, "command", field);
    if (exec.command.empty())
        reader.fail(node, field + ".command", "missing or empty");
    if (exec.command.find('/') != std::string::npos && fs::path(exec.command).is_relative())
        exec.command = (fs::path(reader.folder()) / exec.command).lexically_normal().string();
    if (exec.apiVersion != "client.authentication.k8s.io/v1" && exec.apiVersion != "client.authentication.k8s.io/v1beta1")
        reader.fail(node, field + ".apiVersion",
                    "expected client.authentication.k8s.io/v1 or client.authentication.k8s.io/v1beta1, got \"" +
                        exec.apiVersion + "\"");
    const YAML::Node args = node["args"];
    if (args && !args.IsNull()) {
        if (!args.IsSequence())
            reader.fail(args, field + ".args", "expected a list of strings");
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (!args[i].IsScalar())
                reader.fail(args[i], field + ".args[" + std::to_string(i) + "]", "expected a string");
            exec.args.push_back(args[i].Scalar());
        }
    }
    const YAML::Node env = node["env"];
    if (env && !env.IsNull()) {
        if (!env.IsSequence())
            reader.fail(env, field + ".env", "expected a list of {name, value}");
        for (std::size_t i = 0; i < env.size(); ++i) {
            const std::string entryField = field + ".env[" + std::to_string(i) + "]";
            exec.env.emplace_back(reader.name(env[i], entryField), reader.string(env[i], "value", entryField));
        }
    }
    exec.installHint = reader.string(node, "installHint", field);
    exec.provideClusterInfo = reader.boolean(node, "provideClusterInfo", field);
    return exec;
}

KubeUser readUser(const FileReader& reader, const YAML::Node& body, const std::string& field)
{
    KubeUser user;
    user.token = reader.string(body, "token", field);
    user.tokenFile = reader.path(body, "tokenFile", field);
    user.clientCertificate = reader.path(body, "client-certificate", field);
    user.clientCertificateData = reader.string(body, "client-certificate-data", field);
    user.clientKey = reader.path(body, "client-key", field);
    user.clientKeyData = reader.string(body, "client-key-data", field);
    user.username = reader.string(body, "username", field);
    user.password = reader.string(body, "password", field);
    if (const YAML::Node exec = reader.mapping(body, "exec", field, false); exec.IsMap())
        user.exec = readExec(reader, exec, field + ".exec");
    if (const YAML::Node provider = reader.mapping(body, "auth-provider", field, false); provider.IsMap()) {
        AuthProviderConfig config;
        config.name = reader.string(provider, "name", field + ".auth-provider");
        if (const YAML::Node values = reader.mapping(provider, "config", field + ".auth-provider", false); values.IsMap()) {
            for (const auto& entry : values) {
                if (!entry.second.IsScalar())
                    reader.fail(entry.second, field + ".auth-provider.config." + entry.first.Scalar(), "expected a string");
                config.config[entry.first.Scalar()] = entry.second.Scalar();
            }
        }
        user.authProvider = std::move(config);
    }
    return user;
}

} // namespace

std::string KubeConfigLoader::displayPath(const std::string& path)
{
    const char* home = std::getenv("HOME");
    if (home != nullptr && *home != '\0') {
        const std::string prefix = std::string(home) + "/";
        if (path.rfind(prefix, 0) == 0)
            return "~/" + path.substr(prefix.size());
    }
    return path;
}

std::vector<std::string> KubeConfigLoader::defaultFiles(const std::string& explicitPath)
{
    if (!explicitPath.empty())
        return {explicitPath};
    std::vector<std::string> files;
    if (const char* variable = std::getenv("KUBECONFIG"); variable != nullptr && *variable != '\0') {
        std::stringstream list(variable);
        std::string entry;
        while (std::getline(list, entry, ':')) {
            if (!entry.empty() && std::find(files.begin(), files.end(), entry) == files.end())
                files.push_back(entry);
        }
        if (!files.empty())
            return files;
    }
    const char* home = std::getenv("HOME");
    files.push_back((fs::path(home != nullptr ? home : "") / ".kube" / "config").string());
    return files;
}

KubeConfig KubeConfigLoader::parseFile(const std::string& path)
{
    // Kubeconfigs are a few KB; the cap keeps `--kubeconfig /dev/zero` from growing without end.
    const model::BoundedFileRead text = model::readFileAtMost(path, kMaxKubeconfigBytes);
    if (text.status == model::BoundedFileRead::Status::CannotOpen)
        throw LiveError(LiveError::Kind::Config, displayPath(path) + ": cannot open kubeconfig");
    if (text.status != model::BoundedFileRead::Status::Ok)
        throw LiveError(LiveError::Kind::Config,
                        displayPath(path) + ": " + text.error + " for a kubeconfig (docs/reliability.md, Limits)");
    YAML::Node root;
    try {
        root = YAML::Load(text.text);
    } catch (const YAML::Exception& error) {
        throw LiveError(LiveError::Kind::Config, displayPath(path) + ":" + std::to_string(error.mark.line + 1) +
                                                     ": not valid YAML: " + error.msg);
    }
    KubeConfig config;
    config.files.push_back(path);
    if (!root || root.IsNull())
        return config; // an empty file is allowed, as kubectl allows it
    const FileReader reader(path, fs::absolute(path).parent_path().string());
    if (!root.IsMap())
        reader.fail(root, "(document)", "expected a mapping (apiVersion, clusters, users, contexts)");
    config.currentContext = reader.string(root, "current-context", "");
    if (!config.currentContext.empty())
        config.currentContextFile = path;
    const YAML::Node clusters = reader.sequence(root, "clusters");
    for (std::size_t i = 0; clusters.IsSequence() && i < clusters.size(); ++i) {
        const std::string field = "clusters[" + std::to_string(i) + "]";
        KubeCluster cluster;
        cluster.name = reader.name(clusters[i], field);
        cluster.sourceFile = path;
        const YAML::Node body = reader.mapping(clusters[i], "cluster", field, true);
        const std::string bodyField = field + ".cluster";
        cluster.server = reader.string(body, "server", bodyField);
        cluster.certificateAuthority = reader.path(body, "certificate-authority", bodyField);
        cluster.certificateAuthorityData = reader.string(body, "certificate-authority-data", bodyField);
        cluster.insecureSkipTlsVerify = reader.boolean(body, "insecure-skip-tls-verify", bodyField);
        cluster.tlsServerName = reader.string(body, "tls-server-name", bodyField);
        cluster.proxyUrl = reader.string(body, "proxy-url", bodyField);
        config.clusters.emplace(cluster.name, std::move(cluster));
    }
    const YAML::Node users = reader.sequence(root, "users");
    for (std::size_t i = 0; users.IsSequence() && i < users.size(); ++i) {
        const std::string field = "users[" + std::to_string(i) + "]";
        const std::string name = reader.name(users[i], field);
        KubeUser user = readUser(reader, reader.mapping(users[i], "user", field, true), field + ".user");
        user.name = name;
        user.sourceFile = path;
        config.users.emplace(name, std::move(user));
    }
    const YAML::Node contexts = reader.sequence(root, "contexts");
    for (std::size_t i = 0; contexts.IsSequence() && i < contexts.size(); ++i) {
        const std::string field = "contexts[" + std::to_string(i) + "]";
        KubeContext context;
        context.name = reader.name(contexts[i], field);
        context.sourceFile = path;
        const YAML::Node body = reader.mapping(contexts[i], "context", field, true);
        context.cluster = reader.string(body, "cluster", field + ".context");
        context.user = reader.string(body, "user", field + ".context");
        context.nameSpace = reader.string(body, "namespace", field + ".context");
        config.contexts.emplace(context.name, std::move(context));
    }
    return config;
}

KubeConfig KubeConfigLoader::load(const std::vector<std::string>& files, bool requireAll)
{
    KubeConfig merged;
    for (const std::string& file : files) {
        if (!requireAll && !fs::exists(file))
            continue;
        KubeConfig one = parseFile(file);
        merged.files.push_back(file);
        if (merged.currentContext.empty()) {
            merged.currentContext = one.currentContext;
            merged.currentContextFile = one.currentContextFile;
        }
        // map::insert keeps an existing key: the first file wins, as in kubectl.
        merged.clusters.insert(one.clusters.begin(), one.clusters.end());
        merged.users.insert(one.users.begin(), one.users.end());
        merged.contexts.insert(one.contexts.begin(), one.contexts.end());
    }
    return merged;
}

KubeConfig KubeConfigLoader::loadDefault(const std::string& explicitPath)
{
    const std::vector<std::string> files = defaultFiles(explicitPath);
    KubeConfig config = load(files, !explicitPath.empty());
    if (config.files.empty()) {
        std::string names;
        for (const auto& file : files)
            names += (names.empty() ? "" : ", ") + displayPath(file);
        throw LiveError(LiveError::Kind::Config, "no kubeconfig found (looked for " + names +
                                                     "); set KUBECONFIG or pass --kubeconfig");
    }
    return config;
}

} // namespace orrery::live
