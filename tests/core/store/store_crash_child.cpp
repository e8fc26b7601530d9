// Records one complete run into the project named on the command line, then begins a second
// run and records samples forever, printing READY once a chunk of it is committed, so that
// tst_crash_recovery can SIGKILL it mid-write. A watchdog ends it after a minute in case the
// test that started it is gone.
#include "crash_child_data.h"
#include "store/project.h"
#include "store/project_run_recorder.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

using namespace orrery;
using namespace orrery::store;

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s PROJECT TAG\n", argv[0]);
        return 2;
    }
    try {
        const std::uint64_t tag = std::stoull(argv[2]);
        Project project = Project::open(argv[1]);
        const ProjectRunRecorder::Options options{crashtest::kSamplesPerChunk, crashtest::kChunksPerTransaction};
        {
            ProjectRunRecorder recorder(project, options);
            recorder.beginRun(crashtest::runInfo(crashtest::completeSeed(tag)));
            const auto series = recorder.defineSeries("queue.length", "requests");
            for (std::int64_t i = 0; i < crashtest::kCompleteSamples; ++i)
                recorder.recordSample(series, crashtest::sampleTime(i), crashtest::sampleValue(i));
            recorder.recordMetric("jobs.completed", crashtest::kJobsCompleted, "jobs");
            recorder.recordMetric("latency.p99", crashtest::latencyMetric(tag), "s");
            recorder.endRun(sim::RunStatus::Completed, "done");
        }

        ProjectRunRecorder recorder(project, options);
        recorder.beginRun(crashtest::runInfo(crashtest::killedSeed(tag)));
        const auto series = recorder.defineSeries("queue.length", "requests");
        recorder.recordMetric("never.written", 1.0, "count");
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
        bool announced = false;
        for (std::int64_t i = 0;; ++i) {
            recorder.recordSample(series, crashtest::sampleTime(i), crashtest::sampleValue(i));
            if (i % crashtest::kFlushEvery == crashtest::kFlushEvery - 1)
                recorder.flush();
            if (!announced && recorder.chunksWritten() > 0) {
                std::puts("READY");
                std::fflush(stdout);
                announced = true;
            }
            if (i % 4096 == 0 && std::chrono::steady_clock::now() > deadline) {
                std::fputs("store_crash_child: nobody killed me within a minute\n", stderr);
                std::_Exit(3);
            }
        }
    } catch (const std::exception& error) {
        std::fprintf(stderr, "store_crash_child: %s\n", error.what());
        return 1;
    }
}
