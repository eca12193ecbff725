#!/usr/bin/env bash
# Installs the Debian 12 packages TileLens needs to build, test and run (clang, its runtime
# libraries and lld: the sanitized build of packaging/test-all.sh, whose libFuzzer harnesses
# need clang; clang-format and clang-tidy: its style checks; the last line: the tools the
# packaging tests check the installed tree with); a no-op when all are present. Then the JAX
# engine's virtual environment (packaging/install-jax.sh).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-svg-dev libgl-dev libqcustomplot-dev
  libeigen3-dev nlohmann-json3-dev libcli11-dev zlib1g-dev libgif-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  fonts-dejavu-core gzip python3 python3-numpy python3-venv xvfb xauth xdotool
  clang libclang-rt-14-dev lld clang-format clang-tidy
  appstream desktop-file-utils shared-mime-info groff-base mandoc
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exec "$(dirname "$0")/install-jax.sh"
fi

if [[ $(id -u) -ne 0 ]]; then
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: run as root (or: sudo $0)" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
exec "$(dirname "$0")/install-jax.sh"
