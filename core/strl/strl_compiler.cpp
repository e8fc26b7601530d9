#include "strl/strl_compiler.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>

namespace orrery::strl {

namespace {

using Terms = std::vector<std::pair<int, double>>;

sim::SimTime floorDiv(sim::SimTime a, sim::SimTime b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

//! prefix + path + suffix, appended piecewise (GCC 12 misreports -Wrestrict on operator+ chains).
std::string named(std::string_view prefix, const std::string& path, std::string_view suffix = {})
{
    std::string name;
    name.reserve(prefix.size() + path.size() + suffix.size());
    name.append(prefix);
    name.append(path);
    name.append(suffix);
    return name;
}

//! Builds the MILP by walking each job's tree; gen(e, I) returns e's value as linear terms.
class Builder {
public:
    Builder(CompiledProgram& program, const ClusterState& cluster, const PlanOptions& options)
        : m_program(program), m_cluster(cluster), m_options(options)
    {
    }

    void addJob(int job, const Expression& expression)
    {
        m_job = job;
        m_leafIndex = 0;
        const std::string path = named("j", std::to_string(job));
        const int indicator = m_program.model.addColumn(named("I_", path), 0, 1, true);
        m_program.jobIndicators.push_back(indicator);
        for (const auto& [column, coefficient] : generate(expression, indicator, path))
            m_program.model.addObjective(column, coefficient);
    }

    void addSupplyRows()
    {
        for (const auto& [key, columns] : m_usage) {
            const auto [cls, slot] = key;
            const sim::SimTime slotStart = m_options.now + static_cast<sim::SimTime>(slot) * m_options.slotLength;
            int free = 0;
            for (int node : m_program.partitioning->nodesOf(cls))
                free += m_cluster.freeAt(node, slotStart) ? 1 : 0;
            Terms terms;
            for (int column : columns)
                terms.emplace_back(column, 1.0);
            m_program.model.addRow(named("supply_c", std::to_string(cls), "_t" + std::to_string(slot)), std::move(terms),
                                   -MilpModel::kInfinity, free);
        }
    }

private:
    Terms generate(const Expression& e, int indicator, const std::string& path)
    {
        MilpModel& model = m_program.model;
        switch (e.op) {
        case Operator::Nck: return generateLeaf(e.leaf, indicator, path);
        case Operator::Max:
        case Operator::Sum: {
            Terms value;
            Terms choice;
            for (std::size_t i = 0; i < e.children.size(); ++i) {
                const std::string childPath = named(path, ".", std::to_string(i));
                const int child = model.addColumn(named("I_", childPath), 0, 1, true);
                if (e.op == Operator::Sum)
                    model.addRow(named("sum_", childPath), {{child, 1.0}, {indicator, -1.0}}, -MilpModel::kInfinity, 0.0);
                choice.emplace_back(child, 1.0);
                for (const auto& term : generate(e.children[i], child, childPath))
                    value.push_back(term);
            }
            if (e.op == Operator::Max) {
                choice.emplace_back(indicator, -1.0);
                model.addRow(named("max_", path), std::move(choice), -MilpModel::kInfinity, 0.0);
            }
            return value;
        }
        case Operator::Min: {
            const int v = model.addColumn(named("V_", path), 0, MilpModel::kInfinity, false);
            for (std::size_t i = 0; i < e.children.size(); ++i) {
                const std::string childPath = named(path, ".", std::to_string(i));
                Terms row = generate(e.children[i], indicator, childPath);
                for (auto& term : row)
                    term.second = -term.second;
                row.emplace_back(v, 1.0);
                model.addRow(named("min_", childPath), std::move(row), -MilpModel::kInfinity, 0.0);
            }
            if (e.children.empty())
                model.setUpper(v, 0.0);
            return {{v, 1.0}};
        }
        case Operator::Scale: {
            Terms value = e.children.empty() ? Terms{} : generate(e.children.front(), indicator, named("", path, ".0"));
            for (auto& term : value)
                term.second *= e.parameter;
            return value;
        }
        case Operator::Barrier: {
            if (e.children.empty())
                return {};
            Terms row = generate(e.children.front(), indicator, named("", path, ".0"));
            for (auto& term : row)
                term.second = -term.second;
            row.emplace_back(indicator, e.parameter);
            model.addRow(named("barrier_", path), std::move(row), -MilpModel::kInfinity, 0.0);
            return {{indicator, e.parameter}};
        }
        }
        return {};
    }

    Terms generateLeaf(const NckLeaf& leaf, int indicator, const std::string& path)
    {
        MilpModel& model = m_program.model;
        CompiledLeaf compiled;
        compiled.job = m_job;
        compiled.leafIndex = m_leafIndex++;
        compiled.leaf = leaf;
        compiled.indicator = indicator;
        const Partitioning& partitioning = *m_program.partitioning;
        const std::vector<int>& classes = partitioning.classesOf(leaf.setName);
        int setSize = 0;
        for (int cls : classes)
            setSize += static_cast<int>(partitioning.nodesOf(cls).size());
        const sim::SimTime offset = leaf.start - m_options.now;
        const sim::SimTime slot = m_options.slotLength;
        compiled.firstSlot = static_cast<int>(std::min<sim::SimTime>(floorDiv(offset, slot), m_options.windowSlots));
        const sim::SimTime end = offset + leaf.duration;
        compiled.endSlot = static_cast<int>(std::min<sim::SimTime>((end + slot - 1) / slot, m_options.windowSlots));
        compiled.inWindow = offset >= 0 && compiled.firstSlot < m_options.windowSlots && leaf.k > 0 && leaf.k <= setSize;
        if (!compiled.inWindow) {
            // The leaf cannot be granted in this window: its indicator (shared by a min's
            // operands) is held at 0.
            model.setUpper(indicator, 0.0);
            m_program.leaves.push_back(std::move(compiled));
            return {};
        }
        Terms row{{indicator, -static_cast<double>(leaf.k)}};
        for (int cls : classes) {
            const int size = static_cast<int>(partitioning.nodesOf(cls).size());
            const int column = model.addColumn(named("P_", path, "_c" + std::to_string(cls)), 0, std::min(leaf.k, size), true);
            compiled.classColumns.emplace_back(cls, column);
            row.emplace_back(column, 1.0);
            for (int s = compiled.firstSlot; s < compiled.endSlot; ++s)
                m_usage[{cls, s}].push_back(column);
        }
        model.addRow(named("k_", path), std::move(row), 0.0, 0.0);
        m_program.leaves.push_back(std::move(compiled));
        return {{indicator, leaf.value}};
    }

    CompiledProgram& m_program;
    const ClusterState& m_cluster;
    const PlanOptions& m_options;
    int m_job = 0;
    int m_leafIndex = 0;
    std::map<std::pair<int, int>, std::vector<int>> m_usage; //!< (class, slot) → count columns
};

} // namespace

CompiledProgram compileStrl(const std::vector<PendingJob>& jobs, const EquivalenceSetTable& sets,
                            const ClusterState& cluster, const PlanOptions& options)
{
    CompiledProgram program;
    std::set<std::string> used;
    for (const PendingJob& job : jobs) {
        job.expression.forEachLeaf([&](const NckLeaf& leaf) {
            if (sets.contains(leaf.setName))
                used.insert(leaf.setName);
            else
                program.problems.push_back("job " + job.name + ": unknown equivalence set \"" + leaf.setName + "\"");
        });
    }
    program.partitioning.emplace(cluster.nodes, sets, std::vector<std::string>(used.begin(), used.end()));
    PlanOptions checked = options;
    checked.slotLength = std::max<sim::SimTime>(1, options.slotLength);
    checked.windowSlots = std::max(1, options.windowSlots);
    Builder builder(program, cluster, checked);
    for (std::size_t j = 0; j < jobs.size(); ++j)
        builder.addJob(static_cast<int>(j), jobs[j].expression);
    builder.addSupplyRows();
    return program;
}

} // namespace orrery::strl
