#include "ops/slurm_status_table.h"

#include <charconv>

namespace orrery::app {
namespace {

std::vector<std::string_view> split(std::string_view text, char separator)
{
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const std::size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos)
            return parts;
        start = end + 1;
    }
}

std::optional<std::size_t> number(std::string_view text)
{
    std::size_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

//! "0-3,7" (a throttle "%2" already removed) → {0,1,2,3,7}; an optional step "0-9:3" is honoured.
std::optional<std::vector<std::size_t>> expandRanges(std::string_view ranges)
{
    constexpr std::size_t kMaxTasks = 1u << 20; // MaxArraySize is at most 4000001
    std::vector<std::size_t> tasks;
    for (const std::string_view range : split(ranges, ',')) {
        const std::size_t colon = range.find(':');
        const std::string_view bounds = range.substr(0, colon);
        std::size_t step = 1;
        if (colon != std::string_view::npos) {
            const auto parsed = number(range.substr(colon + 1));
            if (!parsed || *parsed == 0)
                return std::nullopt;
            step = *parsed;
        }
        const std::size_t dash = bounds.find('-');
        const auto first = number(bounds.substr(0, dash));
        const auto last = dash == std::string_view::npos ? first : number(bounds.substr(dash + 1));
        if (!first || !last || *last < *first || *last - *first > kMaxTasks)
            return std::nullopt;
        for (std::size_t task = *first; task <= *last; task += step)
            tasks.push_back(task);
    }
    return tasks;
}

} // namespace

std::optional<std::vector<std::size_t>> arrayTasksOf(std::string_view field, std::string_view jobId)
{
    field = trimmed(field);
    if (field.size() <= jobId.size() + 1 || !field.starts_with(jobId) || field[jobId.size()] != '_')
        return std::nullopt;
    std::string_view tasks = field.substr(jobId.size() + 1);
    if (tasks.find('.') != std::string_view::npos)
        return std::nullopt; // a job step: 123_4.batch, 123_4.extern, 123_4.0
    if (tasks.front() == '[') {
        if (tasks.back() != ']')
            return std::nullopt;
        tasks = tasks.substr(1, tasks.size() - 2);
        tasks = tasks.substr(0, tasks.find('%'));
        return expandRanges(tasks);
    }
    const auto task = number(tasks);
    if (!task)
        return std::nullopt;
    return std::vector<std::size_t>{*task};
}

namespace {

//! One line's fields → a status per task it names; `exitColumn` < 0 when the source has none.
void appendStatuses(std::vector<SlurmTaskStatus>& statuses, const std::vector<std::string_view>& fields,
                    std::string_view jobId, int stateColumn, int exitColumn, int reasonColumn)
{
    const auto tasks = arrayTasksOf(fields[0], jobId);
    if (!tasks)
        return;
    SlurmTaskStatus status;
    status.stateText = std::string(trimmed(fields[static_cast<std::size_t>(stateColumn)]));
    status.state = parseSlurmTaskState(status.stateText);
    if (exitColumn >= 0)
        status.exitCode = std::string(trimmed(fields[static_cast<std::size_t>(exitColumn)]));
    const std::string_view reason = trimmed(fields[static_cast<std::size_t>(reasonColumn)]);
    if (reason != "None" && reason != "(null)")
        status.reason = std::string(reason);
    for (const std::size_t task : *tasks) {
        status.task = task;
        statuses.push_back(status);
    }
}

std::vector<SlurmTaskStatus> parseTable(std::string_view text, std::string_view jobId, std::size_t columns,
                                        int exitColumn, int reasonColumn)
{
    std::vector<SlurmTaskStatus> statuses;
    for (const std::string_view line : split(text, '\n')) {
        if (trimmed(line).empty())
            continue;
        // The reason is the last column and may itself hold a '|' only in theory; join the rest.
        std::vector<std::string_view> fields = split(line, '|');
        if (fields.size() < columns)
            continue;
        if (fields.size() > columns) {
            const std::size_t start = static_cast<std::size_t>(fields[columns - 1].data() - line.data());
            fields.resize(columns);
            fields[columns - 1] = line.substr(start);
        }
        appendStatuses(statuses, fields, jobId, 1, exitColumn, reasonColumn);
    }
    return statuses;
}

} // namespace

std::vector<SlurmTaskStatus> parseSacctTable(std::string_view text, std::string_view jobId)
{
    return parseTable(text, jobId, 4, 2, 3);
}

std::vector<SlurmTaskStatus> parseSqueueTable(std::string_view text, std::string_view jobId)
{
    return parseTable(text, jobId, 3, -1, 2);
}

} // namespace orrery::app
