#include "store/project_file_signature.h"

#include "store/schema.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>

namespace orrery::store {

namespace {

// https://www.sqlite.org/fileformat.html §1.3: the 16-byte magic string, the application id at
// offset 68 as a 4-byte big-endian integer.
constexpr char kSqliteMagic[] = "SQLite format 3";  // with its terminating NUL: 16 bytes
constexpr std::size_t kApplicationIdOffset = 68;

} // namespace

bool hasProjectSignature(const std::filesystem::path& path)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        return false;
    std::ifstream in(path, std::ios::binary);
    std::array<unsigned char, kApplicationIdOffset + 4> header{};
    if (!in.read(reinterpret_cast<char*>(header.data()), static_cast<std::streamsize>(header.size())))
        return false;
    if (std::memcmp(header.data(), kSqliteMagic, sizeof kSqliteMagic) != 0)
        return false;
    const std::uint32_t id = (std::uint32_t{header[kApplicationIdOffset]} << 24)
                             | (std::uint32_t{header[kApplicationIdOffset + 1]} << 16)
                             | (std::uint32_t{header[kApplicationIdOffset + 2]} << 8)
                             | std::uint32_t{header[kApplicationIdOffset + 3]};
    return id == static_cast<std::uint32_t>(kApplicationId);
}

} // namespace orrery::store
