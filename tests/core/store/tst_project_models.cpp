// Project: trained models (schema version 3) — round trip, newest per plugin, listing, and the
// migration of a version-2 file.
#include "frozen_schemas.h"
#include "store/database.h"
#include "store/model_metrics_text.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "store/schema.h"
#include "store/statement.h"
#include "store/store_error.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>
#include <stdexcept>

using namespace orrery::store;
using orrery::store::testing::kFrozenVersion1;
using orrery::store::testing::kFrozenVersion2;

namespace {

StoredModel modelOf(std::string plugin, std::vector<std::uint8_t> bytes, ModelMetrics metrics = {})
{
    StoredModel model;
    model.plugin = std::move(plugin);
    model.scenarioName = "octopus-small";
    model.seed = 7;
    model.sampleCount = 1234;
    model.bytes = std::move(bytes);
    model.metrics = std::move(metrics);
    model.report = "held-out accuracy 0.97\n";
    return model;
}

//! Every byte value, so a text conversion anywhere would show.
std::vector<std::uint8_t> allByteValues(std::size_t length)
{
    std::vector<std::uint8_t> bytes(length);
    for (std::size_t i = 0; i < length; ++i)
        bytes[i] = static_cast<std::uint8_t>((i * 131 + 7) % 256);
    return bytes;
}

QStringList schemaOf(const std::string& path)
{
    Database db = Database::open(path, Database::OpenMode::ReadOnly);
    Statement query(db, "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema ORDER BY type, name");
    QStringList rows;
    while (query.step()) {
        rows << QStringLiteral("%1 %2 %3: %4")
                    .arg(QString::fromStdString(query.columnText(0)), QString::fromStdString(query.columnText(1)),
                         QString::fromStdString(query.columnText(2)),
                         QString::fromStdString(query.columnText(3)).simplified());
    }
    return rows;
}

} // namespace

class TestProjectModels : public QObject {
    Q_OBJECT

private slots:
    void roundTripsAModelExactly_data()
    {
        QTest::addColumn<int>("length");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("empty") << 0 << quint64{0};
        QTest::newRow("one byte") << 1 << quint64{1};
        QTest::newRow("all byte values, large") << 1000 * 1000 << quint64{std::numeric_limits<std::uint64_t>::max()};
    }

    void roundTripsAModelExactly()
    {
        QFETCH(int, length);
        QFETCH(quint64, seed);
        QTemporaryDir dir;
        const std::string path = dir.filePath("p.orrery").toStdString();
        StoredModel model = modelOf("octopus", allByteValues(static_cast<std::size_t>(length)),
                                    {{"heldout_mape", 0.031}, {"heldout_accuracy", 0.1 + 0.2}, {"negative_zero", -0.0},
                                     {"undefined", std::numeric_limits<double>::quiet_NaN()}});
        model.seed = seed;
        model.id = 999;                 // ignored: the store assigns ids…
        model.createdAt = "yesterday";  // …and creation times
        ModelId id = 0;
        {
            Project project = Project::open(path);
            id = project.saveModel(model);
            QVERIFY(id > 0);
        }
        Project project = Project::open(path); // a fresh connection reads what was committed
        const auto stored = project.latestModel("octopus");
        QVERIFY(stored.has_value());
        QCOMPARE(stored->id, id);
        QCOMPARE(stored->plugin, model.plugin);
        QCOMPARE(stored->scenarioName, model.scenarioName);
        QCOMPARE(stored->seed, model.seed);
        QCOMPARE(stored->sampleCount, model.sampleCount);
        QVERIFY(stored->bytes == model.bytes);
        QCOMPARE(stored->report, model.report);
        QVERIFY2(QRegularExpression(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$)")
                     .match(QString::fromStdString(stored->createdAt))
                     .hasMatch(),
                 stored->createdAt.c_str());
        // Metrics come back sorted by name, bit-exact, NaN as NaN.
        QCOMPARE(stored->metrics.size(), std::size_t{4});
        QCOMPARE(stored->metrics[0].first, std::string("heldout_accuracy"));
        QCOMPARE(stored->metrics[0].second, 0.1 + 0.2);
        QCOMPARE(stored->metrics[1].first, std::string("heldout_mape"));
        QCOMPARE(stored->metrics[2].first, std::string("negative_zero"));
        QVERIFY(std::signbit(stored->metrics[2].second));
        QCOMPARE(stored->metrics[3].first, std::string("undefined"));
        QVERIFY(std::isnan(stored->metrics[3].second));
        // The stored text is canonical JSON.
        QCOMPARE(project.database().queryText("SELECT metrics FROM models"),
                 std::string(R"({"heldout_accuracy":0.30000000000000004,"heldout_mape":0.031,"negative_zero":-0.0,"undefined":null})"));
        QCOMPARE(project.integrityCheck(), std::string("ok"));
    }

    void latestModelIsPerPlugin()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("p.orrery").toStdString());
        QVERIFY(!project.latestModel("octopus").has_value());
        const ModelId first = project.saveModel(modelOf("octopus", {1}));
        const ModelId other = project.saveModel(modelOf("firm", {2}));
        const ModelId second = project.saveModel(modelOf("octopus", {3}));
        QVERIFY(first < other && other < second);
        QCOMPARE(project.latestModel("octopus")->id, second);
        QCOMPARE(project.latestModel("octopus")->bytes, std::vector<std::uint8_t>{3});
        QCOMPARE(project.latestModel("firm")->id, other);
        QVERIFY(!project.latestModel("octo").has_value()); // exact ids, no prefixes
        QVERIFY(!project.latestModel("").has_value());
    }

    void runsRecordTheModelTheyUsed()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("p.orrery").toStdString());
        const std::vector<std::uint8_t> checkpoint{1, 2, 3};
        const std::vector<std::uint8_t> final{1, 2, 4};
        const std::vector<std::uint8_t> foreign{9, 9};
        const ModelId checkpointId = project.saveModel(modelOf("simppo", checkpoint));
        const ModelId finalId = project.saveModel(modelOf("simppo", final));
        const ModelId octopusId = project.saveModel(modelOf("octopus", checkpoint)); // same bytes, other plugin
        QVERIFY(checkpointId < finalId && finalId < octopusId);

        ProjectRunRecorder recorder(project);
        orrery::sim::RunInfo info;
        info.scenarioName = "functions";
        info.scenarioText = "kind: Scenario\n";
        info.models = {{"simppo", checkpoint}, {"firm", foreign}};
        recorder.beginRun(info);
        recorder.endRun(orrery::sim::RunStatus::Completed, "");
        const std::vector<RunModel> used = project.runModels(*recorder.runId());
        QCOMPARE(used.size(), std::size_t{2});
        QCOMPARE(used[0].plugin, std::string("firm"));
        QVERIFY(!used[0].modelId.has_value()); // no stored model has these bytes
        QCOMPARE(used[1].plugin, std::string("simppo"));
        QVERIFY(used[1].modelId == checkpointId); // the checkpoint, not the newest simppo model
        QCOMPARE(used[1].sha256, std::string("039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81"));
        QVERIFY(project.runModels(*recorder.runId() + 1).empty());
    }

    void listsModelsWithoutTheirBytes()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("p.orrery").toStdString());
        QVERIFY(project.listModels().empty());
        project.saveModel(modelOf("octopus", allByteValues(1000), {{"heldout_accuracy", 0.95}}));
        project.saveModel(modelOf("firm", {}, {}));
        const auto models = project.listModels();
        QCOMPARE(models.size(), std::size_t{2});
        QCOMPARE(models[0].plugin, std::string("octopus"));
        QCOMPARE(models[0].byteCount, std::int64_t{1000});
        QCOMPARE(models[0].sampleCount, std::int64_t{1234});
        QCOMPARE(models[0].seed, std::uint64_t{7});
        QCOMPARE(models[0].scenarioName, std::string("octopus-small"));
        QCOMPARE(models[0].metrics, (ModelMetrics{{"heldout_accuracy", 0.95}}));
        QCOMPARE(models[1].plugin, std::string("firm"));
        QCOMPARE(models[1].byteCount, std::int64_t{0});
        QVERIFY(models[0].id < models[1].id);
        QVERIFY(!models[0].createdAt.empty());
    }

    void rejectsInvalidModelsWithoutWriting()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("p.orrery").toStdString());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, project.saveModel(modelOf("", {1})));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 project.saveModel(modelOf("octopus", {1}, {{"a", 1.0}, {"a", 2.0}})));
        QVERIFY(project.listModels().empty());
        QVERIFY(!project.database().inTransaction());
        // Damaged metrics text (written by something else) is a StoreError naming the model.
        project.database().exec("INSERT INTO models (plugin, created_at, scenario_name, seed, sample_count, bytes, "
                                "metrics) VALUES ('octopus', '2024-01-01T00:00:00.000Z', 's', 1, 0, x'00', '[1]')");
        try {
            (void)project.latestModel("octopus");
            QFAIL("read damaged metrics");
        } catch (const StoreError& error) {
            QVERIFY2(std::string(error.what()).find("model 1") != std::string::npos, error.what());
        }
    }

    void metricsTextIsCanonical()
    {
        QCOMPARE(canonicalMetricsText({{"b", 1.5}, {"a", 2.0}}), std::string(R"({"a":2.0,"b":1.5})"));
        QCOMPARE(canonicalMetricsText({}), std::string("{}"));
        QCOMPARE(canonicalMetricsText({{"inf", std::numeric_limits<double>::infinity()}}), std::string(R"({"inf":null})"));
        QCOMPARE(parseMetricsText(R"({"b":1,"a":0.5})"), (ModelMetrics{{"a", 0.5}, {"b", 1.0}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseMetricsText("[]"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseMetricsText(R"({"a":"x"})"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseMetricsText("{"));
    }

    void migratesVersion2File()
    {
        QTemporaryDir dir;
        const std::string oldPath = dir.filePath("v2.orrery").toStdString();
        {
            Database db = Database::open(oldPath);
            db.exec(kFrozenVersion1);
            db.exec(kFrozenVersion2);
            db.exec("INSERT INTO scenarios (id, name, source_text, text_sha256, created_at) VALUES (1, 'old', "
                    "'name: old\n', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', "
                    "'2024-01-01T00:00:00.000Z')");
            db.exec("INSERT INTO runs (id, scenario_id, seed, status, policies, horizon_ns, started_at, ended_at, "
                    "message, owner_host, owner_pid, owner_start_token) VALUES (1, 1, 5, 'completed', "
                    "'{\"placement\":\"random {}\"}', 1000, '2024-01-01T00:00:00.000Z', '2024-01-01T00:01:00.000Z', "
                    "'', 'elsewhere', 1, 'boot/1')");
            QCOMPARE(db.queryInt64("PRAGMA user_version"), std::int64_t{2});
            QCOMPARE(db.queryInt64("SELECT count(*) FROM sqlite_schema WHERE name = 'models'"), std::int64_t{0});
        }

        Project project = Project::open(oldPath);
        QVERIFY(currentSchemaVersion() >= 3);
        QCOMPARE(project.migrationsApplied(), currentSchemaVersion() - 2); // 3 (models) and any later steps
        QCOMPARE(project.schemaVersion(), currentSchemaVersion());
        QCOMPARE(project.database().queryText("SELECT description FROM migrations WHERE version = 3"),
                 std::string(schemaMigrations()[2].description));
        QCOMPARE(project.database().queryText("SELECT applied_at FROM migrations WHERE version = 2"),
                 std::string("2024-02-01T00:00:00.000Z")); // history is kept
        QCOMPARE(project.listRuns().size(), std::size_t{1}); // old data intact
        QCOMPARE(project.listRuns()[0].seed, std::uint64_t{5});
        QVERIFY(project.listModels().empty());
        const ModelId id = project.saveModel(modelOf("octopus", {42}));
        QCOMPARE(project.latestModel("octopus")->id, id);
        QCOMPARE(project.integrityCheck(), std::string("ok"));

        const std::string freshPath = dir.filePath("fresh.orrery").toStdString();
        { Project fresh = Project::open(freshPath); }
        QCOMPARE(schemaOf(oldPath), schemaOf(freshPath));
    }
};

QTEST_GUILESS_MAIN(TestProjectModels)
#include "tst_project_models.moc"
