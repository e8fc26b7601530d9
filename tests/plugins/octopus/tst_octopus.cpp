// Octopus (seed 000 §II-B): the latency predictor, its training, and the placement rules.
#include "octopus_policy.h"

#include "latency_model.h"
#include "octopus_trainer.h"
#include "orrery_plugin_octopus.h"
#include "policy/plugin_error.h"
#include "policy/plugin_registry.h"
#include "synthetic_samples.h"

#include <QtTest>

#include <map>
#include <memory>
#include <stdexcept>

using namespace orrery;
using namespace orrery::plugins::octopus;
using orrery::testing::kGi;
using policy::ClusterView;
using policy::PendingUnit;
using policy::PlacementDecision;

Q_DECLARE_METATYPE(model::ComputeKind)

namespace {

constexpr std::uint64_t kSeed = 2024;

//! Nodes 0–2 "cpu": 8 cores, 32Gi. Nodes 3–7 "gpu": 8 cores, 64Gi, 2×V100 (10 GPUs in all).
//! Nodes 8–9 "asic": 8 cores, 32Gi, 1×TPU.
model::Cluster heterogeneousCluster()
{
    model::NodePoolSpec cpu;
    cpu.name = "cpu";
    cpu.count = 3;
    cpu.millicores = 8000;
    cpu.memoryBytes = 32 * kGi;
    model::NodePoolSpec gpu;
    gpu.name = "gpu";
    gpu.count = 5;
    gpu.millicores = 8000;
    gpu.memoryBytes = 64 * kGi;
    gpu.devices = {{model::DeviceKind::Gpu, "V100", 2}};
    model::NodePoolSpec asic;
    asic.name = "asic";
    asic.count = 2;
    asic.millicores = 8000;
    asic.memoryBytes = 32 * kGi;
    asic.devices = {{model::DeviceKind::Asic, "TPU", 1}};
    return model::Cluster(model::ClusterSpec{{cpu, gpu, asic}});
}

QString poolOf(const model::Cluster& cluster, std::uint32_t node)
{
    return QString::fromStdString(cluster.poolOf(node).name);
}

void fillPool(model::Cluster& cluster, const QString& pool)
{
    for (const auto& node : cluster.nodes()) {
        if (poolOf(cluster, node.id) == pool)
            QVERIFY(cluster.allocate(node.id, node.available()));
    }
}

//! A unit of a synthetic service, declared on `declared`, able to run on `options`.
PendingUnit unitOf(const std::string& service, model::ComputeKind declared, model::ComputeKindSet options,
                   std::int64_t millicores = 1000)
{
    const auto& services = orrery::testing::syntheticServices();
    const auto it = std::find_if(services.begin(), services.end(), [&](const auto& s) { return s.name == service; });
    PendingUnit unit;
    unit.service = service;
    unit.dependsOn = it != services.end() ? it->dependsOn : "";
    unit.request.millicores = millicores;
    unit.request.memoryBytes = kGi;
    if (const auto device = model::deviceOf(declared))
        unit.request.deviceCount(*device) = 1;
    unit.diskBytes = kGi;
    unit.declaredCompute = declared;
    unit.computeOptions = options | model::bitOf(declared);
    return unit;
}

constexpr model::ComputeKindSet kAnyKind = model::bitOf(model::ComputeKind::Cpu) | model::bitOf(model::ComputeKind::Gpu)
    | model::bitOf(model::ComputeKind::Asic);

//! The model every placement test uses, trained once.
const std::vector<std::uint8_t>& trainedModel()
{
    static const std::vector<std::uint8_t> bytes = [] {
        policy::PlacementTrainingSet data;
        data.samples = orrery::testing::syntheticSamples(4000, kSeed);
        data.seed = kSeed;
        return trainOctopus(data, TrainerOptions{}).model;
    }();
    return bytes;
}

std::unique_ptr<OctopusPolicy> makePolicy(double heldOutFraction, const char* sloPolicy = "fastest")
{
    policy::PolicyContext context;
    context.model = &trainedModel();
    context.params.set("heldOutFraction", QByteArray::number(heldOutFraction).toStdString());
    context.params.set("sloPolicy", sloPolicy);
    return std::make_unique<OctopusPolicy>(context);
}

double metric(const policy::TrainingResult& result, const std::string& name)
{
    for (const auto& [key, value] : result.metrics) {
        if (key == name)
            return value;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

//! Places `unit` and allocates what it holds where it landed; returns the decision.
PlacementDecision placeAndAllocate(OctopusPolicy& policy, model::Cluster& cluster, const PendingUnit& unit)
{
    const PlacementDecision decision = policy.place(unit, ClusterView(cluster));
    if (!decision.deferred) {
        const model::ComputeKind kind = decision.compute.value_or(unit.declaredCompute);
        const model::Resources held = kind == unit.declaredCompute ? unit.request : model::requestOn(unit.request, kind);
        if (!cluster.allocate(decision.node, held))
            qFatal("octopus chose node %u, which cannot hold the unit", decision.node);
    }
    return decision;
}

} // namespace

class TestOctopus : public QObject {
    Q_OBJECT

private slots:
    void trainsAccurateTreeOnFixture()
    {
        policy::PlacementTrainingSet data;
        data.samples = orrery::testing::syntheticSamples(4000, kSeed);
        data.seed = kSeed;
        const policy::TrainingResult result = trainOctopus(data, TrainerOptions{});
        QVERIFY(result.error.empty());
        QVERIFY(!result.model.empty());
        QVERIFY2(metric(result, "heldout_accuracy") > 0.9, result.report.c_str());
        QVERIFY2(metric(result, "heldout_mape") < 0.05, result.report.c_str());
        QVERIFY2(metric(result, "heldout_rank_accuracy") >= 0.95, result.report.c_str());
        QVERIFY(metric(result, "heldout_rank_groups") > 10);
        QCOMPARE(metric(result, "heldout_samples"), 800.0);
        QCOMPARE(metric(result, "train_samples"), 3200.0);
        QCOMPARE(metric(result, "skipped_samples"), 0.0);
        QVERIFY(QString::fromStdString(result.report).contains("held-out accuracy"));
    }

    void predictsTheKnownStructure_data()
    {
        QTest::addColumn<QString>("service");
        QTest::addColumn<model::ComputeKind>("kind");
        QTest::addColumn<qint64>("millicores");
        QTest::newRow("nginx cpu 1000m") << "nginx" << model::ComputeKind::Cpu << qint64{1000};
        QTest::newRow("media cpu 250m") << "media" << model::ComputeKind::Cpu << qint64{250};
        QTest::newRow("image-recognition cpu 4000m") << "image-recognition" << model::ComputeKind::Cpu << qint64{4000};
        QTest::newRow("image-recognition gpu 1000m") << "image-recognition" << model::ComputeKind::Gpu << qint64{1000};
        QTest::newRow("image-recognition asic 500m") << "image-recognition" << model::ComputeKind::Asic << qint64{500};
        QTest::newRow("object-detection gpu 2000m") << "object-detection" << model::ComputeKind::Gpu << qint64{2000};
        QTest::newRow("text-classification asic 1000m") << "text-classification" << model::ComputeKind::Asic << qint64{1000};
    }

    void predictsTheKnownStructure()
    {
        QFETCH(QString, service);
        QFETCH(model::ComputeKind, kind);
        QFETCH(qint64, millicores);
        const LatencyModel model = LatencyModel::fromBytes(trainedModel());
        const PendingUnit unit = unitOf(service.toStdString(), kind, model::bitOf(kind), millicores);
        const FeatureRow row = model.featuresOf(unit.service, unit.dependsOn, unit.request, unit.diskBytes, kind);
        double predicted = 0.0;
        model.predictSeconds(std::span(&row, 1), std::span(&predicted, 1));
        const auto& services = orrery::testing::syntheticServices();
        const auto it = std::find_if(services.begin(), services.end(),
                                     [&](const auto& s) { return s.name == unit.service; });
        const double expected = orrery::testing::noiselessSeconds(*it, kind, millicores);
        QVERIFY2(std::abs(predicted - expected) <= 0.1 * expected,
                 qPrintable(QString("predicted %1 s, expected %2 s").arg(predicted).arg(expected)));
    }

    void trainingIsDeterministicForASeed()
    {
        policy::PlacementTrainingSet data;
        data.samples = orrery::testing::syntheticSamples(1500, 7);
        data.seed = 11;
        const auto first = trainOctopus(data, TrainerOptions{});
        const auto second = trainOctopus(data, TrainerOptions{});
        QVERIFY(first.model == second.model);
        QCOMPARE(first.metrics, second.metrics);
        data.seed = 12; // another split, so other trees
        QVERIFY(trainOctopus(data, TrainerOptions{}).model != first.model);
        TrainerOptions ensemble;
        ensemble.tree.trees = 10;
        ensemble.tree.learningRate = 0.3;
        data.seed = 11;
        QVERIFY(trainOctopus(data, ensemble).model == trainOctopus(data, ensemble).model);
    }

    void modelBytesRoundTrip()
    {
        const LatencyModel model = LatencyModel::fromBytes(trainedModel());
        QCOMPARE(model.toBytes(), trainedModel());
        QCOMPARE(model.vocabulary().front(), std::string());
        QCOMPARE(model.vocabulary().size(), orrery::testing::syntheticServices().size() + 1); // "" and 8 names
        QVERIFY(std::isnan(model.categoryOf("no-such-service")));
        QCOMPARE(model.options().trees, 1);
        QCOMPARE(model.options().maxDepth, 8);
        QVERIFY(model.options().logTarget);

        std::vector<std::uint8_t> damaged = trainedModel();
        damaged.resize(damaged.size() / 2);
        QVERIFY_THROWS_EXCEPTION(std::exception, LatencyModel::fromBytes(damaged));
        const std::string garbage = "not a model";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 LatencyModel::fromBytes(std::span(reinterpret_cast<const std::uint8_t*>(garbage.data()),
                                                                   garbage.size())));
    }

    void refusesTooFewSamples()
    {
        policy::PlacementTrainingSet data;
        data.samples = orrery::testing::syntheticSamples(9, 1);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainOctopus(data, TrainerOptions{}));
        data.samples = orrery::testing::syntheticSamples(40, 1);
        for (int i = 0; i < 35; ++i)
            data.samples[static_cast<std::size_t>(i)].latencySeconds = 0.0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainOctopus(data, TrainerOptions{}));
    }

    void untrainedIsAClearError()
    {
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_octopus_descriptor());
        QVERIFY(registry.isTrainable("octopus"));
        model::PolicyChoice choice;
        choice.plugin = "octopus";
        policy::PolicyContext context;
        try {
            (void)registry.createPlacement(choice, context);
            QFAIL("created an octopus policy without a model");
        } catch (const policy::PluginError& error) {
            QVERIFY2(QString(error.what()).contains(
                         "octopus needs a trained model: run `orrery train octopus --scenario FILE --project P`"),
                     error.what());
        }
        const std::vector<std::uint8_t> garbage{'x', 'y'};
        context.model = &garbage;
        try {
            (void)registry.createPlacement(choice, context);
            QFAIL("created an octopus policy from garbage");
        } catch (const policy::PluginError& error) {
            QVERIFY2(QString(error.what()).contains("cannot read its model"), error.what());
        }
    }

    void trainsAndPlacesThroughTheRegistry()
    {
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_octopus_descriptor());
        model::PolicyChoice choice;
        choice.plugin = "octopus";
        choice.fieldPath = "spec.policies.placement";
        choice.params.push_back({"heldOutFraction", "1.5", {"s.yaml", 7, 26}});
        const auto diagnostics = registry.validate(choice, ORRERY_KIND_PLACEMENT);
        QCOMPARE(diagnostics.size(), std::size_t{1});
        QVERIFY(QString::fromStdString(diagnostics[0].format()).contains("heldOutFraction"));

        choice.params = {{"trees", "5", {}}, {"learningRate", "0.5", {}}};
        policy::PlacementTrainingSet data;
        data.samples = orrery::testing::syntheticSamples(1000, 3);
        data.seed = 3;
        policy::PolicyContext trainContext;
        const policy::TrainingResult result = registry.trainPlacement(choice, data, trainContext);
        QVERIFY(metric(result, "heldout_accuracy") > 0.9);
        QVERIFY(QString::fromStdString(result.report).contains("5 trees"));

        policy::PolicyContext context;
        context.model = &result.model;
        auto placement = registry.createPlacement(choice, context);
        const model::Cluster cluster = heterogeneousCluster();
        const auto decision = placement->place(unitOf("image-recognition", model::ComputeKind::Gpu, kAnyKind),
                                               ClusterView(cluster));
        QVERIFY(!decision.deferred);
        QCOMPARE(decision.compute, std::optional(model::ComputeKind::Asic));

        policy::PlacementTrainingSet tooSmall;
        tooSmall.samples = orrery::testing::syntheticSamples(3, 3);
        QVERIFY_THROWS_EXCEPTION(policy::PluginError, (void)registry.trainPlacement(choice, tooSmall, trainContext));
    }

    void constrainedUnitNeverLeavesItsKind_data()
    {
        QTest::addColumn<QString>("deviceModel");
        QTest::addColumn<int>("placeable");
        QTest::newRow("any gpu") << "" << 10;
        QTest::newRow("v100") << "V100" << 10;
        QTest::newRow("a100 (none)") << "A100" << 0;
    }

    void constrainedUnitNeverLeavesItsKind()
    {
        QFETCH(QString, deviceModel);
        QFETCH(int, placeable);
        model::Cluster cluster = heterogeneousCluster();
        auto policy = makePolicy(0.5); // held-out devices are for exactly these units
        PendingUnit unit = unitOf("image-recognition", model::ComputeKind::Gpu, 0);
        unit.deviceModel = deviceModel.toStdString();
        int placed = 0;
        for (int i = 0; i < 20; ++i) {
            const PlacementDecision decision = placeAndAllocate(*policy, cluster, unit);
            if (decision.deferred)
                continue;
            ++placed;
            QCOMPARE(poolOf(cluster, decision.node), QStringLiteral("gpu"));
            QCOMPARE(decision.compute, std::optional(model::ComputeKind::Gpu));
        }
        QCOMPARE(placed, placeable);
        QCOMPARE(policy->cachedUnits(), std::size_t{0}); // nothing to choose, nothing predicted
    }

    void constrainedUnitIsPlacedFirstFit()
    {
        model::Cluster cluster = heterogeneousCluster();
        auto policy = makePolicy(0.2);
        const PendingUnit unit = unitOf("compose-post", model::ComputeKind::Cpu, 0, 3000);
        QCOMPARE(placeAndAllocate(*policy, cluster, unit).node, 0u);
        QCOMPARE(placeAndAllocate(*policy, cluster, unit).node, 0u);
        QCOMPARE(placeAndAllocate(*policy, cluster, unit).node, 1u); // node 0 has 2000m left
    }

    void fungibleUnitTakesFastestKindMeetingSlo_data()
    {
        QTest::addColumn<QString>("service");
        QTest::addColumn<QString>("sloPolicy");
        QTest::addColumn<int>("sloMs");
        QTest::addColumn<QStringList>("fullPools");
        QTest::addColumn<model::ComputeKind>("expected");
        // image-recognition at 1000m: cpu 0.4 s, gpu 0.048 s, asic 0.028 s.
        // object-detection at 1000m: cpu 0.9 s, gpu 0.09 s, asic 0.135 s.
        using K = model::ComputeKind;
        QTest::newRow("all free: asic fastest") << "image-recognition" << "fastest" << 0 << QStringList{} << K::Asic;
        QTest::newRow("all free: gpu fastest") << "object-detection" << "fastest" << 0 << QStringList{} << K::Gpu;
        QTest::newRow("asics busy: next fastest") << "image-recognition" << "fastest" << 0 << QStringList{"asic"} << K::Gpu;
        QTest::newRow("accelerators busy: cpu") << "image-recognition" << "fastest" << 0
                                                << QStringList{"asic", "gpu"} << K::Cpu;
        QTest::newRow("fastest ignores a loose slo") << "image-recognition" << "fastest" << 500 << QStringList{} << K::Asic;
        QTest::newRow("frugal: cpu meets 500ms") << "image-recognition" << "frugal" << 500 << QStringList{} << K::Cpu;
        QTest::newRow("frugal: gpu meets 100ms") << "image-recognition" << "frugal" << 100 << QStringList{} << K::Gpu;
        QTest::newRow("frugal: none meets 10ms") << "image-recognition" << "frugal" << 10 << QStringList{} << K::Asic;
        QTest::newRow("frugal without slo") << "image-recognition" << "frugal" << 0 << QStringList{} << K::Asic;
        QTest::newRow("frugal, gpus busy") << "object-detection" << "frugal" << 200 << QStringList{"gpu"} << K::Asic;
    }

    void fungibleUnitTakesFastestKindMeetingSlo()
    {
        QFETCH(QString, service);
        QFETCH(QString, sloPolicy);
        QFETCH(int, sloMs);
        QFETCH(QStringList, fullPools);
        QFETCH(model::ComputeKind, expected);
        model::Cluster cluster = heterogeneousCluster();
        for (const QString& pool : fullPools)
            fillPool(cluster, pool);
        auto policy = makePolicy(0.0, qPrintable(sloPolicy));
        PendingUnit unit = unitOf(service.toStdString(), model::ComputeKind::Gpu, kAnyKind);
        unit.slo = sloMs * sim::kMillisecond;
        const PlacementDecision decision = policy->place(unit, ClusterView(cluster));
        QVERIFY(!decision.deferred);
        QCOMPARE(decision.compute, std::optional(expected));
        const std::map<model::ComputeKind, QString> pools{
            {model::ComputeKind::Cpu, "cpu"}, {model::ComputeKind::Gpu, "gpu"}, {model::ComputeKind::Asic, "asic"}};
        if (expected == model::ComputeKind::Cpu)
            QCOMPARE(decision.node, 0u); // first fit: the first node, CPU-only pool first
        else
            QCOMPARE(poolOf(cluster, decision.node), pools.at(expected));
    }

    void heldOutDevicesStayFreeForConstrainedUnits_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::addColumn<int>("flexibleOnGpu");
        QTest::addColumn<int>("constrainedPlaced");
        QTest::newRow("p=0: nothing held out") << 0.0 << 10 << 0;
        QTest::newRow("p=0.2: two of ten held out") << 0.2 << 8 << 2;
        QTest::newRow("p=0.25: floor(2.5) held out") << 0.25 << 8 << 2;
        QTest::newRow("p=0.3: three of ten held out") << 0.3 << 7 << 3;
        QTest::newRow("p=0.5: five held out") << 0.5 << 5 << 5;
        QTest::newRow("p=1: every gpu held out") << 1.0 << 0 << 10;
    }

    void heldOutDevicesStayFreeForConstrainedUnits()
    {
        QFETCH(double, fraction);
        QFETCH(int, flexibleOnGpu);
        QFETCH(int, constrainedPlaced);
        model::Cluster cluster = heterogeneousCluster();
        fillPool(cluster, "asic"); // so the GPU is the fastest kind left for object-detection
        auto policy = makePolicy(fraction);
        // A stream of units that can also run on CPUs, all preferring the GPU…
        const PendingUnit flexible = unitOf("object-detection", model::ComputeKind::Gpu, kAnyKind, 500);
        int onGpu = 0;
        for (int i = 0; i < 20; ++i) {
            const PlacementDecision decision = placeAndAllocate(*policy, cluster, flexible);
            QVERIFY(!decision.deferred);
            onGpu += decision.compute == model::ComputeKind::Gpu ? 1 : 0;
        }
        QCOMPARE(onGpu, flexibleOnGpu);
        // …then units that can run only on a GPU still find the held-out ones.
        const PendingUnit gpuOnly = unitOf("object-detection", model::ComputeKind::Gpu, 0, 500);
        int placed = 0;
        for (int i = 0; i < 12; ++i) {
            const PlacementDecision decision = placeAndAllocate(*policy, cluster, gpuOnly);
            if (decision.deferred)
                continue;
            ++placed;
            QCOMPARE(poolOf(cluster, decision.node), QStringLiteral("gpu"));
        }
        QCOMPARE(placed, constrainedPlaced);
    }

    void defersWhenNoKindFits()
    {
        model::Cluster cluster = heterogeneousCluster();
        auto policy = makePolicy(0.2);
        // More CPU than any node has: no kind can take it.
        QVERIFY(policy->place(unitOf("image-recognition", model::ComputeKind::Gpu, kAnyKind, 9000), ClusterView(cluster))
                    .deferred);
        for (const QString pool : {"cpu", "gpu", "asic"})
            fillPool(cluster, pool);
        QVERIFY(policy->place(unitOf("image-recognition", model::ComputeKind::Gpu, kAnyKind), ClusterView(cluster))
                    .deferred);
        const model::Cluster empty{model::ClusterSpec{}};
        QVERIFY(policy->place(unitOf("image-recognition", model::ComputeKind::Gpu, kAnyKind), ClusterView(empty))
                    .deferred);
    }

    void prefersTheLessContendedNode()
    {
        // Samples where a node with saturated memory bandwidth makes CPU work 1.6× slower (the
        // contention model's saturation stretch), half of them on such nodes.
        policy::PlacementTrainingSet data;
        data.samples = orrery::testing::syntheticSamples(4000, kSeed);
        for (std::size_t i = 0; i < data.samples.size(); ++i) {
            auto& sample = data.samples[i];
            if (sample.compute == model::ComputeKind::Cpu && i % 2 == 1) {
                sample.nodeMemoryBandwidthUtilization = 1.0;
                sample.latencySeconds *= 1.6;
            }
        }
        data.seed = kSeed;
        const auto trained = trainOctopus(data, TrainerOptions{});
        QVERIFY2(trained.error.empty(), trained.error.c_str());
        policy::PolicyContext context;
        context.model = &trained.model;
        OctopusPolicy policy(context);

        model::Cluster cluster = heterogeneousCluster();
        const PendingUnit unit = unitOf("nginx", model::ComputeKind::Cpu, 0);
        // No contention anywhere: first fit, and nothing predicted.
        QCOMPARE(policy.place(unit, ClusterView(cluster)).node, 0u);
        QCOMPARE(policy.cachedUnits(), std::size_t{0});
        // Node 0 saturated: the unit goes to node 1, the next CPU node.
        model::PerContendedResource<double> saturated{};
        saturated[static_cast<std::size_t>(model::ContendedResource::MemoryBandwidth)] = 1.0;
        cluster.setPressure(0, saturated);
        const PlacementDecision decision = policy.place(unit, ClusterView(cluster));
        QCOMPARE(decision.node, 1u);
        QCOMPARE(decision.compute, std::optional(model::ComputeKind::Cpu));
    }

    void cachesPredictionsPerUnitFeatures()
    {
        auto policy = makePolicy(0.2);
        const PendingUnit a = unitOf("image-recognition", model::ComputeKind::Gpu, kAnyKind);
        const auto first = policy->predict(a);
        QCOMPARE(first.known, kAnyKind);
        QVERIFY(first.seconds[static_cast<int>(model::ComputeKind::Asic)]
                < first.seconds[static_cast<int>(model::ComputeKind::Gpu)]);
        QVERIFY(first.seconds[static_cast<int>(model::ComputeKind::Gpu)]
                < first.seconds[static_cast<int>(model::ComputeKind::Cpu)]);
        PendingUnit sameFeatures = a;
        sameFeatures.id = 99;
        sameFeatures.submittedAt = 5 * sim::kSecond;
        (void)policy->predict(sameFeatures);
        QCOMPARE(policy->cachedUnits(), std::size_t{1});
        (void)policy->predict(unitOf("image-recognition", model::ComputeKind::Gpu, kAnyKind, 2000));
        (void)policy->predict(unitOf("never-seen", model::ComputeKind::Gpu, kAnyKind));
        (void)policy->predict(unitOf("never-seen-either", model::ComputeKind::Gpu, kAnyKind));
        QCOMPARE(policy->cachedUnits(), std::size_t{3}); // unknown names share the "missing" features
    }
};

QTEST_GUILESS_MAIN(TestOctopus)
#include "tst_octopus.moc"
