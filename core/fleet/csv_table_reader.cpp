#include "fleet/csv_table_reader.h"

#include "model/joined_words.h"
#include "fleet/fleet_read_error.h"
#include "model/bounded_file_read.h"
#include "model/did_you_mean.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>

namespace orrery::fleet {
namespace {

std::string inQuotes(std::string_view text)
{
    constexpr std::size_t kLongest = 40;
    std::string out(1, '\'');
    out.append(text.substr(0, kLongest));
    out.append(text.size() > kLongest ? "...'" : "'");
    return out;
}

} // namespace

CsvTableReader::CsvTableReader(std::filesystem::path path, std::vector<std::string> columns)
    : m_path(std::move(path)), m_columns(std::move(columns)), m_index(m_columns.size(), 0)
{
    model::BoundedFileRead read = model::readFileAtMost(m_path.string(), kMaxCsvFileBytes);
    if (read.status == model::BoundedFileRead::Status::TooLarge)
        throw FleetReadError(m_path, 0, "", read.error + " (docs/reliability.md, Limits)");
    if (read.status != model::BoundedFileRead::Status::Ok)
        throw FleetReadError(m_path, 0, "", read.error);
    m_text = std::move(read.text);
    readHeader();
}

bool CsvTableReader::nextLine(std::string_view& line)
{
    if (m_offset >= m_text.size())
        return false;
    const std::size_t end = m_text.find('\n', m_offset);
    const std::size_t stop = end == std::string::npos ? m_text.size() : end;
    line = std::string_view(m_text).substr(m_offset, stop - m_offset);
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    m_offset = stop + 1;
    ++m_line;
    return true;
}

void CsvTableReader::split(std::string_view line)
{
    m_fields.clear();
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = line.find(',', start);
        if (comma == std::string_view::npos) {
            m_fields.push_back(line.substr(start));
            return;
        }
        m_fields.push_back(line.substr(start, comma - start));
        start = comma + 1;
    }
}

void CsvTableReader::readHeader()
{
    std::string_view header;
    if (!nextLine(header) || header.empty())
        throw FleetReadError(m_path, 1, "header", "the file is empty; expected the columns " + model::joinedWords(m_columns, ","));
    if (m_text.compare(0, 3, "\xEF\xBB\xBF") == 0)
        header.remove_prefix(3); // a UTF-8 byte-order mark, as spreadsheets write
    split(header);
    std::vector<bool> seen(m_columns.size(), false);
    for (std::size_t position = 0; position < m_fields.size(); ++position) {
        const std::string name(m_fields[position]);
        std::size_t column = 0;
        while (column < m_columns.size() && m_columns[column] != name)
            ++column;
        if (column == m_columns.size())
            throw FleetReadError(m_path, 1, "header",
                                 "unknown column " + inQuotes(name) + model::didYouMean(name, m_columns) + "; expected " +
                                     model::joinedWords(m_columns, ","));
        if (seen[column])
            throw FleetReadError(m_path, 1, "header", "column " + inQuotes(name) + " appears twice");
        seen[column] = true;
        m_index[column] = position;
    }
    for (std::size_t column = 0; column < m_columns.size(); ++column)
        if (!seen[column])
            throw FleetReadError(m_path, 1, "header", "missing column '" + m_columns[column] + "'; expected " + model::joinedWords(m_columns, ","));
}

bool CsvTableReader::next()
{
    std::string_view line;
    do {
        if (!nextLine(line))
            return false;
    } while (line.empty());
    split(line);
    const std::size_t expected = m_columns.size();
    if (m_fields.size() < expected) {
        // Name the first column the short row lacks.
        std::size_t missing = 0;
        while (missing < expected && m_index[missing] < m_fields.size())
            ++missing;
        fail(missing, "missing: the row has " + std::to_string(m_fields.size()) + " of " + std::to_string(expected) +
                          " fields (truncated row?)");
    }
    if (m_fields.size() > expected)
        throw FleetReadError(m_path, m_line, "row",
                             "has " + std::to_string(m_fields.size()) + " fields, the header " + std::to_string(expected));
    return true;
}

std::optional<std::int64_t> CsvTableReader::optionalCount(std::size_t column) const
{
    const std::string_view field = text(column);
    if (field.empty())
        return std::nullopt;
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (error == std::errc::result_out_of_range)
        fail(column, inQuotes(field) + " is out of range");
    if (error != std::errc() || end != field.data() + field.size())
        fail(column, inQuotes(field) + " is not a whole number");
    if (value < 0)
        fail(column, "must not be negative, got " + std::string(field));
    return value;
}

std::int64_t CsvTableReader::count(std::size_t column) const
{
    const auto value = optionalCount(column);
    if (!value)
        fail(column, "empty; expected a whole number");
    return *value;
}

void CsvTableReader::fail(std::size_t column, const std::string& what) const
{
    throw FleetReadError(m_path, m_line, column < m_columns.size() ? m_columns[column] : "row", what);
}

} // namespace orrery::fleet
