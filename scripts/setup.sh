#!/usr/bin/env bash
# Installs the system packages Earshot needs, once. Prints nothing when everything is there.
set -euo pipefail

packages=(python3)   # python3 runs the example handlers

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ! command -v swift >/dev/null 2>&1; then
  echo "setup: Swift 6 is needed: install it from swift.org and put 'swift' on PATH." >&2
  exit 2
fi

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
