#pragma once
#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace orrery::model {
class ServiceGraph;
}

namespace orrery::widgets {

//! What ServiceGraphView draws: services, their calls, optional per-service and per-call
//! statistics, and the critical path and critical components to highlight. Plain data, so a
//! scenario's graph, a trace set and (later) live metrics all feed the view alike.
struct ServiceGraphData {
    struct Service {
        QString name;
        QString description;
        std::optional<double> p99Ms;               //!< latency percentile shown and coloured by
        std::optional<double> utilization;         //!< in [0, 1]
        std::optional<double> relativeImportance;  //!< RI = PCC(T_i, T_CP) (seed 001 Alg. 3.2)
        std::optional<double> congestionIntensity; //!< CI = p99 / p50 of T_i
        bool criticalComponent = false;            //!< marked as a critical component
    };
    struct Call {
        int caller = 0;                            //!< index into services
        int callee = 0;
        std::optional<double> callsPerSecond;
        std::optional<qint64> count;               //!< calls observed (traces)
    };

    QString title;
    std::vector<Service> services;
    std::vector<Call> calls;
    //! Services of the critical path in the order it visits them (consecutive repeats collapsed).
    std::vector<QString> criticalPath;
    //! Caller → callee calls that lie on the critical path.
    std::vector<std::pair<QString, QString>> criticalCalls;

    //! Index of the service named `name`, or -1.
    [[nodiscard]] int indexOf(const QString& name) const;
    //! Sets criticalPath to `services` and criticalCalls to each consecutive pair of them that is
    //! a call of the graph (for a path given as a sequence of services).
    void setCriticalPathSequence(const std::vector<QString>& services);
};

//! The services and calls of a scenario's service graph, without statistics.
[[nodiscard]] ServiceGraphData serviceGraphData(const model::ServiceGraph& graph);

} // namespace orrery::widgets
