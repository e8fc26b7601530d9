#pragma once
// What must hold for KubernetesLogShard::decode (app/cli; the Kubernetes backend reads each cell's
// shard from its pod's log, which the pod, or anything it runs, can fill with anything) on any
// bytes (tests/fuzz/kube_log_shard_fuzzer.cpp and the replay of
// tests/fixtures/fuzz-regressions/kube_log_shard/ in tst_kubernetes_log_shard).
#include "ops/kubernetes_log_shard.h"
#include "fuzz_check.h"

#include <exception>
#include <string>
#include <string_view>

namespace orrery::fuzz {

namespace detail {

//! The first problem of decoding `log`, or "".
inline std::string logShardProblem(std::string_view log, const std::string& expectedCell)
{
    using Shard = app::KubernetesLogShard;
    const Shard shard = Shard::decode(log, expectedCell);
    if (shard.status != Shard::Status::Found) {
        if (shard.message.empty())
            return std::string("a ") + app::toString(shard.status) + " shard without a message";
        if (!shard.bytes.empty())
            return std::string("a ") + app::toString(shard.status) + " shard with bytes";
        return {};
    }
    if (!expectedCell.empty() && shard.cell != expectedCell)
        return "found the shard of " + shard.cell + " where " + expectedCell + " was asked for";
    // What decode found, encoded again, decodes to the same cell and bytes.
    const Shard again = Shard::decode(Shard::encode(shard.cell, shard.bytes), shard.cell);
    if (again.status != Shard::Status::Found || again.cell != shard.cell || again.bytes != shard.bytes)
        return "the found shard of " + shard.cell + " does not survive encode and decode: " + again.message;
    return {};
}

} // namespace detail

//! "" when decode keeps its promises. The first byte picks the check (even: the rest is a pod's
//! log, decoded for any cell and for the cell "cell-3"; odd: the rest is a shard's bytes, which
//! encode then decode must give back exactly, also after log lines before and after it). A found
//! shard is the asked-for cell's and survives encode and decode; any other status has a message
//! and no bytes. No exception may escape.
inline std::string kubeLogShardProblem(std::string_view input)
{
    using Shard = app::KubernetesLogShard;
    const bool roundTrip = !input.empty() && (static_cast<unsigned char>(input.front()) & 1U) != 0;
    const std::string_view rest = input.empty() ? input : input.substr(1);
    try {
        if (!roundTrip) {
            if (std::string problem = detail::logShardProblem(rest, ""); !problem.empty())
                return problem;
            return detail::logShardProblem(rest, "cell-3");
        }
        const std::string log = "orrery cell run: cell-3\nerror: not really\n" + Shard::encode("cell-3", rest) + "done\n";
        const Shard shard = Shard::decode(log, "cell-3");
        if (shard.status != Shard::Status::Found || shard.bytes != rest)
            return std::string("encoded bytes did not decode: ") + app::toString(shard.status) + ": " + shard.message;
    } catch (const std::exception& error) {
        return std::string("an exception escaped: ") + error.what();
    } catch (...) {
        return "a non-std exception";
    }
    return {};
}

} // namespace orrery::fuzz
