#pragma once
#include "gui/flowcon_run_data.h"
#include "store/ids.h"

#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QStackedWidget;
class QVBoxLayout;

namespace orrery::widgets {
class StackedAreaChart;
class TimeSeriesChart;
}

namespace orrery::app {

//! The FlowCon tab (issue 18, seed 004): for a run of a `kind: training-jobs` scenario, one
//! panel per worker with a stacked area chart of its containers' CPU limits over time and,
//! beneath it, the evaluation-value curves of the same jobs in the same colours.
//!
//! The runs record no FlowCon class (NL/WL/CL) per container, so the colours are per job; the
//! note above the panels says so. showRun() reads on a worker thread; a newer call supersedes a
//! load still in flight.
class FlowConView : public QWidget {
    Q_OBJECT
public:
    //! At most this many workers get a panel (a 1,000-worker run would otherwise build 2,000 charts).
    static constexpr int kMaxWorkers = 16;

    explicit FlowConView(QWidget* parent = nullptr);

    //! Starts loading `runId` from `projectPath`; loaded() follows when it is on screen.
    void showRun(const QString& projectPath, store::RunId runId);
    //! Shows the "select a run" placeholder.
    void clear();

    [[nodiscard]] std::optional<store::RunId> runId() const { return m_runId; }
    //! Worker panels on screen.
    [[nodiscard]] int workerCount() const { return static_cast<int>(m_limitCharts.size()); }
    [[nodiscard]] QString workerName(int index) const;
    [[nodiscard]] widgets::StackedAreaChart* limitChart(int index) const;
    [[nodiscard]] widgets::TimeSeriesChart* evaluationChart(int index) const;
    //! The line above the panels that says what the colours mean.
    [[nodiscard]] QString colourNote() const;
    //! True while the placeholder (no run, or a run without training jobs) is shown.
    [[nodiscard]] bool showsPlaceholder() const;

signals:
    void loaded(qint64 runId);
    void loadFailed(const QString& message);

private:
    void apply(const FlowConRunData& data);
    void showPlaceholder(const QString& text);
    void clearPanels();
    void addWorkerPanel(const FlowConRunData::Worker& worker);

    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_note = nullptr;
    QWidget* m_panels = nullptr;
    QVBoxLayout* m_panelLayout = nullptr;
    std::vector<widgets::StackedAreaChart*> m_limitCharts;
    std::vector<widgets::TimeSeriesChart*> m_evaluationCharts;
    std::vector<QString> m_workerNames;

    std::optional<store::RunId> m_runId;
    quint64 m_generation = 0; //!< which showRun() a finished load answers
};

} // namespace orrery::app
