#!/usr/bin/env bash
# Installs every build and test dependency of the project from Debian 12 packages.
# Idempotent: packages already present are left alone, and apt is only touched when
# something is missing. Run as root (CI and the development machines run as root).
set -euo pipefail

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools lld-22
  ninja-build cmake libgtest-dev ccache python3-numpy rocm-device-libs
  python3-dev python3-pybind11 python3-pytest
  zlib1g-dev libzstd-dev libedit-dev libxml2-dev libcurl4-openssl-dev
)
# --sanitize: also clang-22 and its sanitizer/libFuzzer runtimes, which only the
# sanitizer build (make check-sanitize, make fuzz) needs; make check does not.
if [ "${1:-}" = "--sanitize" ]; then
  PACKAGES+=(clang-22 libclang-rt-22-dev)
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all dependencies present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
