// Project: the trained models of the `models` table (schema version 3).
#include "store/project.h"

#include "store/model_metrics_text.h"
#include "store/statement.h"
#include "store/store_error.h"
#include "store/transaction.h"
#include "store/utc_time.h"

#include <span>
#include <stdexcept>

namespace orrery::store {
namespace {

ModelMetrics metricsOf(const Database& db, ModelId id, const std::string& text)
{
    try {
        return parseMetricsText(text);
    } catch (const std::invalid_argument& error) {
        throw StoreError(db.path(), "model " + std::to_string(id) + ": " + error.what());
    }
}

} // namespace

ModelId Project::saveModel(const StoredModel& model)
{
    if (model.plugin.empty())
        throw std::invalid_argument("saveModel: the model names no plugin");
    std::string metrics;
    try {
        metrics = canonicalMetricsText(model.metrics);
    } catch (const std::invalid_argument& error) {
        throw std::invalid_argument(std::string("saveModel: ") + error.what());
    }
    Transaction transaction(m_db, Transaction::Mode::Immediate);
    Statement insert(m_db, "INSERT INTO models (plugin, created_at, scenario_name, seed, sample_count, bytes, "
                           "metrics, report) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    insert.bindText(1, model.plugin)
        .bindText(2, utcNow())
        .bindText(3, model.scenarioName)
        .bindInt64(4, static_cast<std::int64_t>(model.seed)) // two's-complement bits, as runs.seed
        .bindInt64(5, model.sampleCount)
        .bindBlob(6, std::as_bytes(std::span(model.bytes)))
        .bindText(7, metrics)
        .bindText(8, model.report);
    insert.run();
    const ModelId id = m_db.lastInsertRowId();
    transaction.commit();
    return id;
}

namespace {

//! The row `query` stands on (columns as modelQuery selects them) as a StoredModel.
StoredModel modelFromRow(const Database& db, Statement& query)
{
    StoredModel model;
    model.id = query.columnInt64(0);
    model.plugin = query.columnText(1);
    model.createdAt = query.columnText(2);
    model.scenarioName = query.columnText(3);
    model.seed = static_cast<std::uint64_t>(query.columnInt64(4));
    model.sampleCount = query.columnInt64(5);
    const auto blob = query.columnBlob(6);
    model.bytes.resize(blob.size());
    for (std::size_t i = 0; i < blob.size(); ++i)
        model.bytes[i] = static_cast<std::uint8_t>(blob[i]);
    model.metrics = metricsOf(db, model.id, query.columnText(7));
    model.report = query.columnText(8);
    return model;
}

constexpr const char* kModelColumns = "SELECT id, plugin, created_at, scenario_name, seed, sample_count, bytes, metrics, report FROM models ";

} // namespace

std::optional<StoredModel> Project::latestModel(std::string_view plugin) const
{
    Statement query(m_db, std::string(kModelColumns) + "WHERE plugin = ?1 ORDER BY id DESC LIMIT 1");
    query.bindText(1, plugin);
    if (!query.step())
        return std::nullopt;
    return modelFromRow(m_db, query);
}

std::optional<StoredModel> Project::model(ModelId id) const
{
    Statement query(m_db, std::string(kModelColumns) + "WHERE id = ?1");
    query.bindInt64(1, id);
    if (!query.step())
        return std::nullopt;
    return modelFromRow(m_db, query);
}

std::vector<ModelSummary> Project::listModels() const
{
    Statement query(m_db, "SELECT id, plugin, created_at, scenario_name, seed, sample_count, length(bytes), metrics "
                          "FROM models ORDER BY id");
    std::vector<ModelSummary> models;
    while (query.step()) {
        ModelSummary model;
        model.id = query.columnInt64(0);
        model.plugin = query.columnText(1);
        model.createdAt = query.columnText(2);
        model.scenarioName = query.columnText(3);
        model.seed = static_cast<std::uint64_t>(query.columnInt64(4));
        model.sampleCount = query.columnInt64(5);
        model.byteCount = query.columnInt64(6);
        model.metrics = metricsOf(m_db, model.id, query.columnText(7));
        models.push_back(std::move(model));
    }
    return models;
}

std::vector<RunModel> Project::runModels(RunId id) const
{
    Statement query(m_db, "SELECT plugin, model_id, model_sha256 FROM run_models WHERE run_id = ?1 ORDER BY plugin");
    query.bindInt64(1, id);
    std::vector<RunModel> models;
    while (query.step()) {
        RunModel model;
        model.plugin = query.columnText(0);
        if (!query.columnIsNull(1))
            model.modelId = query.columnInt64(1);
        model.sha256 = query.columnText(2);
        models.push_back(std::move(model));
    }
    return models;
}

} // namespace orrery::store
