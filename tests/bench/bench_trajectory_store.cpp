// bench_trajectory_store: transitions of a learned agent (state dim 7, action dim 1, as FIRM's
// per-service agent) written into and read back from a temporary project file through
// TrajectoryWriter and Project::readTrajectory. Prints "<figure> <value> <unit>" lines
// (docs/architecture.md §11).
#include "store/project.h"
#include "store/trajectory_writer.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace orrery;

namespace {

constexpr std::size_t kStateDim = 7;
constexpr std::size_t kActionDim = 1;
constexpr std::int32_t kStepsPerEpisode = 1000;

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv)
{
    const std::int64_t transitions = argc > 1 ? std::atoll(argv[1]) : 2'000'000;
    const auto file =
        std::filesystem::temp_directory_path() / ("bench_trajectory_store_" + std::to_string(::getpid()) + ".orrery");
    double checksum = 0.0;
    {
        store::Project project = store::Project::open(file.string());
        store::TrajectoryId id = 0;
        // Best of three writes, each into its own trajectory (the file grows as it would in training).
        double bestWrite = 0.0;
        for (int round = 0; round < 3; ++round) {
            std::array<float, kStateDim> state{};
            std::array<float, kActionDim> action{};
            const auto start = std::chrono::steady_clock::now();
            {
                store::TrajectoryWriter writer(project, store::TrajectorySpec{std::nullopt, "firm", "bench", kStateDim, kActionDim});
                id = writer.id();
                for (std::int64_t i = 0; i < transitions; ++i) {
                    for (std::size_t k = 0; k < kStateDim; ++k)
                        state[k] = static_cast<float>(i + static_cast<std::int64_t>(k)) * 0.001f;
                    action[0] = static_cast<float>(i % 17);
                    writer.append(static_cast<std::int32_t>(i / kStepsPerEpisode),
                                  static_cast<std::int32_t>(i % kStepsPerEpisode), state, action,
                                  static_cast<double>(i % 101) * 0.01);
                }
                writer.flush();
            }
            const double took = secondsSince(start);
            bestWrite = std::max(bestWrite, static_cast<double>(transitions) / took);
        }
        std::printf("trajectory_write %.0f transitions/s\n", bestWrite);

        double bestRead = 0.0;
        for (int round = 0; round < 3; ++round) {
            const auto start = std::chrono::steady_clock::now();
            const store::TrajectoryData data = project.readTrajectory(id);
            const double took = secondsSince(start);
            checksum += data.rewards.empty() ? 0.0 : data.rewards.back() + static_cast<double>(data.size());
            bestRead = std::max(bestRead, static_cast<double>(data.size()) / took);
        }
        std::printf("trajectory_read %.0f transitions/s\n", bestRead);

        // One episode out of the middle: the index finds its chunks without reading the rest.
        const std::int64_t episode = transitions / kStepsPerEpisode / 2;
        const auto start = std::chrono::steady_clock::now();
        constexpr int kEpisodeReads = 200;
        for (int r = 0; r < kEpisodeReads; ++r)
            checksum += static_cast<double>(project.readTrajectory(id, episode, episode).size());
        std::printf("trajectory_read_episode %.1f us/episode\n", secondsSince(start) * 1e6 / kEpisodeReads);
    }
    std::printf("trajectory_store_size %.1f bytes/transition\n",
                static_cast<double>(std::filesystem::file_size(file)) / (3.0 * static_cast<double>(transitions)));
    std::fprintf(stderr, "checksum %g\n", checksum);
    for (const char* suffix : {"", "-wal", "-shm"}) {
        std::error_code ignored;
        std::filesystem::remove(file.string() + suffix, ignored);
    }
    return 0;
}
