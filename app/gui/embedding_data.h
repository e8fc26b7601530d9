#pragma once
#include "widgets/embedding_view_data.h"

#include <QString>

#include <optional>

namespace orrery::app {

//! The Embedding view's data from a project (docs/gui.md, "Embedding view"): the embeddings the
//! newest meta learner (`orrery meta-train`) stored, one point per environment with its
//! attributes, coloured by `class` when the points have one; the current point is `current`
//! when given (else the last environment), and its curve is that environment's reward per
//! episode from the trajectory store (sum of the episode's rewards), the adaptation seen so far.
//! nullopt when the project holds no embeddings. Throws store::StoreError on a damaged file.
std::optional<widgets::EmbeddingViewData> loadEmbeddingViewData(const QString& projectPath, const QString& current = {});

} // namespace orrery::app
