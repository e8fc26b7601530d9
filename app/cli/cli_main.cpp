#include "cli/commands.h"

#include "cli/command_line.h"
#include "model/did_you_mean.h"
#include "policy/plugin_error.h"

#include <csignal>
#include <functional>
#include <iostream>
#include <map>

#ifndef ORRERY_VERSION
#define ORRERY_VERSION "0.0.0"
#endif

namespace orrery::app {
namespace {

constexpr const char* kUsage = R"(usage: orrery [COMMAND] [OPTIONS]

Without a command, opens the Orrery window (or runs the demo when there is no display).

commands:
  demo                      run resources/scenarios/demo.yaml headless; writes a project and an HTML summary
  run SCENARIO --project P  simulate a scenario and record the run in project file P
                            [--summary-json OUT] [--seed N] [--quiet]
  train PLUGIN --scenario S --project P
                            learn from the traces of scenario S (random placement exploring
                            compute kinds); store the model in P [--seed N] [--quiet]
  experiment FILE --project P
                            run an experiment's arms x seeds x sweep points into P (resuming
                            runs already there; arms with train: train first) and print the
                            comparison [--jobs N] [--quiet] [--training-curves FILE.csv]
  experiment FILE --project P --backend slurm
                            run the missing cells as one Slurm job array, merge their shards
                            into P and compare [--partition X] [--time T] [--array-max N]
                            [--cells-per-task N] [--shard-dir DIR] [--poll S] [--orrery-path PATH]
  experiment FILE --project P --backend kubernetes --image IMAGE
                            run the missing cells as one Kubernetes Indexed Job, merge the shards
                            its pods print on their logs into P and compare [--context C]
                            [--namespace N] [--kubeconfig F] [--parallelism N] [--backoff-limit N]
                            [--cpu Q] [--memory Q] [--shard-dir DIR] [--orrery-path PATH]
  experiment merge --project P SHARD...
                            copy the cells that cell run wrote into shards into P
                            [--experiment ID|NAME]
  cell list FILE            print an experiment's cell ids, one a line
  cell run FILE --cell ID --out SHARD
                            run one cell of an experiment into a shard project file
                            [--models-from P] [--quiet]
  report --project P --out FILE.html|FILE.pdf
                            write an experiment's report (the newest, or [--experiment ID|NAME]);
                            without experiments, a run's summary [--run ID] (PDF: GUI build only)
  analyze TRACE.json|DIR... | --project P --run ID
                            critical paths and critical components (RI, CI) per request type
                            of Jaeger, OTLP or Zipkin JSON traces (files or folders, detected
                            from the content) or of a run's spans [--json OUT] [--top N]
  export-traces --project P --run ID --out FILE.json [--format otlp|jaeger|zipkin]
                            a run's recorded spans as a trace file Jaeger, OTLP tools or
                            Zipkin open (default OTLP JSON)
  localize --project P --train RUN[,RUN...] --test RUN[,RUN...]
                            train FIRM's SVM on windowed (RI, CI) features and injection ground
                            truth; print ROC AUC and top-1 localization accuracy of the test runs
                            [--window 1s] [--seed N] [--epochs N] [--json OUT] [--rows OUT.csv]
  import alibaba-gpu --out FILE.yaml
                            the Alibaba 2023 GPU cluster trace as a scenario: a pool per node
                            shape, priced per GPU type, pods as batch jobs [--nodes N] [--seed S]
                            [--data DIR] (docs/fleet.md)
  generate apps --count N --seed S --out DIR [--held-out 0.2]
                            synthetic applications from 16 segment profiles (AWARE, seed 001
                            5.5.1): graphs, scenarios and a train/held-out manifest; generate
                            variant SCENARIO --instability ID --out F (docs/workload-generator.md)
  meta-train --project P [--agent firm] [--steps 300] [--manifest DIR/manifest.yaml]
                            AWARE's meta learner over the project's trajectories, one
                            environment per scenario, stored with every environment's
                            embedding (the window's Embeddings tab; docs/learning.md)
  validate FILE…            check scenario files (exit 2 with file:line:column errors)
  plugins [--verbose]       list policy plugins: id, kinds, version, file
  live contexts|nodes|pods|query|snapshot
                            read-only views of real clusters from kubeconfig, and PromQL queries
                            against Prometheus (orrery live help)
  serve SCENARIO [--port N] [--speed X] [--namespace NS] [--kubeconfig-out F]
                            the scenario's simulation served as a Kubernetes API and Prometheus
                            /metrics on 127.0.0.1 (orrery serve --help)
  help, --help              this text
  --version                 print the version

exit codes: 0 ok, 1 run failed, 2 bad input, 130 cancelled (Ctrl-C).
plugins load from <executable dir>/plugins and the directories in ORRERY_PLUGIN_PATH.
)";

} // namespace

int runCli(const std::vector<std::string>& args)
{
    // A write past RLIMIT_FSIZE (a quota, `ulimit -f`) raises SIGXFSZ, which kills the process
    // without a word, a run left 'running' (issue 22, crash campaign). Ignored, the write fails
    // with EFBIG instead and the store reports it like a full disk.
    std::signal(SIGXFSZ, SIG_IGN);
    const std::map<std::string, std::function<int(const std::vector<std::string>&)>> commands{
        {"demo", runDemoCommand},
        {"run", runRunCommand},
        {"validate", runValidateCommand},
        {"plugins", runPluginsCommand},
        {"train", runTrainCommand},
        {"experiment", runExperimentCommand},
        {"cell", runCellCommand},
        {"report", runReportCommand},
        {"live", runLiveCommand},
        {"serve", runServeCommand},
        {"analyze", runAnalyzeCommand},
        {"export-traces", runExportTracesCommand},
        {"localize", runLocalizeCommand},
        {"import", runImportCommand},
        {"generate", runGenerateCommand},
        {"meta-train", runMetaTrainCommand},
    };
    if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
        std::cout << kUsage;
        return kExitOk;
    }
    if (args[0] == "--version") {
        std::cout << "orrery " << ORRERY_VERSION << '\n';
        return kExitOk;
    }
    const auto command = commands.find(args[0]);
    if (command == commands.end()) {
        std::vector<std::string> names;
        for (const auto& [name, handler] : commands)
            names.push_back(name);
        std::cerr << "orrery: unknown command '" << args[0] << "'" << model::didYouMean(args[0], names)
                  << "\nrun 'orrery help' for the list of commands\n";
        return kExitBadInput;
    }
    try {
        return command->second(std::vector<std::string>(args.begin() + 1, args.end()));
    } catch (const UsageError& error) {
        std::cerr << "orrery " << args[0] << ": " << error.message << '\n';
        return kExitBadInput;
    } catch (const policy::PluginError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    }
}

} // namespace orrery::app
