#include "serve/object_names.h"

#include <cstdio>

namespace orrery::serve {
namespace {

constexpr std::string_view kAlphabet = "bcdfghjklmnpqrstvwxz2456789";

std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = 14695981039346656037ULL)
{
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ULL;
    }
    return hash;
}

std::uint64_t mixed(std::uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

} // namespace

std::string ObjectNames::generated(std::uint64_t hash, int length)
{
    std::string out;
    for (int i = 0; i < length; ++i) {
        out.push_back(kAlphabet[hash % kAlphabet.size()]);
        hash /= kAlphabet.size();
        if (hash == 0)
            hash = mixed(static_cast<std::uint64_t>(i) + 0x9e3779b97f4a7c15ULL);
    }
    return out;
}

std::string ObjectNames::templateHash(std::string_view service) { return generated(mixed(fnv1a(service)), 10); }

std::string ObjectNames::replicaSet(std::string_view service) { return std::string(service) + "-" + templateHash(service); }

std::string ObjectNames::pod(std::string_view service, std::uint32_t index)
{
    return replicaSet(service) + "-" + generated(mixed(fnv1a(service) ^ (0x5bd1e995ULL * (index + 1))), 5);
}

std::string ObjectNames::uid(std::string_view kind, std::string_view name)
{
    const std::uint64_t a = mixed(fnv1a(name, fnv1a(kind)));
    const std::uint64_t b = mixed(a ^ 0x2545f4914f6cdd1dULL);
    char text[40];
    std::snprintf(text, sizeof text, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(a >> 32), static_cast<unsigned>((a >> 16) & 0xffff),
                  static_cast<unsigned>(a & 0xffff), static_cast<unsigned>(b >> 48), static_cast<unsigned long long>(b & 0xffffffffffffULL));
    return text;
}

} // namespace orrery::serve
