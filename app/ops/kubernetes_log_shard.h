#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace orrery::app {

//! The shard a pod printed on its log: `ORRERY-SHARD-BEGIN CELL BYTES`, base64 lines,
//! `ORRERY-SHARD-END CELL` (KubernetesJobManifest::podScript). Pure.
struct KubernetesLogShard {
    enum class Status {
        Found,     //!< complete: `bytes` holds the shard file
        Missing,   //!< no begin marker (the cell failed before its shard was written)
        Truncated, //!< a begin marker without its end (the log was cut: rotated or too large)
        Corrupt,   //!< bad base64, a size that does not match, or another cell's shard
    };
    Status status = Status::Missing;
    std::string cell;
    std::string bytes;
    std::string message; //!< why it is not Found; for Missing, the log's last `error:` line

    //! Decodes the shard of `expectedCell` (empty: any) from a pod's whole log.
    static KubernetesLogShard decode(std::string_view log, const std::string& expectedCell);
    //! What a pod prints for `cell`'s shard `bytes` (the inverse of decode, for tests and tools).
    static std::string encode(const std::string& cell, std::string_view bytes);
};

const char* toString(KubernetesLogShard::Status status);

} // namespace orrery::app
