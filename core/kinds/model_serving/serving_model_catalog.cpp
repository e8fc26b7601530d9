#include "kinds/model_serving/serving_model_catalog.h"

#include <stdexcept>

namespace orrery::kinds::model_serving {

namespace {

constexpr double kGB = 1e9;
constexpr double kSequenceTokens = 512; // Table 6.1: "a single query with a sequence length of 512"
//! Achieved share of the V100 roofline for C and K (judgement, no source: dense FP32 kernels
//! reach about half of peak in practice). Only the absolute C and K depend on it, not α.
constexpr double kRooflineEfficiency = 0.5;

//! Transformer shape from the model's published configuration (Hugging Face config.json).
struct Transformer {
    double hidden = 0;
    double layers = 0;
    double heads = 0;
    double feedForward = 0;
};

//! One forward pass of `tokens` new tokens attending over `context` tokens, all layers.
std::vector<OperatorCount> transformerPass(const Transformer& t, double tokens, double context)
{
    const double headDim = t.hidden / t.heads;
    return {
        {OperatorProfile::gemm(tokens, t.hidden, 3 * t.hidden), t.layers},       // Q, K, V projections
        {OperatorProfile::activationGemm(tokens, headDim, context), t.layers * t.heads}, // Q·Kᵀ per head
        {OperatorProfile::activationGemm(tokens, context, headDim), t.layers * t.heads}, // softmax·V per head
        {OperatorProfile::gemm(tokens, t.hidden, t.hidden), t.layers},           // output projection
        {OperatorProfile::gemm(tokens, t.hidden, t.feedForward), t.layers},      // MLP up
        {OperatorProfile::gemm(tokens, t.feedForward, t.hidden), t.layers},      // MLP down
        {OperatorProfile::elementwise(t.heads * tokens * context, 5), t.layers}, // softmax
        {OperatorProfile::elementwise(tokens * t.feedForward, 8), t.layers},     // GELU
        {OperatorProfile::elementwise(tokens * t.hidden, 8), 2 * t.layers},      // layer norms
        {OperatorProfile::elementwise(tokens * t.hidden, 1), 2 * t.layers},      // residual adds
    };
}

//! ResNet-50 v1.5 at batch 1, 224×224 (He et al. 2016, Table 1): bottleneck blocks per stage.
std::vector<OperatorCount> resnet50()
{
    std::vector<OperatorCount> ops = {{OperatorProfile::convolution(1, 224, 224, 3, 7, 7, 64, 2), 1}};
    struct Stage {
        double size, width, blocks;
    };
    for (const Stage stage : {Stage{56, 64, 3}, Stage{28, 128, 4}, Stage{14, 256, 6}, Stage{7, 512, 3}}) {
        const double out = 4 * stage.width;
        ops.push_back({OperatorProfile::convolution(1, stage.size, stage.size, out, 1, 1, stage.width, 1), stage.blocks});
        ops.push_back({OperatorProfile::convolution(1, stage.size, stage.size, stage.width, 3, 3, stage.width, 1), stage.blocks});
        ops.push_back({OperatorProfile::convolution(1, stage.size, stage.size, stage.width, 1, 1, out, 1), stage.blocks});
        ops.push_back({OperatorProfile::elementwise(stage.size * stage.size * out, 2), 3 * stage.blocks}); // BN+ReLU
    }
    ops.push_back({OperatorProfile::gemm(1, 2048, 1000), 1});
    return ops;
}

ServingModelProfile encoder(const char* name, double parameters, double sizeGB, double latencyMs, const Transformer& t,
                            const char* architecture)
{
    ServingModelProfile model;
    model.name = name;
    model.parameters = parameters;
    model.memoryBytes = static_cast<std::int64_t>(sizeGB * kGB);
    model.latencySeconds = latencyMs / 1000;
    model.prefill = transformerPass(t, kSequenceTokens, kSequenceTokens);
    model.stageActivationBytes = kSequenceTokens * t.hidden * 4;
    model.source = std::string("seed 001 Table 6.1 (parameters, size, latency); architecture: ") + architecture;
    return model;
}

ServingModelProfile generative(const char* name, double parameters, double sizeGB, double latencyMs, const Transformer& t,
                               const char* architecture)
{
    ServingModelProfile model = encoder(name, parameters, sizeGB, latencyMs, t, architecture);
    model.autoregressive = true;
    model.decode = transformerPass(t, 1, kSequenceTokens);
    model.stageActivationBytesPerToken = t.hidden * 4;
    // C and K from the V100 roofline (FP32; kRooflineEfficiency); a decoding step reads every
    // weight once, so K also has the weights' bytes at least once.
    const GpuDeviceProfile& v100 = *findGpuProfile("V100");
    model.prefillSeconds = rooflineSecondsOf(model.prefill, v100) / kRooflineEfficiency;
    model.perTokenSeconds = rooflineSecondsOf(model.decode, v100) / kRooflineEfficiency;
    model.source += "; C, K: V100 roofline of the prompt pass and of one decoding step at 50 % efficiency";
    return model;
}

} // namespace

const std::vector<ServingModelProfile>& builtInServingModels()
{
    static const std::vector<ServingModelProfile> kModels = [] {
        std::vector<ServingModelProfile> models;
        ServingModelProfile resnet;
        resnet.name = "ResNet-50";
        resnet.parameters = 25e6;
        resnet.memoryBytes = static_cast<std::int64_t>(0.2 * kGB);
        resnet.latencySeconds = 0.051;
        resnet.prefill = resnet50();
        resnet.stageActivationBytes = 28.0 * 28 * 512 * 4; // a cut after stage conv3_x (28×28×512, FP32)
        resnet.source = "seed 001 Table 6.1; architecture: He et al. 2016 Table 1 (batch 1, 224×224)";
        models.push_back(resnet);
        const Transformer bertBase{768, 12, 12, 3072};
        const Transformer bertLarge{1024, 24, 16, 4096};
        models.push_back(encoder("BERT-base", 110e6, 0.5, 123, bertBase, "bert-base-uncased"));
        models.push_back(encoder("BERT-large", 340e6, 1.4, 365, bertLarge, "bert-large-uncased"));
        models.push_back(encoder("RoBERTa-base", 125e6, 0.5, 135, bertBase, "roberta-base"));
        models.push_back(encoder("RoBERTa-large", 355e6, 1.4, 382, bertLarge, "roberta-large"));
        models.push_back(generative("OPT-1.3b", 1.3e9, 5.0, 1243, {2048, 24, 32, 8192}, "facebook/opt-1.3b"));
        models.push_back(generative("OPT-2.7b", 2.7e9, 10.4, 2351, {2560, 32, 32, 10240}, "facebook/opt-2.7b"));
        models.push_back(generative("GPT2-large", 774e6, 3.3, 832, {1280, 36, 20, 5120}, "gpt2-large"));
        models.push_back(generative("GPT2-xl", 1.5e9, 6.4, 1602, {1600, 48, 25, 6400}, "gpt2-xl"));
        models.push_back(generative("CodeGen-350m", 350e6, 1.3, 357, {1024, 20, 16, 4096}, "Salesforce/codegen-350M-mono"));
        models.push_back(generative("CodeGen-2b", 2.0e9, 8.0, 2507, {2560, 32, 32, 10240}, "Salesforce/codegen-2B-mono"));
        models.push_back(generative("Bloom-1b1", 1.1e9, 4.0, 523, {1536, 24, 16, 6144}, "bigscience/bloom-1b1"));
        models.push_back(generative("Bloom-3b", 3.0e9, 11.0, 1293, {2560, 30, 32, 10240}, "bigscience/bloom-3b"));
        // Switch Transformers route each token to one expert: per token they compute like
        // T5-base (12 encoder + 12 decoder layers, d = 768, d_ff = 3072).
        models.push_back(generative("Switch-base-16", 920e6, 2.4, 348, {768, 24, 12, 3072}, "google/switch-base-16 (T5-base per token)"));
        models.push_back(generative("Switch-base-32", 1.8e9, 4.8, 402, {768, 24, 12, 3072}, "google/switch-base-32 (T5-base per token)"));
        return models;
    }();
    return kModels;
}

const ServingModelProfile* findServingModel(std::string_view name)
{
    for (const auto& model : builtInServingModels()) {
        if (model.name == name)
            return &model;
    }
    return nullptr;
}

const ServingModelProfile& servingModel(std::string_view name)
{
    if (const auto* model = findServingModel(name))
        return *model;
    std::string known;
    for (const auto& model : builtInServingModels())
        known += (known.empty() ? "" : ", ") + model.name;
    throw std::invalid_argument("model: unknown model '" + std::string(name) + "' (known: " + known + ")");
}

} // namespace orrery::kinds::model_serving
