// SPDX-License-Identifier: GPL-3.0-or-later
// An allocator for the importers' large arrays (100,000s of nodes, values and edges): an array
// of 2 MB or more is mapped directly and marked for transparent huge pages, so a fresh process
// faults it in 2 MB at a time rather than 4 KB (the kernel's "madvise" mode, Debian's and
// Ubuntu's default, gives huge pages only to memory marked so). Smaller arrays come from new.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

#include <sys/mman.h>

namespace shardscope {

template <typename T>
struct HugePageAllocator
{
    using value_type = T;
    static constexpr std::size_t kMappedFrom = std::size_t(2) << 20;

    HugePageAllocator() = default;
    template <typename U>
    HugePageAllocator(const HugePageAllocator<U>&) noexcept
    {
    }

    T* allocate(std::size_t n)
    {
        const std::size_t bytes = n * sizeof(T);
        if (bytes < kMappedFrom)
            return static_cast<T*>(::operator new(bytes));
        void* block = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (block == MAP_FAILED)
            throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
        ::madvise(block, bytes, MADV_HUGEPAGE);
#endif
        return static_cast<T*>(block);
    }

    void deallocate(T* p, std::size_t n) noexcept
    {
        const std::size_t bytes = n * sizeof(T);
        if (bytes < kMappedFrom)
            ::operator delete(p);
        else
            ::munmap(p, bytes);
    }

    friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) { return true; }
};

/// A vector of an importer's large array.
template <typename T>
using HugePageVector = std::vector<T, HugePageAllocator<T>>;

} // namespace shardscope
