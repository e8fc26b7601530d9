#pragma once
#include "live/kube_objects.h"

#include <QAbstractTableModel>

#include <vector>

namespace orrery::app {

//! The Live dock's node table: one row per node fetched so far; pages are appended.
class LiveNodeModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ReadyColumn, CpuColumn, MemoryColumn, TypeColumn, ZoneColumn, VersionColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    void clear();
    void append(std::vector<live::KubeNode> nodes);
    [[nodiscard]] const std::vector<live::KubeNode>& nodes() const { return m_nodes; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<live::KubeNode> m_nodes;
};

//! "2.5" cores and "7.6 GiB" as the live tables show resources.
QString formatCores(std::int64_t millicores);
QString formatMemory(std::int64_t bytes);

} // namespace orrery::app
