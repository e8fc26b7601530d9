#include "strl_inputs.h"

#include "strl/job_generators.h"
#include "strl/strl_template.h"

#include <algorithm>

namespace orrery::plugins::tetrisched {

namespace {

//! The latest end of any leaf of `e`: when the option completes.
sim::SimTime completionOf(const strl::Expression& e)
{
    sim::SimTime end = 0;
    e.forEachLeaf([&](const strl::NckLeaf& leaf) { end = std::max(end, leaf.start + leaf.duration); });
    return end;
}

} // namespace

void preferEarlierCompletion(strl::Expression& expression, const strl::GeneratorContext& context)
{
    if (expression.op != strl::Operator::Max)
        return;
    const double window = sim::toSeconds(context.slotLength * context.windowSlots);
    for (strl::Expression& option : expression.children) {
        const double late = std::max(0.0, sim::toSeconds(completionOf(option) - context.now));
        const double factor = 1.0 - kDeadlineTieBreak * late / (late + std::max(window, 1e-9));
        if (option.op == strl::Operator::Nck)
            option.leaf.value *= factor;
        else if (option.op == strl::Operator::Scale)
            option.parameter *= factor;
        else
            option = strl::Expression::scale(factor, std::move(option));
    }
}

StrlInputs StrlInputs::of(const policy::BatchRequest& request, const policy::ClusterView& view, sim::SimTime slotLength,
                          int windowSlots)
{
    StrlInputs inputs;
    for (std::uint32_t id = 0; id < view.nodeCount(); ++id) {
        const model::Node& node = view.node(id);
        strl::NodeAttributes attributes;
        attributes.name = node.name;
        attributes.labels = view.poolOf(id).labels;
        attributes.millicores = node.capacity.millicores;
        attributes.memoryBytes = node.capacity.memoryBytes;
        attributes.gpus = node.capacity.deviceCount(model::DeviceKind::Gpu);
        attributes.asics = node.capacity.deviceCount(model::DeviceKind::Asic);
        attributes.fpgas = node.capacity.deviceCount(model::DeviceKind::Fpga);
        inputs.cluster.nodes.push_back(std::move(attributes));
        inputs.cluster.busyUntil.push_back(id < request.busyUntil.size() ? request.busyUntil[id] : 0);
    }
    inputs.context.now = request.now;
    inputs.context.slotLength = slotLength;
    inputs.context.windowSlots = std::max(1, windowSlots);
    inputs.context.rackLabel = request.rackLabel;
    inputs.context.racks = strl::GeneratorContext::racksOf(inputs.cluster.nodes, request.rackLabel);
    inputs.context.defineSets(inputs.sets);
    for (const policy::BatchJob& job : request.pending) {
        inputs.nodeCaps.push_back(job.request ? std::max(1, job.request->maxNodes(inputs.context)) : job.nodes);
        if (job.request) {
            inputs.specs.emplace_back();
            continue;
        }
        const auto type = strl::parseJobType(job.type);
        if (!type) {
            inputs.specs.emplace_back();
            continue;
        }
        strl::JobTypeSpec spec;
        spec.type = *type;
        spec.k = job.nodes;
        spec.duration = job.duration;
        spec.slowdown = job.slowdown;
        spec.value = job.value;
        spec.deadline = job.deadline;
        inputs.specs.emplace_back(spec);
    }
    return inputs;
}

strl::PendingJob StrlInputs::pendingJob(const policy::BatchRequest& request, std::size_t i) const
{
    strl::PendingJob pending;
    pending.name = request.pending[i].name;
    if (const auto& own = request.pending[i].request) {
        pending.expression = own->forWindow(context);
        if (own->deadline)
            preferEarlierCompletion(pending.expression, context);
        return pending;
    }
    pending.expression = specs[i] ? strl::generateJob(*specs[i], context) : strl::Expression::max({});
    if (specs[i] && specs[i]->deadline)
        preferEarlierCompletion(pending.expression, context);
    return pending;
}

} // namespace orrery::plugins::tetrisched
