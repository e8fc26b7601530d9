#include "store/project_embeddings.h"

#include "store/database.h"
#include "store/statement.h"
#include "store/store_error.h"
#include "store/transaction.h"
#include "store/utc_time.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace orrery::store {
namespace {

//! attributes as a JSON object of strings (keys and values escaped for JSON).
std::string attributesJson(const std::map<std::string, std::string>& attributes)
{
    const auto quote = [](const std::string& text) {
        std::string out = "\"";
        for (const char c : text) {
            if (c == '"' || c == '\\') {
                out += '\\';
                out += c;
            } else if (static_cast<unsigned char>(c) < 0x20) {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
                out += escaped;
            } else {
                out += c;
            }
        }
        return out + '"';
    };
    std::string json = "{";
    for (const auto& [key, value] : attributes) {
        if (json.size() > 1)
            json += ',';
        json += quote(key) + ':' + quote(value);
    }
    return json + '}';
}

} // namespace

void ProjectEmbeddings::save(ModelId modelId, const std::vector<StoredEmbedding>& embeddings)
{
    Transaction transaction(m_db);
    Statement insert(m_db, "INSERT OR REPLACE INTO embeddings (model_id, label, dims, vector, attributes, created_at) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    const std::string now = utcNow();
    for (const StoredEmbedding& embedding : embeddings) {
        if (embedding.vector.empty() || embedding.label.empty())
            throw StoreError(m_db.path(), "an embedding needs a label and at least one dimension");
        std::vector<std::byte> bytes(embedding.vector.size() * sizeof(float));
        std::memcpy(bytes.data(), embedding.vector.data(), bytes.size()); // little-endian hosts only, as the other blobs
        insert.reset();
        insert.bindInt64(1, modelId)
            .bindText(2, embedding.label)
            .bindInt64(3, static_cast<std::int64_t>(embedding.vector.size()))
            .bindBlob(4, bytes)
            .bindText(5, attributesJson(embedding.attributes))
            .bindText(6, now);
        insert.run();
    }
    transaction.commit();
}

std::vector<StoredEmbedding> ProjectEmbeddings::ofModel(ModelId modelId) const
{
    Statement select(m_db, "SELECT e.id, e.label, e.dims, e.vector, e.created_at, j.key, j.value "
                           "FROM embeddings e LEFT JOIN json_each(e.attributes) j WHERE e.model_id = ?1 ORDER BY e.label, j.key");
    select.bindInt64(1, modelId);
    std::vector<StoredEmbedding> embeddings;
    while (select.step()) {
        const std::int64_t id = select.columnInt64(0);
        if (embeddings.empty() || embeddings.back().id != id) {
            StoredEmbedding embedding;
            embedding.id = id;
            embedding.modelId = modelId;
            embedding.label = select.columnText(1);
            const auto blob = select.columnBlob(3);
            embedding.vector.resize(static_cast<std::size_t>(select.columnInt64(2)));
            std::memcpy(embedding.vector.data(), blob.data(), std::min(blob.size(), embedding.vector.size() * sizeof(float)));
            embedding.createdAt = select.columnText(4);
            embeddings.push_back(std::move(embedding));
        }
        if (!select.columnIsNull(5))
            embeddings.back().attributes[select.columnText(5)] = select.columnText(6);
    }
    return embeddings;
}

std::optional<ModelId> ProjectEmbeddings::latestModel() const
{
    Statement select(m_db, "SELECT model_id FROM embeddings ORDER BY model_id DESC LIMIT 1");
    if (!select.step())
        return std::nullopt;
    return select.columnInt64(0);
}

} // namespace orrery::store
