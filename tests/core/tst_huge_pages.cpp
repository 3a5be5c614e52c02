// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/util/huge_pages.*: growing a vector onto memory advised for transparent huge pages keeps its
// contents, and the kernel does mark that memory (its mapping in /proc/self/smaps says THPeligible where the
// system's THP mode is "always" or "madvise"; not where it is "never" or the file is missing).
#include "util/huge_pages.h"

#include <QtTest>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

using namespace shardscope;

namespace {

/// The THPeligible flag of the mapping holding `address` (-1 when not found).
int thpEligible(const void* address)
{
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    const auto a = std::uintptr_t(address);
    while (std::getline(smaps, line)) {
        unsigned long long lo = 0, hi = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> lo >> dash >> hi && dash == '-') {
            inside = lo <= a && a < hi;
            continue;
        }
        if (inside && line.rfind("THPeligible:", 0) == 0)
            return std::stoi(line.substr(12));
    }
    return -1;
}

/// The system's THP mode, the bracketed word of /sys/kernel/mm/transparent_hugepage/enabled ("" when absent).
std::string thpMode()
{
    std::ifstream f("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string text;
    std::getline(f, text);
    const auto open = text.find('['), close = text.find(']');
    return open == std::string::npos || close == std::string::npos ? std::string() : text.substr(open + 1, close - open - 1);
}

} // namespace

class TestHugePages : public QObject
{
    Q_OBJECT
private slots:
    void growingKeepsTheContents()
    {
        std::vector<std::uint64_t> v;
        for (std::uint64_t i = 0; i < 3'000'000; ++i) // 24 MB, through many doublings
            pushBackOnHugePages(v, i * 7 + 1);
        QCOMPARE(v.size(), std::size_t(3'000'000));
        for (std::uint64_t i = 0; i < v.size(); ++i)
            if (v[i] != i * 7 + 1)
                QFAIL(qPrintable(QStringLiteral("element %1 is %2").arg(i).arg(v[i])));
        const std::vector<std::uint64_t> before = v;
        reserveOnHugePages(v, 8'000'000);
        QVERIFY(v.capacity() >= 8'000'000);
        QVERIFY(v == before);
        const auto* data = v.data();
        reserveOnHugePages(v, 10); // smaller than held: nothing moves
        QCOMPARE(v.data(), data);
    }

    void largeStorageIsMarked()
    {
        std::vector<double> v;
        reserveOnHugePages(v, std::size_t(64) << 20 >> 3); // 64 MB
        v.resize(v.capacity());
        const std::string mode = thpMode();
        const int eligible = thpEligible(v.data() + v.size() / 2);
        if (mode == "always" || mode == "madvise")
            QCOMPARE(eligible, 1);
        else
            QVERIFY2(eligible <= 0, qPrintable(QString::fromStdString("THP mode '" + mode + "'")));
    }
};

QTEST_APPLESS_MAIN(TestHugePages)
#include "tst_huge_pages.moc"
