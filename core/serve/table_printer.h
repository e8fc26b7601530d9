#pragma once
#include "serve/object_store.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace orrery::serve {

//! Server-side printing, as kube-apiserver answers `kubectl get` (meta.k8s.io/v1 Table): the
//! default columns of each kind (kubernetes/kubernetes pkg/printers/internalversion/printers.go:
//! pods READY, STATUS, RESTARTS, AGE and, with -o wide, IP, NODE, …; nodes STATUS, ROLES, AGE,
//! VERSION; deployments READY, UP-TO-DATE, AVAILABLE, AGE; …), so kubectl prints what it prints
//! against a real cluster. Ages are computed against the served cluster's clock, as the API
//! server computes them against its own.
class TablePrinter {
public:
    //! True when an Accept header asks for a Table (`application/json;as=Table;v=v1;g=meta.k8s.io`,
    //! as kubectl get sends it; v1beta1 too).
    [[nodiscard]] static bool wanted(std::string_view accept);

    //! `nowSeconds`: the served cluster's clock (Unix seconds) that ages are measured from.
    //! `includeObject`: "Metadata" (default: PartialObjectMetadata), "Object" or "None".
    TablePrinter(ResourceKind kind, std::int64_t nowSeconds, std::string includeObject);

    [[nodiscard]] nlohmann::json columnDefinitions() const;
    [[nodiscard]] nlohmann::json row(const nlohmann::json& object) const;
    //! A Table of `rows` with `listMetadata` (resourceVersion, continue); columns included unless
    //! `withColumns` is false (watch events after the first, as the API server sends them).
    [[nodiscard]] nlohmann::json table(nlohmann::json rows, nlohmann::json listMetadata, bool withColumns = true) const;

    //! k8s.io/apimachinery/pkg/util/duration.HumanDuration: "45s", "3m12s", "5h", "2y333d".
    [[nodiscard]] static std::string humanDuration(std::int64_t seconds);
    //! "2024-01-01T00:00:00Z" as Unix seconds; nullopt when it is not an RFC 3339 UTC time.
    [[nodiscard]] static std::optional<std::int64_t> parseTimestamp(std::string_view text);

private:
    [[nodiscard]] std::string age(const nlohmann::json& object, const char* field = nullptr) const;

    ResourceKind m_kind;
    std::int64_t m_now;
    std::string m_includeObject;
};

} // namespace orrery::serve
