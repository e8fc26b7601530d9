#pragma once
#include "live/kube_objects.h"

#include <QAbstractTableModel>

#include <vector>

namespace orrery::app {

//! The Live dock's Scheduling table: the Scheduled and FailedScheduling Events of the cluster's
//! pods, newest first — where pods went (or why not) and which scheduler said so, so the
//! decisions of `orrery schedule` show as they happen.
class LiveSchedulingModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TimeColumn, PodColumn, ResultColumn, NodeColumn, SchedulerColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    void setEvents(std::vector<live::KubeEvent> events);
    void clear() { setEvents({}); }
    [[nodiscard]] const std::vector<live::KubeEvent>& events() const { return m_events; }
    //! The node a Scheduled Event names ("Successfully assigned ns/pod to NODE"), else empty.
    [[nodiscard]] static QString assignedNode(const live::KubeEvent& event);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<live::KubeEvent> m_events;
};

} // namespace orrery::app
