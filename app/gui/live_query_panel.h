#pragma once
#include "live/http_client.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace orrery::widgets {
class TimeSeriesChart;
}

namespace orrery::app {

//! The Live dock's Prometheus tab: a server URL, a PromQL expression and a window; Query runs
//! /api/v1/query_range on a worker thread and draws each series (x in minutes before now).
class LiveQueryPanel : public QWidget {
    Q_OBJECT
public:
    explicit LiveQueryPanel(QWidget* parent = nullptr);
    void setTimeouts(live::HttpTimeouts timeouts) { m_timeouts = timeouts; }
    void runQuery();
    [[nodiscard]] QLineEdit* urlEdit() const { return m_url; }
    [[nodiscard]] QLineEdit* queryEdit() const { return m_promql; }
    [[nodiscard]] widgets::TimeSeriesChart* chart() const { return m_chart; }
    [[nodiscard]] QString statusText() const;

signals:
    //! A query finished or failed.
    void finished();

private:
    live::HttpTimeouts m_timeouts{std::chrono::milliseconds(5000), std::chrono::milliseconds(15000)};
    quint64 m_generation = 0;
    QLineEdit* m_url = nullptr;
    QLineEdit* m_promql = nullptr;
    QComboBox* m_window = nullptr;
    QPushButton* m_run = nullptr;
    QLabel* m_status = nullptr;
    widgets::TimeSeriesChart* m_chart = nullptr;
};

} // namespace orrery::app
