#pragma once
#include "sim/run_recorder.h"

#include <QAbstractTableModel>

#include <vector>

namespace orrery::app {

//! A run's events as a table, in recording order: what its annotations say happened and when —
//! injected anomalies (`anomaly.*`), control actions (`control.*`), OOM kills with the restart
//! (`memory.oom-kill`), placements. The policy's classes (`policy.label`) are shown as bands on
//! the charts instead. Start and End in simulated seconds; Value is the annotation's intensity
//! (an anomaly's strength, a replica count, a limit as a multiple of the declared one, the memory
//! an OOM-killed container would have held over its limit).
class RunEventsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { StartColumn, EndColumn, KindColumn, TargetColumn, ValueColumn, ColumnCount };
    //! Rows kept for the table; a run with more lists the first ones and says so.
    static constexpr std::size_t kMaxRows = 20000;

    explicit RunEventsModel(QObject* parent = nullptr);

    //! Keeps the first kMaxRows events that are not `policy.label`; returns how many there were.
    std::size_t setEvents(const std::vector<sim::RunAnnotation>& annotations);
    [[nodiscard]] const std::vector<sim::RunAnnotation>& events() const { return m_events; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<sim::RunAnnotation> m_events;
};

} // namespace orrery::app
