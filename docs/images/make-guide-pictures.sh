#!/usr/bin/env bash
# Regenerates the pictures of docs/user-guide.md with the render command (no display needed):
#   docs/images/make-guide-pictures.sh [path/to/shardscope]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
shardscope="${1:-$here/../../build/dev/app/shardscope}"
size=(--size 1400x500)

# The window as it opens: the bundled Llama-3-70B example on 8 nodes of 8 H100.
example=(llama-3-70b --gpus 64 --gpus-per-node 8 --seq 8192 --global-batch 512)
"$shardscope" render "${example[@]}" --view window --size 1600x1000 --out "$here/guide-window.png"

# Memory: Llama-3-70B on 32 H100; the best plan (TP 8 x PP 2 x DP 2, interleaved with 20 chunks) holds 72.2 of 76.0 GiB.
"$shardscope" render llama-3-70b --gpus 32 --seq 8192 --global-batch 256 \
  --view memory "${size[@]}" --out "$here/guide-memory.png"

# Stages: Llama-3-8B on 3 nodes of 8, PP pinned to 3; the last stage (with the 128k-vocabulary head) gets 3 blocks fewer.
"$shardscope" render llama-3-8b --gpus 24 --gpus-per-node 8 --pp 3 --seq 8192 --global-batch 96 \
  --view stages "${size[@]}" --out "$here/guide-stages.png"

# Timeline: the same 64 micro-batches on 8 stages, 1F1B and then interleaved 1F1B with 5 chunks per GPU.
"$shardscope" render llama-3-70b --gpus 64 --seq 8192 --tp 8 --pp 8 --schedule 1f1b --micro-batch 1 \
  --global-batch 64 --view timeline "${size[@]}" --out "$here/guide-timeline.png"
"$shardscope" render llama-3-70b --gpus 64 --seq 8192 --tp 8 --pp 8 --vpp 5 --schedule interleaved --micro-batch 1 \
  --global-batch 64 --view timeline "${size[@]}" --out "$here/guide-timeline-interleaved.png"

# Imbalance: Llama-3.1-405B on 256 H100 with TP 8 x PP 16; memory keeps the early stages short.
"$shardscope" render llama-3.1-405b --gpus 256 --seq 8192 --global-batch 1024 --tp 8 --pp 16 \
  --view imbalance "${size[@]}" --out "$here/guide-imbalance.png"

# Communication: the example on a slower network (100 Gb/s per GPU between nodes).
"$shardscope" render "${example[@]}" --inter-node-gbps 12.5 \
  --view communication "${size[@]}" --out "$here/guide-communication.png"
