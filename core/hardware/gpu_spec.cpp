// SPDX-License-Identifier: GPL-3.0-or-later
#include "hardware/gpu_spec.h"

namespace shardscope {

double GpuSpec::peakFlops(Precision precision) const
{
    switch (precision) {
    case Precision::Bf16:
        return peakFlopsBf16;
    case Precision::Fp16:
        return peakFlopsFp16 > 0 ? peakFlopsFp16 : peakFlopsBf16;
    case Precision::Fp8:
        return peakFlopsFp8 > 0 ? peakFlopsFp8 : peakFlopsBf16; // no fp8 units: runs at bf16 speed
    case Precision::Fp32:
        return peakFlopsFp32;
    }
    return peakFlopsBf16;
}

} // namespace shardscope
