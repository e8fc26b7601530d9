#pragma once
#include <cstddef>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace orrery::fleet {

//! A data file that cannot be read: what() is "path:line: field: what" (line 0 and no field for
//! a file that cannot be opened: "path: what"), the form editors and compilers use.
class FleetReadError : public std::runtime_error {
public:
    FleetReadError(const std::filesystem::path& path, std::size_t line, const std::string& field, const std::string& what);

    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }
    [[nodiscard]] std::size_t line() const { return m_line; }   //!< 1-based; 0 = the file as a whole
    [[nodiscard]] const std::string& field() const { return m_field; }

private:
    std::filesystem::path m_path;
    std::size_t m_line;
    std::string m_field;
};

} // namespace orrery::fleet
