#!/usr/bin/env bash
# Renders the GUI screenshots of docs/img/gui-*.png from the scripted runs in
# docs/actions/*.jsonl (layoutscope --actions under Xvfb). Run after a build.
set -euo pipefail
cd "$(dirname "$0")/.."
for f in docs/actions/*.jsonl; do
  name=$(basename "$f" .jsonl)
  xvfb-run -a build/bin/layoutscope --actions "$f" --screenshot "docs/img/gui-$name.png" --size 1280x800
  echo "docs/img/gui-$name.png"
done
