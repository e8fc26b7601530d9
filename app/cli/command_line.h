#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace orrery::app {

//! The items of a comma-separated option value ("a,b,,c" → a, b, c: empty items are dropped).
std::vector<std::string> splitCommaList(const std::string& text);

//! Thrown for a command line that cannot be understood; the message is shown as-is (exit 2).
struct UsageError {
    std::string message;
};

//! Parsed arguments of one subcommand: `--name value`, `--name=value`, `--flag`, positionals.
class CommandLine {
public:
    //! `valueOptions` take a value, `flags` do not; anything else starting with "--" is a
    //! UsageError with a did-you-mean over the known options.
    CommandLine(const std::vector<std::string>& args, const std::set<std::string>& valueOptions,
                const std::set<std::string>& flags);

    [[nodiscard]] const std::vector<std::string>& positionals() const { return m_positionals; }
    [[nodiscard]] std::optional<std::string> value(const std::string& option) const;
    [[nodiscard]] bool flag(const std::string& option) const { return m_flags.count(option) > 0; }
    //! The option's value parsed as an unsigned 64-bit integer, or a UsageError naming the option.
    [[nodiscard]] std::optional<std::uint64_t> unsignedValue(const std::string& option) const;

private:
    std::vector<std::string> m_positionals;
    std::map<std::string, std::string> m_values;
    std::set<std::string> m_flags;
};

} // namespace orrery::app
