#pragma once
#include "sim/sim_time.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace orrery::app {

//! The status bar's run indicator: what is running, a progress bar of simulated time over the
//! horizon, and a Cancel button. Hidden while nothing runs.
class RunProgressPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunProgressPanel(QWidget* parent = nullptr);

    void begin(const QString& scenarioName, sim::SimTime horizon);
    void update(sim::SimTime now, sim::SimTime horizon, quint64 events);
    void setPaused(bool paused);
    void setCancelling();
    void end();

    [[nodiscard]] QProgressBar* progressBar() const { return m_bar; }

signals:
    void cancelRequested();

private:
    void updateLabel();

    QLabel* m_label = nullptr;
    QProgressBar* m_bar = nullptr;
    QPushButton* m_cancel = nullptr;
    QString m_scenarioName;
    sim::SimTime m_now = 0;
    sim::SimTime m_horizon = 0;
    quint64 m_events = 0;
    bool m_paused = false;
    bool m_cancelling = false;
};

} // namespace orrery::app
