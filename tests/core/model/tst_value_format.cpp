// Values by unit (core/model/value_format.h): what the run summary, the metric tables and the
// reports print, and the axis ticks of every chart.
#include "model/value_format.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace orrery::model;

class TestValueFormat : public QObject {
    Q_OBJECT

private slots:
    void byUnit_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("expected");
        // The demo run's summary (README), as `orrery run` printed it before: raw floats.
        QTest::newRow("ratio") << 0.775021 << "ratio" << "77.5 %";
        QTest::newRow("small ratio") << 0.0960116714 << "ratio" << "9.6 %";
        QTest::newRow("whole ratio") << 1.0 << "ratio" << "100 %";
        QTest::newRow("zero ratio") << 0.0 << "ratio" << "0 %";
        QTest::newRow("factor") << 1.82908 << "factor" << "1.83×";
        QTest::newRow("seconds") << 18.5652 << "s" << "18.6 s";
        QTest::newRow("minutes") << 220.423 << "s" << "3.67 min";
        QTest::newRow("hours") << 7196.15 << "s" << "2 h";
        QTest::newRow("days") << 3 * 86400.0 << "s" << "3 d";
        QTest::newRow("milliseconds") << 0.0062259195 << "s" << "6.23 ms";
        QTest::newRow("microseconds") << 0.0000123 << "s" << "12.3 µs";
        QTest::newRow("nanoseconds") << 4e-9 << "s" << "4 ns";
        QTest::newRow("zero seconds") << 0.0 << "s" << "0 s";
        QTest::newRow("rounds into the next unit") << 0.99996 << "s" << "1 s";
        QTest::newRow("ms unit") << 1500.0 << "ms" << "1.5 s";
        QTest::newRow("count") << 1635.0 << "jobs" << "1,635 jobs";
        QTest::newRow("big count") << 1234567.0 << "requests" << "1,234,567 requests";
        QTest::newRow("mean count") << 2.3712 << "replicas" << "2.37 replicas";
        QTest::newRow("no unit") << 0.012345 << "" << "0.0123";
        QTest::newRow("USD") << 195.64 << "USD" << "$195.64";
        QTest::newRow("USD thousands") << 12345.678 << "USD" << "$12,345.68";
        QTest::newRow("negative USD") << -3.5 << "USD" << "-$3.50";
        QTest::newRow("watts") << 2300.0 << "W" << "2.3 kW";
        QTest::newRow("milliwatts") << 0.35 << "W" << "350 mW";
        QTest::newRow("MHz") << 1410.0 << "MHz" << "1.41 GHz";
        QTest::newRow("bytes") << 1.5 * 1024 * 1024 * 1024 << "bytes" << "1.5 GiB";
        QTest::newRow("NaN") << std::nan("") << "s" << "n/a";
        QTest::newRow("infinity") << std::numeric_limits<double>::infinity() << "s" << "∞ s";
    }

    void byUnit()
    {
        QFETCH(double, value);
        QFETCH(QString, unit);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(formatValue(value, unit.toStdString())), expected);
    }

    void unitColumnLeavesCountsBare()
    {
        QCOMPARE(formatValueInUnitColumn(1635, "jobs"), std::string("1,635"));
        QCOMPARE(formatValueInUnitColumn(0.5, "ratio"), std::string("50 %"));
        QCOMPARE(formatValueInUnitColumn(90, "s"), std::string("1.5 min"));
    }

    void whichUnitsTheValuesCarry()
    {
        QVERIFY(formatsWithUnit("s"));
        QVERIFY(formatsWithUnit("ratio"));
        QVERIFY(formatsWithUnit("USD"));
        QVERIFY(!formatsWithUnit("jobs"));
        QVERIFY(!formatsWithUnit(""));
        // What the formatter does agrees: a count comes back bare, a duration with its unit.
        QCOMPARE(formatValueInUnitColumn(12, "jobs"), std::string("12"));
        QCOMPARE(formatValueInUnitColumn(12, "s"), std::string("12 s"));
    }

    void significantDigits()
    {
        QCOMPARE(formatSignificant(1234.5), std::string("1,235"));
        QCOMPARE(formatSignificant(0.012345), std::string("0.0123"));
        QCOMPARE(formatSignificant(9.996), std::string("10"));
        QCOMPARE(formatSignificant(-45.375), std::string("-45.4"));
        QCOMPARE(formatSignificant(1e-12), std::string("1e-12"));
        QCOMPARE(formatSignificant(0.5, 1), std::string("0.5"));
    }

    void niceTicks_data()
    {
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<int>("decimals");
        QTest::newRow("unit range") << 0.0 << 1.0 << "0.0 0.2 0.4 0.6 0.8 1.0" << 1;
        // The axis that showed 45.375 and 1.38778e-17 as ticks.
        QTest::newRow("awkward") << 1.38778e-17 << 45.375 << "0 10 20 30 40 50" << 0;
        QTest::newRow("negative") << -3.2 << 7.9 << "-5 0 5 10" << 0;
        QTest::newRow("small") << 0.0012 << 0.0047 << "0.001 0.002 0.003 0.004 0.005" << 3;
        QTest::newRow("large") << 0.0 << 1234567.0 << "0 500000 1000000 1500000" << 0;
    }

    void niceTicks()
    {
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(QString, expected);
        QFETCH(int, decimals);
        const AxisTicks ticks = niceAxisTicks(low, high);
        QStringList labels;
        for (double tick : ticks.values)
            labels << QString::fromStdString(formatTick(tick, ticks.decimals)).remove(',');
        QCOMPARE(labels.join(' '), expected);
        QCOMPARE(ticks.decimals, decimals);
        QVERIFY(ticks.first <= low && ticks.last >= high);
    }

    void degenerateTicks()
    {
        QCOMPARE(niceAxisTicks(3, 3).values.size(), std::size_t{1});
        QVERIFY(niceAxisTicks(std::nan(""), 1).values.empty());
        QCOMPARE(formatTick(-1e-17, 2), std::string("0.00"));
        QCOMPARE(formatTick(-0.0, 0), std::string("0"));
        QCOMPARE(formatTick(12500, 0), std::string("12,500"));
    }
};

QTEST_GUILESS_MAIN(TestValueFormat)
#include "tst_value_format.moc"
