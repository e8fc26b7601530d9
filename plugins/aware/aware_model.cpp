#include "aware_model.h"

#include "context_features.h"

#include <cstring>
#include <stdexcept>

namespace orrery::plugins::aware {
namespace {

constexpr char kMagic[4] = {'A', 'W', 'A', 'R'};
constexpr std::uint32_t kFormat = 3;
constexpr std::uint32_t kFormatWithoutNormalizer = 2;
constexpr std::uint32_t kFormatWithoutLearner = 1;

template <typename T> void put(std::vector<std::uint8_t>& out, T value)
{
    std::uint8_t raw[sizeof(T)];
    std::memcpy(raw, &value, sizeof(T));
    out.insert(out.end(), raw, raw + sizeof(T));
}

void putBlob(std::vector<std::uint8_t>& out, const std::string& blob)
{
    put<std::uint64_t>(out, blob.size());
    out.insert(out.end(), blob.begin(), blob.end());
}

class Reader {
public:
    explicit Reader(const std::vector<std::uint8_t>& bytes) : m_bytes(bytes) {}

    template <typename T> T get(const char* what)
    {
        need(sizeof(T), what);
        T value;
        std::memcpy(&value, m_bytes.data() + m_offset, sizeof(T));
        m_offset += sizeof(T);
        return value;
    }
    std::string blob(const char* what)
    {
        const auto size = get<std::uint64_t>(what);
        need(size, what);
        std::string text(reinterpret_cast<const char*>(m_bytes.data() + m_offset), size);
        m_offset += size;
        return text;
    }

private:
    void need(std::uint64_t size, const char* what) const
    {
        if (size > m_bytes.size() - m_offset)
            throw std::runtime_error(std::string("aware model: truncated at ") + what);
    }
    const std::vector<std::uint8_t>& m_bytes;
    std::size_t m_offset = 0;
};

} // namespace

std::vector<std::uint8_t> AwareModel::toBytes() const
{
    std::vector<std::uint8_t> out;
    out.reserve(64 + embedding.size() * sizeof(float) + agent.size() + metaLearner.size());
    for (const char c : kMagic)
        out.push_back(static_cast<std::uint8_t>(c));
    put(out, kFormat);
    put(out, stateDim);
    put(out, actionDim);
    put(out, static_cast<std::uint32_t>(embedding.size()));
    put(out, scale.minFraction);
    put(out, scale.maxFraction);
    put(out, scale.minReplicas);
    put(out, scale.maxReplicas);
    for (const float value : embedding)
        put(out, value);
    put(out, static_cast<std::uint32_t>(lifecycleRewards.size()));
    for (const double reward : lifecycleRewards)
        put(out, reward);
    putBlob(out, agent);
    putBlob(out, metaLearner);
    put(out, static_cast<std::uint32_t>(learner));
    putBlob(out, stateNormalizer);
    return out;
}

AwareModel AwareModel::fromBytes(const std::vector<std::uint8_t>& bytes)
{
    if (bytes.size() < 4 || std::memcmp(bytes.data(), kMagic, 4) != 0)
        throw std::runtime_error("not an aware model (no AWAR header)");
    std::vector<std::uint8_t> rest(bytes.begin() + 4, bytes.end());
    Reader in(rest);
    const auto format = in.get<std::uint32_t>("format");
    if (format < kFormatWithoutLearner || format > kFormat)
        throw std::runtime_error("aware model format " + std::to_string(format) + ", expected "
                                 + std::to_string(kFormatWithoutLearner) + " to " + std::to_string(kFormat));
    AwareModel model;
    model.stateDim = in.get<std::uint32_t>("stateDim");
    model.actionDim = in.get<std::uint32_t>("actionDim");
    const bool knownState = model.stateDim == kStateDim || model.stateDim == kStateDim + ContextFeatures::kSize;
    if (!knownState || model.actionDim != kActionDim)
        throw std::runtime_error("aware model of state " + std::to_string(model.stateDim) + " and action "
                                 + std::to_string(model.actionDim) + ", expected state " + std::to_string(kStateDim)
                                 + " (or " + std::to_string(kStateDim + ContextFeatures::kSize)
                                 + " with context features) and action " + std::to_string(kActionDim));
    const auto embeddingDim = in.get<std::uint32_t>("embeddingDim");
    if (embeddingDim > bytes.size() / sizeof(float))
        throw std::runtime_error("aware model: embedding of " + std::to_string(embeddingDim) + " values in "
                                 + std::to_string(bytes.size()) + " bytes");
    model.scale.minFraction = in.get<double>("minFraction");
    model.scale.maxFraction = in.get<double>("maxFraction");
    model.scale.minReplicas = in.get<std::int32_t>("minReplicas");
    model.scale.maxReplicas = in.get<std::int32_t>("maxReplicas");
    model.embedding.resize(embeddingDim);
    for (float& value : model.embedding)
        value = in.get<float>("embedding");
    const auto rewards = in.get<std::uint32_t>("reward count");
    if (rewards > bytes.size() / sizeof(double))
        throw std::runtime_error("aware model: truncated at lifecycle rewards");
    model.lifecycleRewards.resize(rewards);
    for (double& reward : model.lifecycleRewards)
        reward = in.get<double>("lifecycle rewards");
    model.agent = in.blob("agent");
    model.metaLearner = in.blob("meta learner");
    if (format >= kFormatWithoutNormalizer) {
        const auto learner = in.get<std::uint32_t>("learner");
        if (learner > static_cast<std::uint32_t>(learn::ControlLearner::Sac))
            throw std::runtime_error("aware model: unknown learner " + std::to_string(learner));
        model.learner = static_cast<learn::ControlLearner>(learner);
    }
    if (format >= kFormat)
        model.stateNormalizer = in.blob("state normalizer");
    return model;
}

} // namespace orrery::plugins::aware
