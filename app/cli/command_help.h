#pragma once
#include <span>
#include <string>
#include <string_view>

namespace orrery::app {

//! One line of `orrery help` and one entry of the manual page: the two are rendered from the
//! same table (commandHelpTable()), so they cannot disagree.
struct CommandHelp {
    std::string_view synopsis;    //!< the command and its required arguments: "run SCENARIO --project P"
    std::string_view description; //!< what it does, one unwrapped paragraph
    std::string_view options = {}; //!< optional arguments, "[--seed N] [--quiet]"; may be empty
};

//! Every command, in the order `orrery help` lists them.
[[nodiscard]] std::span<const CommandHelp> commandHelpTable();

//! `orrery help`: the usage line, the table wrapped to 100 columns, exit codes and search paths.
[[nodiscard]] std::string usageText();

//! `orrery help --man`: the same content as a troff manual page, section 1 (man(7) macros), as the
//! build installs it (share/man/man1/orrery.1.gz).
[[nodiscard]] std::string manualPage(std::string_view version);

} // namespace orrery::app
