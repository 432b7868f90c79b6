#!/usr/bin/env python3
"""Builds Earshot's acoustic model for synthetic speech: Debian's pocketsphinx en-us model, MAP-adapted
to espeak-ng's voices (docs/speech.md, "Two acoustic models").

    scripts/adapt_speech_model.py FOLDER
    scripts/adapt_speech_model.py --installed FOLDER   exit 0 when FOLDER holds this recipe's model

`make setup` runs it once, when FOLDER (by default ~/.cache/earshot/models/en-us-espeak-ng) lacks the
model or holds one made by another recipe. It needs Debian's pocketsphinx-en-us, sphinxtrain,
sphinxbase-utils (sphinx_fe), pocketsphinx (pocketsphinx_mdef_convert), espeak-ng, sox and wordnet-base,
and takes a minute or two on two cores. Python's standard library only.

The adaptation text is WordNet's glosses (definitions), not anything Earshot tests with: 200 sentences
of 6–14 words that cmudict holds, chosen by the SHA-1 of their text, each spoken in four espeak-ng
voices at 160–189 words a minute. Baum-Welch statistics over that audio (sphinxtrain's `bw`) move the
model's Gaussians towards espeak-ng's speech (`map_adapt`); the mixture weights come back as the
`sendump` pocketsphinx reads.
"""

import concurrent.futures
import hashlib
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import wave

RECIPE = "earshot espeak-ng adaptation 1: 200 WordNet glosses x en-us en-gb en-us+f3 en-us+m3, MAP (means, variances, mixture weights)"
BASE = "/usr/share/pocketsphinx/model/en-us/en-us"
DICTIONARY = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"
WORDNET = "/usr/share/wordnet"
SPHINXTRAIN = "/usr/lib/sphinxtrain"
VOICES = ["en-us", "en-gb", "en-us+f3", "en-us+m3"]
SENTENCES = 200
MODEL_FILES = ["feat.params", "mdef", "means", "variances", "transition_matrices", "noisedict", "sendump"]


def fail(message):
    print(f"adapt_speech_model: {message}", file=sys.stderr)
    sys.exit(1)


def run(arguments, log):
    with open(log, "ab") as out:
        if subprocess.run(arguments, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
            fail(f"{os.path.basename(arguments[0])} failed (its output: {log}).")


def sentences():
    """WordNet gloss sentences whose every word cmudict holds, 6–14 words, chosen by their SHA-1."""
    words = set()
    with open(DICTIONARY, encoding="utf-8", errors="replace") as f:
        for line in f:
            word = line.split(" ", 1)[0]
            if "(" not in word:
                words.add(word)
    found = set()
    for part_of_speech in ["noun", "verb", "adj", "adv"]:
        with open(f"{WORDNET}/data.{part_of_speech}", encoding="latin-1") as f:
            for line in f:
                if line.startswith(" ") or "|" not in line:
                    continue
                for clause in re.split(r'[;"]', line.split("|", 1)[1]):
                    tokens = re.sub(r"[^a-z' ]", " ", clause.strip().lower()).split()
                    if 6 <= len(tokens) <= 14 and all(t in words for t in tokens):
                        found.add(" ".join(tokens))
    return sorted(found, key=lambda s: hashlib.sha1(s.encode()).hexdigest())[:SENTENCES]


def speak(job):
    """One sentence in one voice: espeak-ng, resampled to 16 kHz by sox, 0.1 s either side, a faint
    noise floor (as the recognizer adds), written as a 16-bit WAV."""
    index, text, voice, path = job
    rate = 160 + (index * 7) % 30
    spoken = subprocess.run(["espeak-ng", "-v", voice, "-s", str(rate), "--stdout", text], capture_output=True)
    if spoken.returncode != 0 or not spoken.stdout:
        fail(f"espeak-ng could not speak with voice {voice}: {spoken.stderr.decode(errors='replace').strip()}")
    resampled = subprocess.run(["sox", "-t", "wav", "-", "-t", "raw", "-r", "16000", "-e", "signed", "-b", "16", "-c", "1", "-"],
                               input=spoken.stdout, capture_output=True)
    if resampled.returncode != 0:
        fail(f"sox could not resample espeak-ng's audio: {resampled.stderr.decode(errors='replace').strip()}")
    samples = list(struct.unpack(f"<{len(resampled.stdout) // 2}h", resampled.stdout[: len(resampled.stdout) // 2 * 2]))
    samples = [0] * 1600 + samples + [0] * 1600
    noise = random.Random(index * 31 + VOICES.index(voice))
    samples = [max(-32768, min(32767, s + noise.randint(-30, 30))) for s in samples]
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(16000)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))


def sendump_to_mixture_weights(sendump, mixture_weights):
    """pocketsphinx's 8-bit `sendump` as the float mixture weights sphinxtrain reads (after sphinxtrain's
    python/cmusphinx/sendump.py)."""
    with open(sendump, "rb") as f:
        data = f.read()
    position = 0
    order = "<"

    def integer():
        nonlocal position, order
        value = struct.unpack_from(order + "I", data, position)[0]
        if value > 65536 and order == "<":
            order = ">"
            value = struct.unpack_from(order + "I", data, position)[0]
        position += 4
        return value

    def string():
        nonlocal position
        length = integer()
        if length == 0:
            return None
        text = data[position:position + length - 1].decode("latin-1")
        position += length
        return text

    string()  # title
    header = {}
    while (line := string()) is not None:
        fields = line.split()
        if len(fields) >= 2:
            header[fields[0]] = fields[1]
    shift = int(header.get("mixw_shift", 10))
    features = int(header.get("feature_count", 0))
    densities = integer()
    senones = integer()
    if features == 0 or densities == 0 or senones == 0:
        fail(f"{sendump} is not a sendump this script knows.")
    table = [1.0001 ** -(b << shift) for b in range(256)]
    rows = []
    for _ in range(features * densities):
        rows.append(data[position:position + senones])
        position += senones
    values = [0.0] * (senones * features * densities)
    k = 0
    for s in range(senones):
        for feature in range(features):
            base = feature * densities
            for d in range(densities):
                values[k] = table[rows[base + d][s]]
                k += 1
    with open(mixture_weights, "wb") as out:
        head = b"s3\nversion 1.0\n"
        misalignment = (len(head) + len(b"endhdr\n")) & 3
        out.write(head + (b" " * (4 - misalignment) if misalignment else b"") + b"endhdr\n")
        out.write(struct.pack("=i", 0x11223344))
        out.write(struct.pack("=IIII", senones, features, densities, len(values)))
        out.write(struct.pack(f"<{len(values)}f", *values))


def installed(folder):
    """Whether `folder` holds every model file and was made by this recipe."""
    if not all(os.path.isfile(os.path.join(folder, name)) for name in MODEL_FILES):
        return False
    try:
        with open(os.path.join(folder, "installed-from")) as f:
            return f.readline().rstrip("\n") == RECIPE
    except OSError:
        return False


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--installed":
        sys.exit(0 if installed(sys.argv[2]) else 1)
    if len(sys.argv) != 2:
        fail("usage: adapt_speech_model.py [--installed] FOLDER")
    folder = sys.argv[1]
    for path in [BASE, DICTIONARY, f"{WORDNET}/data.noun", f"{SPHINXTRAIN}/bw", f"{SPHINXTRAIN}/map_adapt"]:
        if not os.path.exists(path):
            fail(f"{path} is missing. Fix: run make setup (it installs the Debian packages this needs).")
    for tool in ["espeak-ng", "sox", "sphinx_fe", "pocketsphinx_mdef_convert"]:
        if shutil.which(tool) is None:
            fail(f"{tool} is not installed. Fix: run make setup (it installs the Debian packages this needs).")
    work = tempfile.mkdtemp(prefix="earshot-adapt-")
    try:
        log = os.path.join(work, "log")
        base = os.path.join(work, "base")
        adapted = os.path.join(work, "adapted")
        for d in [base, adapted, f"{work}/wav", f"{work}/mfc", f"{work}/counts"]:
            os.makedirs(d)
        for name in ["feat.params", "mdef", "means", "variances", "transition_matrices", "noisedict"]:
            shutil.copy(f"{BASE}/{name}", f"{base}/{name}")
        run(["pocketsphinx_mdef_convert", "-text", f"{BASE}/mdef", f"{base}/mdef.txt"], log)
        sendump_to_mixture_weights(f"{BASE}/sendump", f"{base}/mixture_weights")

        jobs, ids, transcripts = [], [], []
        for index, text in enumerate(sentences()):
            for voice in VOICES:
                name = f"{voice.replace('+', '_')}_{index:03d}"
                jobs.append((index, text, voice, f"{work}/wav/{name}.wav"))
                ids.append(name)
                transcripts.append(f"<s> {text} </s> ({name})")
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            list(pool.map(speak, jobs))
        with open(f"{work}/train.fileids", "w") as f:
            f.write("\n".join(ids) + "\n")
        with open(f"{work}/train.transcription", "w") as f:
            f.write("\n".join(transcripts) + "\n")

        run(["sphinx_fe", "-argfile", f"{BASE}/feat.params", "-samprate", "16000", "-c", f"{work}/train.fileids",
             "-di", f"{work}/wav", "-do", f"{work}/mfc", "-ei", "wav", "-eo", "mfc", "-mswav", "yes",
             "-remove_noise", "no"], log)
        run([f"{SPHINXTRAIN}/bw", "-hmmdir", base, "-moddeffn", f"{base}/mdef.txt", "-ts2cbfn", ".ptm.",
             "-feat", "1s_c_d_dd", "-svspec", "0-12/13-25/26-38", "-cmn", "batch", "-agc", "none",
             "-dictfn", DICTIONARY, "-fdictfn", f"{base}/noisedict", "-ctlfn", f"{work}/train.fileids",
             "-lsnfn", f"{work}/train.transcription", "-cepdir", f"{work}/mfc", "-accumdir", f"{work}/counts"], log)
        run([f"{SPHINXTRAIN}/map_adapt", "-moddeffn", f"{base}/mdef.txt", "-ts2cbfn", ".ptm.",
             "-meanfn", f"{base}/means", "-varfn", f"{base}/variances", "-mixwfn", f"{base}/mixture_weights",
             "-tmatfn", f"{base}/transition_matrices", "-accumdir", f"{work}/counts",
             "-mapmeanfn", f"{adapted}/means", "-mapvarfn", f"{adapted}/variances",
             "-mapmixwfn", f"{adapted}/mixture_weights", "-maptmatfn", f"{adapted}/transition_matrices"], log)
        run([f"{SPHINXTRAIN}/mk_s2sendump", "-pocketsphinx", "yes", "-moddeffn", f"{base}/mdef.txt",
             "-mixwfn", f"{adapted}/mixture_weights", "-sendumpfn", f"{adapted}/sendump"], log)
        for name in ["feat.params", "mdef", "noisedict"]:
            shutil.copy(f"{BASE}/{name}", f"{adapted}/{name}")

        # The record goes first and comes back last, so an interrupted install is redone by the next run.
        os.makedirs(folder, exist_ok=True)
        record = os.path.join(folder, "installed-from")
        if os.path.exists(record):
            os.remove(record)
        for name in MODEL_FILES:
            shutil.move(f"{adapted}/{name}", f"{folder}/{name}")
        with open(record, "w") as f:
            f.write(RECIPE + "\n")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
