#include "strl/expression.h"
#include "strl/generator_context.h"
#include "strl/job_generators.h"
#include "strl/strl_template.h"

#include <QtTest>

using namespace orrery;
using namespace orrery::strl;

//! Value semantics of each STRL operator on hand-built expressions (seed 003), and the shapes
//! the job-type generators build.
class TestStrlExpression : public QObject {
    Q_OBJECT

private slots:
    // A template written like the gpu generator expands to the very same expression, window by window.
    void userTemplateEqualsBuiltInGpuGenerator()
    {
        using namespace orrery::strl;
        const auto ref = [](const char* p, const char* q = "") {
            TemplateNumber n;
            n.param = p;
            n.factorParam = q;
            return n;
        };
        ExpressionTemplate fast, slow;
        fast.setName = GeneratorContext::gpuNodesSet();
        slow.setName = GeneratorContext::allNodesSet();
        for (ExpressionTemplate* leaf : {&fast, &slow}) {
            leaf->k = ref("k");
            leaf->start = ref("start");
            leaf->duration = ref("duration");
            leaf->value = ref("worth");
        }
        slow.duration = ref("duration", "slowdown");
        ExpressionTemplate root;
        root.op = Operator::Max;
        root.children = {fast, slow};
        JobTypeSpec spec;
        spec.type = JobType::Gpu;
        spec.k = 2;
        spec.duration = 7 * orrery::sim::kSecond;
        spec.slowdown = 3.0;
        spec.value = 4.0;
        RequestTemplate request;
        request.expression = std::make_shared<const ExpressionTemplate>(root);
        request.bindings = {{"k", 2.0}, {"duration", double(spec.duration)}, {"slowdown", 3.0}, {"value", 4.0}};
        GeneratorContext context;
        context.now = 30 * orrery::sim::kSecond;
        context.slotLength = 10 * orrery::sim::kSecond;
        context.windowSlots = 4;
        QCOMPARE(request.forWindow(context).toText(), generateGpuJob(spec, context).toText());
        QCOMPARE(request.maxNodes(context), 2);
        // With a deadline, options completing after it are left out, as the built-in does.
        spec.deadline = 60 * orrery::sim::kSecond;
        request.deadline = spec.deadline;
        QCOMPARE(request.forWindow(context).toText(), generateGpuJob(spec, context).toText());
        QCOMPARE(request.forWindow(context).toText(), request.forWindow(context).toText());
    }

    void operatorValues_data();
    void operatorValues();
    void gpuGeneratorOffersBothPlacementsPerStart();
    void sloGeneratorDropsLateStarts();
    void availabilityGeneratorNeedsKRacks();
};

namespace {

Expression leaf(double value)
{
    return Expression::nck("s", 1, 0, sim::kSecond, value);
}

std::vector<Expression> leaves(std::initializer_list<double> values)
{
    std::vector<Expression> result;
    for (double v : values)
        result.push_back(leaf(v));
    return result;
}

} // namespace

void TestStrlExpression::operatorValues_data()
{
    QTest::addColumn<int>("which");
    QTest::addColumn<QList<bool>>("satisfied");
    QTest::addColumn<double>("expected");
    // which: 0 max(3,7,5)  1 min(3,7)  2 sum(3,7)  3 scale(2.5, 4)  4 barrier(6, sum(3,4))
    QTest::newRow("max all") << 0 << QList<bool>{true, true, true} << 7.0;
    QTest::newRow("max without best") << 0 << QList<bool>{true, false, true} << 5.0;
    QTest::newRow("max none") << 0 << QList<bool>{false, false, false} << 0.0;
    QTest::newRow("min both") << 1 << QList<bool>{true, true} << 3.0;
    QTest::newRow("min one missing") << 1 << QList<bool>{false, true} << 0.0;
    QTest::newRow("sum both") << 2 << QList<bool>{true, true} << 10.0;
    QTest::newRow("sum one") << 2 << QList<bool>{false, true} << 7.0;
    QTest::newRow("scale") << 3 << QList<bool>{true} << 10.0;
    QTest::newRow("scale off") << 3 << QList<bool>{false} << 0.0;
    QTest::newRow("barrier reached") << 4 << QList<bool>{true, true} << 6.0;
    QTest::newRow("barrier missed") << 4 << QList<bool>{false, true} << 0.0;
}

void TestStrlExpression::operatorValues()
{
    QFETCH(int, which);
    QFETCH(QList<bool>, satisfied);
    QFETCH(double, expected);
    const std::vector<Expression> expressions = {
        Expression::max(leaves({3, 7, 5})),
        Expression::min(leaves({3, 7})),
        Expression::sum(leaves({3, 7})),
        Expression::scale(2.5, leaf(4)),
        Expression::barrier(6, Expression::sum(leaves({3, 4}))),
    };
    const std::vector<bool> granted(satisfied.begin(), satisfied.end());
    QCOMPARE(expressions[static_cast<std::size_t>(which)].valueOf(granted), expected);
}

void TestStrlExpression::gpuGeneratorOffersBothPlacementsPerStart()
{
    GeneratorContext context;
    context.now = 100 * sim::kSecond;
    context.slotLength = 10 * sim::kSecond;
    context.windowSlots = 3;
    JobTypeSpec spec;
    spec.type = JobType::Gpu;
    spec.k = 2;
    spec.duration = 10 * sim::kSecond;
    spec.slowdown = 3;
    spec.value = 10;
    const Expression e = generateJob(spec, context);
    QCOMPARE(e.op, Operator::Max);
    QCOMPARE(e.children.size(), std::size_t(6));
    QCOMPARE(e.children[0].leaf.setName, GeneratorContext::gpuNodesSet());
    QCOMPARE(e.children[1].leaf.setName, GeneratorContext::allNodesSet());
    QCOMPARE(e.children[1].leaf.duration, 30 * sim::kSecond);
    QCOMPARE(e.children[4].leaf.start, 120 * sim::kSecond);
    // Without a deadline the value decays with completion: W / (W + completion - now), W = 30 s.
    QCOMPARE(e.children[0].leaf.value, 10.0 * 30 / 40);
    QCOMPARE(e.children[1].leaf.value, 10.0 * 30 / 60);
    QVERIFY(e.children[2].leaf.value < e.children[0].leaf.value);
}

void TestStrlExpression::sloGeneratorDropsLateStarts()
{
    GeneratorContext context;
    context.slotLength = sim::kSecond;
    context.windowSlots = 10;
    JobTypeSpec spec;
    spec.type = JobType::Slo;
    spec.k = 1;
    spec.duration = 3 * sim::kSecond;
    spec.value = 4;
    spec.deadline = 5 * sim::kSecond;
    const Expression e = generateJob(spec, context);
    QCOMPARE(e.children.size(), std::size_t(3)); // starts 0, 1, 2 finish by 5 s
    for (const Expression& option : e.children)
        QCOMPARE(option.leaf.value, 4.0);
}

void TestStrlExpression::availabilityGeneratorNeedsKRacks()
{
    GeneratorContext context;
    context.windowSlots = 1;
    context.racks = {"r1", "r2", "r3"};
    JobTypeSpec spec;
    spec.type = JobType::Availability;
    spec.k = 2;
    spec.duration = sim::kSecond;
    spec.value = 8;
    spec.deadline = 10 * sim::kSecond;
    const Expression e = generateJob(spec, context);
    QCOMPARE(e.children.size(), std::size_t(1));
    const Expression& option = e.children[0];
    QCOMPARE(option.op, Operator::Scale);
    QCOMPARE(option.parameter, 4.0);
    QCOMPARE(option.children[0].op, Operator::Barrier);
    // One node on two racks reaches the barrier: worth the job's value; one rack is worth nothing.
    QCOMPARE(e.valueOf({true, false, true}), 8.0);
    QCOMPARE(e.valueOf({false, false, true}), 0.0);
    spec.k = 4;
    QCOMPARE(generateJob(spec, context).children.size(), std::size_t(0));
}

QTEST_GUILESS_MAIN(TestStrlExpression)
#include "tst_strl_expression.moc"
