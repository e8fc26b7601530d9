#pragma once
#include "sim/sim_time.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QComboBox;
class QPushButton;

namespace orrery::app {

//! The status bar's run indicator: what is running, a progress bar of simulated time over the
//! horizon, the speed (as fast as possible or 1×/10×/100× real time), Step and Cancel buttons.
//! Hidden while nothing runs.
class RunProgressPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunProgressPanel(QWidget* parent = nullptr);

    void begin(const QString& scenarioName, sim::SimTime horizon);
    void update(sim::SimTime now, sim::SimTime horizon, quint64 events);
    //! Shows a task counted in parts (an experiment's cells) instead of a run: the bar shows
    //! `fraction`, the label `text`; Step and the speed are hidden until the next begin().
    void beginTask(const QString& text);
    void updateTask(double fraction, const QString& text);
    void setPaused(bool paused);
    void setCancelling();
    void end();

    [[nodiscard]] QProgressBar* progressBar() const { return m_bar; }
    [[nodiscard]] QComboBox* speedBox() const { return m_speed; }
    //! Shows `simulatedPerWall` (0: as fast as possible) without emitting speedChanged().
    void setSpeed(double simulatedPerWall);
    //! The speeds offered, fastest first: 0 (unlimited), 100, 10, 1.
    static QList<double> speeds();
    //! "As fast as possible", "100× real time", …
    static QString speedText(double simulatedPerWall);

signals:
    void cancelRequested();
    void stepRequested();
    void speedChanged(double simulatedPerWall);

private:
    void updateLabel();

    QLabel* m_label = nullptr;
    QProgressBar* m_bar = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_step = nullptr;
    QComboBox* m_speed = nullptr;
    QString m_scenarioName;
    sim::SimTime m_now = 0;
    sim::SimTime m_horizon = 0;
    quint64 m_events = 0;
    QString m_taskText; //!< set while a task (not a run) is shown
    bool m_task = false;
    bool m_paused = false;
    bool m_cancelling = false;
};

} // namespace orrery::app
