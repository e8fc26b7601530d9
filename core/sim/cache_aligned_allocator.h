#pragma once
#include <cstddef>
#include <new>

namespace orrery::sim {

//! std::allocator that places storage on 64-byte (cache-line) boundaries.
template<typename T>
struct CacheAlignedAllocator {
    using value_type = T;
    static constexpr std::align_val_t kAlignment{64};

    CacheAlignedAllocator() = default;
    template<typename U>
    CacheAlignedAllocator(const CacheAlignedAllocator<U>&) noexcept {}

    T* allocate(std::size_t count) { return static_cast<T*>(::operator new(count * sizeof(T), kAlignment)); }
    void deallocate(T* pointer, std::size_t) noexcept { ::operator delete(pointer, kAlignment); }

    template<typename U>
    bool operator==(const CacheAlignedAllocator<U>&) const noexcept { return true; }
};

} // namespace orrery::sim
