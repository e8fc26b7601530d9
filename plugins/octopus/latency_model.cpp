#include "latency_model.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <stdexcept>

namespace orrery::plugins::octopus {
namespace {

constexpr std::string_view kMagic = "orrery-octopus-model 2";
constexpr std::string_view kMagicBeforePressure = "orrery-octopus-model 1";
constexpr float kMissing = std::numeric_limits<float>::quiet_NaN();
constexpr const char* kFeatureNames[kFeatureCount] = {"cpu_millicores", "memory_bytes", "disk_bytes",
                                                      "service", "depends_on", "compute_kind",
                                                      "node_cpu_utilization", "node_memory_bandwidth_utilization"};
// q: quantitative, c: categorical (XGBoost's native categorical splits, tree_method=hist).
constexpr const char* kFeatureTypes[kFeatureCount] = {"q", "q", "q", "c", "c", "c", "q", "q"};
// Inplace prediction of the raw value; cache_id must be 0 in XGBoost 1.7.
constexpr const char* kPredictConfig = R"({"type": 0, "training": false, "iteration_begin": 0, )"
                                       R"("iteration_end": 0, "strict_shape": false, "cache_id": 0, "missing": NaN})";

float column(std::int64_t value)
{
    return static_cast<float>(value);
}

void setParam(BoosterHandle booster, const char* name, const std::string& value)
{
    checkXgb(XGBoosterSetParam(booster, name, value.c_str()), std::string("XGBoosterSetParam(") + name + ")");
}

} // namespace

LatencyModel::LatencyModel(BoosterPtr booster, std::vector<std::string> vocabulary, TreeOptions options)
    : m_booster(std::move(booster))
    , m_vocabulary(std::move(vocabulary))
    , m_options(options)
{
    for (std::size_t i = 0; i < m_vocabulary.size(); ++i)
        m_categories.emplace(m_vocabulary[i], static_cast<float>(i));
}

LatencyModel LatencyModel::train(const std::vector<policy::PlacementSample>& samples,
                                 std::span<const std::size_t> rows, const TreeOptions& options)
{
    if (rows.empty())
        throw std::invalid_argument("no samples to train on");
    // The vocabulary: "" (a root task, no dependency) first, then every name seen, sorted, so
    // the categories do not depend on the order samples arrived in.
    std::set<std::string> names;
    for (const std::size_t row : rows) {
        names.insert(samples[row].service);
        names.insert(samples[row].dependsOn);
    }
    names.erase("");
    std::vector<std::string> vocabulary{""};
    vocabulary.insert(vocabulary.end(), names.begin(), names.end());
    LatencyModel model(BoosterPtr{}, std::move(vocabulary), options);

    std::vector<float> matrix;
    std::vector<float> labels;
    matrix.reserve(rows.size() * kFeatureCount);
    labels.reserve(rows.size());
    double labelSum = 0.0;
    for (const std::size_t row : rows) {
        const auto& sample = samples[row];
        if (!(sample.latencySeconds > 0.0) || !std::isfinite(sample.latencySeconds))
            throw std::invalid_argument("sample latency must be finite and > 0");
        const FeatureRow features = model.featuresOf(sample);
        matrix.insert(matrix.end(), features.begin(), features.end());
        const double target = options.logTarget ? std::log(sample.latencySeconds) : sample.latencySeconds;
        labels.push_back(static_cast<float>(target));
        labelSum += target;
    }

    DMatrixHandle rawMatrix = nullptr;
    checkXgb(XGDMatrixCreateFromMat_omp(matrix.data(), rows.size(), kFeatureCount, kMissing, &rawMatrix, 1),
             "XGDMatrixCreateFromMat");
    const DMatrixPtr data(rawMatrix);
    // The C API takes `const char**`; hand it copies of the constant tables.
    std::array<const char*, kFeatureCount> featureNames{};
    std::array<const char*, kFeatureCount> types{};
    std::copy(std::begin(kFeatureNames), std::end(kFeatureNames), featureNames.begin());
    std::copy(std::begin(kFeatureTypes), std::end(kFeatureTypes), types.begin());
    checkXgb(XGDMatrixSetStrFeatureInfo(rawMatrix, "feature_name", featureNames.data(), kFeatureCount), "setting feature names");
    checkXgb(XGDMatrixSetStrFeatureInfo(rawMatrix, "feature_type", types.data(), kFeatureCount), "setting feature types");
    checkXgb(XGDMatrixSetFloatInfo(rawMatrix, "label", labels.data(), labels.size()), "setting labels");

    DMatrixHandle cached[] = {rawMatrix};
    BoosterHandle rawBooster = nullptr;
    checkXgb(XGBoosterCreate(cached, 1, &rawBooster), "XGBoosterCreate");
    model.m_booster.reset(rawBooster);
    setParam(rawBooster, "nthread", "1");
    setParam(rawBooster, "seed", std::to_string(options.seed & 0x7fffffffu));
    setParam(rawBooster, "objective", "reg:squarederror");
    setParam(rawBooster, "tree_method", "hist");
    setParam(rawBooster, "max_depth", std::to_string(options.maxDepth));
    // No L2 shrinkage of leaf values: a single tree is then a plain regression tree (each leaf
    // predicts its samples' mean). With XGBoost's default lambda = 1, the 1.7 hist updater
    // stopped splitting our categorical features early: held-out accuracy 0.82 instead of 1.00
    // on the synthetic fixture (bench_octopus). Ensembles are regularised by eta instead.
    setParam(rawBooster, "lambda", "0");
    char number[32];
    std::snprintf(number, sizeof number, "%.17g", options.learningRate);
    setParam(rawBooster, "eta", number);
    // XGBoost 1.7 starts from a constant 0.5; starting from the mean target lets one tree with
    // few leaves spend its splits on the structure rather than on the offset.
    std::snprintf(number, sizeof number, "%.9g", labelSum / static_cast<double>(labels.size()));
    setParam(rawBooster, "base_score", number);
    for (int round = 0; round < options.trees; ++round)
        checkXgb(XGBoosterUpdateOneIter(rawBooster, round, rawMatrix), "XGBoosterUpdateOneIter");
    return model;
}

LatencyModel LatencyModel::fromBytes(std::span<const std::uint8_t> bytes)
{
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    const auto firstEnd = text.find('\n');
    if (firstEnd != std::string_view::npos && text.substr(0, firstEnd) == kMagicBeforePressure)
        throw std::invalid_argument("an octopus model of format 1, trained before node pressure was a feature; "
                                    "train a new one (orrery train octopus)");
    if (firstEnd == std::string_view::npos || text.substr(0, firstEnd) != kMagic)
        throw std::invalid_argument("not an octopus model (it does not start with \"" + std::string(kMagic) + "\")");
    const auto headerEnd = text.find('\n', firstEnd + 1);
    if (headerEnd == std::string_view::npos)
        throw std::invalid_argument("octopus model is truncated (no header line)");
    const nlohmann::json header =
        nlohmann::json::parse(text.substr(firstEnd + 1, headerEnd - firstEnd - 1), nullptr, false);
    if (!header.is_object() || !header.contains("vocabulary") || !header["vocabulary"].is_array())
        throw std::invalid_argument("octopus model header is not valid JSON with a vocabulary");

    TreeOptions options;
    std::vector<std::string> vocabulary;
    try {
        for (const auto& name : header["vocabulary"])
            vocabulary.push_back(name.get<std::string>());
        options.trees = header.at("trees").get<int>();
        options.maxDepth = header.at("max_depth").get<int>();
        options.learningRate = header.at("learning_rate").get<double>();
        options.logTarget = header.at("target").get<std::string>() == "log_seconds";
        options.seed = header.at("seed").get<std::uint64_t>();
    } catch (const nlohmann::json::exception& error) {
        throw std::invalid_argument(std::string("octopus model header: ") + error.what());
    }
    if (vocabulary.empty() || !vocabulary.front().empty())
        throw std::invalid_argument("octopus model header: the vocabulary must start with \"\"");

    BoosterPtr booster = makeBooster();
    const auto trees = bytes.subspan(headerEnd + 1);
    if (trees.empty())
        throw std::invalid_argument("octopus model is truncated (no trees)");
    checkXgb(XGBoosterLoadModelFromBuffer(booster.get(), trees.data(), trees.size()), "XGBoosterLoadModelFromBuffer");
    setParam(booster.get(), "nthread", "1");
    return LatencyModel(std::move(booster), std::move(vocabulary), options);
}

std::vector<std::uint8_t> LatencyModel::toBytes() const
{
    nlohmann::json header = nlohmann::json::object();
    header["features"] = kFeatureNames;
    header["vocabulary"] = m_vocabulary;
    header["target"] = m_options.logTarget ? "log_seconds" : "seconds";
    header["trees"] = m_options.trees;
    header["max_depth"] = m_options.maxDepth;
    header["learning_rate"] = m_options.learningRate;
    header["seed"] = m_options.seed;
    // Compact dump: strings escape newlines, so the header is exactly one line.
    const std::string head = std::string(kMagic) + '\n'
        + header.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';

    bst_ulong length = 0;
    const char* raw = nullptr;
    checkXgb(XGBoosterSaveModelToBuffer(m_booster.get(), R"({"format": "ubj"})", &length, &raw),
             "XGBoosterSaveModelToBuffer");
    std::vector<std::uint8_t> out(head.begin(), head.end());
    out.insert(out.end(), reinterpret_cast<const std::uint8_t*>(raw), reinterpret_cast<const std::uint8_t*>(raw) + length);
    return out;
}

float LatencyModel::categoryOf(std::string_view name) const
{
    const auto it = m_categories.find(name);
    return it == m_categories.end() ? kMissing : it->second;
}

FeatureRow LatencyModel::featuresOf(std::string_view service, std::string_view dependsOn,
                                    const model::Resources& request, std::int64_t diskBytes,
                                    model::ComputeKind kind, NodePressure pressure) const
{
    FeatureRow row;
    row[static_cast<int>(Feature::NodeCpuPressure)] = static_cast<float>(pressure.cpu);
    row[static_cast<int>(Feature::NodeMemoryPressure)] = static_cast<float>(pressure.memoryBandwidth);
    row[static_cast<int>(Feature::CpuMillicores)] = column(request.millicores);
    row[static_cast<int>(Feature::MemoryBytes)] = column(request.memoryBytes);
    row[static_cast<int>(Feature::DiskBytes)] = column(diskBytes);
    row[static_cast<int>(Feature::Service)] = categoryOf(service);
    row[static_cast<int>(Feature::DependsOn)] = categoryOf(dependsOn);
    row[static_cast<int>(Feature::ComputeKind)] = static_cast<float>(static_cast<int>(kind));
    return row;
}

FeatureRow LatencyModel::featuresOf(const policy::PlacementSample& sample) const
{
    return featuresOf(sample.service, sample.dependsOn, sample.request, sample.diskBytes, sample.compute,
                      NodePressure{sample.nodeCpuUtilization, sample.nodeMemoryBandwidthUtilization});
}

void LatencyModel::predictSeconds(std::span<const FeatureRow> rows, std::span<double> out) const
{
    if (out.size() != rows.size())
        throw std::invalid_argument("predictSeconds: output size differs from the number of rows");
    if (rows.empty())
        return;
    // __array_interface__ of the rows (row-major float32), pointing at the caller's memory.
    char interface[160];
    std::snprintf(interface, sizeof interface,
                  R"({"data": [%llu, true], "shape": [%zu, %d], "typestr": "<f4", "version": 3})",
                  static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(rows.data())), rows.size(),
                  kFeatureCount);
    const bst_ulong* shape = nullptr;
    bst_ulong dimensions = 0;
    const float* result = nullptr;
    checkXgb(XGBoosterPredictFromDense(m_booster.get(), interface, kPredictConfig, nullptr, &shape, &dimensions,
                                       &result),
             "XGBoosterPredictFromDense");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const double value = result[i];
        out[i] = m_options.logTarget ? std::exp(value) : value;
    }
}

} // namespace orrery::plugins::octopus
