#include "kinds/microservices/request_plan.h"

namespace orrery::kinds::microservices {

namespace {

model::DurationDistribution workOf(const model::CallSpec& spec, const model::ServiceGraph& graph)
{
    if (spec.work)
        return *spec.work;
    model::DurationDistribution work;
    work.kind = model::DurationDistribution::Kind::LogNormal;
    work.first = graph.service(spec.service).latency(model::ComputeKind::Cpu);
    work.sigma = model::kDefaultWorkSigma;
    return work;
}

//! Fills plan.calls[index] from `spec`, reserving each stage's children contiguously first.
void place(const model::CallSpec& spec, std::uint32_t index, std::uint32_t parent, const model::ServiceGraph& graph,
           trace::NameTable& names, RequestPlan& plan)
{
    RequestPlan::Call& call = plan.calls[index];
    call.service = static_cast<std::uint32_t>(spec.service);
    call.operation = names.intern(spec.operation);
    call.parent = parent;
    call.background = spec.background;
    call.work = workOf(spec, graph);
    call.firstStage = static_cast<std::uint32_t>(plan.stages.size());
    call.stageCount = static_cast<std::uint32_t>(spec.stages.size());
    for (const auto& stage : spec.stages) {
        plan.stages.push_back({static_cast<std::uint32_t>(plan.calls.size()), static_cast<std::uint32_t>(stage.size())});
        plan.calls.resize(plan.calls.size() + stage.size());
    }
    for (std::uint32_t s = 0; s < spec.stages.size(); ++s) {
        const RequestPlan::Stage stage = plan.stages[plan.calls[index].firstStage + s];
        for (std::uint32_t c = 0; c < stage.childCount; ++c)
            place(spec.stages[s][c], stage.firstChild + c, index, graph, names, plan);
    }
}

} // namespace

RequestPlan RequestPlan::compile(const model::RequestType& type, const model::ServiceGraph& graph, trace::NameTable& names)
{
    RequestPlan plan;
    plan.name = names.intern(type.name);
    plan.calls.resize(1);
    place(type.root, 0, kNoParent, graph, names, plan);
    for (std::size_t c = plan.calls.size(); c-- > 1;) // children always follow their parent
        plan.calls[plan.calls[c].parent].subtreeSize += plan.calls[c].subtreeSize;
    return plan;
}

} // namespace orrery::kinds::microservices
