// Embeddings of meta learners (schema v9): stored per model and label, vectors bit-exact,
// attributes as JSON whatever characters they hold, a label stored twice replaced, bad rows
// refused with nothing written, and gone with their model.
#include "store/project.h"
#include "store/project_embeddings.h"
#include "store/store_error.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace orrery::store;

class TestProjectEmbeddings : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;
    std::string newFile() { return m_dir.filePath(QStringLiteral("e%1.orrery").arg(++m_files)).toStdString(); }

    static ModelId model(Project& project)
    {
        StoredModel model;
        model.plugin = "meta-learner";
        model.bytes = {7};
        return project.saveModel(model);
    }

private slots:
    void roundTrip()
    {
        Project project = Project::open(newFile());
        ProjectEmbeddings embeddings(project.database());
        QVERIFY(!embeddings.latestModel());
        const ModelId first = model(project);
        const ModelId second = model(project);
        const std::vector<float> tricky{0.0f, -0.0f, 1e-38f, std::numeric_limits<float>::max(), -3.25f};
        embeddings.save(first, {{0, 0, "app-b", {1.0f}, {}, {}},
                                {0, 0, "app-a", tricky, {{"class", "io"}, {"segments", "quote\" back\\slash\nline"}}, {}}});
        embeddings.save(second, {{0, 0, "app-a", {2.0f, 3.0f}, {{"class", "cpu"}}, {}}});
        QCOMPARE(*embeddings.latestModel(), second);
        const auto stored = embeddings.ofModel(first);
        QCOMPARE(stored.size(), std::size_t{2});
        QCOMPARE(stored[0].label, std::string("app-a")); // by label
        QCOMPARE(stored[0].vector.size(), tricky.size());
        for (std::size_t i = 0; i < tricky.size(); ++i) {
            QCOMPARE(std::signbit(stored[0].vector[i]), std::signbit(tricky[i]));
            QCOMPARE(stored[0].vector[i], tricky[i]);
        }
        QCOMPARE(stored[0].attributes.at("segments"), std::string("quote\" back\\slash\nline"));
        QCOMPARE(stored[0].attributes.at("class"), std::string("io"));
        QVERIFY(stored[1].attributes.empty());
        QVERIFY(!stored[0].createdAt.empty());

        // The same label again replaces it.
        embeddings.save(first, {{0, 0, "app-b", {4.0f, 5.0f}, {{"class", "memory"}}, {}}});
        const auto replaced = embeddings.ofModel(first);
        QCOMPARE(replaced.size(), std::size_t{2});
        QCOMPARE(replaced[1].vector, (std::vector<float>{4.0f, 5.0f}));
        QCOMPARE(project.integrityCheck(), std::string("ok"));
    }

    void badRowsWriteNothing()
    {
        Project project = Project::open(newFile());
        ProjectEmbeddings embeddings(project.database());
        const ModelId id = model(project);
        QVERIFY_THROWS_EXCEPTION(StoreError, embeddings.save(id, {{0, 0, "ok", {1.0f}, {}, {}}, {0, 0, "empty", {}, {}, {}}}));
        QVERIFY_THROWS_EXCEPTION(StoreError, embeddings.save(id, {{0, 0, "", {1.0f}, {}, {}}}));
        QVERIFY_THROWS_EXCEPTION(StoreError, embeddings.save(id + 100, {{0, 0, "no model", {1.0f}, {}, {}}}));
        QVERIFY(embeddings.ofModel(id).empty()); // the transaction took back the good row too
    }
};

QTEST_GUILESS_MAIN(TestProjectEmbeddings)
#include "tst_project_embeddings.moc"
