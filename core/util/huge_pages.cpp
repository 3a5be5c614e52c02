// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/huge_pages.h"

#include <cstdint>

#include <sys/mman.h>
#include <unistd.h>

namespace shardscope {

void adviseHugePages(const void* begin, std::size_t bytes)
{
#ifdef MADV_HUGEPAGE
    constexpr std::size_t kFrom = std::size_t(4) << 20;
    if (!begin || bytes < kFrom)
        return;
    const auto page = std::uintptr_t(::sysconf(_SC_PAGESIZE));
    const auto first = (std::uintptr_t(begin) + page - 1) / page * page;
    const auto end = (std::uintptr_t(begin) + bytes) / page * page;
    if (end > first)
        ::madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE); // advice: failure changes nothing
#else
    (void)begin;
    (void)bytes;
#endif
}

} // namespace shardscope
