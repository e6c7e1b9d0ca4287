#!/usr/bin/env bash
# Installs, with apt-get, what layoutscope needs to build and test and is
# missing on this Debian machine. Safe to run again: installed packages are
# skipped. Needs root (or sudo).
set -euo pipefail

packages=(
  build-essential cmake pkg-config git
  libimgui-dev libglfw3-dev libgl-dev libstb-dev
  nlohmann-json3-dev catch2
  xvfb xauth libgl1-mesa-dri fonts-dejavu-core
  clang libclang-rt-14-dev
  python3 python3-venv
  texlive-latex-base texlive-pictures
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: everything is installed"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
