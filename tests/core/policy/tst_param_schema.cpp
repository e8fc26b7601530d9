#include "policy/param_schema.h"

#include "policy/param_text.h"
#include "policy/plugin_error.h"
#include "policy/plugin_export.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using namespace orrery;
using policy::ParamSet;

namespace {

//! One parameter of every type, with the range conventions (closed, one-sided, none, optional).
constexpr OrreryParamSpec kParams[] = {
    {"workers", ORRERY_PARAM_INT, "4", 1, 64, nullptr, "worker threads"},
    {"ratio", ORRERY_PARAM_DOUBLE, "0.5", 0, 1, nullptr, "a fraction"},
    {"verbose", ORRERY_PARAM_BOOL, "False", 0, 0, nullptr, "log more"},
    {"label", ORRERY_PARAM_STRING, "none", 0, 0, nullptr, "free text"},
    {"order", ORRERY_PARAM_ENUM, "index", 0, 0, "index|reverse|random", "scan order"},
    {"period", ORRERY_PARAM_DURATION, "1s", 0.001, 60, nullptr, "control period"},
    {"limit", ORRERY_PARAM_INT, nullptr, 1, ORRERY_PARAM_UNBOUNDED, nullptr, "optional, no default"},
    {"scale", ORRERY_PARAM_DOUBLE, "1.5", 0, 0, nullptr, "no range"},
};

constexpr OrreryPluginDescriptor makeDescriptor(const OrreryParamSpec* params, std::uint32_t count)
{
    return OrreryPluginDescriptor{
        .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
        .structSize = sizeof(OrreryPluginDescriptor),
        .id = "test-policy",
        .displayName = "Test policy",
        .version = "1.0.0",
        .compatVersion = ORRERY_POLICY_API_VERSION,
        .description = nullptr,
        .kinds = ORRERY_KIND_PLACEMENT,
        .params = params,
        .paramCount = count,
        .createPlacement = nullptr,
        .destroyPlacement = nullptr,
        .trainPlacement = nullptr,
    };
}

constexpr OrreryPluginDescriptor kDescriptor = makeDescriptor(kParams, sizeof kParams / sizeof kParams[0]);
constexpr OrreryPluginDescriptor kNoParams = makeDescriptor(nullptr, 0);

model::PolicyChoice choiceWith(std::vector<model::PolicyParam> params)
{
    model::PolicyChoice choice;
    choice.plugin = "test-policy";
    choice.fieldPath = "spec.policies.placement";
    choice.location = {"scenario.yaml", 10, 5};
    choice.params = std::move(params);
    return choice;
}

model::PolicyParam param(std::string name, std::string value, int line)
{
    return {std::move(name), std::move(value), {"scenario.yaml", line, 7}};
}

//! A malformed schema and the problem schemaProblem() must name.
struct BadSchema {
    const char* label;
    OrreryParamSpec spec;
    const char* expected;
};

const BadSchema kBadSchemas[] = {
    {"defaultOutOfRange", {"workers", ORRERY_PARAM_INT, "0", 1, 64, nullptr, ""},
     "parameter 'workers' has an invalid default '0': expected an integer in [1, 64], got 0"},
    {"defaultWrongType", {"flag", ORRERY_PARAM_BOOL, "maybe", 0, 0, nullptr, ""},
     "parameter 'flag' has an invalid default 'maybe': expected true or false"},
    {"defaultNotAChoice", {"order", ORRERY_PARAM_ENUM, "sideways", 0, 0, "index|reverse", ""},
     "invalid default 'sideways': expected one of: index|reverse"},
    {"defaultBareDuration", {"period", ORRERY_PARAM_DURATION, "10", 0, 0, nullptr, ""},
     "invalid default '10': expected a duration"},
    {"unknownType", {"x", 42, "1", 0, 0, nullptr, ""}, "parameter 'x' has unknown type 42"},
    {"enumWithoutChoices", {"order", ORRERY_PARAM_ENUM, nullptr, 0, 0, nullptr, ""}, "is an enum without choices"},
    {"enumEmptyChoice", {"order", ORRERY_PARAM_ENUM, "a", 0, 0, "a||b", ""}, "has an empty choice in 'a||b'"},
    {"minAboveMax", {"n", ORRERY_PARAM_INT, "5", 10, 1, nullptr, ""}, "parameter 'n' has an invalid range [10, 1]"},
    {"nanBound", {"x", ORRERY_PARAM_DOUBLE, "5", NAN, 1, nullptr, ""}, "has an invalid range"},
    {"noName", {nullptr, ORRERY_PARAM_INT, "1", 0, 0, nullptr, ""}, "parameter #1 has no name"},
    {"nameNotIdentifier", {"max probes", ORRERY_PARAM_INT, "1", 0, 0, nullptr, ""}, "not have an identifier"},
};

} // namespace

//! Parameter schemas: values checked against them with scenario-parser-quality errors,
//! defaults filled in, malformed schemas rejected; and ParamSet's typed getters.
class TestParamSchema : public QObject {
    Q_OBJECT

private slots:
    void ourSchemaIsWellFormed()
    {
        QCOMPARE(QString::fromStdString(policy::schemaProblem(kDescriptor)), QString());
    }

    void reportsEachErrorClass_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("fieldPath");
        QTest::addColumn<QString>("message");

        const QString base = "spec.policies.placement.params.";
        QTest::newRow("unknownWithSuggestion") << "worker" << "4" << base + "worker"
            << "unknown parameter 'worker' for plugin 'test-policy' (did you mean 'workers'?); known parameters: "
               "workers, ratio, verbose, label, order, period, limit, scale";
        QTest::newRow("unknownNoSuggestion") << "colour" << "red" << base + "colour"
            << "unknown parameter 'colour' for plugin 'test-policy'; known parameters: workers,";
        QTest::newRow("intNotANumber") << "workers" << "four" << base + "workers"
            << "expected an integer in [1, 64], got 'four'";
        QTest::newRow("intFraction") << "workers" << "2.5" << base + "workers" << "expected an integer";
        QTest::newRow("intOverflow") << "workers" << "99999999999999999999" << base + "workers"
            << "expected an integer";
        QTest::newRow("intBelowRange") << "workers" << "0" << base + "workers"
            << "expected an integer in [1, 64], got 0";
        QTest::newRow("intAboveRange") << "workers" << "65" << base + "workers"
            << "expected an integer in [1, 64], got 65";
        QTest::newRow("intOneSided") << "limit" << "0" << base + "limit" << "expected an integer >= 1, got 0";
        QTest::newRow("doubleAboveRange") << "ratio" << "1.5" << base + "ratio"
            << "expected a number in [0, 1], got 1.5";
        QTest::newRow("doubleNegative") << "ratio" << "-0.1" << base + "ratio"
            << "expected a number in [0, 1], got -0.1";
        QTest::newRow("doubleNotANumber") << "ratio" << "half" << base + "ratio"
            << "expected a number in [0, 1], got 'half'";
        QTest::newRow("doubleNan") << "scale" << "nan" << base + "scale" << "expected a number, got 'nan'";
        QTest::newRow("doubleInfinite") << "scale" << "inf" << base + "scale" << "expected a number, got 'inf'";
        QTest::newRow("boolYes") << "verbose" << "yes" << base + "verbose" << "expected true or false, got 'yes'";
        QTest::newRow("boolNumber") << "verbose" << "1" << base + "verbose" << "expected true or false";
        QTest::newRow("enumTypo") << "order" << "revrese" << base + "order"
            << "expected one of: index|reverse|random, got 'revrese' (did you mean 'reverse'?)";
        QTest::newRow("enumCase") << "order" << "Index" << base + "order"
            << "expected one of: index|reverse|random, got 'Index'";
        QTest::newRow("durationWithoutUnit") << "period" << "10" << base + "period"
            << "expected a duration with a unit";
        QTest::newRow("durationAboveRange") << "period" << "2m" << base + "period"
            << "expected a duration in [0.001s, 60s], got 2m";
        QTest::newRow("durationBelowRange") << "period" << "100us" << base + "period"
            << "expected a duration in [0.001s, 60s], got 100us";
    }

    void reportsEachErrorClass()
    {
        QFETCH(QString, name);
        QFETCH(QString, value);
        QFETCH(QString, fieldPath);
        QFETCH(QString, message);

        const auto choice = choiceWith({param("label", "fine", 11), param(name.toStdString(), value.toStdString(), 12)});
        const model::Diagnostics diagnostics = policy::validateParams(kDescriptor, choice);
        QCOMPARE(diagnostics.size(), std::size_t{1});
        const model::Diagnostic& d = diagnostics.front();
        QCOMPARE(QString::fromStdString(d.fieldPath), fieldPath);
        QCOMPARE(d.location.line, 12);
        QCOMPARE(d.location.column, 7);
        QCOMPARE(QString::fromStdString(d.location.file), QStringLiteral("scenario.yaml"));
        QVERIFY2(QString::fromStdString(d.message).contains(message), d.message.c_str());
        // The compiler-style form editors understand.
        QVERIFY(QString::fromStdString(d.format()).startsWith("scenario.yaml:12:7: error: " + fieldPath + ": "));
    }

    void acceptsValidSpellings_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::newRow("intPlus") << "workers" << "+3";
        QTest::newRow("intBounds") << "workers" << "64";
        QTest::newRow("doubleLeadingDot") << "ratio" << ".5";
        QTest::newRow("doubleExponent") << "ratio" << "1e-1";
        QTest::newRow("doubleInteger") << "ratio" << "1";
        QTest::newRow("doubleUnbounded") << "scale" << "-1e300";
        QTest::newRow("boolTitle") << "verbose" << "True";
        QTest::newRow("boolUpper") << "verbose" << "FALSE";
        QTest::newRow("string") << "label" << "anything: goes";
        QTest::newRow("enum") << "order" << "reverse";
        QTest::newRow("durationMs") << "period" << "250ms";
        QTest::newRow("durationCompound") << "period" << "1m";
        QTest::newRow("optionalLarge") << "limit" << "1000000";
    }

    void acceptsValidSpellings()
    {
        QFETCH(QString, name);
        QFETCH(QString, value);
        const auto diagnostics = policy::validateParams(kDescriptor, choiceWith({param(name.toStdString(), value.toStdString(), 3)}));
        QVERIFY2(diagnostics.empty(), diagnostics.empty() ? "" : diagnostics.front().format().c_str());
    }

    void reportsEveryProblemNotOnlyTheFirst()
    {
        const auto choice = choiceWith({param("workers", "0", 4), param("ratio", "2", 5), param("nope", "1", 6)});
        const auto diagnostics = policy::validateParams(kDescriptor, choice);
        QCOMPARE(diagnostics.size(), std::size_t{3});
        QCOMPARE(diagnostics[0].location.line, 4);
        QCOMPARE(diagnostics[1].location.line, 5);
        QCOMPARE(diagnostics[2].location.line, 6);
    }

    void reportsAParameterGivenTwice()
    {
        const auto choice = choiceWith({param("workers", "2", 4), param("workers", "3", 7)});
        const auto diagnostics = policy::validateParams(kDescriptor, choice);
        QCOMPARE(diagnostics.size(), std::size_t{1});
        QCOMPARE(diagnostics[0].location.line, 7);
        QCOMPARE(QString::fromStdString(diagnostics[0].message),
                 QStringLiteral("parameter 'workers' is given more than once (first at line 4)"));
    }

    void pluginWithoutParametersSaysSo()
    {
        auto choice = choiceWith({param("order", "reverse", 9)});
        choice.fieldPath.clear();
        const auto diagnostics = policy::validateParams(kNoParams, choice);
        QCOMPARE(diagnostics.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(diagnostics[0].fieldPath), QStringLiteral("params.order"));
        QCOMPARE(QString::fromStdString(diagnostics[0].message),
                 QStringLiteral("unknown parameter 'order': plugin 'test-policy' takes no parameters"));
    }

    void resolvesDefaults()
    {
        const ParamSet params = policy::resolveParams(kDescriptor, choiceWith({}));
        QCOMPARE(params.getInt("workers"), std::int64_t{4});
        QCOMPARE(params.getDouble("ratio"), 0.5);
        QCOMPARE(params.getBool("verbose"), false);
        QCOMPARE(params.getString("label"), std::string("none"));
        QCOMPARE(params.getString("order"), std::string("index"));
        QCOMPARE(params.getDuration("period"), sim::kSecond);
        QCOMPARE(params.getDouble("scale"), 1.5);
        QVERIFY(!params.contains("limit")); // optional without a default stays absent
        QCOMPARE(QString::fromStdString(params.toString()),
                 QStringLiteral("{label=none, order=index, period=1s, ratio=0.5, scale=1.5, verbose=false, workers=4}"));
    }

    void resolvesGivenValuesOverDefaults()
    {
        const auto choice = choiceWith({param("workers", "16", 2), param("verbose", "TRUE", 3),
                                        param("period", "250ms", 4), param("limit", "7", 5)});
        const ParamSet params = policy::resolveParams(kDescriptor, choice);
        QCOMPARE(params.getInt("workers"), std::int64_t{16});
        QCOMPARE(params.getBool("verbose"), true);
        QCOMPARE(params.getString("verbose"), std::string("true")); // canonical spelling is recorded
        QCOMPARE(params.getDuration("period"), 250 * sim::kMillisecond);
        QCOMPARE(params.getInt("limit"), std::int64_t{7});
    }

    void resolveThrowsWithTheDiagnostics()
    {
        const auto choice = choiceWith({param("ratio", "1.5", 21)});
        try {
            (void)policy::resolveParams(kDescriptor, choice);
            QFAIL("expected PluginError");
        } catch (const policy::PluginError& error) {
            QCOMPARE(QString::fromUtf8(error.what()),
                     QStringLiteral("scenario.yaml:21:7: error: spec.policies.placement.params.ratio: "
                                    "expected a number in [0, 1], got 1.5"));
        }
    }

    void rejectsMalformedSchemas_data()
    {
        QTest::addColumn<int>("index");
        for (int i = 0; i < static_cast<int>(std::size(kBadSchemas)); ++i)
            QTest::newRow(kBadSchemas[i].label) << i;
    }

    void rejectsMalformedSchemas()
    {
        QFETCH(int, index);
        const BadSchema& bad = kBadSchemas[index];
        const auto descriptor = makeDescriptor(&bad.spec, 1);
        const std::string problem = policy::schemaProblem(descriptor);
        QVERIFY2(QString::fromStdString(problem).contains(QString::fromUtf8(bad.expected)), problem.c_str());
    }

    void rejectsDuplicateNamesAndMissingTables()
    {
        const OrreryParamSpec twice[] = {
            {"n", ORRERY_PARAM_INT, "1", 0, 0, nullptr, ""},
            {"n", ORRERY_PARAM_DOUBLE, "1", 0, 0, nullptr, ""},
        };
        QCOMPARE(QString::fromStdString(policy::schemaProblem(makeDescriptor(twice, 2))),
                 QStringLiteral("parameter 'n' is declared twice"));
        QCOMPARE(QString::fromStdString(policy::schemaProblem(makeDescriptor(nullptr, 2))),
                 QStringLiteral("declares 2 parameters but no parameter table"));
    }

    void describesAcceptedValues()
    {
        QCOMPARE(policy::describeParamValues(kParams[0]), std::string("int in [1, 64]"));
        QCOMPARE(policy::describeParamValues(kParams[2]), std::string("bool"));
        QCOMPARE(policy::describeParamValues(kParams[4]), std::string("one of: index|reverse|random"));
        QCOMPARE(policy::describeParamValues(kParams[5]), std::string("duration in [0.001s, 60s]"));
        QCOMPARE(policy::describeParamValues(kParams[6]), std::string("int >= 1"));
        QCOMPARE(policy::describeParamValues(kParams[7]), std::string("double"));
    }

    void parsesScalarText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("isInt");
        QTest::addColumn<bool>("isDouble");
        QTest::newRow("int") << "42" << true << true;
        QTest::newRow("negative") << "-7" << true << true;
        QTest::newRow("plus") << "+3" << true << true;
        QTest::newRow("plusMinus") << "+-3" << false << false;
        QTest::newRow("doublePlus") << "++3" << false << false;
        QTest::newRow("empty") << "" << false << false;
        QTest::newRow("sign") << "+" << false << false;
        QTest::newRow("fraction") << "2.5" << false << true;
        QTest::newRow("exponent") << "1e3" << false << true;
        QTest::newRow("space") << " 1" << false << false;
        QTest::newRow("trailing") << "1x" << false << false;
        QTest::newRow("hex") << "0x10" << false << false;
    }

    void parsesScalarText()
    {
        QFETCH(QString, text);
        QFETCH(bool, isInt);
        QFETCH(bool, isDouble);
        const std::string s = text.toStdString();
        QCOMPARE(policy::parseParamInt(s).has_value(), isInt);
        QCOMPARE(policy::parseParamDouble(s).has_value(), isDouble);
    }

    void paramSetGettersRejectUndeclaredNames()
    {
        ParamSet params;
        params.set("n", "3");
        params.set("text", "abc");
        QCOMPARE(params.getInt("n"), std::int64_t{3});
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, (void)params.getInt("m"));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, (void)params.getString("m"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)params.getInt("text"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)params.getBool("text"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)params.getDuration("n"));
        QCOMPARE(QString::fromStdString(params.toString()), QStringLiteral("{n=3, text=abc}"));
        QCOMPARE(QString::fromStdString(ParamSet().toString()), QStringLiteral("{}"));
    }
};

QTEST_GUILESS_MAIN(TestParamSchema)
#include "tst_param_schema.moc"
