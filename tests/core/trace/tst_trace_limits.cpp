// The caps of a trace import (core/trace/trace_limits.h, docs/reliability.md "Limits"): past
// each one the reader stops with a TraceReadError naming the file, the line, the element and the
// cap, and it never holds more than the cap (a 1 GiB file is streamed, never loaded whole; one
// element is held whole only up to kMaxTraceElementBytes).
#include "trace/trace_import.h"
#include "trace/trace_limits.h"

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <cstdio>
#include <string>

using namespace orrery;
using namespace orrery::trace;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kMeasuresMemory = false;  //!< ASan's shadow and quarantine would be measured, not the reader
#else
constexpr bool kMeasuresMemory = true;
#endif

//! A Jaeger trace element with `spans` spans (the first the root), trace id `n`.
std::string jaegerTrace(int n, int spans)
{
    const std::string id = "00000000000000a" + std::to_string(n);
    std::string text = R"({"traceID":")" + id + R"(","spans":[)";
    for (int s = 1; s <= spans; ++s) {
        if (s > 1)
            text += ',';
        text += R"({"traceID":")" + id + R"(","spanID":"000000000000000)" + std::to_string(s)
            + R"(","operationName":"op","references":[)";
        if (s > 1)
            text += R"({"refType":"CHILD_OF","traceID":")" + id + R"(","spanID":"0000000000000001"})";
        text += R"(],"startTime":1,"duration":5,"processID":"p1"})";
    }
    text += R"(],"processes":{"p1":{"serviceName":"s"}}})";
    return text;
}

std::string jaegerDocument(const std::vector<std::string>& traces)
{
    std::string text = R"({"data":[)";
    for (std::size_t i = 0; i < traces.size(); ++i)
        text += (i > 0 ? "," : "") + traces[i];
    return text + "]}";
}

//! A Zipkin v2 file: `spans` spans of one trace, one element each.
std::string zipkinSpans(int spans)
{
    std::string text = "[";
    for (int s = 1; s <= spans; ++s) {
        if (s > 1)
            text += ",\n";
        text += R"({"traceId":"00000000000000bb","id":"000000000000000)" + std::to_string(s) + R"(",)";
        if (s > 1)
            text += R"("parentId":"0000000000000001",)";
        text += R"("name":"op","timestamp":1,"duration":1,"localEndpoint":{"serviceName":"s"}})";
    }
    return text + "]";
}

//! What readTraceText throws on `text` under `limits` (an empty message when it reads).
TraceReadError errorOf(const std::string& text, const TraceImportLimits& limits)
{
    try {
        (void)readTraceText(text, "limits.json", nullptr, limits);
    } catch (const TraceReadError& error) {
        return error;
    }
    return TraceReadError("", 0, "", "");
}

std::size_t peakRssBytes()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::size_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

//! A sparse file of `bytes` beginning with `prefix` (the rest reads as zeros; no disk is used).
bool writeSparse(const std::string& path, const std::string& prefix, off_t bytes)
{
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file)
        return false;
    const bool written = std::fwrite(prefix.data(), 1, prefix.size(), file) == prefix.size();
    const bool closed = std::fclose(file) == 0;
    return written && closed && ::truncate(path.c_str(), bytes) == 0;
}

} // namespace

class TestTraceLimits : public QObject {
    Q_OBJECT

private slots:
    void theCapsAreTheDocumentedOnes()
    {
        // docs/reliability.md's table quotes these numbers.
        QCOMPARE(kMaxImportSpans, std::size_t{20'000'000});
        QCOMPARE(kMaxTraceSpans, std::size_t{1'000'000});
        QCOMPARE(kMaxTraceElementBytes, std::size_t{128} << 20);
        const TraceImportLimits defaults;
        QCOMPARE(defaults.maxSpans, kMaxImportSpans);
        QCOMPARE(defaults.maxSpansPerTrace, kMaxTraceSpans);
        QCOMPARE(defaults.spansAlreadyRead, std::size_t{0});
    }

    void spansUpToTheCapAreRead()
    {
        TraceImportLimits limits;
        limits.maxSpans = 6;
        const TraceSet set = readTraceText(jaegerDocument({jaegerTrace(1, 3), jaegerTrace(2, 3)}), "limits.json", nullptr, limits);
        QCOMPARE(set.spanCount(), std::size_t{6});
    }

    void theElementPastTheImportCapIsNamed()
    {
        TraceImportLimits limits;
        limits.maxSpans = 5;
        const TraceReadError error = errorOf(jaegerDocument({jaegerTrace(1, 3), jaegerTrace(2, 3)}), limits);
        QCOMPARE(QString::fromStdString(error.file()), QString("limits.json"));
        QCOMPARE(error.line(), std::size_t{1});
        QCOMPARE(QString::fromStdString(error.field()), QString("data[1]"));
        QVERIFY2(QString(error.what()).contains("more than 5 spans in one import"), error.what());
    }

    void earlierFilesCountAgainstTheRealCap()
    {
        // orrery analyze reads several files into one import: the spans they already hold count.
        TraceImportLimits limits;
        limits.spansAlreadyRead = kMaxImportSpans - 3;
        QCOMPARE(readTraceText(jaegerDocument({jaegerTrace(1, 3)}), "last.json", nullptr, limits).spanCount(), std::size_t{3});
        limits.spansAlreadyRead = kMaxImportSpans - 2;
        const TraceReadError error = errorOf(jaegerDocument({jaegerTrace(1, 3)}), limits);
        QCOMPARE(QString::fromStdString(error.field()), QString("data[0]"));
        QVERIFY2(QString(error.what()).contains("more than 20000000 spans in one import (19999998 from the files before this one)"),
                 error.what());
    }

    void aTraceSpreadOverElementsIsCappedToo()
    {
        // Zipkin lists spans, not traces: the cap of one trace is checked as its spans arrive.
        TraceImportLimits limits;
        limits.maxSpansPerTrace = 3;
        QCOMPARE(readTraceText(zipkinSpans(3), "zipkin.json", nullptr, limits).spanCount(), std::size_t{3});
        const TraceReadError error = errorOf(zipkinSpans(5), limits);
        QCOMPARE(error.line(), std::size_t{4});
        QCOMPARE(QString::fromStdString(error.field()), QString("[3]"));
        QVERIFY2(QString(error.what()).contains("trace 00000000000000bb has more than 3 spans"), error.what());
    }

    void aGibibyteElementIsRefusedAtTheCapNotLoaded()
    {
        // A 1 GiB Jaeger file whose first trace never ends (a valid start, then zeros, as a
        // truncated copy or a pre-allocated file reads): streaming holds the element whole, so
        // only the element cap keeps it from taking 1 GiB. The file is sparse: no disk is used.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("padded.json").toStdString();
        const std::string prefix = R"({"data":[{"traceID":"00000000000000aa","spans":[)";
        QVERIFY(writeSparse(path, prefix, off_t{1} << 30));
        struct stat info {};
        QCOMPARE(::stat(path.c_str(), &info), 0);
        QCOMPARE(info.st_size, off_t{1} << 30);

        const std::size_t before = peakRssBytes();
        const auto start = std::chrono::steady_clock::now();
        bool thrown = false;
        try {
            (void)readTraceFile(path);
        } catch (const TraceReadError& error) {
            thrown = true;
            QCOMPARE(QString::fromStdString(error.file()), QString::fromStdString(path));
            QCOMPARE(error.line(), std::size_t{1});
            QCOMPARE(QString::fromStdString(error.field()), QString("data[0]"));
            QVERIFY2(QString(error.what()).contains("longer than 128 MiB"), error.what());
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::size_t peak = peakRssBytes();
        QVERIFY(thrown);
        std::printf("padded_1gib_refused_after %.2f s, peak RSS %.0f MiB (was %.0f MiB)\n", seconds,
                    static_cast<double>(peak) / (1 << 20), static_cast<double>(before) / (1 << 20));
        // The element buffer reached the cap (128 MiB plus the chunk being read), never the file.
        if (kMeasuresMemory)
            QVERIFY2(peak < before + (std::size_t{300} << 20), qPrintable(QString::number(peak >> 20) + " MiB"));
    }

    void aGibibyteOfZerosFailsAtItsFirstByte()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("zeros.json").toStdString();
        QVERIFY(writeSparse(path, "", off_t{1} << 30));
        try {
            (void)readTraceFile(path);
            QFAIL("a file of zeros was read");
        } catch (const TraceReadError& error) {
            QCOMPARE(error.line(), std::size_t{1});
            QCOMPARE(QString::fromStdString(error.field()), QString("(document)"));
        }
    }
};

QTEST_GUILESS_MAIN(TestTraceLimits)
#include "tst_trace_limits.moc"
