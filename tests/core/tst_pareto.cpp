// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/partition/pareto.*: the front against a brute-force O(n^2) dominance check on random data
// (several seeds, coarse values so ties and duplicates are common, NaN and infinities mixed in), in every
// combination of minimised and maximised axes, and hand-made cases whose fronts are written out.
#include "partition/pareto.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

using namespace shardscope;

Q_DECLARE_METATYPE(shardscope::Objective)

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

/// a is at least as good as b on both axes and strictly better on one.
bool dominates(double ax, double ay, double bx, double by, Objective ox, Objective oy)
{
    const auto atLeast
        = [](double a, double b, Objective o) { return o == Objective::Minimize ? a <= b : a >= b; };
    const auto better
        = [](double a, double b, Objective o) { return o == Objective::Minimize ? a < b : a > b; };
    return atLeast(ax, bx, ox) && atLeast(ay, by, oy) && (better(ax, bx, ox) || better(ay, by, oy));
}

/// Every finite point that no other finite point dominates, in increasing x, equal points by index.
std::vector<std::uint32_t> bruteForceFront(
    const std::vector<double>& x, const std::vector<double>& y, Objective ox, Objective oy)
{
    std::vector<std::uint32_t> front;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (!std::isfinite(x[i]) || !std::isfinite(y[i])) continue;
        bool dominated = false;
        for (std::size_t j = 0; j < x.size() && !dominated; ++j)
            dominated
                = std::isfinite(x[j]) && std::isfinite(y[j]) && dominates(x[j], y[j], x[i], y[i], ox, oy);
        if (!dominated) front.push_back(std::uint32_t(i));
    }
    std::stable_sort(
        front.begin(), front.end(), [&](std::uint32_t a, std::uint32_t b) { return x[a] < x[b]; });
    return front;
}

QList<std::uint32_t> asList(const std::vector<std::uint32_t>& v)
{
    return QList<std::uint32_t>(v.begin(), v.end());
}

} // namespace

class TestPareto : public QObject
{
    Q_OBJECT
private slots:
    void randomAgainstBruteForce_data()
    {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("levels"); // distinct values per axis: few levels, many ties; 0 = continuous
        QTest::addColumn<Objective>("ox");
        QTest::addColumn<Objective>("oy");
        const Objective mn = Objective::Minimize, mx = Objective::Maximize;
        const struct
        {
            const char* name;
            Objective ox, oy;
        } directions[]
            = { { "min-min", mn, mn }, { "min-max", mn, mx }, { "max-min", mx, mn }, { "max-max", mx, mx } };
        for (const auto& d : directions) {
            for (unsigned seed : { 1u, 2u, 3u, 42u, 2024u }) {
                QTest::addRow("%s seed %u, 400 points on a 12 x 12 grid", d.name, seed)
                    << seed << 400 << 12 << d.ox << d.oy;
                QTest::addRow("%s seed %u, 300 continuous", d.name, seed) << seed << 300 << 0 << d.ox << d.oy;
            }
            QTest::addRow("%s 2,000 points on a 40 x 40 grid", d.name) << 7u << 2000 << 40 << d.ox << d.oy;
            QTest::addRow("%s 50 points on a 3 x 3 grid", d.name) << 9u << 50 << 3 << d.ox << d.oy;
        }
    }

    void randomAgainstBruteForce()
    {
        QFETCH(unsigned, seed);
        QFETCH(int, count);
        QFETCH(int, levels);
        QFETCH(Objective, ox);
        QFETCH(Objective, oy);
        std::mt19937 rng(seed);
        std::uniform_real_distribution<double> uniform(-5.0, 5.0);
        std::uniform_int_distribution<int> level(0, std::max(0, levels - 1));
        std::uniform_int_distribution<int> special(0, 49); // ~2 % NaN, ~2 % +-inf per coordinate
        const auto draw = [&] {
            switch (special(rng)) {
            case 0:
                return kNaN;
            case 1:
                return (rng() & 1) ? kInf : -kInf;
            default:
                return levels > 0 ? double(level(rng)) * 0.25 - 1.0 : uniform(rng);
            }
        };
        std::vector<double> x(static_cast<std::size_t>(count)), y(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i) {
            x[std::size_t(i)] = draw();
            y[std::size_t(i)] = draw();
        }
        const std::vector<std::uint32_t> expected = bruteForceFront(x, y, ox, oy);
        const std::vector<std::uint32_t> front = paretoFront(x, y, ox, oy);
        QCOMPARE(asList(front), asList(expected));
        QVERIFY(!front.empty()); // with ~96 % finite points there is always one
    }

    void handCases_data()
    {
        QTest::addColumn<std::vector<double>>("x");
        QTest::addColumn<std::vector<double>>("y");
        QTest::addColumn<Objective>("ox");
        QTest::addColumn<Objective>("oy");
        QTest::addColumn<std::vector<std::uint32_t>>("front");
        const Objective mn = Objective::Minimize, mx = Objective::Maximize;
        using D = std::vector<double>;
        using I = std::vector<std::uint32_t>;
        QTest::newRow("empty") << D {} << D {} << mn << mn << I {};
        QTest::newRow("one point") << D { 3 } << D { 4 } << mn << mn << I { 0 };
        // Step time (x, min) against memory (y, min): (1, 9), (2, 5), (4, 2) trade off; (3, 6) is beaten by
        // (2, 5).
        QTest::newRow("staircase min-min")
            << D { 4, 3, 1, 2 } << D { 2, 6, 9, 5 } << mn << mn << I { 2, 3, 0 };
        // The same points with tokens/s-like y (max): (4, 2) loses to (3, 6); (1, 9) has both the least x and
        // most y.
        QTest::newRow("staircase min-max") << D { 4, 3, 1, 2 } << D { 2, 6, 9, 5 } << mn << mx << I { 2 };
        QTest::newRow("staircase max-max")
            << D { 4, 3, 1, 2 } << D { 2, 6, 9, 5 } << mx << mx << I { 2, 1, 0 };
        QTest::newRow("staircase max-min") << D { 4, 3, 1, 2 } << D { 2, 6, 9, 5 } << mx << mn << I { 0 };
        QTest::newRow("all duplicates are all on the front")
            << D { 1, 1, 1 } << D { 2, 2, 2 } << mn << mn << I { 0, 1, 2 };
        // Equal x: only the lowest y, both copies of it.
        QTest::newRow("vertical line") << D { 5, 5, 5, 5 } << D { 3, 1, 2, 1 } << mn << mn << I { 1, 3 };
        // Equal y: only the lowest x.
        QTest::newRow("horizontal line") << D { 3, 1, 2 } << D { 7, 7, 7 } << mn << mn << I { 1 };
        // (2, 2) is dominated by (1, 2) (same y, smaller x) although nothing beats it on both axes at once.
        QTest::newRow("weak dominance on a tie") << D { 1, 2, 3 } << D { 2, 2, 1 } << mn << mn << I { 0, 2 };
        QTest::newRow("NaN and infinities take no part")
            << D { kNaN, 1, -kInf, 2, 0 } << D { 0, 5, 0, 4, kInf } << mn << mn << I { 1, 3 };
        QTest::newRow("all non-finite") << D { kNaN, kInf } << D { 1, 1 } << mn << mn << I {};
        QTest::newRow("negative zero equals zero") << D { 0.0, -0.0 } << D { 1, 1 } << mn << mn << I { 0, 1 };
        // The same point counted twice plus a dominated third: copies stay, in index order.
        QTest::newRow("duplicates on a front")
            << D { 2, 1, 2, 3 } << D { 1, 3, 1, 0.5 } << mn << mn << I { 1, 0, 2, 3 };
    }

    void handCases()
    {
        QFETCH(std::vector<double>, x);
        QFETCH(std::vector<double>, y);
        QFETCH(Objective, ox);
        QFETCH(Objective, oy);
        QFETCH(std::vector<std::uint32_t>, front);
        QCOMPARE(asList(paretoFront(x, y, ox, oy)), asList(front));
        QCOMPARE(asList(bruteForceFront(x, y, ox, oy)), asList(front)); // the written-out fronts are right
    }

    void mismatchedLengthsThrow()
    {
        const std::vector<double> x { 1, 2, 3 }, y { 1, 2 };
        QVERIFY_THROWS_EXCEPTION(
            std::invalid_argument, paretoFront(x, y, Objective::Minimize, Objective::Minimize));
    }
};

QTEST_GUILESS_MAIN(TestPareto)
#include "tst_pareto.moc"
