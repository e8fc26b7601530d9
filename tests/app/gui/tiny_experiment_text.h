#pragma once
// The two-arm batch experiment the window's experiment tests run (tst_experiment_view,
// tst_experiment_dialog): small enough to finish in a second, with a sweep and two seeds so the
// comparison has every part. Written next to each other as tiny.yaml and the experiment file.

namespace orrery::testing {

constexpr const char* kTinyScenario = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata:
  name: tiny
spec:
  seed: 1
  horizon: 1h
  samplePeriod: 1m
  cluster:
    pools:
      - {name: cpu, count: 4, cpu: 8, memory: 32Gi}
  workloads:
    - name: small
      kind: BatchJobs
      arrivalRate: 2/min
      request: {cpu: 2, memory: 4Gi}
      duration: {distribution: exponential, mean: 8m}
)";

constexpr const char* kTinyExperiment = R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: tiny-ab
spec:
  scenario: tiny.yaml
  arms:
    - {name: first-fit, policies: {placement: {plugin: first-fit}}}
    - {name: random, policies: {placement: {plugin: random}}}
  seeds: {count: 2}
  metrics: [job.completion_time.mean, jobs.completed]
  sweep: {parameter: jobs, values: [20, 40]}
)";

} // namespace orrery::testing
