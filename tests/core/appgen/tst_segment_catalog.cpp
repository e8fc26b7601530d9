// The segment catalog: the shipped resources/profiles/segments.yaml has the 16 profiles with a
// source note per value, and a bad catalog gives a diagnostic with file, line and field path.
#include "appgen/segment_catalog_reader.h"

#include <QtTest>

#include <set>

using namespace orrery;

class TestSegmentCatalog : public QObject {
    Q_OBJECT

private slots:
    void shippedCatalogHasSixteenProfiles()
    {
        const auto load = appgen::loadSegmentCatalog(ORRERY_SOURCE_DIR "/resources/profiles/segments.yaml");
        QVERIFY2(load.ok(), model::formatAll(load.diagnostics).c_str());
        QCOMPARE(load.catalog.size(), std::size_t{16});
        std::set<appgen::PayloadParameter> parameters;
        for (const auto& profile : load.catalog.profiles()) {
            QVERIFY2(profile.work > 0, profile.name.c_str());
            QVERIFY(profile.sources.count("work") && profile.sources.count("sensitivity") && profile.sources.count("demand"));
            if (profile.payload != appgen::PayloadParameter::None)
                QVERIFY2(profile.sources.count("payload"), profile.name.c_str());
            parameters.insert(profile.payload);
        }
        // Every payload scenario of Insight 5.2 has segments it changes, and two segments have none.
        QCOMPARE(parameters.size(), std::size_t{7});
        QVERIFY(load.catalog.indexOf("s3-read").has_value());
        QCOMPARE(load.catalog.at(*load.catalog.indexOf("mat-mul")).payloadExponent, 3.0);
    }

    void findsTheBuiltInCatalog()
    {
        const auto path = appgen::findBuiltInSegmentCatalog();
        QVERIFY(path.has_value());
        QVERIFY(appgen::loadSegmentCatalog(*path).ok());
    }

    void badCatalogNamesLineAndField_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const QString head = "segments:\n  - name: a\n    work: 10ms\n    cpu: 1\n    memory: 128Mi\n"
                             "    sensitivity: {cpu: 1}\n    demand: {llcWays: 1}\n";
        const QString sources = "    source: {work: w, cpu: c, memory: m, sensitivity: s, demand: d}\n";
        QTest::newRow("bad work") << QString(head).replace("10ms", "10") + sources
                                  << "x.yaml:3:11: error: segments[0].work: expected a duration";
        QTest::newRow("unknown field") << head + "    wrok: 1ms\n" + sources
                                       << "x.yaml:8:5: error: segments[0].wrok: unknown field 'wrok'";
        QTest::newRow("bad parameter") << head + "    payload: {parameter: colour, share: 0.5}\n" + sources
                                       << "x.yaml:8:26: error: segments[0].payload.parameter: unknown payload parameter 'colour'";
        QTest::newRow("share above 1") << head + "    payload: {parameter: file-size, share: 1.5}\n" + sources
                                       << "x.yaml:8:44: error: segments[0].payload.share: expected a number from 0 to 1";
        QTest::newRow("missing source note") << head + "    source: {work: w, cpu: c, memory: m, demand: d}\n"
                                             << "x.yaml:8:13: error: segments[0].source: missing the source note of 'sensitivity'";
        QTest::newRow("missing memory") << QString(head).remove("    memory: 128Mi\n") + sources
                                        << "x.yaml:2:5: error: segments[0].memory: missing required field 'memory'";
        QTest::newRow("bad sensitivity") << QString(head).replace("{cpu: 1}", "{cpu: lots}") + sources
                                         << "x.yaml:6:24: error: segments[0].sensitivity.cpu: expected";
        QTest::newRow("duplicate") << head + sources + QString(head).remove(0, 10) + sources
                                   << "error: segments[1].name: duplicate segment 'a'";
        QTest::newRow("no segments key") << QString("profiles: []\n") << "x.yaml:1:1: error: profiles: unknown field 'profiles'";
    }

    void badCatalogNamesLineAndField()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const auto load = appgen::parseSegmentCatalog(text.toStdString(), "x.yaml");
        QVERIFY(!load.ok());
        QVERIFY(load.catalog.empty());
        const QString all = QString::fromStdString(model::formatAll(load.diagnostics));
        QVERIFY2(all.contains(expected), qPrintable(all));
    }

    void goodMinimalCatalogReads()
    {
        const std::string text = "segments:\n  - name: a\n    work: 10ms\n    cpu: 500m\n    memory: 128Mi\n"
                                 "    sensitivity: {cpu: 1, diskIo: 0.7}\n    demand: {llcWays: 1, diskPerCore: 5M}\n"
                                 "    payload: {parameter: image-dimension, share: 0.5, exponent: 2}\n"
                                 "    source: {work: w, cpu: c, memory: m, sensitivity: s, demand: d, payload: p}\n";
        const auto load = appgen::parseSegmentCatalog(text, "x.yaml");
        QVERIFY2(load.ok(), model::formatAll(load.diagnostics).c_str());
        const auto& a = load.catalog.at(0);
        QCOMPARE(a.millicores, std::int64_t{500});
        QCOMPARE(a.sensitivity.of(model::ContendedResource::DiskIo), 0.7);
        QCOMPARE(a.demand.diskPerCore, 5e6);
        // work(r) = work * ((1 - share) + share * r^exponent): 0.5 + 0.5 * 16 at r = 4.
        QCOMPARE(a.workFactor(4.0), 8.5);
    }
};

QTEST_GUILESS_MAIN(TestSegmentCatalog)
#include "tst_segment_catalog.moc"
