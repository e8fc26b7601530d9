#pragma once
#include "trace/trace.h"

#include <cstddef>
#include <string>
#include <vector>

namespace orrery::analysis {

//! Statistics of one component (a service, or one instance of it) over the traces of one
//! request type (seed 001 Alg. 3.2). T_i is the component's latency on a trace's critical path:
//! the summed self time of its spans on the path (0 where it is not on that trace's path).
struct ComponentStats {
    std::string service;
    std::string instance;        //!< empty in per-service statistics
    //! RI = PCC(T_i, T_CP) over all traces of the type; 0 when either has no variance.
    double relativeImportance = 0.0;
    //! CI = p99 / p50 of T_i over the traces where it is on the path; 0 when p50 is 0.
    double congestionIntensity = 0.0;
    double p50Ms = 0.0;          //!< median of T_i (traces where on the path), milliseconds
    double p99Ms = 0.0;          //!< 99th percentile of T_i, milliseconds
    //! Traces the percentiles are over: those with the component on the critical path, or,
    //! for a component never on it, those where it has spans (its summed span durations).
    std::size_t samples = 0;
    bool onCriticalPath = false; //!< on the critical path of at least one trace of the type
};

//! One step of a critical path, by name.
struct PathStep {
    std::string service;
    std::string operation;

    friend bool operator==(const PathStep&, const PathStep&) = default;
};

//! A distinct critical path (the sequence of service/operation names the algorithm visits)
//! and how often it occurred among the traces of its request type.
struct PathFrequency {
    std::vector<PathStep> steps;
    std::size_t count = 0;
    double share = 0.0;          //!< count / traces of the request type, in [0, 1]
};

//! Critical paths and components of the traces of one request type.
struct RequestTypeReport {
    std::string requestType;
    std::size_t traceCount = 0;
    double p50Ms = 0.0;          //!< median critical-path latency T_CP (= root duration)
    double p99Ms = 0.0;
    //! Distinct critical paths, most frequent first (ties: first seen first); front() dominates.
    std::vector<PathFrequency> paths;
    //! Per service, by relevance: on the path first, then RI, then CI descending, then name.
    std::vector<ComponentStats> services;
    //! Per instance (service + instance), ordered like `services`.
    std::vector<ComponentStats> instances;
};

//! The critical-path analysis of a TraceSet, per request type (ordered by name).
struct CriticalPathReport {
    std::size_t traceCount = 0;
    std::size_t spanCount = 0;
    std::vector<RequestTypeReport> requestTypes;
};

//! Critical paths (Alg. 3.1) of every trace, grouped by request type, with per-service and
//! per-instance relative importance and congestion intensity (Alg. 3.2, without the SVM).
//! Percentiles interpolate linearly between closest ranks (quantileOfSorted). Empty traces
//! are skipped.
[[nodiscard]] CriticalPathReport analyzeTraces(const trace::TraceSet& traces);

} // namespace orrery::analysis
