// The AWARE workload generator: generating and splitting the 1,000-application pool, and
// writing every graph and scenario text of it. Prints "<figure> <value> <unit>" lines.
#include "appgen/application_pool.h"
#include "appgen/application_writer.h"
#include "appgen/segment_catalog_reader.h"
#include "model/diagnostic.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

using namespace orrery;

int main()
{
    const auto load = appgen::loadSegmentCatalog(ORRERY_SOURCE_DIR "/resources/profiles/segments.yaml");
    if (!load.ok()) {
        std::fprintf(stderr, "%s", model::formatAll(load.diagnostics).c_str());
        return 1;
    }
    using Clock = std::chrono::steady_clock;
    double bestGenerate = 1e300, bestWrite = 1e300;
    std::size_t bytes = 0;
    for (int repeat = 0; repeat < 5; ++repeat) {
        const auto start = Clock::now();
        const appgen::ApplicationGenerator generator(load.catalog, 42);
        const auto pool = appgen::ApplicationPool::generate(generator, 1000, 0.2);
        const auto generated = Clock::now();
        const appgen::ApplicationWriter writer(load.catalog);
        bytes = 0;
        for (const auto& app : pool.applications())
            bytes += writer.graphYaml(app).size() + writer.scenarioYaml(app, "../graphs/" + app.name + ".yaml").size();
        bytes += pool.manifestYaml(load.catalog, writer, "c").size();
        const auto written = Clock::now();
        bestGenerate = std::min(bestGenerate, std::chrono::duration<double, std::milli>(generated - start).count());
        bestWrite = std::min(bestWrite, std::chrono::duration<double, std::milli>(written - generated).count());
    }
    std::printf("appgen_generate_1000 %.3f ms\n", bestGenerate);
    std::printf("appgen_write_text_1000 %.3f ms\n", bestWrite);
    std::printf("appgen_text_1000 %zu bytes\n", bytes);
    return 0;
}
