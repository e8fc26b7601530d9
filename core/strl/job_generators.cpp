#include "strl/job_generators.h"

#include <cmath>

namespace orrery::strl {

namespace {

sim::SimTime slowed(sim::SimTime duration, double slowdown)
{
    return static_cast<sim::SimTime>(std::llround(static_cast<double>(duration) * slowdown));
}

sim::SimTime startAt(const GeneratorContext& context, int slot)
{
    return context.now + static_cast<sim::SimTime>(slot) * context.slotLength;
}

//! Adds nCk(set, k, s, d, value(s + d)) to `options` when the completion is worth something.
void addLeaf(std::vector<Expression>& options, const JobTypeSpec& spec, const GeneratorContext& context,
             const std::string& set, int k, sim::SimTime start, sim::SimTime duration)
{
    if (const auto value = completionValue(spec, context, start + duration))
        options.push_back(Expression::nck(set, k, start, duration, *value));
}

std::string setOrAll(const JobTypeSpec& spec)
{
    return spec.setName.empty() ? GeneratorContext::allNodesSet() : spec.setName;
}

} // namespace

std::optional<double> completionValue(const JobTypeSpec& spec, const GeneratorContext& context, sim::SimTime completion)
{
    if (spec.deadline)
        return completion <= *spec.deadline ? std::optional<double>(spec.value) : std::nullopt;
    const double window = sim::toSeconds(context.slotLength * context.windowSlots);
    const double late = sim::toSeconds(completion - context.now);
    if (window <= 0.0)
        return spec.value;
    return spec.value * window / (window + std::max(0.0, late));
}

Expression generateGpuJob(const JobTypeSpec& spec, const GeneratorContext& context)
{
    std::vector<Expression> options;
    for (int slot = 0; slot < context.windowSlots; ++slot) {
        const sim::SimTime start = startAt(context, slot);
        addLeaf(options, spec, context, GeneratorContext::gpuNodesSet(), spec.k, start, spec.duration);
        addLeaf(options, spec, context, GeneratorContext::allNodesSet(), spec.k, start, slowed(spec.duration, spec.slowdown));
    }
    return Expression::max(std::move(options));
}

Expression generateMpiJob(const JobTypeSpec& spec, const GeneratorContext& context)
{
    std::vector<Expression> options;
    for (int slot = 0; slot < context.windowSlots; ++slot) {
        const sim::SimTime start = startAt(context, slot);
        for (const std::string& rack : context.racks)
            addLeaf(options, spec, context, GeneratorContext::rackSet(rack), spec.k, start, spec.duration);
        addLeaf(options, spec, context, GeneratorContext::allNodesSet(), spec.k, start, slowed(spec.duration, spec.slowdown));
    }
    return Expression::max(std::move(options));
}

Expression generateAvailabilityJob(const JobTypeSpec& spec, const GeneratorContext& context)
{
    std::vector<Expression> options;
    if (static_cast<int>(context.racks.size()) < spec.k || spec.k <= 0)
        return Expression::max(std::move(options));
    for (int slot = 0; slot < context.windowSlots; ++slot) {
        const sim::SimTime start = startAt(context, slot);
        const auto value = completionValue(spec, context, start + spec.duration);
        if (!value)
            continue;
        std::vector<Expression> perRack;
        for (const std::string& rack : context.racks)
            perRack.push_back(Expression::nck(GeneratorContext::rackSet(rack), 1, start, spec.duration, 1.0));
        options.push_back(Expression::scale(*value / spec.k, Expression::barrier(spec.k, Expression::sum(std::move(perRack)))));
    }
    return Expression::max(std::move(options));
}

Expression generateSloJob(const JobTypeSpec& spec, const GeneratorContext& context)
{
    std::vector<Expression> options;
    for (int slot = 0; slot < context.windowSlots; ++slot)
        addLeaf(options, spec, context, setOrAll(spec), spec.k, startAt(context, slot), spec.duration);
    return Expression::max(std::move(options));
}

Expression generateBestEffortJob(const JobTypeSpec& spec, const GeneratorContext& context)
{
    JobTypeSpec noDeadline = spec;
    noDeadline.deadline.reset();
    return generateSloJob(noDeadline, context);
}

Expression generateJob(const JobTypeSpec& spec, const GeneratorContext& context)
{
    switch (spec.type) {
    case JobType::Gpu: return generateGpuJob(spec, context);
    case JobType::Mpi: return generateMpiJob(spec, context);
    case JobType::Availability: return generateAvailabilityJob(spec, context);
    case JobType::Slo: return generateSloJob(spec, context);
    case JobType::BestEffort: return generateBestEffortJob(spec, context);
    }
    return Expression::max({});
}

} // namespace orrery::strl
