// The restore points of live experiments (schema v8): saved before the first action, pending
// until restored, oldest first per (context, namespace), kept across reopening the project (a
// killed experiment's next start finds them), and JSON checked by the table.
#include "store/database.h"
#include "store/live_restore_points.h"
#include "store/project.h"
#include "store/schema.h"
#include "store/store_error.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace orrery::store;

class TestLiveRestorePoints : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;
    std::string newFile() { return m_dir.filePath(QStringLiteral("p%1.orrery").arg(++m_files)).toStdString(); }

private slots:
    void pendingUntilRestoredAndKeptAcrossReopening()
    {
        const std::string file = newFile();
        std::int64_t first = 0;
        std::int64_t second = 0;
        {
            Project project = Project::open(file);
            LiveRestorePoints points(project.database());
            first = points.save({0, {}, "prod", "shop", "ab", R"({"namespace":"shop","deployments":[]})", {}, {}});
            points.save({0, {}, "prod", "other", "ab", R"({"namespace":"other","deployments":[]})", {}, {}});
            second = points.save({0, {}, "prod", "shop", "ab2", R"({"namespace":"shop","deployments":[{"name":"web"}]})", {}, {}});
            points.save({0, {}, "staging", "shop", "ab", "{}", {}, {}});
        }
        Project project = Project::open(file); // as the next start after a kill would
        LiveRestorePoints points(project.database());
        const auto pending = points.pending("prod", "shop");
        QCOMPARE(pending.size(), std::size_t{2});
        QCOMPARE(pending[0].id, first); // the oldest holds the state before any experiment acted
        QCOMPARE(pending[1].id, second);
        QCOMPARE(pending[1].experiment, std::string("ab2"));
        QVERIFY(!pending[0].createdAt.empty());
        QVERIFY(!pending[0].restoredAt.has_value());
        QCOMPARE(points.allPending().size(), std::size_t{4});

        points.markRestored(first, "guard tripped: 900 > 500");
        QCOMPARE(points.pending("prod", "shop").size(), std::size_t{1});
        const auto restored = points.find(first);
        QVERIFY(restored && restored->restoredAt.has_value());
        QCOMPARE(restored->restoreReason, std::string("guard tripped: 900 > 500"));
        points.markRestored(first, "again"); // a second mark keeps the first reason
        QCOMPARE(points.find(first)->restoreReason, std::string("guard tripped: 900 > 500"));
        QVERIFY(!points.find(9999).has_value());
    }

    void invalidJsonIsRefused()
    {
        Project project = Project::open(newFile());
        LiveRestorePoints points(project.database());
        QVERIFY_THROWS_EXCEPTION(StoreError, points.save({0, {}, "prod", "shop", "ab", "{not json", {}, {}}));
        QCOMPARE(points.allPending().size(), std::size_t{0});
    }

    void migratesFromVersion7()
    {
        const std::string file = newFile();
        {
            Database db = Database::open(file);
            db.exec("PRAGMA journal_mode = WAL");
            QCOMPARE(applyMigrations(db, schemaMigrations().first(7)), 7);
        }
        Project project = Project::open(file);
        QCOMPARE(project.schemaVersion(), currentSchemaVersion());
        QVERIFY(project.schemaVersion() >= 8);
        LiveRestorePoints points(project.database());
        QVERIFY(points.save({0, {}, "c", "n", "e", "{}", {}, {}}) > 0);
        QCOMPARE(project.integrityCheck(), std::string("ok"));
    }
};

QTEST_GUILESS_MAIN(TestLiveRestorePoints)
#include "tst_live_restore_points.moc"
