#include "cli/command_help.h"

#include <array>
#include <sstream>
#include <vector>

namespace orrery::app {

namespace {

constexpr std::array kCommands{
    CommandHelp{"demo", "run the built-in demo scenario (resources/scenarios/demo.yaml) headless; writes a project and an "
                        "HTML summary"},
    CommandHelp{"run SCENARIO --project P", "simulate a scenario and record the run in project file P",
                "[--summary-json OUT] [--seed N] [--quiet]"},
    CommandHelp{"train PLUGIN --scenario S --project P",
                "train a learning policy plugin on scenario S and store the model in P: placement plugins learn "
                "from the traces of random placement exploring compute kinds, control plugins over episodes",
                "[--seed N] [--quiet] [--episodes N] [--steps S] [--checkpoint-every K] "
                "[--mode one-for-all|one-for-each|transfer] [--threads N] [--resume]"},
    CommandHelp{"train td3|sac|ddpg|ppo --env ID --project P",
                "train a learner of the learning core on a Gymnasium reference task (Pendulum-v1, "
                "MountainCarContinuous-v0, CartPole-v1) and store its best evaluated checkpoint in P "
                "(docs/learning.md)",
                "[--timesteps N] [--seed N] [--eval-every N] [--envs K] [--threads N] [--quiet]"},
    CommandHelp{"experiment FILE --project P",
                "run an experiment's arms x seeds x sweep points into P (resuming runs already there; arms with "
                "train: train first) and print the comparison",
                "[--jobs N] [--quiet] [--training-curves FILE.csv]"},
    CommandHelp{"experiment FILE --project P --backend slurm",
                "run the missing cells as one Slurm job array, merge their shards into P and compare",
                "[--partition X] [--time T] [--array-max N] [--cells-per-task N] [--shard-dir DIR] [--poll S] "
                "[--orrery-path PATH]"},
    CommandHelp{"experiment FILE --project P --backend kubernetes --image IMAGE",
                "run the missing cells as one Kubernetes Indexed Job, merge the shards its pods print on their "
                "logs into P and compare",
                "[--context C] [--namespace N] [--kubeconfig F] [--parallelism N] [--backoff-limit N] [--cpu Q] "
                "[--memory Q] [--shard-dir DIR] [--orrery-path PATH]"},
    CommandHelp{"experiment merge --project P SHARD...", "copy the cells that cell run wrote into shards into P",
                "[--experiment ID|NAME]"},
    CommandHelp{"cell list FILE", "print an experiment's cell ids, one a line"},
    CommandHelp{"cell run FILE --cell ID --out SHARD", "run one cell of an experiment into a shard project file",
                "[--models-from P] [--quiet]"},
    CommandHelp{"report --project P --out FILE.html|FILE.pdf",
                "write an experiment's report (the newest, or --experiment); without experiments, a run's summary "
                "(PDF: GUI build only)",
                "[--experiment ID|NAME] [--run ID] [--embeddings]"},
    CommandHelp{"analyze TRACE.json|DIR... | --project P --run ID",
                "critical paths and critical components (RI, CI) per request type of Jaeger, OTLP or Zipkin JSON "
                "traces (files or folders, detected from the content) or of a run's spans",
                "[--json OUT] [--top N]"},
    CommandHelp{"export-traces --project P --run ID --out FILE.json",
                "a run's recorded spans as a trace file Jaeger, OTLP tools or Zipkin open (default OTLP JSON)",
                "[--format otlp|jaeger|zipkin]"},
    CommandHelp{"localize --project P --train RUN[,RUN...] --test RUN[,RUN...]",
                "train FIRM's SVM on windowed (RI, CI) features and injection ground truth; print ROC AUC and top-1 "
                "localization accuracy of the test runs",
                "[--window 1s] [--seed N] [--epochs N] [--json OUT] [--rows OUT.csv]"},
    CommandHelp{"import alibaba-gpu --out FILE.yaml",
                "the Alibaba 2023 GPU cluster trace as a scenario: a pool per node shape, priced per GPU type, pods "
                "as batch jobs (docs/fleet.md)",
                "[--nodes N] [--seed S] [--data DIR]"},
    CommandHelp{"onsets SCENARIO.yaml",
                "where each anomaly starts to harm each service (seed 001 3.3.2): the least intensity that raises the "
                "failed share of requests, and the one where 80 % fail; an AnomalyOnsets file for random campaigns",
                "[--out FILE.yaml] [--window 10s] [--kinds cpu,...] [--services a,...] [--scope node|container] "
                "[--violation-increase 0.05]"},
    CommandHelp{"replay alibaba-gpu --policy ID[,ID...]",
                "the trace's pod list replayed on its GPU nodes with GPUs shared by fraction, each pod placed once: "
                "GPU allocation and fragmentation per policy against arrived demand (docs/fleet.md)",
                "[--runs 10] [--seed 42] [--ratio 1.3] [--no-shuffle] [--pods F] [--data DIR] [--csv OUT] [--threads N] "
                "[--peer DIR] [--project FILE]"},
    CommandHelp{"generate apps --count N --seed S --out DIR",
                "synthetic applications from 16 segment profiles (AWARE, seed 001 5.5.1): graphs, scenarios and a "
                "train/held-out manifest (docs/workload-generator.md)",
                "[--held-out 0.2]"},
    CommandHelp{"generate variant SCENARIO --instability ID --out F",
                "a scenario's variant under one of the generator's instabilities (docs/workload-generator.md)"},
    CommandHelp{"meta-train --project P",
                "AWARE's meta learner over the project's trajectories, one environment per scenario, stored with "
                "every environment's embedding (the window's Embeddings tab; docs/learning.md)",
                "[--agent firm] [--steps 300] [--manifest DIR/manifest.yaml]"},
    CommandHelp{"validate FILE...", "check scenario and experiment files (exit 2 with file:line:column errors)"},
    CommandHelp{"plugins", "list policy plugins: id, kinds, version, file", "[--verbose]"},
    CommandHelp{"live contexts|nodes|pods|query|snapshot|restore",
                "read-only views of real clusters from kubeconfig, PromQL queries against Prometheus, and restoring "
                "what an interrupted live experiment changed (orrery live help)"},
    CommandHelp{"serve SCENARIO",
                "the scenario's simulation served as a Kubernetes API and Prometheus /metrics on 127.0.0.1 (orrery "
                "serve --help)",
                "[--port N] [--speed X] [--namespace NS] [--kubeconfig-out F]"},
    CommandHelp{"schedule --policy ID",
                "a placement plugin as a secondary Kubernetes scheduler: binds the pending pods whose schedulerName is "
                "--scheduler-name after kube-scheduler's filters, with Events and a Lease (docs/live-clusters.md)",
                "[--scheduler-name orrery] [--namespace N] [--context C] [--dry-run] [--once] [--rate R]"},
    CommandHelp{"gui [FILE.orrery]", "open the window, with the project FILE.orrery when given"},
    CommandHelp{"help", "this text; with --man, the same as a manual page in troff", "[--man]"},
    CommandHelp{"--version", "print the version"},
};

constexpr std::string_view kIntroduction =
    "Without a command, opens the Orrery window (or runs the demo when there is no display); with a project "
    "file (FILE.orrery) as the only argument, opens that project in the window.";
constexpr std::string_view kExitStatus = "0 ok, 1 run failed, 2 bad input, 130 cancelled (Ctrl-C).";
constexpr std::string_view kPluginPath =
    "Plugins load from <executable dir>/plugins (a build folder), <executable dir>/../lib/orrery/plugins (an "
    "installation) and the directories in ORRERY_PLUGIN_PATH.";
constexpr std::string_view kResourcePath =
    "Built-in graphs, profiles and data are found in the directories of ORRERY_RESOURCE_PATH, then in "
    "<executable dir>/../share/orrery/resources.";

//! The words of `text`, an optional argument in brackets ("[--seed N]") kept as one word.
std::vector<std::string> unbreakableWords(std::string_view text)
{
    std::vector<std::string> words;
    int depth = 0;
    std::istringstream in{std::string(text)};
    for (std::string word; in >> word;) {
        if (depth > 0)
            words.back() += ' ' + word;
        else
            words.push_back(word);
        for (const char c : word)
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    }
    return words;
}

//! `text` split into lines of at most `width` characters between words (a longer word keeps its
//! own line).
std::vector<std::string> wrapped(std::string_view text, std::size_t width)
{
    std::vector<std::string> lines;
    std::string line;
    for (const std::string& word : unbreakableWords(text)) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            lines.push_back(std::move(line));
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty())
        lines.push_back(std::move(line));
    return lines;
}

void appendParagraph(std::string& out, std::string_view text, std::size_t width)
{
    for (const auto& line : wrapped(text, width))
        out += line + '\n';
}

//! Text for troff: a backslash as \e, a hyphen as \- (a minus that copies and searches as '-'), and
//! a line that would start with a control character ('.' or '\'') protected by \&.
std::string troffEscaped(std::string_view text)
{
    std::string out;
    for (const char c : text) {
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
    }
    if (!out.empty() && (out.front() == '.' || out.front() == '\''))
        out.insert(0, "\\&");
    return out;
}

} // namespace

std::span<const CommandHelp> commandHelpTable()
{
    return kCommands;
}

std::string usageText()
{
    constexpr std::size_t kWidth = 100;
    constexpr std::size_t kIndent = 28; // the description column
    const std::string indent(kIndent, ' ');
    std::string out = "usage: orrery [COMMAND] [OPTIONS]\n       orrery FILE.orrery\n\n";
    appendParagraph(out, kIntroduction, kWidth);
    out += "\ncommands:\n";
    for (const CommandHelp& command : kCommands) {
        std::string description(command.description);
        if (!command.options.empty())
            description += ' ' + std::string(command.options);
        const auto lines = wrapped(description, kWidth - kIndent);
        std::string head = "  " + std::string(command.synopsis);
        if (head.size() + 2 <= kIndent) {
            head.resize(kIndent, ' ');
            out += head + lines.front() + '\n';
        } else {
            out += head + '\n' + indent + lines.front() + '\n';
        }
        for (std::size_t i = 1; i < lines.size(); ++i)
            out += indent + lines[i] + '\n';
    }
    out += "\nexit codes: ";
    out += kExitStatus;
    out += '\n';
    appendParagraph(out, kPluginPath, kWidth);
    appendParagraph(out, kResourcePath, kWidth);
    return out;
}

std::string manualPage(std::string_view version)
{
    // man(7) macros only, so man-db, groff and mandoc all render it. No date: the page of one
    // version is the same bytes on every build.
    std::string out;
    out += ".TH ORRERY 1 \"\" \"orrery " + troffEscaped(version) + "\" \"User Commands\"\n";
    out += ".SH NAME\norrery \\- cluster\\-operations console: simulate clusters, compare scheduling policies, "
           "run them against live clusters\n";
    out += ".SH SYNOPSIS\n.B orrery\n.RI [ COMMAND ] \" \" [ OPTIONS ]\n.br\n.B orrery\n.IR FILE .orrery\n";
    out += ".SH DESCRIPTION\n" + troffEscaped(kIntroduction) + "\n";
    out += ".SH COMMANDS\n";
    for (const CommandHelp& command : kCommands) {
        out += ".TP\n.B " + troffEscaped(command.synopsis) + '\n';
        if (!command.options.empty())
            out += troffEscaped(command.options) + "\n.br\n";
        out += troffEscaped(command.description) + '\n';
    }
    out += ".SH EXIT STATUS\n" + troffEscaped(kExitStatus) + '\n';
    out += ".SH ENVIRONMENT\n.TP\n.B ORRERY_PLUGIN_PATH\n" + troffEscaped(kPluginPath) + '\n';
    out += ".TP\n.B ORRERY_RESOURCE_PATH\n" + troffEscaped(kResourcePath) + '\n';
    out += ".SH FILES\n.TP\n.I *.orrery\nproject files: SQLite databases with application id 0x4F525259 (\"ORRY\"); "
           "their format is docs/project\\-file.md of the installed documentation (share/doc/orrery).\n";
    out += ".SH SEE ALSO\n.BR kubectl (1),\n.BR sqlite3 (1)\n";
    return out;
}

} // namespace orrery::app
