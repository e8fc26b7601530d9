#include "firm_model.h"

#include <cstring>
#include <stdexcept>

namespace orrery::plugins::firm {
namespace {

constexpr char kMagic[4] = {'F', 'I', 'R', 'M'};
// Format 3 adds the per-resource floors; 2 the learner. Older formats still load.
constexpr std::uint32_t kFormat = 3;
constexpr std::uint32_t kFormatBeforeFloors = 2;
constexpr std::uint32_t kFormatBeforeLearner = 1;

template <typename T>
void put(std::vector<std::uint8_t>& out, T value)
{
    // resize + memcpy rather than insert: g++ 12 warns falsely (-Warray-bounds) about the latter.
    const std::size_t at = out.size();
    out.resize(at + sizeof(T));
    std::memcpy(out.data() + at, &value, sizeof(T)); // x86-64 and arm64 are little-endian
}

void append(std::vector<std::uint8_t>& out, const std::string& text)
{
    const std::size_t at = out.size();
    out.resize(at + text.size());
    if (!text.empty())
        std::memcpy(out.data() + at, text.data(), text.size());
}

class Reader {
public:
    explicit Reader(const std::vector<std::uint8_t>& bytes) : m_bytes(bytes) {}

    template <typename T>
    T get(const char* field)
    {
        T value;
        std::memcpy(&value, need(sizeof(T), field), sizeof(T));
        return value;
    }
    std::string text(std::size_t size, const char* field)
    {
        const std::uint8_t* start = need(size, field);
        return {reinterpret_cast<const char*>(start), size};
    }
    [[nodiscard]] bool atEnd() const { return m_offset == m_bytes.size(); }

private:
    const std::uint8_t* need(std::size_t size, const char* field)
    {
        if (m_bytes.size() - m_offset < size)
            throw std::runtime_error(std::string("firm model truncated at byte ") + std::to_string(m_offset)
                                     + " (reading " + field + ")");
        const std::uint8_t* start = m_bytes.data() + m_offset;
        m_offset += size;
        return start;
    }
    const std::vector<std::uint8_t>& m_bytes;
    std::size_t m_offset = 0;
};

} // namespace

const char* toString(policy::ControlTrainingMode mode)
{
    switch (mode) {
    case policy::ControlTrainingMode::OneForAll: return "one-for-all";
    case policy::ControlTrainingMode::OneForEach: return "one-for-each";
    case policy::ControlTrainingMode::Transfer: return "transfer";
    }
    return "?";
}

std::vector<std::uint8_t> FirmModel::toBytes() const
{
    std::vector<std::uint8_t> out(sizeof kMagic);
    std::memcpy(out.data(), kMagic, sizeof kMagic);
    put(out, kFormat);
    put(out, static_cast<std::uint32_t>(learner));
    put(out, static_cast<std::uint32_t>(mode));
    put(out, stateDim);
    put(out, actionDim);
    put(out, scale.minFraction);
    put(out, scale.maxFraction);
    for (const double floor : scale.resourceMinFraction)
        put(out, floor);
    put(out, static_cast<std::uint32_t>(agents.size()));
    for (const auto& [name, blob] : agents) {
        put(out, static_cast<std::uint32_t>(name.size()));
        append(out, name);
        put(out, static_cast<std::uint64_t>(blob.size()));
        append(out, blob);
    }
    return out;
}

FirmModel FirmModel::fromBytes(const std::vector<std::uint8_t>& bytes)
{
    Reader in(bytes);
    if (in.text(4, "magic") != std::string(kMagic, 4))
        throw std::runtime_error("not a firm model (no FIRM header)");
    const auto format = in.get<std::uint32_t>("format");
    if (format != kFormat && format != kFormatBeforeFloors && format != kFormatBeforeLearner)
        throw std::runtime_error("firm model format " + std::to_string(format) + " is not supported (expected "
                                 + std::to_string(kFormatBeforeLearner) + " to " + std::to_string(kFormat) + ")");
    FirmModel model;
    if (format >= kFormatBeforeFloors) {
        const auto learner = in.get<std::uint32_t>("learner");
        if (learner > static_cast<std::uint32_t>(FirmLearner::Sac))
            throw std::runtime_error("firm model has unknown learner " + std::to_string(learner));
        model.learner = static_cast<FirmLearner>(learner);
    }
    const auto mode = in.get<std::uint32_t>("mode");
    if (mode > static_cast<std::uint32_t>(policy::ControlTrainingMode::Transfer))
        throw std::runtime_error("firm model has unknown mode " + std::to_string(mode));
    model.mode = static_cast<policy::ControlTrainingMode>(mode);
    model.stateDim = in.get<std::uint32_t>("stateDim");
    model.actionDim = in.get<std::uint32_t>("actionDim");
    if (model.stateDim != kStateDim || model.actionDim != kActionDim)
        throw std::runtime_error("firm model has dimensions " + std::to_string(model.stateDim) + " → "
                                 + std::to_string(model.actionDim) + ", this plugin expects "
                                 + std::to_string(kStateDim) + " → " + std::to_string(kActionDim));
    model.scale.minFraction = in.get<double>("minFraction");
    model.scale.maxFraction = in.get<double>("maxFraction");
    if (format >= kFormat)
        for (double& floor : model.scale.resourceMinFraction)
            floor = in.get<double>("resourceMinFraction");
    const auto count = in.get<std::uint32_t>("agentCount");
    for (std::uint32_t a = 0; a < count; ++a) {
        std::string name = in.text(in.get<std::uint32_t>("nameLength"), "name");
        const auto length = in.get<std::uint64_t>("blobLength");
        model.agents.emplace_back(std::move(name), in.text(static_cast<std::size_t>(length), "agent"));
    }
    if (!in.atEnd())
        throw std::runtime_error("firm model has trailing bytes after its last agent");
    return model;
}

const std::string* FirmModel::agentFor(const std::string& name) const
{
    const std::string* shared = nullptr;
    for (const auto& [agentName, blob] : agents) {
        if (agentName == name)
            return &blob;
        if (agentName.empty())
            shared = &blob;
    }
    return shared;
}

} // namespace orrery::plugins::firm
