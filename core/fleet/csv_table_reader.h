#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::fleet {

//! CSV files larger than this are refused before reading (the reader holds the file whole); the
//! Alibaba 2023 GPU trace's largest file is 0.6 MB (docs/reliability.md, Limits).
inline constexpr std::uintmax_t kMaxCsvFileBytes = std::uintmax_t{256} << 20;

//! Reads a comma-separated file with a header row, one row at a time, and parses its fields with
//! diagnostics that name the file, the line and the column ("path:12: cpu_milli: 'x' is not a
//! whole number"); every problem throws FleetReadError.
//!
//! The header must hold exactly the expected columns, in any order: an unknown, duplicate or
//! missing column is an error at line 1. Fields are plain (no quoting: the Alibaba trace has
//! none); a row with fewer or more fields than the header is an error; blank lines and a
//! trailing carriage return are ignored. The whole file (at most kMaxCsvFileBytes) is read at
//! once and fields are views into it, so a row costs no allocation.
class CsvTableReader {
public:
    CsvTableReader(std::filesystem::path path, std::vector<std::string> columns);

    //! Moves to the next data row; false at the end of the file.
    bool next();

    //! Line number (1-based) of the current row.
    [[nodiscard]] std::size_t line() const { return m_line; }
    //! The text of column `column` (an index into the expected columns) in the current row.
    [[nodiscard]] std::string_view text(std::size_t column) const { return m_fields[m_index[column]]; }
    //! The column as a whole number ≥ 0 (empty, non-numeric and negative values are errors).
    [[nodiscard]] std::int64_t count(std::size_t column) const;
    //! As count(), but an empty field is nullopt.
    [[nodiscard]] std::optional<std::int64_t> optionalCount(std::size_t column) const;
    //! Throws FleetReadError for the current row and `column`.
    [[noreturn]] void fail(std::size_t column, const std::string& what) const;

    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }

private:
    bool nextLine(std::string_view& line);
    void readHeader();
    void split(std::string_view line);

    std::filesystem::path m_path;
    std::vector<std::string> m_columns;
    std::string m_text;
    std::size_t m_offset = 0;
    std::size_t m_line = 0;
    std::vector<std::size_t> m_index;      //!< expected column → position in the file's rows
    std::vector<std::string_view> m_fields; //!< the current row's fields, in file order
};

} // namespace orrery::fleet
