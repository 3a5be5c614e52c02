// SPDX-License-Identifier: GPL-3.0-or-later
// KernelModel against hand calculations: wave quantization and tile padding, the per-tile K overhead,
// the HBM roofline of thin GEMMs, flash attention's causal half and backward factor, FP8.
#include "cost/kernel_model.h"

#include <QtTest>

using namespace shardscope;

namespace {

/// A GPU with round numbers: 100 SMs, 100 TFLOP/s bf16 (200 fp8), 1 TB/s HBM, tiles 128 x 256.
GpuSpec roundGpu()
{
    GpuSpec g;
    g.name = "test";
    g.peakFlopsBf16 = g.peakFlopsFp16 = 100e12;
    g.peakFlopsFp8 = 200e12;
    g.peakFlopsFp32 = 50e12;
    g.hbmBytesPerSecond = 1e12;
    g.matmulEfficiency = 0.8;
    g.kernels.smCount = 100;
    g.kernels.gemmTileM = 128;
    g.kernels.gemmTileN = 256;
    g.kernels.gemmTileKOverhead = 128;
    g.kernels.attentionForwardEfficiency = 0.6;
    g.kernels.attentionBackwardEfficiency = 0.5;
    g.kernels.hbmEfficiency = 0.5;
    g.kernels.kernelGapSeconds = 0;
    return g;
}

} // namespace

class TestKernelModel : public QObject
{
    Q_OBJECT
private slots:
    void fullWavesRunAtTheFittedRate()
    {
        const GpuSpec g = roundGpu();
        const KernelModel km(g, Precision::Bf16);
        // 1280 x 5120: 10 x 20 = 200 tiles = exactly 2 waves on 100 SMs; K = 8064: depth 8064 / 8192.
        const double m = 1280, n = 5120, k = 8064;
        const double expected = 2 * m * n * k / (100e12 * 0.8 * (8064.0 / 8192.0));
        QCOMPARE(km.gemmSeconds(m, n, k), expected);
    }

    void aPartialWaveCostsAWholeWave()
    {
        const GpuSpec g = roundGpu();
        const KernelModel km(g, Precision::Bf16);
        // 201 tiles of 128 x 256 need 3 waves (u = 201/300); the half-width tile (402 tiles of 128 x 128,
        // 5 waves, u = 402/500 x 0.9 = 0.7236) fills them better and is taken.
        const double m = 128 * 201, n = 256, k = 4096;
        const double depth = 4096.0 / (4096 + 128);
        QCOMPARE(km.tileEfficiency(m, n, k), 402.0 / 500.0 * 0.9 * depth);
        // Twice the work in the same waves would have cost the same time: quantization is real.
        const double full = km.gemmSeconds(128 * 200, n, k);
        const double partial = km.gemmSeconds(m, n, k);
        QVERIFY(partial / full > 1.2);
    }

    void thinGemmsAreBoundByMemory()
    {
        const GpuSpec g = roundGpu();
        const KernelModel km(g, Precision::Bf16);
        // 16 tokens through an 8192 x 8192 weight: 2 GFLOP but 134 MB of weight to read once.
        const double m = 16, n = 8192, k = 8192;
        const double bytes = (m * k + k * n + m * n) * 2;
        QCOMPARE(km.gemmSeconds(m, n, k), bytes / (1e12 * 0.5));
    }

    void fp8DoublesTheRateOfLargeGemmsOnly()
    {
        const GpuSpec g = roundGpu();
        const KernelModel bf16(g, Precision::Bf16), fp8(g, Precision::Fp8);
        QCOMPARE(bf16.gemmSeconds(12800, 25600, 8192) / fp8.gemmSeconds(12800, 25600, 8192), 2.0);
        // Memory-bound: 1-byte operands halve the bytes, not more.
        QCOMPARE(bf16.gemmSeconds(16, 8192, 8192) / fp8.gemmSeconds(16, 8192, 8192), 2.0);
        // Attention stays 16-bit.
        QCOMPARE(fp8.flashAttentionSeconds(1, 8192, 32, 128, true, false), bf16.flashAttentionSeconds(1, 8192, 32, 128, true, false));
    }

    void flashAttentionCausalHalfAndBackward()
    {
        const GpuSpec g = roundGpu();
        const KernelModel km(g, Precision::Bf16);
        // s = 8192: 64 query blocks of 128; 1 x 50 heads x 64 = 3200 CTAs = 32 full waves.
        const double s = 8192, d = 128, heads = 50;
        const double full = 4 * s * s * d * heads;
        const double n = 64;
        QCOMPARE(km.flashAttentionSeconds(1, s, heads, d, false, false), full / (100e12 * 0.6 * n / (n + 1)));
        QCOMPARE(km.flashAttentionSeconds(1, s, heads, d, true, false), full / 2 / (100e12 * 0.6 * n / (n + 3)));
        QCOMPARE(km.flashAttentionSeconds(1, s, heads, d, true, true), 2.5 * full / 2 / (100e12 * 0.5 * n / (n + 3)));
    }

    void kernelGapIsPaidPerKernel()
    {
        GpuSpec g = roundGpu();
        g.kernels.kernelGapSeconds = 5e-6;
        const KernelModel km(g, Precision::Bf16);
        const KernelModel none(roundGpu(), Precision::Bf16);
        QCOMPARE(km.gemmSeconds(1280, 5120, 8064) - none.gemmSeconds(1280, 5120, 8064), 5e-6);
    }
};

QTEST_APPLESS_MAIN(TestKernelModel)
#include "tst_kernel_model.moc"
