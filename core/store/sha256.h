#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace orrery::store {

//! SHA-256 (FIPS 180-4), used to recognise identical scenario texts; the lowercase hex digest
//! matches `sha256sum`, so a stored scenario can be compared with a file on disk.
class Sha256 {
public:
    Sha256();

    void update(std::string_view bytes);
    //! Finishes the hash; the object must not be updated afterwards.
    std::array<std::uint8_t, 32> finish();

    //! Lowercase hex digest of `bytes` in one call.
    static std::string hexDigest(std::string_view bytes);

private:
    void compress(const std::uint8_t* block);

    std::array<std::uint32_t, 8> m_state;
    std::array<std::uint8_t, 64> m_block{};
    std::size_t m_blockSize = 0;
    std::uint64_t m_totalBytes = 0;
};

} // namespace orrery::store
