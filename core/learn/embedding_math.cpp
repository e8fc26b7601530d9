#include "learn/embedding_math.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace orrery::learn {

double cosineSimilarity(std::span<const float> a, std::span<const float> b)
{
    if (a.size() != b.size())
        throw std::invalid_argument("cosineSimilarity: embeddings of " + std::to_string(a.size()) + " and "
                                    + std::to_string(b.size()) + " values");
    double dot = 0, normA = 0, normB = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        dot += static_cast<double>(a[i]) * b[i];
        normA += static_cast<double>(a[i]) * a[i];
        normB += static_cast<double>(b[i]) * b[i];
    }
    if (normA == 0 || normB == 0)
        return 0;
    return dot / (std::sqrt(normA) * std::sqrt(normB));
}

std::vector<float> conditionedState(std::span<const float> state, std::span<const float> embedding)
{
    std::vector<float> out;
    out.reserve(state.size() + embedding.size());
    out.insert(out.end(), state.begin(), state.end());
    out.insert(out.end(), embedding.begin(), embedding.end());
    return out;
}

DdpgConfig conditionedDdpgConfig(DdpgConfig base, std::size_t embeddingDim)
{
    base.stateDim += embeddingDim;
    return base;
}

} // namespace orrery::learn
