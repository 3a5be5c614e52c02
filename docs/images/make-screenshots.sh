#!/usr/bin/env bash
# Regenerates the README's pictures with the render command (no display needed):
#   docs/images/make-screenshots.sh [path/to/shardscope]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
shardscope="${1:-$here/../../build/dev/app/shardscope}"
example=(llama-3-70b --gpus 64 --gpus-per-node 8 --seq 8192 --global-batch 512)
"$shardscope" render "${example[@]}" --view window --size 1600x1000 --out "$here/window.png"
"$shardscope" render "${example[@]}" --view stages --size 1400x420 --out "$here/stages.png"
"$shardscope" render "${example[@]}" --view timeline --size 1400x420 --out "$here/timeline.png"
"$shardscope" render "${example[@]}" --view imbalance --size 1400x420 --out "$here/imbalance.png"
"$shardscope" render "${example[@]}" --view communication --size 1400x420 --out "$here/communication.png"
"$shardscope" render llama-3-70b --gpus 64 --seq 8192 --tp 8 --pp 8 --vpp 5 --schedule interleaved --micro-batch 1 \
  --global-batch 64 --view timeline --size 1400x420 --out "$here/timeline-interleaved.png"
