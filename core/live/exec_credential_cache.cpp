#include "live/exec_credential_cache.h"

#include "live/live_error.h"
#include "live/process_runner.h"

#include <nlohmann/json.hpp>

#include <ctime>
#include <stdexcept>

namespace orrery::live {
namespace {

std::string cacheKey(const ExecConfig& exec, const std::string& server)
{
    std::string key = exec.apiVersion + '\0' + exec.command + '\0' + server;
    for (const auto& arg : exec.args)
        key += '\0' + arg;
    for (const auto& [name, value] : exec.env)
        key += '\0' + name + '=' + value;
    return key;
}

bool stillValid(const ExecCredential& credential)
{
    // Renew a little early so a request never starts with a token about to lapse.
    return !credential.expiration ||
           *credential.expiration > std::chrono::system_clock::now() + std::chrono::seconds(10);
}

} // namespace

std::optional<std::chrono::system_clock::time_point> parseRfc3339(const std::string& text)
{
    std::tm tm{};
    int consumed = 0;
    if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
                    &tm.tm_min, &tm.tm_sec, &consumed) != 6)
        return std::nullopt;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    std::size_t at = static_cast<std::size_t>(consumed);
    if (at < text.size() && text[at] == '.') {
        ++at;
        while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])))
            ++at;
    }
    long offsetSeconds = 0;
    if (at < text.size() && (text[at] == 'Z' || text[at] == 'z')) {
        ++at;
    } else if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
        int hours = 0;
        int minutes = 0;
        if (std::sscanf(text.c_str() + at + 1, "%2d:%2d", &hours, &minutes) != 2)
            return std::nullopt;
        offsetSeconds = (text[at] == '-' ? -1 : 1) * (hours * 3600L + minutes * 60L);
        at += 6;
    } else {
        return std::nullopt;
    }
    if (at != text.size())
        return std::nullopt;
    // system_clock counts signed 64-bit nanoseconds, which end in 2262: a far year would
    // overflow from_time_t (undefined behaviour), so years outside 1970-2200 are not times here.
    if (tm.tm_year < 70 || tm.tm_year > 300)
        return std::nullopt;
    const std::time_t utc = ::timegm(&tm) - offsetSeconds;
    return std::chrono::system_clock::from_time_t(utc);
}

ExecCredential ExecCredentialCache::parse(const std::string& text, const std::string& expectedApiVersion)
{
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& error) {
        throw std::runtime_error(std::string("output is not JSON: ") + error.what());
    }
    // json.value() throws nlohmann's type_error (not a std::runtime_error) for a member of
    // another type, so the top-level strings are read only when they are strings.
    const auto topLevelText = [&](const char* key) -> std::string {
        const auto field = json.find(key);
        return field != json.end() && field->is_string() ? field->get<std::string>() : std::string();
    };
    if (!json.is_object() || topLevelText("kind") != "ExecCredential")
        throw std::runtime_error("output is not an ExecCredential (kind is missing or wrong)");
    if (const std::string apiVersion = topLevelText("apiVersion"); apiVersion != expectedApiVersion)
        throw std::runtime_error("ExecCredential apiVersion is \"" + apiVersion + "\", the kubeconfig asked for \"" +
                                 expectedApiVersion + "\"");
    const auto status = json.find("status");
    if (status == json.end() || !status->is_object())
        throw std::runtime_error("ExecCredential has no status");
    ExecCredential credential;
    auto text_of = [&](const char* key) -> std::string {
        const auto field = status->find(key);
        if (field == status->end() || field->is_null())
            return {};
        if (!field->is_string())
            throw std::runtime_error(std::string("status.") + key + ": expected a string");
        return field->get<std::string>();
    };
    credential.token = text_of("token");
    credential.clientCertificatePem = text_of("clientCertificateData");
    credential.clientKeyPem = text_of("clientKeyData");
    if (const std::string expiry = text_of("expirationTimestamp"); !expiry.empty()) {
        credential.expiration = parseRfc3339(expiry);
        if (!credential.expiration)
            throw std::runtime_error("status.expirationTimestamp: not an RFC 3339 time: \"" + expiry + "\"");
    }
    if (credential.token.empty() && (credential.clientCertificatePem.empty() || credential.clientKeyPem.empty()))
        throw std::runtime_error("ExecCredential status has neither token nor clientCertificateData and clientKeyData");
    return credential;
}

ExecCredential ExecCredentialCache::get(const ExecConfig& exec, const std::string& messagePrefix,
                                        const std::string& server)
{
    const std::string key = cacheKey(exec, server);
    std::lock_guard lock(m_mutex);
    if (const auto cached = m_cache.find(key); cached != m_cache.end() && stillValid(cached->second))
        return cached->second;

    std::vector<std::string> environment = ProcessRunner::currentEnvironment();
    std::erase_if(environment, [](const std::string& entry) { return entry.rfind("PATH=", 0) == 0; });
    environment.push_back("PATH=" + ProcessRunner::loginShellPath());
    for (const auto& [name, value] : exec.env)
        environment.push_back(name + "=" + value);
    nlohmann::json info{{"apiVersion", exec.apiVersion}, {"kind", "ExecCredential"}, {"spec", {{"interactive", false}}}};
    if (exec.provideClusterInfo)
        info["spec"]["cluster"] = {{"server", server}};
    environment.push_back("KUBERNETES_EXEC_INFO=" + info.dump());

    const std::string prefix = messagePrefix + ": exec: " + exec.command;
    ProcessResult result;
    try {
        ++m_runs;
        result = ProcessRunner::run(exec.command, exec.args, environment, std::chrono::seconds(60));
    } catch (const std::exception& error) {
        throw LiveError(LiveError::Kind::Credentials,
                        prefix + ": " + error.what() + (exec.installHint.empty() ? "" : "\n" + exec.installHint));
    }
    if (result.timedOut)
        throw LiveError(LiveError::Kind::Credentials, prefix + ": did not finish within 60 s");
    if (result.exitCode != 0)
        throw LiveError(LiveError::Kind::Credentials,
                        prefix + ": exited with status " + std::to_string(result.exitCode) +
                            (result.err.empty() ? "" : ": " + result.err));
    try {
        ExecCredential credential = parse(result.out, exec.apiVersion);
        m_cache[key] = credential;
        return credential;
    } catch (const std::runtime_error& error) {
        throw LiveError(LiveError::Kind::Credentials, prefix + ": " + error.what());
    }
}

int ExecCredentialCache::runs() const
{
    std::lock_guard lock(m_mutex);
    return m_runs;
}

void ExecCredentialCache::clear()
{
    std::lock_guard lock(m_mutex);
    m_cache.clear();
}

} // namespace orrery::live
