#pragma once
// Five seconds of a small Social Network, no anomalies: cheap for FIRM to train in and to run
// (tests/app/cli/tst_firm_experiment, tests/app/ops/tst_experiment_training).

namespace orrery::testing {

constexpr const char* kFirmTinyScenario = "apiVersion: orrery.dev/v1\n"
                                          "kind: Scenario\n"
                                          "metadata:\n"
                                          "  name: firm-tiny\n"
                                          "spec:\n"
                                          "  seed: 5\n"
                                          "  horizon: 5s\n"
                                          "  samplePeriod: 1s\n"
                                          "  cluster:\n"
                                          "    pools:\n"
                                          "      - {name: node, count: 2, cpu: 16, memory: 64Gi}\n"
                                          "  workloads:\n"
                                          "    - name: social\n"
                                          "      kind: Microservices\n"
                                          "      graph: socialnetwork\n"
                                          "      requests:\n"
                                          "        - {type: compose-post, arrival: 20/s, slo: 20ms}\n"
                                          "        - {type: read-home-timeline, arrival: 50/s, slo: 10ms}\n"
                                          "      instances:\n"
                                          "        default: {replicas: 1, cpu: 1, memory: 512Mi}\n";

} // namespace orrery::testing
