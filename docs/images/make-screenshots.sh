#!/usr/bin/env bash
# Regenerates the README's pictures with the render command (no display needed):
#   docs/images/make-screenshots.sh [path/to/shardscope]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
shardscope="${1:-$here/../../build/dev/bin/shardscope}"
example=(llama-3-70b --gpus 64 --gpus-per-node 8 --seq 8192 --global-batch 512)
"$shardscope" render "${example[@]}" --view window --size 1600x1000 --out "$here/window.png"
"$shardscope" render "${example[@]}" --view stages --size 1400x420 --out "$here/stages.png"
"$shardscope" render "${example[@]}" --view timeline --size 1400x420 --out "$here/timeline.png"
"$shardscope" render "${example[@]}" --view imbalance --size 1400x420 --out "$here/imbalance.png"
"$shardscope" render "${example[@]}" --view communication --size 1400x420 --out "$here/communication.png"
"$shardscope" render llama-3-70b --gpus 64 --seq 8192 --tp 8 --pp 8 --vpp 5 --schedule interleaved --micro-batch 1 \
  --global-batch 64 --view timeline --size 1400x420 --out "$here/timeline-interleaved.png"
# Llama 3's long-context layout: CP 16 on 16,384 H100; framed CP groups on a small plan; a zero-bubble schedule.
long=(llama-3.1-405b --gpus 16384 --seq 131072 --global-batch 128 --tp 8 --cp 16 --pp 16)
"$shardscope" render "${long[@]}" --view stages --size 1600x1000 --out "$here/stages-cp.png"
"$shardscope" render "${long[@]}" --view communication --size 1400x420 --out "$here/communication-cp.png"
"$shardscope" render llama-3-8b --gpus 32 --seq 32768 --global-batch 256 --tp 2 --cp 2 --pp 2 \
  --view stages --size 1400x420 --out "$here/stages-cp-groups.png"
# A narrow stage: TP 1 x DP 32, its DP ranks wrapped into labelled rows.
"$shardscope" render llama-3-8b --gpus 32 --seq 4096 --global-batch 512 --tp 1 --pp 1 \
  --view stages --size 1000x420 --out "$here/stages-narrow.png"
"$shardscope" render llama-3-70b --gpus 64 --seq 8192 --tp 8 --pp 4 --schedule zb-h1 --micro-batch 1 \
  --global-batch 32 --view timeline --size 1400x420 --out "$here/timeline-zero-bubble.png"
# The design-space explorer, a comparison against a baseline, and a cluster-size sweep (issue 15).
"$shardscope" render "${example[@]}" --view explorer --size 1400x800 --out "$here/explorer.png"
"$shardscope" render "${example[@]}" --view explorer --explorer-zoom 4 --size 1400x800 --out "$here/explorer-zoomed.png"
"$shardscope" render llama-3.1-405b --gpus 16384 --seq 8192 --global-batch 2048 --tp 8 --pp 16 \
  --baseline "tp=8,pp=16,dp=128,vpp=8,mb=1,zero=1,recompute=full,schedule=interleaved" \
  --view compare --size 1600x1100 --out "$here/compare.png"
"$shardscope" render llama-3.1-405b --seq 8192 --global-batch 2048 --gpus 64..16384 \
  --view sweep --size 1400x900 --out "$here/sweep.png"
# The window as a person sees it on a laptop and on a 1080p screen (issue 29): the desktop program under Xvfb at
# the screen's size, first start (no saved settings), the bundled example planned, the screen grabbed.
# Needs xvfb and imagemagick (import); the pictures above need neither.
shot() {
  local size="$1" out="$2"
  XDG_CONFIG_HOME="$(mktemp -d)" xvfb-run -a -s "-screen 0 ${size}x24" bash -c \
    "\"$shardscope\" & pid=\$!; sleep 15; import -window root \"$out\"; kill \$pid"
}
if command -v xvfb-run >/dev/null && command -v import >/dev/null; then
  shot 1280x720 "$here/window-1280x720.png"
  shot 1920x1080 "$here/window-1920x1080.png"
fi
