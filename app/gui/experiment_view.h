#pragma once
#include "gui/experiment_data.h"
#include "store/ids.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QLabel;
class QStackedWidget;
class QThread;

class QGroupBox;

namespace orrery::widgets {
class ComparisonView;
class ScatterChart;
}

namespace orrery::app {

//! The centre of the window for an experiment: the ComparisonView of its arms, or a placeholder
//! while it loads or when it cannot be read.
//!
//! showExperiment() reads the experiment on a worker thread (loadExperimentData, its own SQLite
//! connection), and the time series of one run per arm (cluster.cpu_allocated of each arm's
//! first seed at the selected sweep point) likewise whenever the sweep point changes; a newer
//! request supersedes a load still in flight.
class ExperimentView : public QWidget {
    Q_OBJECT
public:
    //! The series the time-series tab overlays.
    static constexpr const char* kTimeSeriesName = "cluster.cpu_allocated";

    explicit ExperimentView(QWidget* parent = nullptr);
    ~ExperimentView() override;

    //! Starts loading experiment `id` from `projectPath`; loaded() follows when it is on screen.
    void showExperiment(const QString& projectPath, store::ExperimentId id);
    void clear();
    //! The experiment shown or being loaded.
    [[nodiscard]] std::optional<store::ExperimentId> experimentId() const { return m_experimentId; }
    //! The data on screen, if an experiment is shown.
    [[nodiscard]] const experiment::ExperimentReportData* shownData() const;
    [[nodiscard]] widgets::ComparisonView* comparisonView() const { return m_comparison; }
    //! The per-run trade-off of two metrics (experiment::knownTradeoffs, e.g. SLO attainment
    //! against power), one point per run coloured by arm, at the selected sweep point; hidden
    //! when the experiment records no such pair.
    [[nodiscard]] widgets::ScatterChart* tradeoffChart() const { return m_tradeoff; }
    [[nodiscard]] bool showsTradeoff() const;

signals:
    void loaded(qint64 experimentId);
    void loadFailed(const QString& message);
    //! The time-series overlay of the selected sweep point is on screen.
    void timeSeriesLoaded();

private:
    void updateTradeoff();
    void apply(ExperimentData data);
    void loadTimeSeries();
    void showPlaceholder(const QString& text);
    //! Runs `work` on a new thread owned by this view (joined on destruction).
    void startLoader(std::function<void()> work);

    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    widgets::ComparisonView* m_comparison = nullptr;
    QWidget* m_page = nullptr;
    QGroupBox* m_tradeoffBox = nullptr;
    widgets::ScatterChart* m_tradeoff = nullptr;
    QString m_projectPath;
    std::optional<store::ExperimentId> m_experimentId;
    bool m_shown = false;
    quint64 m_generation = 0;       //!< which showExperiment() a finished load answers
    quint64 m_seriesGeneration = 0; //!< which loadTimeSeries() a finished load answers
    std::vector<QPointer<QThread>> m_loaders;
};

} // namespace orrery::app
