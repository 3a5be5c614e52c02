// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/infeasible_reason.h"

#include "util/text.h"

#include <string_view>

namespace shardscope {

InfeasibleReason::InfeasibleReason(const InfeasibleReason& other)
    : m_kind(other.m_kind)
    , m_text(other.m_text ? std::make_unique<std::string>(*other.m_text) : nullptr)
    , m_boundBytes(other.m_boundBytes)
    , m_usableBytes(other.m_usableBytes)
{
}

InfeasibleReason& InfeasibleReason::operator=(const InfeasibleReason& other)
{
    if (this != &other)
        *this = InfeasibleReason(other);
    return *this;
}

bool operator==(const InfeasibleReason& a, const InfeasibleReason& b)
{
    return a.m_kind == b.m_kind && a.m_boundBytes == b.m_boundBytes && a.m_usableBytes == b.m_usableBytes
        && (a.m_text && b.m_text ? *a.m_text == *b.m_text : a.m_text == b.m_text);
}

InfeasibleReason InfeasibleReason::memoryFloor(double boundBytes, double usableBytes)
{
    InfeasibleReason r;
    r.m_kind = Kind::MemoryFloor;
    r.m_boundBytes = boundBytes;
    r.m_usableBytes = usableBytes;
    return r;
}

InfeasibleReason InfeasibleReason::searchBound()
{
    InfeasibleReason r;
    r.m_kind = Kind::SearchBound;
    return r;
}

std::string InfeasibleReason::text() const
{
    switch (m_kind) {
    case Kind::Text:
        return m_text ? *m_text : std::string();
    case Kind::SearchBound:
        return "not evaluated: slower than the fastest plans found (search bound)";
    case Kind::MemoryFloor: {
        const std::string needed = formatBytes(m_boundBytes), usable = formatBytes(m_usableBytes),
                          over = formatBytes(m_boundBytes - m_usableBytes);
        static constexpr std::string_view kPrefix = "stage memory of at least ",
                                          kMiddle = " per GPU on the fullest stage however the layers are placed (model states and activations), but ",
                                          kUsable = " is usable: exceeds memory by at least ";
        std::string text;
        text.reserve(kPrefix.size() + needed.size() + kMiddle.size() + usable.size() + kUsable.size() + over.size());
        text.append(kPrefix).append(needed).append(kMiddle).append(usable).append(kUsable).append(over);
        return text;
    }
    }
    return m_text ? *m_text : std::string();
}

} // namespace shardscope
