// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/attention_curves.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace shardscope {

namespace {

constexpr double N = std::numeric_limits<double>::quiet_NaN();

// The FlashAttention papers' benchmarks, TFLOP/s: [forward, backward][no mask, causal][head dim 64, 128, 256]
// [sequence 512, 1k, 2k, 4k, 8k, 16k]. The FA3 paper (Shah et al. 2024, arXiv 2407.08608v2, Figures 5 and 6;
// Dao-AILab/flash-attention assets/flash3_fp16_fwd.png at 0251105a) measured FlashAttention-2, cuDNN and
// FlashAttention-3 on H100 80GB SXM5; its backward figure has no causal and no head-dim-256 panel (NaN: the
// backward under a mask is derived from the forward's, below). The FA2 paper (Dao 2023, arXiv 2307.08691,
// Figures 5 and 6) measured FlashAttention-2 on A100 80GB SXM4 at head dims 64 and 128.
constexpr AttentionCurves kCurves[] = {
    { "H100", "flash-attention-3", 989,
      { { { { 333, 392, 460, 476, 496, 497 }, { 467, 565, 625, 638, 646, 648 }, { 482, 627, 707, 736, 746, 756 } }, { { 197, 265, 371, 420, 460, 473 }, { 292, 423, 521, 579, 602, 616 }, { 286, 427, 537, 612, 628, 642 } } },
        { { { 272, 363, 422, 453, 472, 474 }, { 316, 424, 501, 542, 559, 561 }, { N, N, N, N, N, N } }, { { N, N, N, N, N, N }, { N, N, N, N, N, N }, { N, N, N, N, N, N } } } },
      "Shah et al. 2024, FlashAttention-3, arXiv 2407.08608v2, Figures 5 and 6 (H100 80GB SXM5, FP16/BF16)" },
    { "H100", "cudnn", 989,
      { { { { 335, 373, 395, 408, 412, 413 }, { 497, 574, 617, 609, 600, 595 }, { 470, 546, 580, 581, 580, 581 } }, { { 225, 288, 334, 363, 379, 388 }, { 315, 410, 484, 518, 529, 539 }, { 308, 391, 450, 483, 497, 509 } } },
        { { { 266, 348, 395, 417, 432, 433 }, { 305, 408, 465, 499, 518, 516 }, { N, N, N, N, N, N } }, { { N, N, N, N, N, N }, { N, N, N, N, N, N }, { N, N, N, N, N, N } } } },
      "Shah et al. 2024, FlashAttention-3, arXiv 2407.08608v2, Figures 5 and 6 (H100 80GB SXM5, FP16/BF16), cuDNN bars" },
    { "H100", "flash-attention-2", 989,
      { { { { 282, 306, 318, 321, 322, 324 }, { 309, 350, 362, 368, 370, 370 }, { 275, 313, 321, 323, 324, 326 } }, { { 180, 229, 262, 284, 295, 299 }, { 191, 260, 298, 319, 333, 335 }, { 208, 251, 278, 293, 297, 298 } } },
        { { { 198, 238, 264, 279, 287, 291 }, { 214, 260, 291, 310, 318, 322 }, { N, N, N, N, N, N } }, { { N, N, N, N, N, N }, { N, N, N, N, N, N }, { N, N, N, N, N, N } } } },
      "Shah et al. 2024, FlashAttention-3, arXiv 2407.08608v2, Figures 5 and 6 (H100 80GB SXM5, FP16/BF16), FlashAttention-2 bars" },
    { "A100", "flash-attention-2", 312,
      { { { { 178, 191, 193, 192, 192, 192 }, { 209, 224, 227, 222, 224, 223 }, { N, N, N, N, N, N } }, { { 115, 146, 167, 177, 181, 183 }, { 132, 167, 187, 198, 200, 197 }, { N, N, N, N, N, N } } },
        { { { 120, 141, 152, 163, 169, 170 }, { 136, 159, 175, 187, 193, 196 }, { N, N, N, N, N, N } }, { { 81, 111, 131, 149, 160, 166 }, { 90, 122, 145, 165, 176, 186 }, { N, N, N, N, N, N } } } },
      "Dao 2023, FlashAttention-2, arXiv 2307.08691, Figures 5 and 6 (A100 80GB SXM4)" },
};

/// The figure of one panel at head-dimension index h and sequence index i, or the nearest head dimension's.
double panel(const AttentionCurves& c, bool backward, bool causal, int h, int i)
{
    const auto& rows = c.tflops[backward ? 1 : 0][causal ? 1 : 0];
    for (int d = 0; d < 3; ++d)
        for (int hh : { h - d, h + d })
            if (hh >= 0 && hh < 3 && !std::isnan(rows[hh][i]))
                return rows[hh][i];
    return N;
}

/// A panel's figure; the masked backward the FA3 paper did not measure is the unmasked backward scaled as the
/// mask scales the forward. On A100, where both were measured (FlashAttention-2, head dim 128), the two ratios
/// differ by 0.5-7 %, the forward's the lower at every length but 4k (1 % higher): the derived backward errs slow.
double figure(const AttentionCurves& c, bool backward, bool causal, int h, int i)
{
    const double direct = panel(c, backward, causal, h, i);
    if (!std::isnan(direct) || !(backward && causal))
        return direct;
    return panel(c, true, false, h, i) * panel(c, false, true, h, i) / panel(c, false, false, h, i);
}

/// Interpolates f(x) at a fractional index in [0, n - 1] of points, linearly.
template <typename F> double between(double at, int n, F f)
{
    const double x = std::clamp(at, 0.0, double(n - 1));
    const int lo = std::min(int(x), n - 2);
    const double t = x - lo;
    if (t <= 0)
        return f(lo);
    if (t >= 1)
        return f(lo + 1);
    return f(lo) * (1 - t) + f(lo + 1) * t;
}

double blockShape(double keys, bool causal)
{
    const double n = std::max(1.0, keys / 128.0);
    return causal ? n / (n + 3.0) : n / (n + 1.0);
}

} // namespace

const AttentionCurves* findAttentionCurves(std::string_view family, std::string_view kernel)
{
    for (const AttentionCurves& c : kCurves)
        if (c.family == family && c.kernel == kernel)
            return &c;
    return nullptr;
}

double benchmarkWaveFill(double headDim, int sms)
{
    // (16k / s) sequences x (2048 / d) heads x (s / 128) query blocks = 262144 / d CTAs, whatever the length.
    const double ctas = std::max(1.0, std::round(262144.0 / std::max(headDim, 1.0)));
    const double slots = std::max(1, sms);
    return ctas / (std::ceil(ctas / slots) * slots);
}

double attentionFraction(const AttentionCurves& c, double keys, double headDim, bool causal, bool backward)
{
    // Sequence index: log2(keys / 512) over 512 .. 16k; head index: log2(headDim / 64) over 64 .. 256.
    const double seqIndex = std::log2(std::max(keys, 1.0) / 512.0);
    const double headIndex = std::log2(std::max(headDim, 1.0) / 64.0);
    const double tflops = between(headIndex, 3, [&](int h) {
        return between(seqIndex, 6, [&](int i) { return figure(c, backward, causal, h, i); });
    });
    const double shortFactor = keys < 512 ? blockShape(keys, causal) / blockShape(512, causal) : 1.0;
    return tflops * shortFactor / c.peakTflops;
}

} // namespace shardscope
