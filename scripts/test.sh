#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest; then
# the sanitizer and fuzzing pass (scripts/test-sanitizers.sh, build-asan/).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
(cd build && ctest --output-on-failure -j 2)
scripts/test-sanitizers.sh
