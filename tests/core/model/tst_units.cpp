#include "model/units.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace orrery;

//! Parsing and formatting of durations, CPU, byte quantities and rates (core/model/units.h).
class TestUnits : public QObject {
    Q_OBJECT

private slots:
    void parseDurationGood_data();
    void parseDurationGood();
    void parseDurationBad_data();
    void parseDurationBad();
    void parseMillicoresGood_data();
    void parseMillicoresGood();
    void parseMillicoresBad_data();
    void parseMillicoresBad();
    void parseBytesGood_data();
    void parseBytesGood();
    void parseBytesBad_data();
    void parseBytesBad();
    void parseRateGood_data();
    void parseRateGood();
    void parseRateBad_data();
    void parseRateBad();
    void formatDuration_data();
    void formatDuration();
    void formatBytes_data();
    void formatBytes();
    void formatMillicores_data();
    void formatMillicores();
    void errorIsOptional();
};

namespace {

constexpr qint64 kMs = sim::kMillisecond;
constexpr qint64 kS = sim::kSecond;
constexpr qint64 kInt64Max = std::numeric_limits<qint64>::max();

std::string text(const QByteArray& bytes)
{
    return bytes.toStdString();
}

} // namespace

void TestUnits::parseDurationGood_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("milliseconds") << QByteArray("250ms") << 250 * kMs;
    QTest::newRow("seconds") << QByteArray("10s") << 10 * kS;
    QTest::newRow("hours") << QByteArray("2h") << 7200 * kS;
    QTest::newRow("hours and minutes") << QByteArray("1h30m") << 5400 * kS;
    QTest::newRow("fractional seconds") << QByteArray("1.5s") << 1'500'000'000LL;
    QTest::newRow("us") << QByteArray("500us") << 500'000LL;
    QTest::newRow("micro sign") << QByteArray("500\xc2\xb5s") << 500'000LL;
    QTest::newRow("greek mu") << QByteArray("500\xce\xbcs") << 500'000LL;
    QTest::newRow("nanoseconds") << QByteArray("100ns") << 100LL;
    QTest::newRow("days") << QByteArray("3d") << 3 * 86400 * kS;
    QTest::newRow("zero") << QByteArray("0s") << 0LL;
    QTest::newRow("a tenth is exact") << QByteArray("0.1s") << 100'000'000LL;
    QTest::newRow("one nanosecond as seconds") << QByteArray("0.000000001s") << 1LL;
    QTest::newRow("trailing zeros beyond ns") << QByteArray("1.50000000000000000000s") << 1'500'000'000LL;
    QTest::newRow("every unit") << QByteArray("1d2h3m4s5ms6us7ns")
                                << (((1 * 24 + 2) * 60 + 3) * 60 + 4) * kS + 5 * kMs + 6'000 + 7;
    QTest::newRow("fraction of an hour") << QByteArray("0.1h") << 360 * kS;
    QTest::newRow("fraction before smaller unit") << QByteArray("1.5h30m") << 7200 * kS;
    QTest::newRow("leading dot") << QByteArray(".5s") << 500 * kMs;
    QTest::newRow("trailing dot") << QByteArray("5.s") << 5 * kS;
    QTest::newRow("nine decimals") << QByteArray("1.234567891s") << 1'234'567'891LL;
    QTest::newRow("largest") << QByteArray("106751d23h47m16.854775807s") << kInt64Max;
    QTest::newRow("largest in hours") << QByteArray("2562047h47m16.854775807s") << kInt64Max;
    QTest::newRow("largest in ns") << QByteArray("9223372036854775807ns") << kInt64Max;
}

void TestUnits::parseDurationGood()
{
    QFETCH(QByteArray, input);
    QFETCH(qint64, expected);
    std::string error;
    const auto value = model::parseDuration(text(input), &error);
    QVERIFY2(value.has_value(), error.c_str());
    QCOMPARE(*value, expected);
}

void TestUnits::parseDurationBad_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("message");
    const QString expected = QStringLiteral("expected a duration with a unit such as 250ms, 10s or 2h, got ");
    QTest::newRow("bare number") << QByteArray("10") << expected + "\"10\"";
    QTest::newRow("bare zero") << QByteArray("0") << expected + "\"0\"";
    QTest::newRow("empty") << QByteArray("") << expected + "\"\"";
    QTest::newRow("negative") << QByteArray("-5s") << "durations cannot be negative";
    QTest::newRow("sign") << QByteArray("+5s") << "without a sign";
    QTest::newRow("unknown unit") << QByteArray("5x") << "unknown unit 'x'; use ns, us, ms, s, m, h or d";
    QTest::newRow("sec") << QByteArray("10sec") << "unknown unit 'sec'; use ns, us, ms, s, m, h or d (did you mean 's'?)";
    QTest::newRow("hours") << QByteArray("2hours") << "(did you mean 'h'?)";
    QTest::newRow("upper case") << QByteArray("10S") << "(did you mean 's'?)";
    QTest::newRow("weeks") << QByteArray("2w") << "write days such as 14d";
    QTest::newRow("missing last unit") << QByteArray("1h30") << "(missing unit after 30)";
    QTest::newRow("units out of order") << QByteArray("30m1h") << "from the largest to the smallest";
    QTest::newRow("unit repeated") << QByteArray("1m1m") << "each at most once";
    QTest::newRow("finer than ns") << QByteArray("1.5ns") << "(finer than 1ns)";
    QTest::newRow("too many decimals") << QByteArray("0.00000000000000000001s") << "(finer than 1ns)";
    QTest::newRow("one past the largest") << QByteArray("106751d23h47m16.854775808s") << "larger than the largest duration, 106751d23h47m16.854775807s";
    QTest::newRow("huge number") << QByteArray("99999999999999999999999s") << "larger than the largest duration";
    QTest::newRow("huge days") << QByteArray("200000d") << "larger than the largest duration";
    QTest::newRow("space inside") << QByteArray("1 h") << "(unexpected space)";
    QTest::newRow("unit alone") << QByteArray("h") << "a number must come before the unit";
    QTest::newRow("two dots") << QByteArray("1..5s") << "unexpected \".\"";
    QTest::newRow("exponent") << QByteArray("1e3s") << "unknown unit 'e'";
    QTest::newRow("word") << QByteArray("forever") << "got \"forever\"";
}

void TestUnits::parseDurationBad()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, message);
    std::string error;
    const auto value = model::parseDuration(text(input), &error);
    QVERIFY2(!value.has_value(), qPrintable(QString::number(value.value_or(0))));
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
    QVERIFY2(QString::fromStdString(error).startsWith("expected a duration with a unit"), error.c_str());
}

void TestUnits::parseMillicoresGood_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("millicores") << QByteArray("500m") << 500LL;
    QTest::newRow("cores") << QByteArray("2") << 2000LL;
    QTest::newRow("fractional cores") << QByteArray("1.5") << 1500LL;
    QTest::newRow("a tenth") << QByteArray("0.1") << 100LL;
    QTest::newRow("one millicore") << QByteArray("1m") << 1LL;
    QTest::newRow("smallest fraction") << QByteArray("0.001") << 1LL;
    QTest::newRow("zero") << QByteArray("0") << 0LL;
    QTest::newRow("many cores") << QByteArray("4096") << 4'096'000LL;
    QTest::newRow("leading dot") << QByteArray(".5") << 500LL;
    QTest::newRow("trailing zeros") << QByteArray("1.000") << 1000LL;
    QTest::newRow("largest") << QByteArray("9223372036854775807m") << kInt64Max;
}

void TestUnits::parseMillicoresGood()
{
    QFETCH(QByteArray, input);
    QFETCH(qint64, expected);
    std::string error;
    const auto value = model::parseMillicores(text(input), &error);
    QVERIFY2(value.has_value(), error.c_str());
    QCOMPARE(*value, expected);
}

void TestUnits::parseMillicoresBad_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QByteArray("") << "expected CPU as cores or millicores such as 2, 1.5 or 500m, got \"\"";
    QTest::newRow("negative") << QByteArray("-1") << "CPU cannot be negative";
    QTest::newRow("finer than a millicore") << QByteArray("1.0005") << "finer than 1m";
    QTest::newRow("fractional millicores") << QByteArray("0.5m") << "finer than 1m";
    QTest::newRow("unknown suffix") << QByteArray("2k") << "unknown suffix 'k'";
    QTest::newRow("cores word") << QByteArray("16cores") << "unknown suffix 'cores'";
    QTest::newRow("word") << QByteArray("lots") << "got \"lots\"";
    QTest::newRow("exponent") << QByteArray("1e3") << "exponents are not supported";
    QTest::newRow("too many digits") << QByteArray("99999999999999999999") << "too large";
    QTest::newRow("overflow when scaled") << QByteArray("9223372036854775807") << "too large";
}

void TestUnits::parseMillicoresBad()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, message);
    std::string error;
    QVERIFY(!model::parseMillicores(text(input), &error).has_value());
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
}

void TestUnits::parseBytesGood_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("plain") << QByteArray("1024") << 1024LL;
    QTest::newRow("zero") << QByteArray("0") << 0LL;
    QTest::newRow("Ki") << QByteArray("1Ki") << 1024LL;
    QTest::newRow("Mi") << QByteArray("512Mi") << 536'870'912LL;
    QTest::newRow("Gi") << QByteArray("64Gi") << 68'719'476'736LL;
    QTest::newRow("Ti") << QByteArray("2Ti") << 2'199'023'255'552LL;
    QTest::newRow("Pi") << QByteArray("1Pi") << 1'125'899'906'842'624LL;
    QTest::newRow("Ei") << QByteArray("1Ei") << 1'152'921'504'606'846'976LL;
    QTest::newRow("7Ei") << QByteArray("7Ei") << 8'070'450'532'247'928'832LL;
    QTest::newRow("k") << QByteArray("100k") << 100'000LL;
    QTest::newRow("M") << QByteArray("5M") << 5'000'000LL;
    QTest::newRow("G") << QByteArray("1G") << 1'000'000'000LL;
    QTest::newRow("T") << QByteArray("3T") << 3'000'000'000'000LL;
    QTest::newRow("P") << QByteArray("1P") << 1'000'000'000'000'000LL;
    QTest::newRow("E") << QByteArray("9E") << 9'000'000'000'000'000'000LL;
    QTest::newRow("fractional Gi") << QByteArray("1.5Gi") << 1'610'612'736LL;
    QTest::newRow("half Ki") << QByteArray("0.5Ki") << 512LL;
    QTest::newRow("fractional k") << QByteArray("2.5k") << 2500LL;
    QTest::newRow("finest fraction of Ei") << QByteArray("0.0009765625Ei") << 1'125'899'906'842'624LL;
    QTest::newRow("largest") << QByteArray("9223372036854775807") << kInt64Max;
}

void TestUnits::parseBytesGood()
{
    QFETCH(QByteArray, input);
    QFETCH(qint64, expected);
    std::string error;
    const auto value = model::parseBytes(text(input), &error);
    QVERIFY2(value.has_value(), error.c_str());
    QCOMPARE(*value, expected);
}

void TestUnits::parseBytesBad_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QByteArray("") << "expected a byte quantity such as 512Mi, 64Gi or 1G, got \"\"";
    QTest::newRow("fractional bytes") << QByteArray("1.5") << "not a whole number of bytes";
    QTest::newRow("fractional Ki") << QByteArray("1.1Ki") << "not a whole number of bytes";
    QTest::newRow("GB") << QByteArray("64GB") << "quantities have no 'B': write G (powers of 1000) or Gi (powers of 1024)";
    QTest::newRow("KiB") << QByteArray("1KiB") << "quantities have no 'B': write k (powers of 1000) or Ki";
    QTest::newRow("lower-case gi") << QByteArray("64gi") << "did you mean 'Gi'?";
    QTest::newRow("milli") << QByteArray("100m") << "'m' means milli";
    QTest::newRow("upper-case K") << QByteArray("1K") << "write k (10^3 bytes) or Ki (2^10 bytes)";
    QTest::newRow("unknown suffix") << QByteArray("3X") << "unknown suffix 'X'";
    QTest::newRow("negative") << QByteArray("-1Gi") << "sizes cannot be negative";
    QTest::newRow("suffix alone") << QByteArray("Gi") << "got \"Gi\"";
    QTest::newRow("space") << QByteArray("1 Gi") << "unknown suffix ' Gi'";
    QTest::newRow("exponent") << QByteArray("1E9") << "exponents are not supported; write a suffix instead, such as 1G";
    QTest::newRow("8Ei overflows") << QByteArray("8Ei") << "too large";
    QTest::newRow("10E overflows") << QByteArray("10E") << "too large";
}

void TestUnits::parseBytesBad()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, message);
    std::string error;
    QVERIFY(!model::parseBytes(text(input), &error).has_value());
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
}

void TestUnits::parseRateGood_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<double>("expected");
    QTest::newRow("per second") << QByteArray("2/s") << 2.0;
    QTest::newRow("per minute") << QByteArray("30/min") << 0.5;
    QTest::newRow("per hour") << QByteArray("100/h") << 100.0 / 3600.0;
    QTest::newRow("fraction") << QByteArray("0.5/s") << 0.5;
    QTest::newRow("per millisecond") << QByteArray("1/ms") << 1000.0;
    QTest::newRow("per day") << QByteArray("24/d") << 1.0 / 3600.0;
    QTest::newRow("zero") << QByteArray("0/s") << 0.0;
}

void TestUnits::parseRateGood()
{
    QFETCH(QByteArray, input);
    QFETCH(double, expected);
    std::string error;
    const auto value = model::parseRatePerSecond(text(input), &error);
    QVERIFY2(value.has_value(), error.c_str());
    QVERIFY2(std::fabs(*value - expected) <= 1e-12 * std::max(1.0, expected), qPrintable(QString::number(*value, 'g', 17)));
}

void TestUnits::parseRateBad_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("message");
    QTest::newRow("bare number") << QByteArray("2") << "expected a rate such as 2/s, 30/min or 100/h, got \"2\" (a time unit is required";
    QTest::newRow("per m") << QByteArray("2/m") << "write /min for per minute";
    QTest::newRow("per sec") << QByteArray("2/sec") << "unknown time unit 'sec'; use /ms, /s, /min, /h or /d (did you mean 's'?)";
    QTest::newRow("per hour") << QByteArray("2/hour") << "(did you mean 'h'?)";
    QTest::newRow("negative") << QByteArray("-1/s") << "rates cannot be negative";
    QTest::newRow("no number") << QByteArray("/s") << "got \"/s\"";
    QTest::newRow("word") << QByteArray("fast/s") << "got \"fast/s\"";
    QTest::newRow("no unit") << QByteArray("2/") << "unknown time unit ''";
    QTest::newRow("exponent") << QByteArray("1e3/s") << "got \"1e3/s\"";
    QTest::newRow("empty") << QByteArray("") << "got \"\"";
}

void TestUnits::parseRateBad()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, message);
    std::string error;
    QVERIFY(!model::parseRatePerSecond(text(input), &error).has_value());
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
}

void TestUnits::formatDuration_data()
{
    QTest::addColumn<qint64>("duration");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zero") << 0LL << "0s";
    QTest::newRow("one ns") << 1LL << "1ns";
    QTest::newRow("microseconds") << 1'500LL << "1.5us";
    QTest::newRow("milliseconds") << 250 * kMs << "250ms";
    QTest::newRow("ms and a ns") << kMs + 1 << "1.000001ms";
    QTest::newRow("seconds") << 1'500 * kMs << "1.5s";
    QTest::newRow("hours and minutes") << 5'400 * kS << "1h30m";
    QTest::newRow("hours") << 7'200 * kS << "2h";
    QTest::newRow("a day") << 86'400 * kS << "1d";
    QTest::newRow("everything") << 90'061 * kS + 500 * kMs << "1d1h1m1.5s";
    QTest::newRow("largest") << kInt64Max << "106751d23h47m16.854775807s";
    QTest::newRow("negative") << -5 * kS << "-5s";
    QTest::newRow("smallest") << std::numeric_limits<qint64>::min() << "-106751d23h47m16.854775808s";
}

void TestUnits::formatDuration()
{
    QFETCH(qint64, duration);
    QFETCH(QString, expected);
    const std::string formatted = model::formatDuration(duration);
    QCOMPARE(QString::fromStdString(formatted), expected);
    if (duration >= 0) { // every non-negative output parses back to the same value
        const auto parsed = model::parseDuration(formatted);
        QVERIFY(parsed.has_value());
        QCOMPARE(*parsed, duration);
    }
}

void TestUnits::formatBytes_data()
{
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zero") << 0LL << "0";
    QTest::newRow("Ki") << 1024LL << "1Ki";
    QTest::newRow("k") << 1000LL << "1k";
    QTest::newRow("no exact suffix") << 1536LL << "1536";
    QTest::newRow("Gi") << 68'719'476'736LL << "64Gi";
    QTest::newRow("1.5Gi") << 1'610'612'736LL << "1536Mi";
    QTest::newRow("G") << 1'000'000'000LL << "1G";
    QTest::newRow("tie goes to binary") << 1'024'000LL << "1000Ki";
    QTest::newRow("largest") << kInt64Max << "9223372036854775807";
    QTest::newRow("negative") << -1024LL << "-1Ki";
}

void TestUnits::formatBytes()
{
    QFETCH(qint64, bytes);
    QFETCH(QString, expected);
    const std::string formatted = model::formatBytes(bytes);
    QCOMPARE(QString::fromStdString(formatted), expected);
    if (bytes >= 0) {
        const auto parsed = model::parseBytes(formatted);
        QVERIFY(parsed.has_value());
        QCOMPARE(*parsed, bytes);
    }
}

void TestUnits::formatMillicores_data()
{
    QTest::addColumn<qint64>("millicores");
    QTest::addColumn<QString>("expected");
    QTest::newRow("whole cores") << 2000LL << "2";
    QTest::newRow("fraction") << 1500LL << "1500m";
    QTest::newRow("zero") << 0LL << "0";
    QTest::newRow("one") << 1LL << "1m";
}

void TestUnits::formatMillicores()
{
    QFETCH(qint64, millicores);
    QFETCH(QString, expected);
    const std::string formatted = model::formatMillicores(millicores);
    QCOMPARE(QString::fromStdString(formatted), expected);
    QCOMPARE(model::parseMillicores(formatted).value_or(-1), millicores);
}

void TestUnits::errorIsOptional()
{
    QVERIFY(!model::parseDuration("10").has_value());
    QVERIFY(!model::parseMillicores("x").has_value());
    QVERIFY(!model::parseBytes("x").has_value());
    QVERIFY(!model::parseRatePerSecond("x").has_value());
    std::string untouched = "unchanged";
    QCOMPARE(model::parseDuration("10s", &untouched).value_or(0), 10 * kS);
}

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
