#!/usr/bin/env bash
# Regenerates the pictures of docs/user-guide.md with the render command (no display needed):
#   docs/images/make-guide-pictures.sh [path/to/shardscope]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
shardscope="${1:-$here/../../build/dev/bin/shardscope}"
size=(--size 1400x500)

# The window as it opens: the bundled Llama-3-70B example on 8 nodes of 8 H100.
example=(llama-3-70b --gpus 64 --gpus-per-node 8 --seq 8192 --global-batch 512)
"$shardscope" render "${example[@]}" --view window --size 1600x1000 --out "$here/guide-window.png"

# Memory: Llama-3-70B on 32 H100; the best plan (TP 8 x PP 2 x DP 2, ZeRO-2, ZBV with 2 chunks in a V) holds 64.3 of 76.0 GiB
# on stage 0 (the embedding and the head), 63.8 GiB on stage 1.
"$shardscope" render llama-3-70b --gpus 32 --seq 8192 --global-batch 256 \
  --view memory "${size[@]}" --out "$here/guide-memory.png"

# Stages: Llama-3-8B on 3 nodes of 8, PP pinned to 3; the best plan (TP 1 x CP 2 x PP 3 x DP 4, ZeRO-3, ZBV with 2 chunks in a V)
# gives the stages 9, 12 and 11 of the 32 blocks: stage 0 holds the first and the last chunk, with the embedding and the
# 128k-vocabulary head, and the fewest blocks; stage 1 is the slowest (174.1 ms); CP pairs framed in the GPU grid.
"$shardscope" render llama-3-8b --gpus 24 --gpus-per-node 8 --pp 3 --seq 8192 --global-batch 96 \
  --view stages "${size[@]}" --out "$here/guide-stages.png"

# Timeline: the same 64 micro-batches on 8 stages, 1F1B and then interleaved 1F1B with 5 chunks per GPU.
"$shardscope" render llama-3-70b --gpus 64 --seq 8192 --tp 8 --pp 8 --schedule 1f1b --micro-batch 1 \
  --global-batch 64 --view timeline "${size[@]}" --out "$here/guide-timeline.png"
"$shardscope" render llama-3-70b --gpus 64 --seq 8192 --tp 8 --pp 8 --vpp 5 --schedule interleaved --micro-batch 1 \
  --global-batch 64 --view timeline "${size[@]}" --out "$here/guide-timeline-interleaved.png"

# Imbalance: Llama-3.1-405B on 256 H100 with TP 8 x PP 16 (the best plan adds CP 2, interleaved zero bubble with 8 chunks); the first
# and last stages hold 7 of the 126 blocks beside the embedding and the head, the others 8; stage 0 is the shortest (157.1 vs 177.8 ms, 1.13).
"$shardscope" render llama-3.1-405b --gpus 256 --seq 8192 --global-batch 1024 --tp 8 --pp 16 \
  --view imbalance "${size[@]}" --out "$here/guide-imbalance.png"

# Communication: the example on a slower network (100 Gb/s per GPU between nodes).
"$shardscope" render "${example[@]}" --inter-node-gbps 12.5 \
  --view communication "${size[@]}" --out "$here/guide-communication.png"
