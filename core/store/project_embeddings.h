#pragma once
#include "store/ids.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace orrery::store {

class Database;

//! One environment's embedding (table `embeddings`, schema v9): the vector the meta learner
//! stored as model `modelId` gave the environment `label` (a scenario or application name), and
//! what is known of it (e.g. {"segments": "compression+web-serving", "class": "cpu"}).
struct StoredEmbedding {
    std::int64_t id = 0;
    ModelId modelId = 0;
    std::string label;
    std::vector<float> vector;
    std::map<std::string, std::string> attributes;
    std::string createdAt;
};

//! Writes and reads the embeddings of the project's meta learners.
class ProjectEmbeddings {
public:
    explicit ProjectEmbeddings(Database& db) : m_db(db) {}

    //! Stores the embeddings of model `modelId` in one transaction (replacing any of the same
    //! label). Throws StoreError for an empty vector or label, or a model that does not exist.
    void save(ModelId modelId, const std::vector<StoredEmbedding>& embeddings);
    //! The embeddings of model `modelId`, by label.
    [[nodiscard]] std::vector<StoredEmbedding> ofModel(ModelId modelId) const;
    //! The newest model that has embeddings, if any.
    [[nodiscard]] std::optional<ModelId> latestModel() const;

private:
    Database& m_db;
};

} // namespace orrery::store
