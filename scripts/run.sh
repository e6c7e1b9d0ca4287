#!/usr/bin/env bash
# Installs what is missing, builds, and starts the desktop app on the default
# layout (or on the layout given as arguments).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/bin/layoutscope "$@"
