#pragma once
#include "store/ids.h"

#include <string>

namespace orrery::store {
class Project;
}

namespace orrery::app {

//! `orrery report --embeddings`: a self-contained HTML page of the embeddings meta learner
//! `model` stored (`orrery meta-train`): the environments on the first two principal components,
//! coloured by class (inline SVG, as the Embeddings tab shows them), a table of every
//! environment with its attributes and its nearest neighbour by cosine similarity, and the reward
//! per episode of each environment from the trajectory store.
std::string embeddingReportHtml(const store::Project& project, store::ModelId model);

} // namespace orrery::app
