#pragma once
// The model-serving run the window's serving tests record (tst_serving_power_view,
// tst_kind_views): three V100s serving a trace-driven GPT2-large, BERT-base and ResNet-50 with
// the workload's SLO scale 2, for three simulated minutes.

namespace orrery::testing {

constexpr const char* kServingScenario = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: serving-view}
spec:
  seed: 4
  horizon: 3m
  cluster:
    pools:
      - {name: gpus, count: 3, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}
  policies: {placement: {plugin: kube}}
  workloads:
    - name: serving
      kind: model-serving
      devices: gpus
      sloScale: 2
      models:
        - {model: GPT2-large, rate: 0.6/s, trace: azure-conv}
        - {model: BERT-base, rate: 4/s}
        - {model: ResNet-50, rate: 8/s}
)";

} // namespace orrery::testing
