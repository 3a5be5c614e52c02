// SPDX-License-Identifier: GPL-3.0-or-later
// Transparent huge pages for the large arrays a search fills (a million candidates are hundreds of MB): the
// kernel's "madvise" mode (Debian's and Ubuntu's default) gives huge pages only to memory marked so, and a fresh
// array is otherwise faulted in 4 KB at a time. A third of a DeepSeek-V3 search was spent in those faults.
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <vector>

namespace shardscope {

/// Marks the whole pages inside [begin, begin + bytes) for transparent huge pages, where it is at least 4 MB
/// (smaller arrays gain nothing); nothing where the system has no such advice. Contents are unchanged.
void adviseHugePages(const void* begin, std::size_t bytes);

/// v.reserve(n), the new storage advised for huge pages before anything is written to it.
template <typename T, typename A> void reserveOnHugePages(std::vector<T, A>& v, std::size_t n)
{
    if (n <= v.capacity())
        return;
    std::vector<T, A> bigger;
    bigger.reserve(n); // allocated, not yet touched
    adviseHugePages(bigger.data(), n * sizeof(T));
    bigger.insert(bigger.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
    v.swap(bigger);
}

/// v.push_back(value), the vector growing onto huge pages (doubling, as push_back does).
template <typename T, typename A> void pushBackOnHugePages(std::vector<T, A>& v, const T& value)
{
    if (v.size() == v.capacity())
        reserveOnHugePages(v, std::max<std::size_t>(1024, 2 * v.capacity()));
    v.push_back(value);
}

} // namespace shardscope
