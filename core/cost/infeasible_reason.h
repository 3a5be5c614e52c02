// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace shardscope {

/**
 * Why a plan does not fit or breaks a rule (empty where it fits): a text, or, for the two reasons a search gives
 * most of its candidates, the numbers alone, formatted when read. A search of a million candidates would
 * otherwise format and allocate a million sentences (most of the time of a DeepSeek-V3 search went there). A
 * text is held behind a pointer: 32 bytes where a std::string made it 56, in every one of a search's summaries.
 */
class InfeasibleReason
{
public:
    InfeasibleReason() = default;
    explicit InfeasibleReason(std::string text)
        : m_text(text.empty() ? nullptr : std::make_unique<std::string>(std::move(text)))
    {
    }
    InfeasibleReason(const InfeasibleReason& other);
    InfeasibleReason& operator=(const InfeasibleReason& other);
    InfeasibleReason(InfeasibleReason&&) noexcept = default;
    InfeasibleReason& operator=(InfeasibleReason&&) noexcept = default;
    ~InfeasibleReason() = default;

    /// Memory the fullest stage exceeds whatever the placement (PlanEvaluator::memoryLowerBoundProblem): at least
    /// `boundBytes` per GPU where `usableBytes` are usable.
    static InfeasibleReason memoryFloor(double boundBytes, double usableBytes);
    /// Left out by the search's step-time bound (SearchPruning) before it was placed.
    static InfeasibleReason searchBound();

    bool empty() const { return m_kind == Kind::Text && !m_text; }
    /// The sentence a person reads.
    std::string text() const;

    friend bool operator==(const InfeasibleReason& a, const InfeasibleReason& b);

private:
    enum class Kind : std::uint8_t { Text, MemoryFloor, SearchBound };
    Kind m_kind = Kind::Text;
    std::unique_ptr<std::string> m_text; ///< Text only; null for an empty one
    double m_boundBytes = 0;
    double m_usableBytes = 0;
};

} // namespace shardscope
