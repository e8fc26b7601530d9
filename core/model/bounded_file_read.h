#pragma once
#include <cstddef>
#include <string>

namespace orrery::model {

//! A file read whole, but never more than a cap (docs/reliability.md, "Limits").
struct BoundedFileRead {
    enum class Status { Ok, CannotOpen, TooLarge, ReadError };
    Status status = Status::Ok;
    std::string text;   //!< the contents when Ok
    //! Why not, without the path: "cannot open the file: …", "the file is N bytes, over the cap of
    //! 16 MiB", "the input goes on past the cap of 16 MiB" (callers add what the cap is for).
    std::string error;
};

//! Reads `path` in chunks and stops one byte past `maxBytes`: a regular file's size is checked
//! first, and a pipe, FIFO or device (`/dev/zero`, `<(…)`), whose size is unknown, is refused as
//! soon as it has given more than the cap, so no input can make a reader hold more than the cap.
[[nodiscard]] BoundedFileRead readFileAtMost(const std::string& path, std::size_t maxBytes);

} // namespace orrery::model
