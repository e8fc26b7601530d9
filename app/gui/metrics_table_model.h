#pragma once
#include <string>
#include "store/metric_row.h"

#include <QAbstractTableModel>

#include <vector>

namespace orrery::app {

//! A run's scalar results as a table: name, value, unit, in recording order. DisplayRole shows
//! the value with six significant digits in the user's locale; ValueRole gives the exact double.
class MetricsTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ValueColumn, UnitColumn, ColumnCount };
    enum Role { ValueRole = Qt::UserRole + 1 };

    explicit MetricsTableModel(QObject* parent = nullptr);

    void setMetrics(std::vector<store::MetricRow> metrics);
    [[nodiscard]] const std::vector<store::MetricRow>& metrics() const { return m_metrics; }
    //! How the table writes a value: six significant digits in the current locale, "—" for NaN.
    static QString formatValue(double value, const std::string& unit = {});

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<store::MetricRow> m_metrics;
};

} // namespace orrery::app
