#include "ops/kubernetes_log_shard.h"

#include "live/base64.h"

#include <charconv>
#include <optional>
#include <string>

namespace orrery::app {
namespace {

constexpr std::string_view kBegin = "ORRERY-SHARD-BEGIN ";
constexpr std::string_view kEnd = "ORRERY-SHARD-END ";

std::string_view trimmed(std::string_view line)
{
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
        line.remove_suffix(1);
    return line;
}

} // namespace

const char* toString(KubernetesLogShard::Status status)
{
    switch (status) {
    case KubernetesLogShard::Status::Found: return "found";
    case KubernetesLogShard::Status::Missing: return "missing";
    case KubernetesLogShard::Status::Truncated: return "truncated";
    case KubernetesLogShard::Status::Corrupt: return "corrupt";
    }
    return "?";
}

std::string KubernetesLogShard::encode(const std::string& cell, std::string_view bytes)
{
    const std::string base64 = live::encodeBase64(bytes);
    std::string text = std::string(kBegin) + cell + " " + std::to_string(bytes.size()) + "\n";
    for (std::size_t at = 0; at < base64.size(); at += 76)
        text += base64.substr(at, 76) + "\n";
    return text + std::string(kEnd) + cell + "\n";
}

KubernetesLogShard KubernetesLogShard::decode(std::string_view log, const std::string& expectedCell)
{
    KubernetesLogShard shard;
    std::string lastError;
    std::string base64;
    bool inside = false;
    std::size_t declared = 0;
    std::size_t at = 0;
    while (at < log.size()) {
        std::size_t end = log.find('\n', at);
        if (end == std::string_view::npos)
            end = log.size();
        const std::string_view line = trimmed(log.substr(at, end - at));
        at = end + 1;
        if (!inside) {
            if (line.starts_with("error:") || line.find(" error: ") != std::string_view::npos)
                lastError = std::string(line);
            if (!line.starts_with(kBegin))
                continue;
            const std::string_view rest = line.substr(kBegin.size());
            const std::size_t space = rest.rfind(' ');
            if (space == std::string_view::npos) {
                shard.status = Status::Corrupt;
                shard.message = "malformed shard marker '" + std::string(line) + "'";
                return shard;
            }
            shard.cell = std::string(rest.substr(0, space));
            const std::string_view size = rest.substr(space + 1);
            if (std::from_chars(size.data(), size.data() + size.size(), declared).ec != std::errc{}) {
                shard.status = Status::Corrupt;
                shard.message = "malformed shard size in '" + std::string(line) + "'";
                return shard;
            }
            inside = true;
            base64.clear();
            continue;
        }
        if (line.starts_with(kEnd)) {
            if (line.substr(kEnd.size()) != shard.cell) {
                shard.status = Status::Corrupt;
                shard.message = "shard of " + shard.cell + " ends with '" + std::string(line) + "'";
                return shard;
            }
            if (!expectedCell.empty() && shard.cell != expectedCell) {
                shard.status = Status::Corrupt;
                shard.message = "the log holds the shard of " + shard.cell + ", not of " + expectedCell;
                return shard;
            }
            std::optional<std::string> bytes = live::decodeBase64(base64);
            if (!bytes) {
                shard.status = Status::Corrupt;
                shard.message = "the shard of " + shard.cell + " is not valid base64";
                return shard;
            }
            if (bytes->size() != declared) {
                shard.status = Status::Corrupt;
                shard.message = "the shard of " + shard.cell + " has " + std::to_string(bytes->size()) + " bytes, its marker says " +
                                std::to_string(declared);
                return shard;
            }
            shard.status = Status::Found;
            shard.bytes = std::move(*bytes);
            return shard;
        }
        base64 += line;
    }
    if (inside) {
        shard.status = Status::Truncated;
        shard.message = "the log ends inside the shard of " + shard.cell + " (" + std::to_string(base64.size()) +
                        " base64 characters of " + std::to_string((declared + 2) / 3 * 4) +
                        "): the container log was cut (kubelet's containerLogMaxSize)";
        return shard;
    }
    shard.status = Status::Missing;
    shard.message = lastError.empty() ? "the pod's log holds no shard" : lastError;
    return shard;
}

} // namespace orrery::app
