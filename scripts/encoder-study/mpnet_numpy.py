"""A numpy forward pass of all-mpnet-base-v2 (what a Swift port has to do), checked against sentence-transformers.
Differences from the BERT MiniLM forward: positions start at padding_idx + 1 = 2; no token-type embeddings; a relative
position bias (32 buckets, max distance 128, one 32 × 12 table shared by all 12 layers) added to every layer's attention
scores; LayerNorm eps 1e-5; <s> … </s> (ids 0, 2) around the WordPiece ids instead of [CLS] … [SEP]."""
import os, sys, time, json, math
os.environ["OMP_NUM_THREADS"] = "1"; os.environ["HF_HUB_OFFLINE"] = "1"
import numpy as np
from safetensors.numpy import load_file
from tokenizers import Tokenizer

D = "models/all-mpnet-base-v2"
W = load_file(D + "/model.safetensors")
tok = Tokenizer.from_file(D + "/tokenizer.json"); tok.no_padding()
H, L, NH = 768, 12, 12


def ln(x, g, b, eps=1e-5):
    m = x.mean(-1, keepdims=True); v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / np.sqrt(v + eps) * g + b


def gelu(x):
    from math import sqrt
    import scipy.special as sp  # exact erf gelu
    return 0.5 * x * (1 + sp.erf(x / sqrt(2)))


def bucket(rel, num_buckets=32, max_distance=128):
    ret = np.zeros_like(rel)
    n = -rel
    num_buckets //= 2
    ret += (n < 0).astype(rel.dtype) * num_buckets
    n = np.abs(n)
    max_exact = num_buckets // 2
    small = n < max_exact
    with np.errstate(divide="ignore"):
        large = max_exact + (np.log(np.maximum(n, 1) / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)).astype(rel.dtype)
    large = np.minimum(large, num_buckets - 1)
    return ret + np.where(small, n, large)


def encode(text):
    ids = np.array(tok.encode(text).ids)
    T = len(ids)
    pos = np.arange(T) + 2
    x = W["embeddings.word_embeddings.weight"][ids] + W["embeddings.position_embeddings.weight"][pos]
    x = ln(x, W["embeddings.LayerNorm.weight"], W["embeddings.LayerNorm.bias"])
    rel = np.arange(T)[None, :] - np.arange(T)[:, None]
    bias = W["encoder.relative_attention_bias.weight"][bucket(rel)].transpose(2, 0, 1)  # heads × T × T
    for l in range(L):
        p = "encoder.layer.%d." % l
        lin = lambda y, n: y @ W[p + n + ".weight"].T + W[p + n + ".bias"]
        q = lin(x, "attention.attn.q").reshape(T, NH, 64).transpose(1, 0, 2)
        k = lin(x, "attention.attn.k").reshape(T, NH, 64).transpose(1, 0, 2)
        v = lin(x, "attention.attn.v").reshape(T, NH, 64).transpose(1, 0, 2)
        s = q @ k.transpose(0, 2, 1) / 8.0 + bias
        s = np.exp(s - s.max(-1, keepdims=True)); s /= s.sum(-1, keepdims=True)
        c = (s @ v).transpose(1, 0, 2).reshape(T, H)
        a = ln(lin(c, "attention.attn.o") + x, W[p + "attention.LayerNorm.weight"], W[p + "attention.LayerNorm.bias"])
        x = ln(lin(gelu(lin(a, "intermediate.dense")), "output.dense") + a, W[p + "output.LayerNorm.weight"], W[p + "output.LayerNorm.bias"])
    e = x.mean(0)
    return e / np.linalg.norm(e), ids


if __name__ == "__main__":
    import torch; torch.set_num_threads(1)
    from sentence_transformers import SentenceTransformer
    m = SentenceTransformer(D, device="cpu")
    texts = ["order soup with soup chef", "Hey... play (some) jazz; loud -- now?", "Crème brûlée for Zoë at the Café Déjà Vu",
             "transmogrification of unbelievably antidisestablishmentarianism", "put it on cooling with Snug", "ok"]
    ref = m.encode(texts, normalize_embeddings=True)
    worst = 1.0
    for t, r in zip(texts, ref):
        e, ids = encode(t)
        worst = min(worst, float(e @ r))
    print("numpy vs sentence-transformers: lowest cosine %.7f over %d sentences; ids of the first: %s" % (worst, len(texts), tok.encode(texts[0]).ids))
    short = [t for t in json.load(open("texts.json")) if len(t.split()) <= 12][:50]
    times = []
    for t in short:
        s = time.perf_counter(); encode(t); times.append(time.perf_counter() - s)
    print("numpy forward, 1 thread, median %.1f ms per short utterance" % (1000 * np.median(times)))
