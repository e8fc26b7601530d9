// The main window's Embeddings tab over a real project file: a note while the project holds no
// embeddings; after a meta learner's embeddings are stored (as `orrery meta-train` stores them,
// table embeddings) one point per environment, coloured by `class`, the newest environment
// current, and its reward per episode from the trajectory store as the adaptation curve.
#include "gui/embedding_tab.h"
#include "gui/main_window.h"
#include "gui_test_support.h"
#include "store/project.h"
#include "store/project_embeddings.h"
#include "store/trajectory_writer.h"
#include "widgets/embedding_view.h"
#include "widgets/time_series_chart.h"

#include <QLabel>
#include <QScatterSeries>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery;

namespace {

//! A project with `episodes` training episodes of agent firm in each environment and, when
//! `withEmbeddings`, a meta learner's embeddings of them.
void fillProject(const QString& path, bool withEmbeddings)
{
    store::Project project = store::Project::open(path.toStdString());
    const std::vector<std::pair<std::string, std::string>> environments{
        {"app-0001", "cpu"}, {"app-0002", "cpu"}, {"app-0003", "io"}, {"app-0004", "memory"}};
    for (std::size_t e = 0; e < environments.size(); ++e) {
        store::TrajectorySpec spec;
        spec.agent = "firm";
        spec.label = environments[e].first;
        spec.stateDim = 2;
        spec.actionDim = 1;
        store::TrajectoryWriter writer(project, spec);
        for (int episode = 1; episode <= 5; ++episode) {
            for (int step = 0; step < 4; ++step) {
                const float state[2] = {static_cast<float>(e), static_cast<float>(step)};
                const float action[1] = {0.5f};
                writer.append(episode, step, state, action, 10.0 * episode + static_cast<double>(e)); // rising reward
            }
        }
    }
    if (!withEmbeddings)
        return;
    store::StoredModel model;
    model.plugin = "meta-learner";
    model.scenarioName = "firm";
    model.bytes = {1, 2, 3};
    const store::ModelId id = project.saveModel(model);
    std::vector<store::StoredEmbedding> embeddings;
    for (std::size_t e = 0; e < environments.size(); ++e) {
        store::StoredEmbedding embedding;
        embedding.label = environments[e].first;
        embedding.vector = {static_cast<float>(e), environments[e].second == "cpu" ? 1.0f : -1.0f, 0.5f * static_cast<float>(e * e)};
        embedding.attributes = {{"class", environments[e].second}, {"agent", "firm"}};
        embeddings.push_back(embedding);
    }
    store::ProjectEmbeddings(project.database()).save(id, embeddings);
}

} // namespace

class TestEmbeddingTab : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { testing::isolateSettings(QStringLiteral("tst_embedding_tab")); }

    void noteWithoutEmbeddings()
    {
        const QString path = m_dir.filePath(QStringLiteral("none.orrery"));
        fillProject(path, false);
        app::MainWindow window(testing::pluginRegistry());
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openProject(path));
        window.showViewTab(app::MainWindow::ViewTab::Embeddings);
        app::EmbeddingTab* tab = window.embeddingTab();
        QTRY_VERIFY(tab->noteText().contains(QStringLiteral("orrery meta-train")));
        QVERIFY(!tab->view()->isVisible());
    }

    void showsTheProjectsEmbeddings()
    {
        const QString path = m_dir.filePath(QStringLiteral("embedded.orrery"));
        fillProject(path, true);
        app::MainWindow window(testing::pluginRegistry());
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openProject(path));
        window.showViewTab(app::MainWindow::ViewTab::Embeddings);
        app::EmbeddingTab* tab = window.embeddingTab();
        QTRY_VERIFY(tab->view()->isVisible());
        widgets::EmbeddingView* view = tab->view();
        // Four environments in three classes: one series per class, every point placed.
        int points = 0;
        for (QScatterSeries* series : view->categorySeries())
            points += series->count();
        QCOMPARE(points, 4);
        QCOMPARE(view->categorySeries().size(), 3);
        QCOMPARE(view->colorAttribute(), QStringLiteral("class"));
        QVERIFY2(view->legendLabels().contains(QStringLiteral("cpu")), qPrintable(view->legendLabels().join(',')));
        // The newest environment is current; its curve is its reward per episode (5 episodes).
        QCOMPARE(view->current().value_or(""), std::string("app-0004"));
        QCOMPARE(view->currentSeries()->count(), 1);
        QCOMPARE(view->adaptationChart()->seriesCount(), 1);
        const QImage image = view->grab().toImage();
        QVERIFY(!image.isNull() && image.width() > 100);
    }
};

QTEST_MAIN(TestEmbeddingTab)
#include "tst_embedding_tab.moc"
