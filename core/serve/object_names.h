#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace orrery::serve {

//! Deterministic names of served objects, shaped as a Deployment controller makes them: a
//! ReplicaSet `<service>-<10-char pod-template-hash>`, a Pod `<replicaset>-<5-char id>`, in the
//! alphabet Kubernetes uses for generated names (no vowels, no 0/1/3).
class ObjectNames {
public:
    static std::string templateHash(std::string_view service);
    static std::string replicaSet(std::string_view service);
    //! The pod of `service` with ordinal `index` (0 = the first replica).
    static std::string pod(std::string_view service, std::uint32_t index);
    //! A stable UID (8-4-4-4-12 hex) for an object of `kind` named `name`.
    static std::string uid(std::string_view kind, std::string_view name);

private:
    static std::string generated(std::uint64_t hash, int length);
};

} // namespace orrery::serve
