#include "learn/adam_step.h"

#include <cmath>
#include <string>

namespace orrery::learn::detail {

namespace {

bool plainFloat(const torch::Tensor& tensor)
{
    return tensor.defined() && tensor.scalar_type() == torch::kFloat && tensor.is_contiguous() && tensor.device().is_cpu();
}

} // namespace

void stepAdam(torch::optim::Adam& optimizer)
{
    for (auto& group : optimizer.param_groups()) {
        const auto& options = static_cast<const torch::optim::AdamOptions&>(group.options());
        bool covered = options.weight_decay() == 0.0 && !options.amsgrad();
        for (const auto& p : group.params())
            covered = covered && (!p.grad().defined() || (plainFloat(p) && plainFloat(p.grad())));
        if (!covered) {
            optimizer.step();
            return;
        }
    }
    torch::NoGradGuard noGrad;
    auto& states = optimizer.state();
    for (auto& group : optimizer.param_groups()) {
        const auto& options = static_cast<const torch::optim::AdamOptions&>(group.options());
        const double beta1 = std::get<0>(options.betas());
        const double beta2 = std::get<1>(options.betas());
        for (auto& p : group.params()) {
            if (!p.grad().defined())
                continue;
            // LibTorch 1.13 keys an optimizer's state by the printed address of the parameter.
            const std::string key = c10::guts::to_string(p.unsafeGetTensorImpl());
            auto found = states.find(key);
            if (found == states.end()) {
                auto state = std::make_unique<torch::optim::AdamParamState>();
                state->step(0);
                state->exp_avg(torch::zeros_like(p, torch::MemoryFormat::Preserve));
                state->exp_avg_sq(torch::zeros_like(p, torch::MemoryFormat::Preserve));
                found = states.emplace(key, std::move(state)).first;
            }
            auto& state = static_cast<torch::optim::AdamParamState&>(*found->second);
            state.step(state.step() + 1);
            const double biasCorrection1 = 1.0 - std::pow(beta1, static_cast<double>(state.step()));
            const double biasCorrection2 = 1.0 - std::pow(beta2, static_cast<double>(state.step()));
            // Scalars as LibTorch applies them to float tensors: cast to float first.
            const auto b1 = static_cast<float>(beta1);
            const auto oneMinusB1 = static_cast<float>(1.0 - beta1);
            const auto b2 = static_cast<float>(beta2);
            const auto oneMinusB2 = static_cast<float>(1.0 - beta2);
            const auto sqrtCorrection2 = static_cast<float>(std::sqrt(biasCorrection2));
            const auto eps = static_cast<float>(options.eps());
            const auto stepSize = static_cast<float>(-options.lr() / biasCorrection1);
            float* theta = p.data_ptr<float>();
            const float* g = p.grad().data_ptr<float>();
            float* m = state.exp_avg().data_ptr<float>();
            float* v = state.exp_avg_sq().data_ptr<float>();
            const std::int64_t count = p.numel();
            for (std::int64_t i = 0; i < count; ++i) {
                m[i] = m[i] * b1 + oneMinusB1 * g[i];
                v[i] = v[i] * b2 + oneMinusB2 * g[i] * g[i]; // addcmul_: self + (value · t1) · t2
                const float denominator = std::sqrt(v[i]) / sqrtCorrection2 + eps;
                theta[i] = theta[i] + stepSize * m[i] / denominator; // addcdiv_: self + (value · t1) / t2
            }
        }
    }
}

void softUpdate(const torch::nn::Module& target, const torch::nn::Module& source, double tau)
{
    torch::NoGradGuard noGrad;
    const auto to = target.parameters();
    const auto from = source.parameters();
    const auto keep = static_cast<float>(1.0 - tau);
    const auto take = static_cast<float>(tau);
    for (std::size_t i = 0; i < to.size(); ++i) {
        if (!plainFloat(to[i]) || !plainFloat(from[i])) {
            to[i].mul_(1.0 - tau).add_(from[i], tau);
            continue;
        }
        float* out = to[i].data_ptr<float>();
        const float* in = from[i].data_ptr<float>();
        const std::int64_t count = to[i].numel();
        for (std::int64_t k = 0; k < count; ++k)
            out[k] = out[k] * keep + take * in[k];
    }
}

} // namespace orrery::learn::detail
