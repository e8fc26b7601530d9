#include "widgets/embedding_view.h"

#include "widgets/arm_colors.h"
#include "widgets/fleet_heat_map.h" // exportWidgetPng, exportWidgetSvg
#include "widgets/scatter_chart.h"
#include "widgets/time_series_chart.h"

#include <QBuffer>
#include <QChart>
#include <QComboBox>
#include <QCursor>
#include <QEvent>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QPen>
#include <QScatterSeries>
#include <QSplitter>
#include <QSvgGenerator>
#include <QTimer>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace orrery::widgets {

namespace {

//! More categories than this: the nine most frequent keep their colour, the rest become "other"
//! (ten colours, armColor's category10, stay distinguishable); "(none)" is never merged.
constexpr int kMaxCategories = 10;
constexpr qreal kCurrentMarkerSize = 17.0;
//! The size a never-shown view takes for export (two charts side by side).
constexpr QSize kExportSize(1000, 440);

QString fromStd(const std::string& text) { return QString::fromStdString(text); }

} // namespace

//! A t-SNE computation on the thread pool; the worker holds its own copy of the points and the
//! flag, so the view can drop the job (new data, destruction) without waiting for it.
struct EmbeddingView::TsneJob {
    std::shared_ptr<std::atomic<bool>> cancel = std::make_shared<std::atomic<bool>>(false);
    QFuture<analysis::TsneProjection> future;
    QFutureWatcher<analysis::TsneProjection>* watcher = nullptr;
};

EmbeddingView::EmbeddingView(QWidget* parent)
    : QWidget(parent)
{
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    m_projectionBox = new QComboBox(this);
    m_projectionBox->setObjectName(QStringLiteral("projectionBox"));
    m_projectionBox->addItem(tr("PCA"));
    m_projectionBox->addItem(tr("t-SNE"));
    m_colorBox = new QComboBox(this);
    m_colorBox->setObjectName(QStringLiteral("colorBox"));
    m_colorBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("embeddingStatus"));
    auto* projectionLabel = new QLabel(tr("&Projection:"), this);
    projectionLabel->setBuddy(m_projectionBox);
    auto* colorLabel = new QLabel(tr("&Colour by:"), this);
    colorLabel->setBuddy(m_colorBox);
    controls->addWidget(projectionLabel);
    controls->addWidget(m_projectionBox);
    controls->addSpacing(12);
    controls->addWidget(colorLabel);
    controls->addWidget(m_colorBox);
    controls->addSpacing(12);
    controls->addWidget(m_status, 1);

    m_plots = new QSplitter(Qt::Horizontal, this);
    m_plots->setObjectName(QStringLiteral("embeddingPlots"));
    m_scatter = new ScatterChart(m_plots);
    m_scatter->setObjectName(QStringLiteral("embeddingScatter"));
    m_curves = new TimeSeriesChart(m_plots);
    m_curves->setObjectName(QStringLiteral("adaptationChart"));
    m_curves->setChartTitle(tr("k-shot adaptation"));
    m_curves->setAxisTitles(tr("Episode"), tr("Reward"));
    m_plots->addWidget(m_scatter);
    m_plots->addWidget(m_curves);
    m_plots->setStretchFactor(0, 3);
    m_plots->setStretchFactor(1, 2);
    m_plots->setChildrenCollapsible(false);
    m_plots->setSizes({600, 400}); // scaled to the width the splitter gets

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_plots, 1);

    connect(m_projectionBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        setProjection(index == 1 ? EmbeddingProjection::Tsne : EmbeddingProjection::Pca);
    });
    connect(m_colorBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            setColorAttribute(m_colorBox->itemText(index));
    });
    rebuildScatter();
    rebuildCurves();
    updateStatus();
}

EmbeddingView::~EmbeddingView()
{
    if (m_job) {
        QFuture<analysis::TsneProjection> future = m_job->future;
        cancelTsne();
        future.waitForFinished(); // within one gradient step: no worker outlives the view
    }
}

void EmbeddingView::setData(EmbeddingViewData data)
{
    cancelTsne();
    m_data = std::move(data);
    if (m_data.current && m_data.current->empty())
        m_data.current.reset();
    m_tsne.reset();
    std::vector<std::vector<float>> vectors;
    vectors.reserve(m_data.points.size());
    for (const EmbeddingPoint& point : m_data.points)
        vectors.push_back(point.vector);
    m_pca = analysis::projectPca(vectors, 2);
    m_shown = EmbeddingProjection::Pca;
    m_colorAttribute = fromStd(m_data.colorAttribute);
    refreshColorBox();
    if (m_projection == EmbeddingProjection::Tsne)
        startTsne();
    rebuildScatter();
    rebuildCurves();
    updateStatus();
    emit layoutChanged();
}

void EmbeddingView::setProjection(EmbeddingProjection projection)
{
    if (projection != m_projection) {
        m_projection = projection;
        const QSignalBlocker blocker(m_projectionBox);
        m_projectionBox->setCurrentIndex(projection == EmbeddingProjection::Tsne ? 1 : 0);
    }
    const EmbeddingProjection before = m_shown;
    if (projection == EmbeddingProjection::Tsne && !m_tsne) {
        startTsne();
        m_shown = EmbeddingProjection::Pca;
    } else {
        m_shown = projection;
    }
    if (m_shown != before) {
        rebuildScatter();
        emit layoutChanged();
    }
    updateStatus();
}

void EmbeddingView::setTsneParameters(double perplexity, int iterations, std::uint64_t seed)
{
    m_perplexity = perplexity;
    m_iterations = iterations;
    m_seed = seed;
    cancelTsne();
    m_tsne.reset();
    if (m_projection == EmbeddingProjection::Tsne) {
        m_shown = EmbeddingProjection::Pca;
        startTsne();
        rebuildScatter();
        emit layoutChanged();
    }
    updateStatus();
}

QStringList EmbeddingView::colorAttributes() const
{
    std::set<std::string> keys;
    for (const EmbeddingPoint& point : m_data.points) {
        for (const auto& [key, value] : point.attributes)
            keys.insert(key);
    }
    QStringList result;
    for (const std::string& key : keys)
        result.append(fromStd(key));
    return result;
}

QString EmbeddingView::colorAttribute() const { return m_colorAttribute; }

void EmbeddingView::setColorAttribute(const QString& key)
{
    if (key == m_colorAttribute)
        return;
    m_colorAttribute = key;
    {
        const QSignalBlocker blocker(m_colorBox);
        m_colorBox->setCurrentIndex(m_colorBox->findText(key));
    }
    rebuildScatter();
}

bool EmbeddingView::setCurrent(const std::string& id)
{
    if (id.empty()) {
        m_data.current.reset();
    } else {
        const auto found = std::find_if(m_data.points.begin(), m_data.points.end(),
                                        [&id](const EmbeddingPoint& point) { return point.id == id; });
        if (found == m_data.points.end())
            return false;
        m_data.current = id;
    }
    updateCurrentSeries();
    return true;
}

void EmbeddingView::setAdaptationCurves(std::vector<AdaptationCurve> curves)
{
    m_data.adaptation = std::move(curves);
    rebuildCurves();
}

QString EmbeddingView::toolTipText(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_data.points.size()))
        return {};
    const EmbeddingPoint& point = m_data.points[static_cast<std::size_t>(index)];
    QStringList lines;
    const QString label = fromStd(point.label.empty() ? point.id : point.label);
    lines.append(point.label.empty() || point.label == point.id ? label : tr("%1 (%2)").arg(label, fromStd(point.id)));
    for (const auto& [key, value] : point.attributes)
        lines.append(tr("%1: %2").arg(fromStd(key), fromStd(value)));
    if (m_data.current && *m_data.current == point.id)
        lines.append(tr("current workload (adapting)"));
    return lines.join(QLatin1Char('\n'));
}

QPointF EmbeddingView::pointPosition(int index) const
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_data.points.size())
        return {};
    const auto i = static_cast<std::size_t>(index);
    if (m_shown == EmbeddingProjection::Tsne && m_tsne)
        return {m_tsne->x(i), m_tsne->y(i)};
    return {m_pca.at(i, 0), m_pca.at(i, 1)};
}

int EmbeddingView::pointNear(QPointF value, double tolerance) const
{
    int best = -1;
    double bestDistance = tolerance;
    for (int i = 0; i < static_cast<int>(m_data.points.size()); ++i) {
        const QPointF at = pointPosition(i);
        const double distance = std::hypot(at.x() - value.x(), at.y() - value.y());
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = i;
        }
    }
    return best;
}

std::pair<double, double> EmbeddingView::explainedVariance() const
{
    if (m_pca.explainedVarianceRatio.size() < 2)
        return {0.0, 0.0};
    return {m_pca.explainedVarianceRatio[0], m_pca.explainedVarianceRatio[1]};
}

QStringList EmbeddingView::legendLabels() const
{
    QStringList labels;
    for (QLegendMarker* marker : m_scatter->chart()->legend()->markers()) {
        if (marker->series() != m_currentSeries)
            labels.append(marker->label());
    }
    return labels;
}

QString EmbeddingView::statusText() const { return m_status->text(); }

void EmbeddingView::prepareForExport() const
{
    // A view that was never shown has no size (and its layout never ran): give it one.
    auto* self = const_cast<EmbeddingView*>(this);
    if (!isVisible() && (m_plots->width() < 200 || m_plots->height() < 150)) {
        self->resize(kExportSize);
        self->layout()->activate();
    }
}

bool EmbeddingView::exportPng(const QString& path, double scale) const
{
    prepareForExport();
    return exportWidgetPng(*m_plots, path, scale);
}

bool EmbeddingView::exportSvg(const QString& path) const
{
    prepareForExport();
    return exportWidgetSvg(*m_plots, path, m_scatter->chart()->title());
}

QString EmbeddingView::svgText() const
{
    prepareForExport();
    const QSize size = m_plots->size();
    if (size.isEmpty())
        return {};
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(m_scatter->chart()->title());
    QPainter painter;
    if (!painter.begin(&generator))
        return {};
    m_plots->render(&painter);
    painter.end();
    return QString::fromUtf8(buffer.data());
}

void EmbeddingView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
        // The charts re-theme themselves, which resets series colours: put ours back after them.
        QTimer::singleShot(0, this, [this] {
            rebuildScatter();
            rebuildCurves();
        });
    }
}

QString EmbeddingView::categoryOf(int index) const
{
    const EmbeddingPoint& point = m_data.points[static_cast<std::size_t>(index)];
    const auto found = point.attributes.find(m_colorAttribute.toStdString());
    return found == point.attributes.end() ? tr("(none)") : fromStd(found->second);
}

void EmbeddingView::refreshColorBox()
{
    const QStringList keys = colorAttributes();
    if (!keys.contains(m_colorAttribute))
        m_colorAttribute = keys.isEmpty() ? QString() : keys.front();
    const QSignalBlocker blocker(m_colorBox);
    m_colorBox->clear();
    m_colorBox->addItems(keys);
    m_colorBox->setCurrentIndex(keys.indexOf(m_colorAttribute));
    m_colorBox->setEnabled(!keys.isEmpty());
}

void EmbeddingView::rebuildScatter()
{
    m_scatter->clearGroups();
    m_categorySeries.clear();
    m_seriesPoints.clear();
    m_currentSeries = nullptr;

    // Categories of the colour attribute: by name, "other" and "(none)" last.
    const int count = static_cast<int>(m_data.points.size());
    m_categories.assign(static_cast<std::size_t>(count), QString());
    std::map<QString, int> frequency;
    for (int i = 0; i < count; ++i) {
        m_categories[static_cast<std::size_t>(i)] = categoryOf(i);
        ++frequency[m_categories[static_cast<std::size_t>(i)]];
    }
    const QString none = tr("(none)");
    const QString other = tr("other");
    if (static_cast<int>(frequency.size()) > kMaxCategories) {
        std::vector<std::pair<int, QString>> ranked;
        for (const auto& [name, n] : frequency) {
            if (name != none) // points without the attribute keep their own entry
                ranked.emplace_back(-n, name);
        }
        std::sort(ranked.begin(), ranked.end());
        std::set<QString> kept{none};
        for (int k = 0; k < kMaxCategories - 1; ++k)
            kept.insert(ranked[static_cast<std::size_t>(k)].second);
        for (QString& category : m_categories) {
            if (!kept.contains(category))
                category = other;
        }
    }
    std::set<QString> names(m_categories.begin(), m_categories.end());
    m_categoryOrder.clear();
    for (const QString& name : names) {
        if (name != none && name != other)
            m_categoryOrder.append(name);
    }
    for (const QString& last : {other, none}) {
        if (names.contains(last))
            m_categoryOrder.append(last);
    }

    const qreal markerSize = count > 300 ? 7.0 : 10.0;
    for (int c = 0; c < m_categoryOrder.size(); ++c) {
        QList<QPointF> points;
        std::vector<int> indices;
        for (int i = 0; i < count; ++i) {
            if (m_categories[static_cast<std::size_t>(i)] == m_categoryOrder[c]) {
                points.append(pointPosition(i));
                indices.push_back(i);
            }
        }
        QScatterSeries* series = m_scatter->addGroup(m_categoryOrder[c], points, armColor(c));
        series->setMarkerSize(markerSize);
        connect(series, &QScatterSeries::hovered, this,
                [this, series](const QPointF& point, bool state) { onHovered(series, point, state); });
        m_categorySeries.append(series);
        m_seriesPoints.push_back(std::move(indices));
    }
    // The current workload: one larger, outlined marker on top, not in the legend.
    m_currentSeries = m_scatter->addGroup(tr("current"), {}, palette().color(QPalette::Text));
    m_currentSeries->setObjectName(QStringLiteral("currentSeries"));
    m_currentSeries->setMarkerSize(kCurrentMarkerSize);
    connect(m_currentSeries, &QScatterSeries::hovered, this,
            [this](const QPointF& point, bool state) { onHovered(m_currentSeries, point, state); });
    for (QLegendMarker* marker : m_scatter->chart()->legend()->markers(m_currentSeries))
        marker->setVisible(false);
    updateCurrentSeries();

    const QString title = m_data.title.empty() ? tr("Workload embeddings") : fromStd(m_data.title);
    if (m_shown == EmbeddingProjection::Tsne) {
        m_scatter->setChartTitle(tr("%1 — t-SNE").arg(title));
        m_scatter->setAxisTitles(tr("t-SNE 1"), tr("t-SNE 2"));
    } else {
        const auto [first, second] = explainedVariance();
        m_scatter->setChartTitle(tr("%1 — PCA").arg(title));
        m_scatter->setAxisTitles(tr("PC1 (%1 %)").arg(100.0 * first, 0, 'f', 0),
                                 tr("PC2 (%1 %)").arg(100.0 * second, 0, 'f', 0));
    }
}

void EmbeddingView::updateCurrentSeries()
{
    if (!m_currentSeries)
        return;
    int index = -1;
    if (m_data.current) {
        for (int i = 0; i < static_cast<int>(m_data.points.size()); ++i) {
            if (m_data.points[static_cast<std::size_t>(i)].id == *m_data.current) {
                index = i;
                break;
            }
        }
    }
    if (index < 0) {
        m_currentSeries->clear();
        return;
    }
    const int category = static_cast<int>(m_categoryOrder.indexOf(m_categories[static_cast<std::size_t>(index)]));
    const EmbeddingPoint& point = m_data.points[static_cast<std::size_t>(index)];
    m_currentSeries->setName(fromStd(point.label.empty() ? point.id : point.label));
    m_currentSeries->setColor(armColor(std::max(category, 0)));
    m_currentSeries->setPen(QPen(palette().color(QPalette::Text), 3.0));
    m_currentSeries->replace(QList<QPointF>{pointPosition(index)});
}

void EmbeddingView::rebuildCurves()
{
    m_curves->clearSeries();
    for (std::size_t c = 0; c < m_data.adaptation.size(); ++c) {
        const AdaptationCurve& curve = m_data.adaptation[c];
        QList<QPointF> points;
        points.reserve(static_cast<qsizetype>(curve.points.size()));
        for (const auto& [episode, reward] : curve.points)
            points.append(QPointF(episode, reward));
        m_curves->addSeries(fromStd(curve.name), std::move(points), armColor(static_cast<int>(c)));
    }
}

void EmbeddingView::updateStatus()
{
    const auto n = static_cast<int>(m_data.points.size());
    const auto dims = m_data.points.empty() ? 0 : static_cast<int>(m_data.points.front().vector.size());
    QString text;
    if (n == 0) {
        text = tr("No embeddings");
    } else if (m_projection == EmbeddingProjection::Tsne && !m_tsne) {
        text = tr("Computing t-SNE of %1 points… (PCA shown meanwhile)").arg(n);
    } else if (m_shown == EmbeddingProjection::Tsne) {
        text = tr("t-SNE of %1 points of %2 dimensions: perplexity %3, %4 steps, seed %5, KL %6")
                   .arg(n)
                   .arg(dims)
                   .arg(m_tsne->perplexity, 0, 'g', 3)
                   .arg(m_tsne->iterations)
                   .arg(m_seed)
                   .arg(m_tsne->klDivergence, 0, 'f', 3);
    } else {
        const auto [first, second] = explainedVariance();
        text = tr("PCA of %1 points of %2 dimensions: PC1 %3 %, PC2 %4 % of the variance")
                   .arg(n)
                   .arg(dims)
                   .arg(100.0 * first, 0, 'f', 1)
                   .arg(100.0 * second, 0, 'f', 1);
    }
    m_status->setText(text);
}

void EmbeddingView::startTsne()
{
    if (m_job || m_tsne)
        return;
    auto job = std::make_shared<TsneJob>();
    std::vector<std::vector<float>> vectors;
    vectors.reserve(m_data.points.size());
    for (const EmbeddingPoint& point : m_data.points)
        vectors.push_back(point.vector);
    job->future = QtConcurrent::run([vectors = std::move(vectors), perplexity = m_perplexity, iterations = m_iterations,
                                     seed = m_seed, cancel = job->cancel] {
        return analysis::projectTsne(vectors, perplexity, iterations, seed, cancel.get());
    });
    job->watcher = new QFutureWatcher<analysis::TsneProjection>(this);
    connect(job->watcher, &QFutureWatcherBase::finished, this, [this, raw = job.get()] {
        if (m_job.get() != raw)
            return; // a job dropped meanwhile
        const analysis::TsneProjection result = raw->future.result();
        raw->watcher->deleteLater();
        m_job.reset();
        if (result.cancelled)
            return;
        m_tsne = result;
        if (m_projection == EmbeddingProjection::Tsne) {
            m_shown = EmbeddingProjection::Tsne;
            rebuildScatter();
            emit layoutChanged();
        }
        updateStatus();
    });
    job->watcher->setFuture(job->future);
    m_job = std::move(job);
}

void EmbeddingView::cancelTsne()
{
    if (!m_job)
        return;
    m_job->cancel->store(true);
    m_job->watcher->disconnect(this);
    m_job->watcher->deleteLater();
    m_job.reset();
}

void EmbeddingView::onHovered(QScatterSeries* series, QPointF point, bool state)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    int index = -1;
    if (series == m_currentSeries) {
        for (int i = 0; i < static_cast<int>(m_data.points.size()); ++i) {
            if (m_data.current && m_data.points[static_cast<std::size_t>(i)].id == *m_data.current)
                index = i;
        }
    } else {
        const auto s = static_cast<std::size_t>(m_categorySeries.indexOf(series));
        double best = std::numeric_limits<double>::infinity();
        for (int i : m_seriesPoints[s]) {
            const QPointF at = pointPosition(i);
            const double distance = std::hypot(at.x() - point.x(), at.y() - point.y());
            if (distance < best) {
                best = distance;
                index = i;
            }
        }
    }
    if (index >= 0)
        QToolTip::showText(QCursor::pos(), toolTipText(index), m_scatter);
}

} // namespace orrery::widgets
