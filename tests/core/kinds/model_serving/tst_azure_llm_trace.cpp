// kind: model-serving — the Azure LLM inference trace reader: the published files and its diagnostics.
#include "kinds/model_serving/azure_llm_trace.h"

#include "fuzz_replay.h"
#include "llm_trace_invariant.h"

#include <QtTest>

#include <stdexcept>

using namespace orrery::kinds::model_serving;

namespace {

//! The message of the std::runtime_error parsing `text` throws, or "" when it parses.
QString errorOf(const std::string& text)
{
    try {
        parseAzureLlmTrace(text, "t.csv");
    } catch (const std::runtime_error& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

} // namespace

class TestAzureLlmTrace : public QObject {
    Q_OBJECT

private slots:
    //! Every crash input fuzz_llm_trace found (tests/fixtures/fuzz-regressions/llm_trace/) and
    //! every seed of its corpus keeps the harness's invariant (tests/fuzz/llm_trace_invariant.h).
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "llm_trace"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string problem = orrery::fuzz::llmTraceProblem(orrery::fuzz::readReplayFile(file), "fuzzed-trace.csv");
        QVERIFY2(problem.empty(), problem.c_str());
    }

    void readsPublishedFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("lastContext");
        QTest::addColumn<int>("lastGenerated");
        QTest::addColumn<double>("lastArrivalSeconds");
        // 8,819 and 19,366 data rows (shared/data/README.md says 8,818 and 19,365: the last row has no
        // newline, so `wc -l` undercounts by one). Last rows: code "2023-11-16 19:14:19.9280160,549,173" (first 18:17:03.9799600);
        // conv "2023-11-16 19:14:08.4025270,197,183" (first 18:15:46.6805900).
        QTest::newRow("code") << "AzureLLMInferenceTrace_code.csv" << 8819 << 549 << 173 << 3435.948056;
        QTest::newRow("conv") << "AzureLLMInferenceTrace_conv.csv" << 19366 << 197 << 183 << 3501.721937;
    }
    void readsPublishedFiles()
    {
        QFETCH(QString, file);
        QFETCH(int, rows);
        QFETCH(int, lastContext);
        QFETCH(int, lastGenerated);
        QFETCH(double, lastArrivalSeconds);
        const std::string path = std::string(ORRERY_SOURCE_DIR "/resources/data/azure-llm/") + file.toStdString();
        const LlmRequestTrace trace = readAzureLlmTrace(path);
        QCOMPARE(trace.source, path);
        QCOMPARE(static_cast<int>(trace.requests.size()), rows);
        QCOMPARE(trace.requests.front().arrivalSeconds, 0.0);
        QCOMPARE(static_cast<int>(trace.requests.back().contextTokens), lastContext);
        QCOMPARE(static_cast<int>(trace.requests.back().generatedTokens), lastGenerated);
        QVERIFY(std::abs(trace.requests.back().arrivalSeconds - lastArrivalSeconds) < 1e-6);
        for (std::size_t i = 1; i < trace.requests.size(); ++i)
            QVERIFY(trace.requests[i].arrivalSeconds >= trace.requests[i - 1].arrivalSeconds);
    }

    void parsesFractionsAndDayBoundaries()
    {
        const auto trace = parseAzureLlmTrace("\xEF\xBB\xBFTIMESTAMP,ContextTokens,GeneratedTokens\r\n"
                                              "2024-02-28 23:59:59.5,10,1\r\n"
                                              "\r\n"
                                              "2024-02-29 00:00:00,0,0\n"
                                              "2024-03-01 00:00:00.000000001,4294967295,7\n",
                                              "mem");
        QCOMPARE(trace.requests.size(), std::size_t(3));
        QCOMPARE(trace.requests[1].arrivalSeconds, 0.5);
        QVERIFY(std::abs(trace.requests[2].arrivalSeconds - (86400.5 + 1e-9)) < 1e-9);
        QCOMPARE(trace.requests[2].contextTokens, 4294967295u);
        QCOMPARE(trace.requests[2].generatedTokens, 7u);
    }

    void headerOnlyIsEmptyTrace()
    {
        QVERIFY(parseAzureLlmTrace("TIMESTAMP,ContextTokens,GeneratedTokens\n", "x").requests.empty());
    }

    void diagnostics_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const QString head = "TIMESTAMP,ContextTokens,GeneratedTokens\n";
        QTest::newRow("empty") << "" << "t.csv:1: header: the file is empty";
        QTest::newRow("wrong header") << "time,in,out\n" << "t.csv:1: header: expected 'TIMESTAMP,";
        QTest::newRow("two fields") << head + "2023-11-16 18:17:03.97,10\n"
                                    << "t.csv:2: row: expected 3 comma-separated fields, found 2";
        QTest::newRow("four fields") << head + "2023-11-16 18:17:03,1,2,3\n" << "t.csv:2: row: expected 3";
        QTest::newRow("bad timestamp") << head + "yesterday,1,2\n" << "t.csv:2: TIMESTAMP: 'yesterday' is not a timestamp";
        QTest::newRow("month 13") << head + "2023-13-16 18:17:03,1,2\n" << "t.csv:2: TIMESTAMP: month 13";
        QTest::newRow("Feb 29 2023") << head + "2023-02-29 00:00:00,1,2\n" << "t.csv:2: TIMESTAMP: day 29 is outside 1-28";
        QTest::newRow("hour 24") << head + "2023-11-16 24:00:00,1,2\n" << "t.csv:2: TIMESTAMP: time of day";
        QTest::newRow("bad fraction") << head + "2023-11-16 18:17:03.x,1,2\n" << "t.csv:2: TIMESTAMP: '2023-11-16 18:17:03.x' has a malformed fraction";
        QTest::newRow("negative context") << head + "2023-11-16 18:17:03,-1,2\n"
                                          << "t.csv:2: ContextTokens: '-1' is not a non-negative integer";
        QTest::newRow("empty generated") << head + "2023-11-16 18:17:03,1,\n" << "t.csv:2: GeneratedTokens: is empty";
        QTest::newRow("fractional generated") << head + "2023-11-16 18:17:03,1,2.5\n"
                                              << "t.csv:2: GeneratedTokens: '2.5' is not a non-negative integer";
        QTest::newRow("huge context") << head + "2023-11-16 18:17:03,4294967296,2\n"
                                      << "t.csv:2: ContextTokens: '4294967296' is too large";
        QTest::newRow("out of order") << head + "2023-11-16 18:17:03,1,2\n\n2023-11-16 18:17:02,1,2\n"
                                      << "t.csv:4: TIMESTAMP: '2023-11-16 18:17:02' is earlier than the previous row";
    }
    void diagnostics()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const QString error = errorOf(text.toStdString());
        QVERIFY2(error.startsWith(message), qPrintable(error));
    }

    void missingFileNamesPath()
    {
        try {
            readAzureLlmTrace("/nonexistent/trace.csv");
            QFAIL("no exception");
        } catch (const std::runtime_error& error) {
            QCOMPARE(QString(error.what()), QString("/nonexistent/trace.csv: cannot open the trace file"));
        }
    }
};

QTEST_GUILESS_MAIN(TestAzureLlmTrace)
#include "tst_azure_llm_trace.moc"
