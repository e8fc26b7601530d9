#pragma once
#include "experiment/experiment_report_data.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace orrery::widgets {

//! The metric table of the ComparisonView: one row per arm at one metric and sweep point, with
//! the stored comparison (docs/experiment-format.md, "Statistics"): runs, mean, median, p99,
//! ratio of medians to the baseline with its 95 % bootstrap CI, Mann–Whitney p and speedup.
//! Figures that do not apply (the baseline's own ratio, speedups of metrics that are not
//! latency-like) are NaN in the project and shown as "—". An arm without a stored row (a
//! comparison not yet stored) gets runs, mean, median and p99 from its values.
class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ArmColumn,
        RunsColumn,
        MeanColumn,
        MedianColumn,
        P99Column,
        RatioColumn,
        PValueColumn,
        SpeedupColumn,
        ColumnCount
    };
    //! The raw figure of a cell (double, NaN where none), for sorting and tests.
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit ComparisonTableModel(QObject* parent = nullptr);

    //! Shows `point` of a metric in `unit`, compared with `baselineArm`.
    void setPoint(const experiment::MetricPoint& point, const QString& unit, const QString& baselineArm);
    void clear();

    //! A figure as the table shows it: 4 significant digits, "—" for NaN.
    static QString formatFigure(double value);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString displayText(const store::ExperimentResultRow& row, int column) const;
    double value(const store::ExperimentResultRow& row, int column) const;

    std::vector<store::ExperimentResultRow> m_rows; //!< one per arm, in arm order
    QString m_unit;
    QString m_baseline;
};

} // namespace orrery::widgets
