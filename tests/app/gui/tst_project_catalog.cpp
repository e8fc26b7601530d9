// The explorer's Scenarios and Trained models sections: runs grouped by their scenario, the
// project's models table with plugin, creation time, samples and metrics, and a model's details
// shown on selection.
#include "gui/main_window.h"
#include "gui/project_catalog_model.h"
#include "gui_test_support.h"
#include "store/project.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLocale>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace orrery;
using orrery::app::MainWindow;
using orrery::app::ProjectCatalogModel;

class TestProjectCatalog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void listsScenariosAndModels();

private:
    QTemporaryDir m_dir;
};

void TestProjectCatalog::initTestCase()
{
    testing::isolateSettings(QStringLiteral("tst_project_catalog"));
    QVERIFY(m_dir.isValid());
}

void TestProjectCatalog::listsScenariosAndModels()
{
    const QString path = m_dir.filePath(QStringLiteral("catalog.orrery"));
    const store::RunId first = testing::recordDemoRun(path, 7);
    const store::RunId second = testing::recordDemoRun(path, 8);
    {
        store::Project project = store::Project::open(path.toStdString());
        store::StoredModel model;
        model.plugin = "octopus";
        model.scenarioName = "demo";
        model.seed = 7;
        model.sampleCount = 1234;
        model.bytes = {1, 2, 3};
        model.metrics = {{"heldout_accuracy", 0.94}};
        project.saveModel(model);
    }
    MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* tree = window.findChild<QTreeView*>(QStringLiteral("projectCatalog"));
    QVERIFY(tree);
    QAbstractItemModelTester tester(tree->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(window.openProject(path));
    auto* catalog = qobject_cast<ProjectCatalogModel*>(tree->model());
    QVERIFY(catalog);

    const QModelIndex scenarios = catalog->scenariosGroupIndex();
    QCOMPARE(scenarios.data().toString(), QStringLiteral("Scenarios (1)"));
    QCOMPARE(catalog->rowCount(scenarios), 1);
    const QModelIndex demo = catalog->index(0, 0, scenarios);
    QCOMPARE(demo.data().toString(), QStringLiteral("demo"));
    QCOMPARE(catalog->index(0, ProjectCatalogModel::CountColumn, scenarios).data().toString(), QStringLiteral("2 runs"));
    QCOMPARE(catalog->rowCount(demo), 2);
    QCOMPARE(catalog->runIdAt(catalog->index(0, 0, demo)), std::optional<store::RunId>(first));
    QCOMPARE(catalog->runIdAt(catalog->index(1, 0, demo)), std::optional<store::RunId>(second));

    const QModelIndex models = catalog->modelsGroupIndex();
    QCOMPARE(models.data().toString(), QStringLiteral("Trained models (1)"));
    const QModelIndex model = catalog->index(0, ProjectCatalogModel::NameColumn, models);
    QCOMPARE(model.data().toString(), QStringLiteral("octopus #1"));
    QVERIFY(!catalog->index(0, ProjectCatalogModel::CreatedColumn, models).data().toString().isEmpty());
    QCOMPARE(catalog->index(0, ProjectCatalogModel::CountColumn, models).data().toString(), QStringLiteral("1234 samples"));
    QVERIFY(catalog->index(0, ProjectCatalogModel::DetailColumn, models).data().toString().contains(QStringLiteral("heldout_accuracy 0.94")));

    auto* details = window.findChild<QLabel*>(QStringLiteral("modelDetails"));
    QVERIFY(!details->isVisible());
    tree->setCurrentIndex(model);
    QVERIFY(details->isVisible());
    QVERIFY2(details->text().contains(QStringLiteral("Samples: ") + QLocale().toString(1234)), qPrintable(details->text()));
    QVERIFY(details->text().contains(QStringLiteral("heldout_accuracy: 0.94")));
    // A run under its scenario selects it in the run explorer.
    tree->setCurrentIndex(catalog->index(0, 0, demo));
    QVERIFY(!details->isVisible());
    auto* explorer = window.findChild<QTreeView*>(QStringLiteral("projectExplorer"));
    QCOMPARE(explorer->currentIndex().siblingAtColumn(0).data().toString(), QString::number(first));
}

QTEST_MAIN(TestProjectCatalog)
#include "tst_project_catalog.moc"
