#include "cli/commands.h"

#include "cli/command_help.h"
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

using CommandHandler = std::function<int(const std::vector<std::string>&)>;

const std::map<std::string, CommandHandler>& commandHandlers()
{
    static const std::map<std::string, CommandHandler> commands{
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
        {"onsets", runOnsetsCommand},
        {"replay", runReplayCommand},
        {"schedule", runScheduleCommand},
        {"generate", runGenerateCommand},
        {"meta-train", runMetaTrainCommand},
    };
    return commands;
}

} // namespace

std::vector<std::string> commandNames()
{
    std::vector<std::string> names;
    for (const auto& [name, handler] : commandHandlers())
        names.push_back(name);
    return names;
}

int runCli(const std::vector<std::string>& args)
{
    // A write past RLIMIT_FSIZE (a quota, `ulimit -f`) raises SIGXFSZ, which kills the process
    // without a word, a run left 'running' (issue 22, crash campaign). Ignored, the write fails
    // with EFBIG instead and the store reports it like a full disk.
    std::signal(SIGXFSZ, SIG_IGN);
    const auto& commands = commandHandlers();
    if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
        if (args.size() == 2 && args[0] == "help" && args[1] == "--man") {
            std::cout << manualPage(ORRERY_VERSION);
            return kExitOk;
        }
        if (args.size() > 1) {
            std::cerr << "usage: orrery help [--man]\n";
            return kExitBadInput;
        }
        std::cout << usageText();
        return kExitOk;
    }
    if (args[0] == "--version") {
        std::cout << "orrery " << ORRERY_VERSION << '\n';
        return kExitOk;
    }
    const auto command = commands.find(args[0]);
    if (command == commands.end()) {
        std::cerr << "orrery: unknown command '" << args[0] << "'" << model::didYouMean(args[0], commandNames())
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
