// orrery: with no command, the window when a display is available, else the headless demo;
// with a command, the CLI (docs/architecture.md §10).
#include "cli/commands.h"
#include "kinds/built_in_kinds.h"
#include "store/project_file_signature.h"

#ifdef ORRERY_HAVE_GUI
#include "ops/pdf_report_writer.h"
#include "gui/gui_main.h"
#include "report/experiment_report_pdf.h"
#endif

#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

[[maybe_unused]] bool displayAvailable()
{
    const char* platform = std::getenv("QT_QPA_PLATFORM");
    if (platform != nullptr && (std::string_view(platform) == "offscreen" || std::string_view(platform) == "minimal"))
        return false;
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return (x11 != nullptr && *x11 != '\0') || (wayland != nullptr && *wayland != '\0');
}

//! `orrery FILE.orrery` (the desktop entry's %f, a double-click in the file manager): the only
//! argument names a project by its extension or by its SQLite header and application id.
bool isProjectArgument(const std::vector<std::string>& args)
{
    if (args.size() != 1 || args.front().empty() || args.front().front() == '-')
        return false;
    const std::string_view arg = args.front();
    return arg.ends_with(".orrery") || orrery::store::hasProjectSignature(std::string(arg));
}

} // namespace

int main(int argc, char** argv)
{
    orrery::kinds::registerBuiltInKinds(); // before any scenario is read
    std::vector<std::string> args(argv + 1, argv + argc);
    const bool explicitGui = !args.empty() && args.front() == "gui";
    const bool projectToOpen = isProjectArgument(args);
#ifdef ORRERY_HAVE_GUI
    orrery::app::setPdfReportWriter(orrery::app::writeExperimentReportPdf);
    if (explicitGui || (args.empty() && displayAvailable()) || (projectToOpen && displayAvailable()))
        return orrery::app::runGui(argc, argv);
#else
    if (explicitGui) {
        std::cerr << "orrery: this build has no GUI (configured with ORRERY_BUILD_GUI=OFF)\n";
        return orrery::app::kExitBadInput;
    }
#endif
    if (projectToOpen) {
        std::cerr << "orrery: " << args.front() << " is a project; the window needs a display (DISPLAY or "
                     "WAYLAND_DISPLAY). Without one: orrery report --project " << args.front() << " --out report.html\n";
        return orrery::app::kExitBadInput;
    }
    if (args.empty()) {
        std::cerr << "orrery: no display; running the headless demo (orrery help lists the commands)\n";
        args.emplace_back("demo");
    }
    return orrery::app::runCli(args);
}
