#include "kinds/job_streams/job_streams_generator.h"

#include "scenario/service_graph_loader.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

using namespace orrery;

//! The job-streams workload generator (Octopus, seed 000 §III-A): jobs are connected subgraphs
//! of 1–4 services ordered callers first, DNN tasks carry their fungible options, durations are
//! profile latencies times one log-normal factor per task, arrivals are Poisson, batch jobs are
//! injected at the configured share, and everything is a function of the seed alone.
class TestJobStreamsGenerator : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void jobsAreConnectedTreesOfCallers();
    void jobSizesAreUniformInTheRange();
    void fixedJobSize();
    void sameSeedSameJobs();
    void arrivalsArePoisson();
    void jobCountIsCapped();
    void launchWindowSpreadsTheJobs();
    void dnnTasksCarryTheirOptions();
    void durationsAreProfileTimesOneFactor();
    void noNoiseGivesProfileLatencies();
    void batchJobsAreInjected();
    void sloFromCriticalPathMultiple();
    void absoluteSloIsSplitAlongTheCriticalPath();
    void severalCallersInsideAJob();
    void jobsStayInTheRootsComponent();
    void rejectsAMissingGraph();

private:
    kinds::job_streams::JobStreamsSpec spec() const;

    std::shared_ptr<const model::ServiceGraph> m_social;
};

namespace {

constexpr std::uint64_t kSeed = 20240611;

std::vector<env::JobSpec> jobs(env::WorkloadGenerator& generator, int count)
{
    std::vector<env::JobSpec> out;
    sim::SimTime now = 0;
    for (int i = 0; i < count; ++i) {
        const auto next = generator.nextArrival(now);
        if (!next)
            break;
        now = *next;
        out.push_back(generator.makeJob(now));
    }
    return out;
}

model::ServiceProfile profile(const std::string& name)
{
    model::ServiceProfile service;
    service.name = name;
    service.request = {100, 128 << 20, {0, 0, 0}};
    service.latencyOn[static_cast<int>(model::ComputeKind::Cpu)] = sim::kMillisecond;
    return service;
}

const model::ServiceProfile& profileOf(const model::ServiceGraph& graph, const policy::PendingUnit& unit)
{
    return graph.service(*graph.indexOf(unit.service));
}

} // namespace

void TestJobStreamsGenerator::initTestCase()
{
    const auto result = scenario::loadServiceGraphFile(ORRERY_SOURCE_DIR "/resources/graphs/socialnetwork.yaml");
    QVERIFY2(result.ok(), model::formatAll(result.diagnostics).c_str());
    m_social = result.graph;
}

kinds::job_streams::JobStreamsSpec TestJobStreamsGenerator::spec() const
{
    kinds::job_streams::JobStreamsSpec spec;
    spec.name = "social";
    spec.graph = m_social;
    spec.arrivalsPerSecond = 100.0;
    return spec;
}

void TestJobStreamsGenerator::jobsAreConnectedTreesOfCallers()
{
    kinds::job_streams::JobStreamsGenerator generator(spec(), kSeed);
    const model::ServiceGraph& graph = *m_social;
    for (const env::JobSpec& job : jobs(generator, 5000)) {
        QCOMPARE(job.jobClass, std::string("microservices"));
        QVERIFY(!job.tasks.empty() && job.tasks.size() <= 4);
        // Social Network is a tree of calls, so a connected subgraph has exactly one root.
        QCOMPARE(job.tasks.front().parent, -1);
        std::set<std::string> services;
        for (std::size_t i = 0; i < job.tasks.size(); ++i) {
            const env::TaskSpec& task = job.tasks[i];
            QVERIFY2(services.insert(task.unit.service).second, "a service appears twice in one job");
            QCOMPARE(task.unit.workload, std::string("social"));
            if (i == 0) {
                QVERIFY(task.unit.dependsOn.empty());
                continue;
            }
            QVERIFY(task.parent >= 0 && task.parent < static_cast<int>(i)); // parents come first
            const env::TaskSpec& parent = job.tasks[static_cast<std::size_t>(task.parent)];
            QCOMPARE(task.unit.dependsOn, parent.unit.service);
            QVERIFY2(graph.hasCall(*graph.indexOf(parent.unit.service), *graph.indexOf(task.unit.service)),
                     (parent.unit.service + " does not call " + task.unit.service).c_str());
        }
    }
}

void TestJobStreamsGenerator::jobSizesAreUniformInTheRange()
{
    kinds::job_streams::JobStreamsGenerator generator(spec(), kSeed);
    std::map<std::size_t, int> sizes;
    const int n = 20000;
    for (const env::JobSpec& job : jobs(generator, n))
        ++sizes[job.tasks.size()];
    QCOMPARE(sizes.size(), std::size_t{4});
    // Binomial(n, 1/4): σ ≈ 61; allow 5σ.
    for (const auto& [size, count] : sizes) {
        QVERIFY2(size >= 1 && size <= 4, qPrintable(QString::number(size)));
        QVERIFY2(std::abs(count - n / 4) < 310, qPrintable(QStringLiteral("%1 jobs of size %2").arg(count).arg(size)));
    }
}

void TestJobStreamsGenerator::fixedJobSize()
{
    kinds::job_streams::JobStreamsSpec fixed = spec();
    fixed.minServicesPerJob = fixed.maxServicesPerJob = 3;
    kinds::job_streams::JobStreamsGenerator generator(fixed, kSeed);
    for (const env::JobSpec& job : jobs(generator, 1000))
        QCOMPARE(job.tasks.size(), std::size_t{3});
}

void TestJobStreamsGenerator::sameSeedSameJobs()
{
    kinds::job_streams::JobStreamsSpec withBatch = spec();
    withBatch.batch.fraction = 0.1;
    withBatch.batch.request = {2000, 8ll << 30, {0, 0, 0}};
    withBatch.batch.duration = {model::DurationDistribution::Kind::Exponential, 10 * sim::kMinute, 0, 0.0};
    const auto run = [&](std::uint64_t seed) {
        kinds::job_streams::JobStreamsGenerator generator(withBatch, seed);
        std::vector<std::string> trace;
        sim::SimTime now = 0;
        for (int i = 0; i < 2000; ++i) {
            now = *generator.nextArrival(now);
            const env::JobSpec job = generator.makeJob(now);
            std::string line = std::to_string(now) + ' ' + job.jobClass;
            for (const auto& task : job.tasks) {
                line += ' ' + task.unit.service + '<' + std::to_string(task.parent);
                for (const sim::SimTime duration : task.durationOn)
                    line += ',' + std::to_string(duration);
            }
            trace.push_back(std::move(line));
        }
        return trace;
    };
    const auto first = run(kSeed);
    QCOMPARE(run(kSeed), first);
    QVERIFY(run(kSeed + 1) != first);
}

void TestJobStreamsGenerator::arrivalsArePoisson()
{
    kinds::job_streams::JobStreamsGenerator generator(spec(), kSeed);
    const int n = 40000;
    std::vector<double> gaps;
    sim::SimTime now = 0;
    for (int i = 0; i < n; ++i) {
        const sim::SimTime next = *generator.nextArrival(now);
        QVERIFY(next > now);
        gaps.push_back(sim::toSeconds(next - now));
        now = next;
        generator.makeJob(now);
    }
    double mean = 0.0;
    for (const double gap : gaps)
        mean += gap / n;
    double variance = 0.0;
    for (const double gap : gaps)
        variance += (gap - mean) * (gap - mean) / (n - 1);
    // Exponential gaps of mean 1/λ = 10 ms: the sample mean is within 5σ = 5/√n of it, and the
    // coefficient of variation of an exponential is 1.
    QVERIFY2(std::abs(mean - 0.01) < 5 * 0.01 / std::sqrt(n), qPrintable(QString::number(mean)));
    QVERIFY2(std::abs(std::sqrt(variance) / mean - 1.0) < 0.05, qPrintable(QString::number(std::sqrt(variance) / mean)));
}

void TestJobStreamsGenerator::jobCountIsCapped()
{
    kinds::job_streams::JobStreamsSpec capped = spec();
    capped.maxJobs = 25;
    kinds::job_streams::JobStreamsGenerator generator(capped, kSeed);
    QCOMPARE(jobs(generator, 100).size(), std::size_t{25});
    QVERIFY(!generator.nextArrival(sim::kHour));
}

void TestJobStreamsGenerator::launchWindowSpreadsTheJobs()
{
    // 4000 jobs over 20 s: Poisson at 200/s, whatever arrivalRate says; the last arrival lands
    // near the end of the window (the sum of 4000 Exp(1/200) gaps: 20 s ± 0.32 s).
    kinds::job_streams::JobStreamsSpec windowed = spec();
    windowed.arrivalsPerSecond = 1.0;
    windowed.maxJobs = 4000;
    windowed.launchWindow = 20 * sim::kSecond;
    QCOMPARE(windowed.effectiveArrivalsPerSecond(), 200.0);
    kinds::job_streams::JobStreamsGenerator generator(windowed, kSeed);
    sim::SimTime now = 0;
    int count = 0;
    while (const auto next = generator.nextArrival(now)) {
        now = *next;
        generator.makeJob(now);
        ++count;
    }
    QCOMPARE(count, 4000);
    QVERIFY2(std::abs(sim::toSeconds(now) - 20.0) < 1.6, qPrintable(QString::number(sim::toSeconds(now))));
}

void TestJobStreamsGenerator::dnnTasksCarryTheirOptions()
{
    kinds::job_streams::JobStreamsGenerator generator(spec(), kSeed);
    const auto fungible = static_cast<model::ComputeKindSet>(
        model::bitOf(model::ComputeKind::Cpu) | model::bitOf(model::ComputeKind::Gpu) | model::bitOf(model::ComputeKind::Asic));
    int dnnTasks = 0;
    int cpuTasks = 0;
    for (const env::JobSpec& job : jobs(generator, 3000)) {
        for (const env::TaskSpec& task : job.tasks) {
            const model::ServiceProfile& service = profileOf(*m_social, task.unit);
            QCOMPARE(task.unit.diskBytes, service.diskBytes);
            QVERIFY(task.unit.deviceModel.empty());
            if (task.unit.service == "image-recognition" || task.unit.service == "object-detection") {
                ++dnnTasks;
                QCOMPARE(task.unit.declaredCompute, model::ComputeKind::Gpu);
                QCOMPARE(task.unit.computeOptions, fungible);
                QCOMPARE(task.unit.request.millicores, std::int64_t{1000});
                QCOMPARE(task.unit.request.deviceCount(model::DeviceKind::Gpu), 1);
                QCOMPARE(task.unit.request.deviceCount(model::DeviceKind::Asic), 0);
                // Its only caller is media-service; alone (a job's root) it depends on nothing.
                QCOMPARE(task.unit.dependsOn, std::string(task.parent >= 0 ? "media-service" : ""));
                QVERIFY(task.durationOn[static_cast<int>(model::ComputeKind::Gpu)] > 0);
                QVERIFY(task.durationOn[static_cast<int>(model::ComputeKind::Asic)] > 0);
                QVERIFY(task.durationOn[static_cast<int>(model::ComputeKind::Cpu)]
                        > 4 * task.durationOn[static_cast<int>(model::ComputeKind::Gpu)]);
            } else {
                ++cpuTasks;
                QCOMPARE(task.unit.declaredCompute, model::ComputeKind::Cpu);
                QCOMPARE(task.unit.computeOptions, model::bitOf(model::ComputeKind::Cpu));
                QCOMPARE(task.unit.request, service.request);
                QCOMPARE(task.durationOn[static_cast<int>(model::ComputeKind::Gpu)], sim::SimTime{0});
                QCOMPARE(task.durationOn[static_cast<int>(model::ComputeKind::Asic)], sim::SimTime{0});
            }
            QCOMPARE(task.durationOn[static_cast<int>(model::ComputeKind::Fpga)], sim::SimTime{0});
        }
    }
    QVERIFY(dnnTasks > 100);
    QVERIFY(cpuTasks > 1000);
}

void TestJobStreamsGenerator::durationsAreProfileTimesOneFactor()
{
    kinds::job_streams::JobStreamsSpec noisy = spec();
    noisy.latencySigma = 0.4;
    kinds::job_streams::JobStreamsGenerator generator(noisy, kSeed);
    std::vector<double> logFactors;
    for (const env::JobSpec& job : jobs(generator, 5000)) {
        for (const env::TaskSpec& task : job.tasks) {
            const model::ServiceProfile& service = profileOf(*m_social, task.unit);
            const double factor = static_cast<double>(task.durationOn[0]) / static_cast<double>(service.latencyOn[0]);
            logFactors.push_back(std::log(factor));
            // One factor per task, the same on every kind it can use (up to 1 ns of rounding).
            for (int k = 1; k < model::kComputeKindCount; ++k) {
                if (service.latencyOn[k] == 0)
                    continue;
                const double expected = factor * static_cast<double>(service.latencyOn[k]);
                QVERIFY2(std::abs(static_cast<double>(task.durationOn[k]) - expected) <= 1.0 + 1e-9 * expected,
                         task.unit.service.c_str());
            }
        }
    }
    // ln(factor) ~ N(0, σ²), up to the rounding of short latencies to whole nanoseconds.
    const auto n = static_cast<double>(logFactors.size());
    double mean = 0.0;
    for (const double x : logFactors)
        mean += x / n;
    double variance = 0.0;
    for (const double x : logFactors)
        variance += (x - mean) * (x - mean) / (n - 1);
    QVERIFY2(std::abs(mean) < 5 * 0.4 / std::sqrt(n), qPrintable(QString::number(mean)));
    QVERIFY2(std::abs(std::sqrt(variance) - 0.4) < 0.02, qPrintable(QString::number(std::sqrt(variance))));
}

void TestJobStreamsGenerator::noNoiseGivesProfileLatencies()
{
    kinds::job_streams::JobStreamsSpec exact = spec();
    exact.latencySigma = 0.0;
    kinds::job_streams::JobStreamsGenerator generator(exact, kSeed);
    for (const env::JobSpec& job : jobs(generator, 500)) {
        for (const env::TaskSpec& task : job.tasks)
            QCOMPARE(task.durationOn, profileOf(*m_social, task.unit).latencyOn);
    }
}

void TestJobStreamsGenerator::batchJobsAreInjected()
{
    kinds::job_streams::JobStreamsSpec mixed = spec();
    mixed.batch.fraction = 0.2;
    mixed.batch.request = {2000, 8ll << 30, {0, 0, 0}};
    mixed.batch.duration = {model::DurationDistribution::Kind::Constant, 10 * sim::kMinute, 0, 0.0};
    kinds::job_streams::JobStreamsGenerator generator(mixed, kSeed);
    const int n = 10000;
    int batch = 0;
    for (const env::JobSpec& job : jobs(generator, n)) {
        if (job.jobClass != "batch")
            continue;
        ++batch;
        QCOMPARE(job.tasks.size(), std::size_t{1});
        const env::TaskSpec& task = job.tasks.front();
        QCOMPARE(task.parent, -1);
        QCOMPARE(task.unit.service, std::string("batch"));
        QCOMPARE(task.unit.request, mixed.batch.request);
        QCOMPARE(task.unit.declaredCompute, model::ComputeKind::Cpu);
        QCOMPARE(task.unit.computeOptions, model::bitOf(model::ComputeKind::Cpu));
        QCOMPARE(task.durationOn[0], 10 * sim::kMinute);
        QCOMPARE(task.durationOn[1], sim::SimTime{0});
        QCOMPARE(task.unit.slo, sim::SimTime{0});
    }
    // Binomial(n, 0.2): σ = 40; allow 5σ.
    QVERIFY2(std::abs(batch - n / 5) < 200, qPrintable(QString::number(batch)));
}

void TestJobStreamsGenerator::sloFromCriticalPathMultiple()
{
    kinds::job_streams::JobStreamsSpec withSlo = spec();
    withSlo.slo.kind = kinds::job_streams::JobSloSpec::Kind::CriticalPathMultiple;
    withSlo.slo.multiple = 3.0;
    kinds::job_streams::JobStreamsGenerator generator(withSlo, kSeed);
    for (const env::JobSpec& job : jobs(generator, 500)) {
        for (const env::TaskSpec& task : job.tasks) {
            const model::ServiceProfile& service = profileOf(*m_social, task.unit);
            // The objective is relative to the declared kind: a GPU for the DNN services.
            QCOMPARE(task.unit.slo, 3 * service.latency(service.declaredCompute));
        }
    }
    kinds::job_streams::JobStreamsGenerator without(spec(), kSeed);
    for (const env::JobSpec& job : jobs(without, 100))
        QCOMPARE(job.tasks.front().unit.slo, sim::SimTime{0});
}

void TestJobStreamsGenerator::absoluteSloIsSplitAlongTheCriticalPath()
{
    kinds::job_streams::JobStreamsSpec withSlo = spec();
    withSlo.slo.kind = kinds::job_streams::JobSloSpec::Kind::Absolute;
    withSlo.slo.absolute = 100 * sim::kMillisecond;
    kinds::job_streams::JobStreamsGenerator generator(withSlo, kSeed);
    for (const env::JobSpec& job : jobs(generator, 1000)) {
        // The objectives along the longest root-to-task path (by declared latency) add up to the
        // job's objective; no path's objectives exceed it.
        std::vector<sim::SimTime> latencyTo(job.tasks.size());
        std::vector<sim::SimTime> sloTo(job.tasks.size());
        std::size_t longest = 0;
        for (std::size_t i = 0; i < job.tasks.size(); ++i) {
            const env::TaskSpec& task = job.tasks[i];
            const model::ServiceProfile& service = profileOf(*m_social, task.unit);
            const auto up = task.parent >= 0 ? static_cast<std::size_t>(task.parent) : i;
            latencyTo[i] = service.latency(service.declaredCompute) + (task.parent >= 0 ? latencyTo[up] : 0);
            sloTo[i] = task.unit.slo + (task.parent >= 0 ? sloTo[up] : 0);
            if (latencyTo[i] > latencyTo[longest])
                longest = i;
            QVERIFY(sloTo[i] <= withSlo.slo.absolute + static_cast<sim::SimTime>(job.tasks.size()));
        }
        QVERIFY2(std::llabs(sloTo[longest] - withSlo.slo.absolute) <= static_cast<long long>(job.tasks.size()),
                 qPrintable(QString::number(sloTo[longest])));
    }
}

void TestJobStreamsGenerator::severalCallersInsideAJob()
{
    // a → b, a → c, b → c: a job holding all three must list a, b, c with c after both its
    // callers, its parent being the first caller placed (a).
    auto graph = std::make_shared<model::ServiceGraph>();
    for (const char* name : {"a", "b", "c"})
        graph->addService(profile(name));
    graph->addCall(0, 1);
    graph->addCall(0, 2);
    graph->addCall(1, 2);
    kinds::job_streams::JobStreamsSpec dag = spec();
    dag.graph = graph;
    dag.minServicesPerJob = dag.maxServicesPerJob = 3;
    kinds::job_streams::JobStreamsGenerator generator(dag, kSeed);
    for (const env::JobSpec& job : jobs(generator, 200)) {
        QCOMPARE(job.tasks.size(), std::size_t{3});
        QCOMPARE(job.tasks[0].unit.service, std::string("a"));
        QCOMPARE(job.tasks[1].unit.service, std::string("b"));
        QCOMPARE(job.tasks[2].unit.service, std::string("c"));
        QCOMPARE(job.tasks[1].parent, 0);
        QCOMPARE(job.tasks[2].parent, 0);
        QCOMPARE(job.tasks[2].unit.dependsOn, std::string("a"));
    }
}

void TestJobStreamsGenerator::jobsStayInTheRootsComponent()
{
    // Two components, {a → b} and {x}: a job never mixes them and is smaller than asked when
    // its root's component is.
    auto graph = std::make_shared<model::ServiceGraph>();
    for (const char* name : {"a", "b", "x"})
        graph->addService(profile(name));
    graph->addCall(0, 1);
    kinds::job_streams::JobStreamsSpec split = spec();
    split.graph = graph;
    split.minServicesPerJob = split.maxServicesPerJob = 3;
    kinds::job_streams::JobStreamsGenerator generator(split, kSeed);
    int alone = 0;
    for (const env::JobSpec& job : jobs(generator, 600)) {
        if (job.tasks.front().unit.service == "x") {
            ++alone;
            QCOMPARE(job.tasks.size(), std::size_t{1});
        } else {
            QCOMPARE(job.tasks.size(), std::size_t{2});
            QCOMPARE(job.tasks[1].unit.service, std::string("b"));
        }
    }
    QVERIFY(alone > 100 && alone < 300); // the root is uniform over the three services
}

void TestJobStreamsGenerator::rejectsAMissingGraph()
{
    kinds::job_streams::JobStreamsSpec empty = spec();
    empty.graph.reset();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, kinds::job_streams::JobStreamsGenerator(empty, kSeed));
    const auto made = std::make_unique<kinds::job_streams::JobStreamsGenerator>(spec(), kSeed);
    QVERIFY(made->nextArrival(0).has_value());
}

QTEST_GUILESS_MAIN(TestJobStreamsGenerator)
#include "tst_job_streams_generator.moc"
