#include "kinds/model_serving/operator_profile.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace orrery::kinds::model_serving {

namespace {

constexpr double kBytesPerValue = 4; // FP32, the precision of the AI-Matrix benchmarks and Table 6.1's sizes

std::string shapeText(const std::vector<double>& dims)
{
    std::string text = "[";
    for (std::size_t i = 0; i < dims.size(); ++i) {
        text += (i ? "," : "");
        text += std::to_string(static_cast<long long>(dims[i]));
    }
    return text + "]";
}

//! `text` in single quotes (appended: GCC 12 at -O3 warns falsely on "'" + std::string).
std::string quoted(std::string_view text)
{
    std::string out(1, '\'');
    out.append(text);
    out += '\'';
    return out;
}

[[noreturn]] void fail(const std::string& path, int line, const char* field, const std::string& what)
{
    throw std::runtime_error(path + ":" + std::to_string(line) + ": " + field + ": " + what);
}

//! "[a,b,c]" → {a, b, c}, each a positive integer.
std::vector<double> parseShape(const std::string& text, const std::string& path, int line, const char* field)
{
    if (text.size() < 3 || text.front() != '[' || text.back() != ']')
        fail(path, line, field, quoted(text) + " is not a shape [d1,d2,...]");
    std::vector<double> dims;
    std::size_t at = 1;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find(',', at), text.size() - 1);
        long long value = 0;
        const auto [ptr, ec] = std::from_chars(text.data() + at, text.data() + end, value);
        if (ec != std::errc() || ptr != text.data() + end || value <= 0)
            fail(path, line, field, quoted(text.substr(at, end - at)) + " in " + text + " is not a positive integer");
        dims.push_back(static_cast<double>(value));
        at = end + 1;
    }
    return dims;
}

double parsePositive(const std::string& text, const std::string& path, int line, const char* field)
{
    long long value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value <= 0)
        fail(path, line, field, quoted(text) + " is not a positive integer");
    return static_cast<double>(value);
}

//! Non-blank lines of `path` split on white space, with their line numbers.
std::vector<std::pair<int, std::vector<std::string>>> readRows(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error(path + ": cannot open the operator parameter file");
    std::vector<std::pair<int, std::vector<std::string>>> rows;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        std::istringstream words(line);
        std::vector<std::string> fields;
        for (std::string word; words >> word;)
            fields.push_back(word);
        if (!fields.empty())
            rows.emplace_back(number, std::move(fields));
    }
    return rows;
}

} // namespace

double OperatorProfile::rooflineSeconds(const GpuDeviceProfile& gpu) const
{
    return flops / gpu.peakFlopsPerSecond + bytes / gpu.memoryBandwidthBytesPerSecond;
}

double OperatorProfile::batchedRooflineSeconds(const GpuDeviceProfile& gpu, double batch) const
{
    if (batch == 1)
        return rooflineSeconds(gpu);
    return batch * flops / gpu.peakFlopsPerSecond + (weightBytes + batch * (bytes - weightBytes)) / gpu.memoryBandwidthBytesPerSecond;
}

double OperatorProfile::computeFraction(const GpuDeviceProfile& gpu) const
{
    const double intensity = arithmeticIntensity();
    return intensity / (intensity + gpu.ridgeFlopsPerByte());
}

double OperatorProfile::sensitivityPerMhz(const GpuDeviceProfile& gpu) const
{
    // L(f) ∝ (1 − α) + α·f_max/f: normalised ΔL from f_d to f_d/2 over ΔF = f_d/2.
    const double alpha = computeFraction(gpu);
    const double r = gpu.maxMhz / gpu.defaultMhz;
    const double atDefault = (1 - alpha) + alpha * r;
    const double atHalf = (1 - alpha) + 2 * alpha * r;
    return (atHalf - atDefault) / atDefault / (gpu.defaultMhz / 2);
}

OperatorProfile OperatorProfile::convolution(double n, double h, double w, double c, double r, double s, double k,
                                             double stride)
{
    const double outH = std::ceil(h / stride);
    const double outW = std::ceil(w / stride);
    OperatorProfile op;
    op.name = "conv " + shapeText({n, h, w, c}) + "x" + shapeText({r, s, c, k}) + "/" + std::to_string(static_cast<int>(stride));
    op.flops = 2 * n * outH * outW * r * s * c * k;
    op.bytes = kBytesPerValue * (n * h * w * c + r * s * c * k + n * outH * outW * k);
    op.weightBytes = kBytesPerValue * r * s * c * k;
    return op;
}

OperatorProfile OperatorProfile::gemm(double m, double k, double n)
{
    OperatorProfile op;
    op.name = "gemm " + std::to_string(static_cast<long long>(m)) + "x" + std::to_string(static_cast<long long>(k)) + "x"
              + std::to_string(static_cast<long long>(n));
    op.flops = 2 * m * k * n;
    op.bytes = kBytesPerValue * (m * k + k * n + m * n);
    op.weightBytes = kBytesPerValue * k * n;
    return op;
}

OperatorProfile OperatorProfile::activationGemm(double m, double k, double n)
{
    OperatorProfile op = gemm(m, k, n);
    op.weightBytes = 0;
    return op;
}

OperatorProfile OperatorProfile::elementwise(double elements, double flopsPerElement)
{
    OperatorProfile op;
    op.name = "elementwise " + std::to_string(static_cast<long long>(elements));
    op.flops = elements * flopsPerElement;
    op.bytes = kBytesPerValue * 2 * elements;
    return op;
}

double rooflineSecondsOf(const std::vector<OperatorCount>& operators, const GpuDeviceProfile& gpu, double batch)
{
    double seconds = 0;
    for (const auto& entry : operators)
        seconds += entry.count * entry.op.batchedRooflineSeconds(gpu, batch);
    return seconds;
}

double computeFractionOf(const std::vector<OperatorCount>& operators, const GpuDeviceProfile& gpu, double batch)
{
    double compute = 0;
    double total = 0;
    for (const auto& entry : operators) {
        compute += entry.count * batch * entry.op.flops / gpu.peakFlopsPerSecond;
        total += entry.count * entry.op.batchedRooflineSeconds(gpu, batch);
    }
    return total > 0 ? compute / total : 0;
}

std::vector<OperatorProfile> readAiMatrixConvParams(const std::string& path)
{
    std::vector<OperatorProfile> out;
    for (const auto& [line, fields] : readRows(path)) {
        if (fields.size() != 3)
            fail(path, line, "row", "expected '[N,H,W,C] [R,S,C,K] stride', found " + std::to_string(fields.size()) + " fields");
        const auto input = parseShape(fields[0], path, line, "input");
        const auto filter = parseShape(fields[1], path, line, "filter");
        if (input.size() != 4)
            fail(path, line, "input", fields[0] + " has " + std::to_string(input.size()) + " dimensions, expected 4 (NHWC)");
        if (filter.size() != 4)
            fail(path, line, "filter", fields[1] + " has " + std::to_string(filter.size()) + " dimensions, expected 4 (RSCK)");
        const double stride = parsePositive(fields[2], path, line, "stride");
        if (filter[2] != input[3])
            fail(path, line, "filter", fields[1] + " has " + std::to_string(static_cast<long long>(filter[2]))
                                           + " input channels, the input " + fields[0] + " has "
                                           + std::to_string(static_cast<long long>(input[3])));
        out.push_back(OperatorProfile::convolution(input[0], input[1], input[2], input[3], filter[0], filter[1], filter[3], stride));
    }
    return out;
}

std::vector<OperatorProfile> readAiMatrixFcParams(const std::string& path)
{
    std::vector<OperatorProfile> out;
    for (const auto& [line, fields] : readRows(path)) {
        if (fields.size() != 2)
            fail(path, line, "row", "expected '[N,d1,...] outputs', found " + std::to_string(fields.size()) + " fields");
        const auto input = parseShape(fields[0], path, line, "input");
        if (input.size() < 2)
            fail(path, line, "input", fields[0] + " needs a batch and at least one feature dimension");
        double features = 1;
        for (std::size_t i = 1; i < input.size(); ++i)
            features *= input[i];
        const double outputs = parsePositive(fields[1], path, line, "outputs");
        OperatorProfile op = OperatorProfile::gemm(input[0], features, outputs);
        op.name = "fc " + fields[0] + "x" + fields[1];
        out.push_back(std::move(op));
    }
    return out;
}

} // namespace orrery::kinds::model_serving
