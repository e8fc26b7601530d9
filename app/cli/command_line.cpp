#include "cli/command_line.h"

#include "model/did_you_mean.h"

#include <charconv>
#include <sstream>

namespace orrery::app {

std::vector<std::string> splitCommaList(const std::string& text)
{
    std::vector<std::string> items;
    std::stringstream stream(text);
    for (std::string item; std::getline(stream, item, ',');) {
        if (!item.empty())
            items.push_back(item);
    }
    return items;
}

CommandLine::CommandLine(const std::vector<std::string>& args, const std::set<std::string>& valueOptions,
                         const std::set<std::string>& flags)
{
    std::vector<std::string> known(valueOptions.begin(), valueOptions.end());
    known.insert(known.end(), flags.begin(), flags.end());
    bool onlyPositionals = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (onlyPositionals || arg.size() < 2 || arg.compare(0, 2, "--") != 0) {
            m_positionals.push_back(arg);
            continue;
        }
        if (arg == "--") {
            onlyPositionals = true;
            continue;
        }
        std::string name = arg.substr(2);
        std::optional<std::string> inlineValue;
        if (const auto equals = name.find('='); equals != std::string::npos) {
            inlineValue = name.substr(equals + 1);
            name.resize(equals);
        }
        if (valueOptions.count(name)) {
            if (inlineValue) {
                m_values[name] = *inlineValue;
            } else if (i + 1 < args.size()) {
                m_values[name] = args[++i];
            } else {
                throw UsageError{"option --" + name + " needs a value"};
            }
        } else if (flags.count(name)) {
            if (inlineValue)
                throw UsageError{"option --" + name + " takes no value"};
            m_flags.insert(name);
        } else {
            std::string message = "unknown option --" + name;
            const std::string match = model::closestMatch(name, known);
            if (!match.empty())
                message += " (did you mean --" + match + "?)";
            throw UsageError{message};
        }
    }
}

std::optional<std::string> CommandLine::value(const std::string& option) const
{
    const auto it = m_values.find(option);
    if (it == m_values.end())
        return std::nullopt;
    return it->second;
}

std::optional<std::uint64_t> CommandLine::unsignedValue(const std::string& option) const
{
    const auto text = value(option);
    if (!text)
        return std::nullopt;
    std::uint64_t result = 0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), result);
    if (error != std::errc() || end != text->data() + text->size())
        throw UsageError{"option --" + option + ": expected a non-negative integer, got \"" + *text + "\""};
    return result;
}

} // namespace orrery::app
