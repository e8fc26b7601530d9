#pragma once
#include "live/kube_objects.h"

#include <string>

namespace orrery::live {

// What a scheduler sends the API server: the Binding that assigns a pod to a node (POST to the
// pod's `binding` subresource, as kube-scheduler's DefaultBinder does) and the core/v1 Event that
// tells `kubectl describe pod` what happened.

//! /api/v1/namespaces/<ns>/pods/<name>/binding
[[nodiscard]] std::string bindingPath(const KubePod& pod);
//! A v1 Binding of `pod` to `node` (metadata.name and uid the pod's, target the Node).
[[nodiscard]] std::string bindingJson(const KubePod& pod, const std::string& node);

//! /api/v1/namespaces/<ns>/events
[[nodiscard]] std::string eventsPath(const std::string& nameSpace);
//! A v1 Event about `pod`: `type` Normal or Warning, `reason` Scheduled or FailedScheduling,
//! reported by `component` (the scheduler's name) at `timestamp` (RFC 3339, UTC); named
//! "<pod>.<suffix>" as kube-scheduler's recorder names them.
[[nodiscard]] std::string podEventJson(const KubePod& pod, const std::string& type, const std::string& reason,
                                       const std::string& message, const std::string& component,
                                       const std::string& timestamp, const std::string& suffix);

//! kube-scheduler's message for a bound pod: "Successfully assigned <ns>/<pod> to <node>".
[[nodiscard]] std::string scheduledMessage(const KubePod& pod, const std::string& node);

} // namespace orrery::live
