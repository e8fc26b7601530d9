#pragma once
#include "trace/trace.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace orrery::analysis {

//! One injected anomaly of the ground truth (a run annotation "anomaly.<kind>"), in the form
//! the analysis needs: when, and what it targeted as written in the scenario ("text-service/0",
//! "text-service", a node or a request type).
struct InjectedAnomaly {
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::string kind;
    std::string target;
};

//! Settings of buildComponentWindows.
struct ComponentWindowsConfig {
    std::int64_t windowNs = 1'000'000'000;  //!< window length; windows are [k·W, (k+1)·W) of run time
    //! An anomaly labels a window only when it covers at least this share of it, so an injection
    //! that starts in the window's last instant does not mark a window whose traces it never slowed.
    double minOverlapShare = 0.5;
    //! End-to-end objectives by request type name, milliseconds (FIRM localizes when SLOs are
    //! violated, §3.2.3); types without one never mark a window as violating.
    std::map<std::string, double> sloMsByRequestType;
};

//! FIRM's features of one instance over one window's traces (seed 001 Alg. 3.2) and its label.
struct ComponentWindowRow {
    std::size_t window = 0;          //!< index into ComponentWindowSet::windows
    std::string service;
    std::string instance;
    //! Sample-weighted means, over the request types whose critical paths the instance is on in
    //! this window, of RI = PCC(T_i, T_CP) and CI = p99/p50 of T_i.
    double relativeImportance = 0.0;
    double congestionIntensity = 0.0;
    std::size_t samples = 0;         //!< traces with the instance on the critical path
    int label = 0;                   //!< 1 when an anomaly labelling the window targets the instance
};

//! One window that has traces: its anomalies and its rows.
struct ComponentWindow {
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::size_t traceCount = 0;
    //! Anomalies (indices into the input) that target an instance or service of the traces and
    //! cover at least minOverlapShare of the window.
    std::vector<std::size_t> anomalies;
    std::size_t firstRow = 0;        //!< rows [firstRow, firstRow + rowCount) belong to this window
    std::size_t rowCount = 0;
    std::size_t positives = 0;       //!< rows labelled 1
    //! Some request type's p99 critical-path latency in the window exceeds its SLO.
    bool sloViolated = false;
};

//! Windowed features and labels of one run.
struct ComponentWindowSet {
    std::vector<ComponentWindow> windows;
    std::vector<ComponentWindowRow> rows;
    //! Anomalies whose target names no instance or service seen in the traces (a node, a
    //! request type of workload variation, an idle service): they label nothing.
    std::size_t unresolvedAnomalies = 0;
};

//! Splits `traces` into windows by the start of each trace's root span, runs the critical-path
//! analysis (analyzeTraces) on each window's traces and emits one row per instance on the
//! window's critical paths. An anomaly targets an instance when its target is the instance's
//! name or its service's name. Windows without traces are left out. Throws
//! std::invalid_argument when windowNs ≤ 0 or minOverlapShare is outside [0, 1].
[[nodiscard]] ComponentWindowSet buildComponentWindows(const trace::TraceSet& traces,
                                                       const std::vector<InjectedAnomaly>& anomalies,
                                                       const ComponentWindowsConfig& config = {});

} // namespace orrery::analysis
