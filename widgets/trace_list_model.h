#pragma once
#include <QAbstractTableModel>

#include <cstdint>
#include <memory>
#include <vector>

namespace orrery::trace {
struct TraceSet;
}

namespace orrery::widgets {

//! The traces of a TraceSet as a table for TraceView's chooser: request type (the root
//! operation), root service, span count, duration and trace id. Sorting is the view's job
//! (QSortFilterProxyModel); Qt::UserRole of any cell is the trace's index in the set.
class TraceListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RequestColumn, ServiceColumn, SpansColumn, DurationColumn, IdColumn, ColumnCount };

    explicit TraceListModel(QObject* parent = nullptr);

    void setTraceSet(std::shared_ptr<const trace::TraceSet> traces);
    [[nodiscard]] const std::shared_ptr<const trace::TraceSet>& traceSet() const { return m_traces; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString request;
        QString rootService;
        qint64 spans = 0;
        std::int64_t durationNs = 0;
        QString id;
    };
    std::shared_ptr<const trace::TraceSet> m_traces;
    std::vector<Row> m_rows;
};

} // namespace orrery::widgets
