#include "kinds/model_serving/serving_model_profile.h"

namespace orrery::kinds::model_serving {

namespace {

//! How much longer `operators` take on `gpu` than on the V100 the latencies of Table 6.1 were
//! measured on, by their roofline at each card's maximum clock (1 on the V100 itself).
double typeFactor(const std::vector<OperatorCount>& operators, const GpuDeviceProfile& gpu)
{
    static const GpuDeviceProfile* const reference = findGpuProfile("V100");
    if (operators.empty() || !reference || gpu.name == reference->name)
        return 1.0;
    const double onReference = rooflineSecondsOf(operators, *reference);
    return onReference > 0 ? rooflineSecondsOf(operators, gpu) / onReference : 1.0;
}

//! The batched counterpart of typeFactor: `operators` over `batch` requests on `gpu` ÷ one
//! request on the V100.
double batchFactor(const std::vector<OperatorCount>& operators, const GpuDeviceProfile& gpu, std::uint32_t batch)
{
    static const GpuDeviceProfile* const reference = findGpuProfile("V100");
    if (operators.empty() || !reference)
        return batch;
    const double onReference = rooflineSecondsOf(operators, *reference);
    return onReference > 0 ? rooflineSecondsOf(operators, gpu, batch) / onReference : static_cast<double>(batch);
}

//! L(f)/L(f_default) of a part whose compute fraction at f_max is `alpha`.
double slowdown(double alpha, double mhz, const GpuDeviceProfile& gpu)
{
    const FrequencyLatencyCurve unit(1.0, alpha, gpu.maxMhz);
    return unit.latencySeconds(mhz) / unit.latencySeconds(gpu.defaultMhz);
}

void require(model::Diagnostics& out, bool ok, const char* field, std::string message)
{
    if (ok)
        return;
    model::Diagnostic diagnostic;
    diagnostic.fieldPath = field;
    diagnostic.message = std::move(message);
    out.push_back(std::move(diagnostic));
}

} // namespace

double ServingModelProfile::requestSeconds(std::uint32_t outputTokens, double mhz, const GpuDeviceProfile& gpu) const
{
    const double prefillAlpha = computeFractionOf(prefill, gpu);
    if (!autoregressive)
        return latencySeconds * typeFactor(prefill, gpu) * slowdown(prefillAlpha, mhz, gpu);
    const double decodeAlpha = computeFractionOf(decode, gpu);
    return prefillSeconds * typeFactor(prefill, gpu) * slowdown(prefillAlpha, mhz, gpu)
           + perTokenSeconds * outputTokens * typeFactor(decode, gpu) * slowdown(decodeAlpha, mhz, gpu);
}

double ServingModelProfile::prefillBatchSeconds(std::uint32_t batch, double mhz, const GpuDeviceProfile& gpu) const
{
    if (batch <= 1)
        return requestSeconds(0, mhz, gpu);
    const double measured = autoregressive ? prefillSeconds : latencySeconds;
    return measured * batchFactor(prefill, gpu, batch) * slowdown(computeFractionOf(prefill, gpu, batch), mhz, gpu);
}

double ServingModelProfile::decodeStepSeconds(std::uint32_t batch, double mhz, const GpuDeviceProfile& gpu) const
{
    if (!autoregressive)
        return 0;
    if (batch <= 1)
        return perTokenSeconds * typeFactor(decode, gpu) * slowdown(computeFractionOf(decode, gpu), mhz, gpu);
    return perTokenSeconds * batchFactor(decode, gpu, batch) * slowdown(computeFractionOf(decode, gpu, batch), mhz, gpu);
}

FrequencyLatencyCurve ServingModelProfile::curve(std::uint32_t outputTokens, const GpuDeviceProfile& gpu) const
{
    const double prefillAlpha = computeFractionOf(prefill, gpu);
    double alpha = prefillAlpha;
    if (autoregressive) {
        // The sum of two curves (1 − α_i + α_i·f_max/f)·L_i is again such a curve, with α the
        // L_i(f_max)-weighted mean of the α_i: exact, not an approximation.
        const double decodeAlpha = computeFractionOf(decode, gpu);
        const auto maxOverDefault = [&gpu](double a) {
            const FrequencyLatencyCurve unit(1.0, a, gpu.maxMhz);
            return unit.latencySeconds(gpu.maxMhz) / unit.latencySeconds(gpu.defaultMhz);
        };
        const double prefillAtMax = prefillSeconds * maxOverDefault(prefillAlpha);
        const double decodeAtMax = perTokenSeconds * outputTokens * maxOverDefault(decodeAlpha);
        const double total = prefillAtMax + decodeAtMax;
        alpha = total > 0 ? (prefillAtMax * prefillAlpha + decodeAtMax * decodeAlpha) / total : prefillAlpha;
    }
    const double atDefault = requestSeconds(outputTokens, gpu.defaultMhz, gpu);
    const FrequencyLatencyCurve unit(1.0, alpha, gpu.maxMhz);
    return FrequencyLatencyCurve(atDefault / unit.latencySeconds(gpu.defaultMhz), alpha, gpu.maxMhz);
}

double ServingModelProfile::sensitivityPerMhz(std::uint32_t outputTokens, const GpuDeviceProfile& gpu) const
{
    const double atDefault = requestSeconds(outputTokens, gpu.defaultMhz, gpu);
    const double atHalf = requestSeconds(outputTokens, gpu.defaultMhz / 2, gpu);
    return (atHalf - atDefault) / atDefault / (gpu.defaultMhz / 2);
}

model::Diagnostics validateServingModel(const ServingModelProfile& p)
{
    model::Diagnostics out;
    require(out, !p.name.empty(), "name", "must not be empty");
    require(out, p.parameters > 0, "parameters", "must be positive");
    require(out, p.memoryBytes > 0, "memoryBytes", "must be positive, got " + std::to_string(p.memoryBytes));
    require(out, p.latencySeconds > 0, "latencySeconds", "must be positive");
    require(out, !p.prefill.empty(), "prefill", "needs at least one operator");
    if (p.autoregressive) {
        require(out, !p.decode.empty(), "decode", "an autoregressive model needs its decoding operators");
        require(out, p.prefillSeconds >= 0, "prefillSeconds", "must not be negative");
        require(out, p.perTokenSeconds > 0, "perTokenSeconds", "must be positive for an autoregressive model");
    }
    return out;
}

} // namespace orrery::kinds::model_serving
