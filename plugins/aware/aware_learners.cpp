#include "aware_learners.h"

#include "env/transition_features.h"
#include "learn/embedding_math.h"

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

namespace orrery::plugins::aware {

learn::DdpgConfig awareDdpgConfig(std::uint64_t seed, std::size_t stateDim, std::size_t embeddingDim)
{
    learn::DdpgConfig config;
    config.stateDim = stateDim;
    config.actionDim = kActionDim;
    config.discount = 0.99;   // Table 5.2
    config.softUpdate = 3e-3; // Table 5.2
    config.seed = seed;
    return learn::conditionedDdpgConfig(config, embeddingDim);
}

learn::ControlAgent makeAwareAgent(learn::ControlLearner learner, std::uint64_t seed, std::size_t stateDim, std::size_t embeddingDim,
                                   const learn::ControlAgentOptions& options)
{
    return learn::ControlAgent(learner, awareDdpgConfig(seed, stateDim, embeddingDim), options);
}

std::unique_ptr<learn::MetaLearner> loadMetaLearner(const AwareParams& params)
{
    if (params.metaModelPath.empty())
        return nullptr;
    std::ifstream file(params.metaModelPath, std::ios::binary);
    if (!file)
        throw std::runtime_error("aware: cannot read the meta learner " + params.metaModelPath);
    const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    return metaLearnerFromBytes(params, bytes);
}

std::unique_ptr<learn::MetaLearner> metaLearnerFromBytes(const AwareParams& params, const std::string& bytes)
{
    learn::MetaLearnerConfig config;
    config.stateDim = env::TransitionFeatures::kStateDim;
    config.actionDim = env::TransitionFeatures::kActionDim;
    config.rnnHidden = params.metaHidden;
    config.fcHidden = params.metaHidden;
    config.embeddingDim = params.embeddingDim;
    auto learner = std::make_unique<learn::MetaLearner>(config);
    learner->loadBytes(bytes);
    return learner;
}

} // namespace orrery::plugins::aware
