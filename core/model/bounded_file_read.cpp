#include "model/bounded_file_read.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

namespace orrery::model {
namespace {

std::string capText(std::size_t maxBytes)
{
    if (maxBytes >= (std::size_t{1} << 20) && maxBytes % (std::size_t{1} << 20) == 0)
        return std::to_string(maxBytes >> 20) + " MiB";
    return std::to_string(maxBytes) + " bytes";
}

BoundedFileRead failure(BoundedFileRead::Status status, std::string error)
{
    BoundedFileRead read;
    read.status = status;
    read.error = std::move(error);
    return read;
}

} // namespace

BoundedFileRead readFileAtMost(const std::string& path, std::size_t maxBytes)
{
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) {
        const auto size = std::filesystem::file_size(path, ec);
        if (!ec && size > maxBytes) {
            return failure(BoundedFileRead::Status::TooLarge,
                           "the file is " + std::to_string(size) + " bytes, over the cap of " + capText(maxBytes));
        }
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return failure(BoundedFileRead::Status::CannotOpen,
                       std::string("cannot open the file: ") + (errno != 0 ? std::strerror(errno) : "unknown error"));
    }
    BoundedFileRead read;
    std::vector<char> chunk(std::size_t{64} << 10);
    for (;;) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got == 0)
            break;
        if (read.text.size() + got > maxBytes) {
            return failure(BoundedFileRead::Status::TooLarge,
                           "the input goes on past the cap of " + capText(maxBytes));
        }
        read.text.append(chunk.data(), got);
    }
    if (in.bad()) {
        return failure(BoundedFileRead::Status::ReadError,
                       std::string("cannot read the file: ") + (errno != 0 ? std::strerror(errno) : "read error"));
    }
    return read;
}

} // namespace orrery::model
