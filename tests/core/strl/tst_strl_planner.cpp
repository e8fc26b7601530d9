#include "strl/job_generators.h"
#include "strl/strl_compiler.h"
#include "strl/strl_planner.h"

#include <QtTest>

#include <map>
#include <random>

using namespace orrery;
using namespace orrery::strl;

//! The STRL → MILP compiler and the CBC plan: each operator's optimum on instances small enough
//! to solve by hand, plan-ahead waiting for GPUs exactly when it pays, supply never exceeded,
//! and the same answer for the same input.
class TestStrlPlanner : public QObject {
    Q_OBJECT

private slots:
    void maxPicksTheBetterBranch();
    void minNeedsAllChildrenAndTakesTheSmallest();
    void sumAddsWhatFits();
    void scaleMultiplies();
    void barrierDropsBelowThreshold();
    void planAheadWaitsForGpus_data();
    void planAheadWaitsForGpus();
    void sloDeadlineMakesWaitingWin();
    void twoJobMilpMatchesHandWritten();
    void unknownSetIsReported();
    void supplyNeverExceededAndDeterministic();
    void timeLimitFallsBackToIncumbentOrEmptyPlan();
};

namespace {

NodeAttributes node(const std::string& name, int gpus, const std::string& rack = "r1")
{
    NodeAttributes n;
    n.name = name;
    n.gpus = gpus;
    n.labels["rack"] = rack;
    n.millicores = 8000;
    n.memoryBytes = std::int64_t(32) << 30;
    return n;
}

//! 2 GPU nodes (g0, g1) and 2 CPU nodes (c0, c1) on rack r1.
ClusterState smallCluster()
{
    ClusterState cluster;
    cluster.nodes = {node("g0", 1), node("g1", 1), node("c0", 0), node("c1", 0)};
    return cluster;
}

EquivalenceSetTable standardSets(const ClusterState& cluster)
{
    EquivalenceSetTable sets;
    GeneratorContext context;
    context.racks = GeneratorContext::racksOf(cluster.nodes);
    context.defineSets(sets);
    NodeFilter cpu;
    cpu.accelerator = AcceleratorFilter::None;
    sets.define("cpu", cpu);
    return sets;
}

//! The plan's status as text. QCOMPARE on SolveStatus itself would, on a mismatch, pick
//! strl::toString by argument-dependent lookup and delete[] the static string it returns.
QString statusName(const Plan& plan)
{
    return QString::fromLatin1(toString(plan.status));
}

//! Tests that expect an optimal plan must not depend on the machine's speed (a sanitizer build is
//! several times slower), so their solves get a time limit far beyond the 2 s default.
PlanOptions options(int windowSlots, sim::SimTime slot = sim::kSecond)
{
    PlanOptions o;
    o.slotLength = slot;
    o.windowSlots = windowSlots;
    o.timeLimitSeconds = 300.0;
    return o;
}

Plan planOne(Expression e, const ClusterState& cluster, int windowSlots = 1)
{
    std::vector<PendingJob> jobs;
    jobs.push_back(PendingJob{"job", std::move(e)});
    return planStrl(jobs, standardSets(cluster), cluster, options(windowSlots));
}

const std::string kAll = GeneratorContext::allNodesSet();
const std::string kGpu = GeneratorContext::gpuNodesSet();

} // namespace

void TestStrlPlanner::maxPicksTheBetterBranch()
{
    // Both branches fit; max grants exactly one, the better.
    const Plan plan = planOne(Expression::max({Expression::nck(kAll, 2, 0, sim::kSecond, 5),
                                               Expression::nck(kGpu, 2, 0, sim::kSecond, 8)}),
                              smallCluster());
    QCOMPARE(statusName(plan), QStringLiteral("optimal"));
    QCOMPARE(plan.value, 8.0);
    QCOMPARE(plan.leaves.size(), std::size_t(1));
    QCOMPARE(plan.leaves[0].leafIndex, 1);
    QCOMPARE(plan.leaves[0].leaf.setName, kGpu);
}

void TestStrlPlanner::minNeedsAllChildrenAndTakesTheSmallest()
{
    const Expression both = Expression::min({Expression::nck(kGpu, 1, 0, sim::kSecond, 4), Expression::nck("cpu", 2, 0, sim::kSecond, 7)});
    Plan plan = planOne(both, smallCluster());
    QCOMPARE(plan.value, 4.0);
    QCOMPARE(plan.leaves.size(), std::size_t(2));
    // With the GPUs busy one child cannot be granted, so neither is: min is all or nothing.
    ClusterState busy = smallCluster();
    busy.busyUntil = {10 * sim::kSecond, 10 * sim::kSecond, 0, 0};
    plan = planOne(both, busy);
    QCOMPARE(statusName(plan), QStringLiteral("optimal"));
    QCOMPARE(plan.value, 0.0);
    QCOMPARE(plan.leaves.size(), std::size_t(0));
}

void TestStrlPlanner::sumAddsWhatFits()
{
    // Three single-node leaves on the two CPU nodes: the two best fit, 4 + 5.
    const Expression e = Expression::sum({Expression::nck("cpu", 1, 0, sim::kSecond, 3), Expression::nck("cpu", 1, 0, sim::kSecond, 4),
                                          Expression::nck("cpu", 1, 0, sim::kSecond, 5)});
    const Plan plan = planOne(e, smallCluster());
    QCOMPARE(plan.value, 9.0);
    QCOMPARE(plan.leaves.size(), std::size_t(2));
    QCOMPARE(plan.leaves[0].leafIndex, 1);
    QCOMPARE(plan.leaves[1].leafIndex, 2);
}

void TestStrlPlanner::scaleMultiplies()
{
    const Plan plan = planOne(Expression::scale(2.5, Expression::nck(kAll, 4, 0, sim::kSecond, 4)), smallCluster());
    QCOMPARE(plan.value, 10.0);
    QCOMPARE(plan.leaves.size(), std::size_t(1));
    int nodes = 0;
    for (const auto& [cls, count] : plan.leaves[0].classCounts)
        nodes += count;
    QCOMPARE(nodes, 4);
}

void TestStrlPlanner::barrierDropsBelowThreshold()
{
    // Anti-affine: one node per rack; 2 racks exist, so a threshold of 2 is met and 3 is not.
    ClusterState cluster;
    cluster.nodes = {node("a0", 0, "r1"), node("a1", 0, "r1"), node("b0", 0, "r2")};
    auto perRack = [] {
        return Expression::sum({Expression::nck(GeneratorContext::rackSet("r1"), 1, 0, sim::kSecond, 1),
                                Expression::nck(GeneratorContext::rackSet("r2"), 1, 0, sim::kSecond, 1)});
    };
    Plan plan = planOne(Expression::barrier(2, perRack()), cluster);
    QCOMPARE(plan.value, 2.0);
    QCOMPARE(plan.leaves.size(), std::size_t(2));
    plan = planOne(Expression::barrier(3, perRack()), cluster);
    QCOMPARE(statusName(plan), QStringLiteral("optimal"));
    QCOMPARE(plan.value, 0.0);
    QCOMPARE(plan.leaves.size(), std::size_t(0));
}

void TestStrlPlanner::planAheadWaitsForGpus_data()
{
    QTest::addColumn<int>("gpusBusySlots");
    QTest::addColumn<int>("windowSlots");
    QTest::addColumn<QString>("expectedSet");
    QTest::addColumn<int>("expectedStartSlot");
    // GPU job: 2 nodes, 1 slot on GPUs or 3 slots on any node; value 10·W/(W + completion).
    // GPUs busy 1 slot, W = 4: GPU at slot 1 ends at 2 → 10·4/6 = 6.67 beats CPU now (ends at 3) → 5.71.
    QTest::newRow("waiting wins") << 1 << 4 << QString::fromStdString(kGpu) << 1;
    // GPUs busy 3 slots: GPU at slot 3 ends at 4 → 5.0, worse than CPU now → 5.71.
    QTest::newRow("waiting loses") << 3 << 4 << QString::fromStdString(kAll) << 0;
    // No plan-ahead (one slice): the GPU option is not visible, so it runs on CPUs now.
    QTest::newRow("no plan-ahead") << 1 << 1 << QString::fromStdString(kAll) << 0;
}

void TestStrlPlanner::planAheadWaitsForGpus()
{
    QFETCH(int, gpusBusySlots);
    QFETCH(int, windowSlots);
    QFETCH(QString, expectedSet);
    QFETCH(int, expectedStartSlot);
    const sim::SimTime slot = 10 * sim::kSecond;
    ClusterState cluster = smallCluster();
    cluster.busyUntil = {gpusBusySlots * slot, gpusBusySlots * slot, 0, 0};
    GeneratorContext context;
    context.slotLength = slot;
    context.windowSlots = windowSlots;
    JobTypeSpec spec;
    spec.type = JobType::Gpu;
    spec.k = 2;
    spec.duration = slot;
    spec.slowdown = 3;
    spec.value = 10;
    std::vector<PendingJob> jobs{{"gpu-job", generateGpuJob(spec, context)}};
    const Plan plan = planStrl(jobs, standardSets(cluster), cluster, options(windowSlots, slot));
    QCOMPARE(statusName(plan), QStringLiteral("optimal"));
    QCOMPARE(plan.leaves.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(plan.leaves[0].leaf.setName), expectedSet);
    QCOMPARE(plan.leaves[0].firstSlot, expectedStartSlot);
    QCOMPARE(plan.leaves[0].leaf.start, expectedStartSlot * slot);
    // On CPUs now it must take c0 and c1: the GPUs are busy.
    if (expectedSet == QString::fromStdString(kAll)) {
        for (const auto& [cls, count] : plan.leaves[0].classCounts)
            for (int n : plan.classNodes[static_cast<std::size_t>(cls)])
                QVERIFY(cluster.nodes[static_cast<std::size_t>(n)].gpus == 0 || count == 0);
    }
}

void TestStrlPlanner::sloDeadlineMakesWaitingWin()
{
    // Same value either way, but the CPU run (30 s from now) misses a 25 s deadline and the GPU
    // run after a 10 s wait (done at 20 s) meets it.
    const sim::SimTime slot = 10 * sim::kSecond;
    ClusterState cluster = smallCluster();
    cluster.busyUntil = {slot, slot, 0, 0};
    GeneratorContext context;
    context.slotLength = slot;
    context.windowSlots = 4;
    JobTypeSpec spec;
    spec.type = JobType::Gpu;
    spec.k = 2;
    spec.duration = slot;
    spec.slowdown = 3;
    spec.value = 10;
    spec.deadline = 25 * sim::kSecond;
    std::vector<PendingJob> jobs{{"slo", generateGpuJob(spec, context)}};
    const Plan plan = planStrl(jobs, standardSets(cluster), cluster, options(4, slot));
    QCOMPARE(plan.value, 10.0);
    QCOMPARE(plan.leaves.size(), std::size_t(1));
    QCOMPARE(plan.leaves[0].leaf.setName, kGpu);
    QCOMPARE(plan.leaves[0].leaf.start, slot);
}

void TestStrlPlanner::twoJobMilpMatchesHandWritten()
{
    // Job 0: max(nCk(gpu, 1, 0, 1 s, 5), nCk(cpu, 2, 0, 2 s, 3)); job 1: nCk(cpu, 1, 1 s, 1 s, 2).
    // Two slices; nodes g0 (gpu), c0, c1 (cpu): class 0 = {g0}, class 1 = {c0, c1}; g0 busy in slice 0.
    ClusterState cluster;
    cluster.nodes = {node("g0", 1), node("c0", 0), node("c1", 0)};
    cluster.busyUntil = {sim::kSecond, 0, 0};
    EquivalenceSetTable sets = standardSets(cluster);
    std::vector<PendingJob> jobs{
        {"a", Expression::max({Expression::nck(kGpu, 1, 0, sim::kSecond, 5), Expression::nck("cpu", 2, 0, 2 * sim::kSecond, 3)})},
        {"b", Expression::nck("cpu", 1, sim::kSecond, sim::kSecond, 2)}};
    const CompiledProgram program = compileStrl(jobs, sets, cluster, options(2));
    const std::string expected =
        "maximize 5 I_j0.0 + 3 I_j0.1 + 2 I_j1\n"
        "k_j0.0: -I_j0.0 + P_j0.0_c0 = 0\n"
        "k_j0.1: -2 I_j0.1 + P_j0.1_c1 = 0\n"
        "max_j0: -I_j0 + I_j0.0 + I_j0.1 <= 0\n"
        "k_j1: -I_j1 + P_j1_c1 = 0\n"
        "supply_c0_t0: P_j0.0_c0 <= 0\n"
        "supply_c1_t0: P_j0.1_c1 <= 2\n"
        "supply_c1_t1: P_j0.1_c1 + P_j1_c1 <= 2\n"
        "I_j0 in [0, 1] integer\n"
        "I_j0.0 in [0, 1] integer\n"
        "P_j0.0_c0 in [0, 1] integer\n"
        "I_j0.1 in [0, 1] integer\n"
        "P_j0.1_c1 in [0, 2] integer\n"
        "I_j1 in [0, 1] integer\n"
        "P_j1_c1 in [0, 1] integer\n";
    QCOMPARE(QString::fromStdString(program.model.toText()), QString::fromStdString(expected));
    // By hand: g0 is busy in slice 0, so a's GPU branch is out (supply 0). a's CPU branch holds
    // both CPUs in slices 0 and 1, leaving none for b in slice 1: 3 (a) beats 2 (b alone).
    const Plan plan = planStrl(jobs, sets, cluster, options(2));
    QCOMPARE(plan.value, 3.0);
}

void TestStrlPlanner::unknownSetIsReported()
{
    std::vector<PendingJob> jobs{{"x", Expression::nck("nowhere", 1, 0, sim::kSecond, 5)}};
    const ClusterState cluster = smallCluster();
    const Plan plan = planStrl(jobs, standardSets(cluster), cluster, options(1));
    QCOMPARE(plan.problems.size(), std::size_t(1));
    QVERIFY(plan.problems[0].find("nowhere") != std::string::npos);
    QCOMPARE(plan.value, 0.0);
    QVERIFY(plan.leaves.empty());
}

void TestStrlPlanner::supplyNeverExceededAndDeterministic()
{
    // 12 nodes on 3 racks, 4 with GPUs, some busy; 20 jobs of every generated type.
    ClusterState cluster;
    std::mt19937 rng(7);
    for (int i = 0; i < 12; ++i) {
        cluster.nodes.push_back(node(QStringLiteral("n%1").arg(i).toStdString(), i % 3 == 0 ? 1 : 0, QStringLiteral("r%1").arg(i % 3).toStdString()));
        cluster.busyUntil.push_back(static_cast<sim::SimTime>(rng() % 4) * sim::kSecond);
    }
    GeneratorContext context;
    context.slotLength = sim::kSecond;
    context.windowSlots = 6;
    context.racks = GeneratorContext::racksOf(cluster.nodes);
    std::vector<PendingJob> jobs;
    for (int j = 0; j < 20; ++j) {
        JobTypeSpec spec;
        spec.type = static_cast<JobType>(j % 5);
        spec.k = 1 + static_cast<int>(rng() % 3);
        spec.duration = (1 + static_cast<sim::SimTime>(rng() % 3)) * sim::kSecond;
        spec.slowdown = 2;
        spec.value = 1 + static_cast<double>(rng() % 10);
        if (spec.type == JobType::Slo)
            spec.deadline = 5 * sim::kSecond;
        jobs.push_back(PendingJob{QStringLiteral("j%1").arg(j).toStdString(), generateJob(spec, context)});
    }
    const EquivalenceSetTable sets = standardSets(cluster);
    const Plan plan = planStrl(jobs, sets, cluster, options(6));
    QCOMPARE(statusName(plan), QStringLiteral("optimal"));
    QVERIFY(plan.value > 0.0);
    std::map<std::pair<int, int>, int> used;
    std::vector<std::vector<bool>> satisfied(jobs.size());
    for (std::size_t j = 0; j < jobs.size(); ++j)
        satisfied[j].assign(static_cast<std::size_t>(jobs[j].expression.leafCount()), false);
    for (const PlannedLeaf& leaf : plan.leaves) {
        int nodes = 0;
        for (const auto& [cls, count] : leaf.classCounts) {
            nodes += count;
            for (int s = leaf.firstSlot; s < leaf.endSlot; ++s)
                used[{cls, s}] += count;
        }
        QCOMPARE(nodes, leaf.leaf.k);
        satisfied[static_cast<std::size_t>(leaf.job)][static_cast<std::size_t>(leaf.leafIndex)] = true;
    }
    for (const auto& [key, count] : used) {
        int free = 0;
        for (int n : plan.classNodes[static_cast<std::size_t>(key.first)])
            free += cluster.freeAt(n, key.second * sim::kSecond) ? 1 : 0;
        QVERIFY2(count <= free, qPrintable(QStringLiteral("class %1 slot %2").arg(key.first).arg(key.second)));
    }
    // The MILP's objective is the operator semantics' value of what it granted.
    double value = 0.0;
    for (std::size_t j = 0; j < jobs.size(); ++j)
        value += jobs[j].expression.valueOf(satisfied[j]);
    QVERIFY(std::abs(value - plan.value) < 1e-6);
    // Same input, same answer.
    const Plan again = planStrl(jobs, sets, cluster, options(6));
    QCOMPARE(again.value, plan.value);
    QCOMPARE(again.leaves.size(), plan.leaves.size());
    for (std::size_t i = 0; i < plan.leaves.size(); ++i) {
        QCOMPARE(again.leaves[i].job, plan.leaves[i].job);
        QCOMPARE(again.leaves[i].leafIndex, plan.leaves[i].leafIndex);
        QVERIFY(again.leaves[i].classCounts == plan.leaves[i].classCounts);
    }
}

void TestStrlPlanner::timeLimitFallsBackToIncumbentOrEmptyPlan()
{
    // 60 jobs on 100 nodes over 10 slices take CBC tens of seconds to prove optimal (bench_strl);
    // with a 10 ms limit the plan is the incumbent (status TimeLimit) or empty (NoSolution), and
    // whatever it grants still fits the supply.
    ClusterState cluster;
    for (int i = 0; i < 100; ++i)
        cluster.nodes.push_back(node(QStringLiteral("n%1").arg(i).toStdString(), i % 4 == 0 ? 1 : 0, QStringLiteral("r%1").arg(i / 20).toStdString()));
    GeneratorContext context;
    context.slotLength = sim::kSecond;
    context.windowSlots = 10;
    context.racks = GeneratorContext::racksOf(cluster.nodes);
    std::mt19937 rng(42);
    std::vector<PendingJob> jobs;
    for (int j = 0; j < 60; ++j) {
        JobTypeSpec spec;
        spec.type = static_cast<JobType>(j % 5);
        spec.k = spec.type == JobType::Availability ? 3 : 1 + static_cast<int>(rng() % 8);
        spec.duration = static_cast<sim::SimTime>(1 + rng() % 4) * sim::kSecond;
        spec.slowdown = 2;
        spec.value = 1 + static_cast<double>(rng() % 10);
        jobs.push_back(PendingJob{QStringLiteral("j%1").arg(j).toStdString(), generateJob(spec, context)});
    }
    PlanOptions o = options(10);
    o.timeLimitSeconds = 0.01;
    const Plan plan = planStrl(jobs, standardSets(cluster), cluster, o);
    QVERIFY2(plan.status == SolveStatus::TimeLimit || plan.status == SolveStatus::NoSolution, toString(plan.status));
    if (plan.status == SolveStatus::NoSolution)
        QVERIFY(plan.leaves.empty());
    std::map<std::pair<int, int>, int> used;
    for (const PlannedLeaf& leaf : plan.leaves)
        for (const auto& [cls, count] : leaf.classCounts)
            for (int s = leaf.firstSlot; s < leaf.endSlot; ++s)
                used[{cls, s}] += count;
    for (const auto& [key, count] : used)
        QVERIFY(count <= static_cast<int>(plan.classNodes[static_cast<std::size_t>(key.first)].size()));
}

QTEST_GUILESS_MAIN(TestStrlPlanner)
#include "tst_strl_planner.moc"
