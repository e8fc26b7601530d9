#pragma once
#include <string>
#include <vector>

namespace orrery::app {

//! Exit codes shared by every subcommand (docs/architecture.md §10).
enum ExitCode : int { kExitOk = 0, kExitRunFailed = 1, kExitBadInput = 2, kExitCancelled = 130 };

int runDemoCommand(const std::vector<std::string>& args);
int runRunCommand(const std::vector<std::string>& args);
int runValidateCommand(const std::vector<std::string>& args);
int runPluginsCommand(const std::vector<std::string>& args);
int runTrainCommand(const std::vector<std::string>& args);
int runExperimentCommand(const std::vector<std::string>& args);
//! `orrery experiment merge …` (runExperimentCommand hands it over).
int runExperimentMergeCommand(const std::vector<std::string>& args);
int runCellCommand(const std::vector<std::string>& args);
int runReportCommand(const std::vector<std::string>& args);
int runAnalyzeCommand(const std::vector<std::string>& args);
int runLocalizeCommand(const std::vector<std::string>& args);
int runLiveCommand(const std::vector<std::string>& args);
//! `orrery serve SCENARIO`: the simulator served as a Kubernetes API and /metrics (docs/live-clusters.md).
int runServeCommand(const std::vector<std::string>& args);
int runExportTracesCommand(const std::vector<std::string>& args);
//! `orrery import alibaba-gpu …`: a real data set as a scenario (docs/fleet.md).
int runImportCommand(const std::vector<std::string>& args);
//! `orrery replay alibaba-gpu …`: the trace's pods replayed with GPU sharing (docs/fleet.md).
int runReplayCommand(const std::vector<std::string>& args);
int runScheduleCommand(const std::vector<std::string>& args);
//! `orrery onsets SCENARIO`: where each anomaly starts to harm each service (docs/model.md).
int runOnsetsCommand(const std::vector<std::string>& args);
//! `orrery generate apps|variant …`: the AWARE workload generator (docs/workload-generator.md).
int runGenerateCommand(const std::vector<std::string>& args);
//! `orrery meta-train`: AWARE's meta learner over the project's trajectories (docs/learning.md).
int runMetaTrainCommand(const std::vector<std::string>& args);

//! The subcommands runCli() dispatches, sorted (`help` and `--version` are answered by runCli itself).
std::vector<std::string> commandNames();

//! Dispatches `orrery <subcommand> …` (args exclude the program name). Returns the exit code.
int runCli(const std::vector<std::string>& args);

} // namespace orrery::app
