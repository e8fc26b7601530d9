// policy::fragmentedGpuMilli: a node's free GPUs that a target workload cannot use (Weng et al.,
// ATC '23 §3.2; docs/model.md, "GPU sharing"), on hand-computed nodes.
#include "policy/gpu_fragmentation.h"

#include <QTest>

#include <vector>

using namespace orrery;

namespace {

policy::ExpectedPod shape(std::int64_t millicores, model::GpuRequest gpus, double popularity, std::string model = {})
{
    policy::ExpectedPod pod;
    pod.request.millicores = millicores;
    pod.gpus = gpus;
    pod.popularity = popularity;
    pod.deviceModel = std::move(model);
    return pod;
}

double fragment(std::int64_t cpu, std::vector<std::int32_t> free, const std::vector<policy::ExpectedPod>& workload,
                std::string_view model = "V100")
{
    return policy::fragmentedGpuMilli(cpu, std::span<const std::int32_t>(free), model, workload);
}

} // namespace

class TestGpuFragmentation : public QObject {
    Q_OBJECT

private slots:
    void freeGpuThePodsCannotUseIsFragment()
    {
        // Half the pods ask 500 milli, a third one whole GPU, the rest no GPU.
        const std::vector<policy::ExpectedPod> workload{shape(4000, {0, 500}, 0.5), shape(8000, {1, 0}, 0.3),
                                                        shape(2000, {}, 0.2)};
        // GPUs with 1000 and 300 free: the 300 is too small for both GPU shapes; a CPU-only pod
        // can use none of the 1300. 0.5·300 + 0.3·300 + 0.2·1300 = 500.
        QCOMPARE(fragment(16000, {1000, 300}, workload), 500.0);
        // With 6 cores free, the whole-GPU shape (8 cores) fits nowhere: all 1300 of it is fragment.
        QCOMPARE(fragment(6000, {1000, 300}, workload), 0.5 * 300 + 0.3 * 1300 + 0.2 * 1300);
        // Two GPUs of 400: nothing fits the GPU shapes at all.
        QCOMPARE(fragment(16000, {400, 400}, workload), 800.0);
        // Every GPU free and CPU to spare: only the CPU-only share is fragment.
        QCOMPARE(fragment(16000, {1000, 1000}, workload), 0.2 * 2000);
    }

    void aNodeWithoutFreeGpuHasNoFragment()
    {
        const std::vector<policy::ExpectedPod> workload{shape(1000, {0, 500}, 1.0)};
        QCOMPARE(fragment(0, {0, 0}, workload), 0.0);
        QCOMPARE(fragment(64000, {}, workload), 0.0);
    }

    void multiGpuShapesNeedThatManyRoomyGpus()
    {
        const std::vector<policy::ExpectedPod> workload{shape(1000, {2, 0}, 1.0)};
        QCOMPARE(fragment(8000, {1000, 1000, 200}, workload), 200.0); // fits on two; the 200 is fragment
        QCOMPARE(fragment(8000, {1000, 900, 200}, workload), 2100.0); // one whole GPU free: all of it
    }

    void aModelTheNodeLacksMakesAllOfItFragment()
    {
        const std::vector<policy::ExpectedPod> workload{shape(1000, {0, 500}, 0.6, "T4|A10"), shape(1000, {0, 500}, 0.4)};
        QCOMPARE(fragment(8000, {1000}, workload, "V100"), 0.6 * 1000);
        QCOMPARE(fragment(8000, {1000}, workload, "A10"), 0.0);
    }

    void gpuOrderAndHeldGpusDoNotMatter()
    {
        const std::vector<policy::ExpectedPod> workload{shape(1000, {0, 700}, 0.7), shape(1000, {1, 0}, 0.3)};
        QCOMPARE(fragment(8000, {300, 1000, 800}, workload), fragment(8000, {1000, 800, 300}, workload));
        const std::vector<model::GpuShare> gpus{{700, false}, {1000, true}, {0, false}};
        const std::vector<std::int32_t> free{300, 0, 1000};
        QCOMPARE(policy::fragmentedGpuMilli(8000, std::span<const model::GpuShare>(gpus), "V100", workload),
                 fragment(8000, free, workload));
    }
};

QTEST_APPLESS_MAIN(TestGpuFragmentation)
#include "tst_gpu_fragmentation.moc"
