#!/usr/bin/env bash
# Installs the system packages Earshot needs, once. Prints nothing when everything is there.
set -euo pipefail

packages=(
  python3                                   # runs the example handlers
  pkg-config
  libpocketsphinx-dev libsphinxbase-dev     # speech recognition
  pocketsphinx-en-us                        # its en-us acoustic model and dictionary
  pocketsphinx                              # pocketsphinx_continuous, compared against in `make bench`
  libespeak-ng-dev espeak-ng-data           # speech synthesis
  libsndfile1-dev libsoxr-dev               # audio files and resampling
  libasound2-dev                            # live sessions (ALSA)
  sox                                       # tests make audio in many formats with it
)

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
