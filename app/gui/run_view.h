#pragma once
#include "gui/run_data.h"
#include "store/ids.h"

#include <QPointer>
#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QSplitter;
class QStackedWidget;
class QTableView;
class QThread;

namespace orrery::widgets {
class TimeSeriesChart;
}

namespace orrery::app {

class MetricsTableModel;
class RunEventsModel;

//! The centre of the window: one run of the project, with its metrics table, a chart of cluster
//! allocation (CPU, memory, GPU, in % of capacity) and a chart of the job queue.
//!
//! Where the run recorded a control policy's classes (`policy.label` annotations, e.g. AWARE's
//! lifecycle stages), both charts shade the stretches of one target (PolicyLabelTrack), one
//! colour per class, and a note above them says which target and whether the others agree.
//!
//! showRun() reads the run on a worker thread (loadRunData, its own SQLite connection), so a
//! long run's series never stall the UI; a newer showRun() supersedes a load still in flight.
class RunView : public QWidget {
    Q_OBJECT
public:
    explicit RunView(QWidget* parent = nullptr);
    ~RunView() override;

    //! Starts loading `runId` from `projectPath`; loaded() follows when it is on screen.
    void showRun(const QString& projectPath, store::RunId runId);
    //! Shows the "select a run" placeholder.
    void clear();
    //! The run shown or being loaded.
    [[nodiscard]] std::optional<store::RunId> runId() const { return m_runId; }

    [[nodiscard]] QByteArray saveState() const;
    void restoreState(const QByteArray& state);

signals:
    void loaded(qint64 runId);
    void loadFailed(const QString& message);

private:
    void apply(RunData data);
    void showPlaceholder(const QString& text);
    void fillCharts(const RunData& data);
    void showPolicyLabels(const PolicyLabelTrack& track, double xScale);

    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_details = nullptr;
    QLabel* m_labelNote = nullptr; //!< what the shaded bands are; hidden when there are none
    QSplitter* m_mainSplitter = nullptr;
    QSplitter* m_chartSplitter = nullptr;
    widgets::TimeSeriesChart* m_allocationChart = nullptr;
    widgets::TimeSeriesChart* m_queueChart = nullptr;
    QTableView* m_metricsTable = nullptr;
    MetricsTableModel* m_metrics = nullptr;
    QSplitter* m_sideSplitter = nullptr; //!< metrics above, events below
    QLabel* m_eventsTitle = nullptr;
    QTableView* m_eventsTable = nullptr;
    RunEventsModel* m_events = nullptr;

    std::optional<store::RunId> m_runId;
    quint64 m_generation = 0; //!< which showRun() a finished load answers
    std::vector<QPointer<QThread>> m_loaders;
};

} // namespace orrery::app
