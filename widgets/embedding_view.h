#pragma once
#include "widgets/embedding_view_data.h"

#include "analysis/pca.h"
#include "analysis/tsne.h"

#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QScatterSeries;
class QSplitter;

namespace orrery::widgets {

class ScatterChart;
class TimeSeriesChart;

//! How EmbeddingView lays the embeddings out in the plane.
enum class EmbeddingProjection { Pca, Tsne };

//! The Embedding view (docs/architecture.md §8, issue 15 item 7): a 2-D scatter of workload embeddings —
//! one point per application, PCA (default) or t-SNE, coloured by a categorical attribute chosen
//! in a box, with a legend — the workload being adapted to drawn larger and outlined
//! (setCurrent moves it live), and beside it the k-shot adaptation curves (episode → reward).
//!
//! PCA is computed on the UI thread when data arrives (a few ms for 1,000 × 64, bench_embedding).
//! t-SNE is computed on a worker thread (QtConcurrent) the first time it is chosen for a data set
//! and cached until the next setData(); meanwhile the PCA layout stays on screen and the status
//! line says t-SNE is being computed. New data cancels a t-SNE still running.
class EmbeddingView : public QWidget {
    Q_OBJECT
public:
    explicit EmbeddingView(QWidget* parent = nullptr);
    ~EmbeddingView() override;

    //! Replaces every point, the current point and the curves; recomputes the PCA at once.
    void setData(EmbeddingViewData data);
    [[nodiscard]] const EmbeddingViewData& data() const { return m_data; }

    //! Chooses the layout; t-SNE starts on a worker unless it is cached for the present data.
    void setProjection(EmbeddingProjection projection);
    [[nodiscard]] EmbeddingProjection projection() const { return m_projection; }
    //! The layout drawn now (PCA while a chosen t-SNE is still being computed).
    [[nodiscard]] EmbeddingProjection shownProjection() const { return m_shown; }
    [[nodiscard]] bool isComputing() const { return m_job != nullptr; }
    //! t-SNE's perplexity (clamped to (N − 1) / 3), gradient steps and seed; drops a cached layout.
    void setTsneParameters(double perplexity, int iterations, std::uint64_t seed);

    //! Attribute keys of the points (sorted), the choices of the "Colour by" box.
    [[nodiscard]] QStringList colorAttributes() const;
    [[nodiscard]] QString colorAttribute() const;
    void setColorAttribute(const QString& key);

    //! Highlights the point with this id (larger, outlined); an empty id clears the highlight.
    //! Returns false, leaving the highlight as it was, for an id no point has.
    bool setCurrent(const std::string& id);
    [[nodiscard]] std::optional<std::string> current() const { return m_data.current; }
    //! Replaces the adaptation curves (e.g. after each episode of a running adaptation).
    void setAdaptationCurves(std::vector<AdaptationCurve> curves);

    //! What hovering point `index` (into data().points) shows: its label, id and attributes.
    [[nodiscard]] QString toolTipText(int index) const;
    //! The point of data().points drawn nearest to `value` (chart coordinates) within
    //! `tolerance`, or -1.
    [[nodiscard]] int pointNear(QPointF value, double tolerance) const;
    //! Where point `index` is drawn (chart coordinates of the shown layout).
    [[nodiscard]] QPointF pointPosition(int index) const;
    //! Explained-variance ratio of the first two principal components.
    [[nodiscard]] std::pair<double, double> explainedVariance() const;

    [[nodiscard]] ScatterChart* scatterChart() const { return m_scatter; }
    [[nodiscard]] TimeSeriesChart* adaptationChart() const { return m_curves; }
    //! The one-point series drawn on top for the current workload (empty without one).
    [[nodiscard]] QScatterSeries* currentSeries() const { return m_currentSeries; }
    //! Category series in legend order (the current-point series excluded).
    [[nodiscard]] QList<QScatterSeries*> categorySeries() const { return m_categorySeries; }
    //! The entries of the scatter's legend (the current point's series has none: its marker is hidden).
    [[nodiscard]] QStringList legendLabels() const;
    [[nodiscard]] QString statusText() const;

    //! Writes the scatter and the curves (not the boxes above them) as PNG at `scale` × size.
    bool exportPng(const QString& path, double scale = 2.0) const;
    //! Writes the scatter and the curves as SVG.
    bool exportSvg(const QString& path) const;
    //! The same SVG as text, for HTML reports (inline); empty if nothing could be drawn.
    [[nodiscard]] QString svgText() const;

signals:
    //! The drawn layout changed (new data, or a t-SNE finished).
    void layoutChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct TsneJob;

    void rebuildScatter();
    void rebuildCurves();
    void refreshColorBox();
    void updateCurrentSeries();
    void updateStatus();
    void startTsne();
    void cancelTsne();
    void onHovered(QScatterSeries* series, QPointF point, bool state);
    [[nodiscard]] QString categoryOf(int index) const;
    //! Gives a never-shown view a size so that exports have something to draw.
    void prepareForExport() const;

    EmbeddingViewData m_data;
    EmbeddingProjection m_projection = EmbeddingProjection::Pca;
    EmbeddingProjection m_shown = EmbeddingProjection::Pca;
    analysis::PcaProjection m_pca;
    std::optional<analysis::TsneProjection> m_tsne;
    double m_perplexity = 30.0;
    int m_iterations = 1000;
    std::uint64_t m_seed = 1;
    std::shared_ptr<TsneJob> m_job;
    QString m_colorAttribute;

    QComboBox* m_projectionBox = nullptr;
    QComboBox* m_colorBox = nullptr;
    QLabel* m_status = nullptr;
    QSplitter* m_plots = nullptr;
    ScatterChart* m_scatter = nullptr;
    TimeSeriesChart* m_curves = nullptr;
    QList<QScatterSeries*> m_categorySeries;
    std::vector<std::vector<int>> m_seriesPoints; //!< per category series: indices into m_data.points
    QScatterSeries* m_currentSeries = nullptr;
    std::vector<QString> m_categories;            //!< per point: its category under the colour attribute
    QStringList m_categoryOrder;                   //!< legend order
};

} // namespace orrery::widgets
