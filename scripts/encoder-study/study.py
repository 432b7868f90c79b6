"""Step 1: model-only comparison. study.py MODEL [MODEL ...] (cache/MODEL.npz from embed.py; "a+b" averages cosines).

Per row: the intents of the apps the row names; each scores max cosine over its expansions. Decision: best >= T and
best - runner-up >= M. Sweeps T × M on the development files; the setting (highest recall at precision >= 0.95,
else the highest precision) is then applied once to the check files, totals only. Writes results/MODEL.json.
"""
import collections
import json
import os
import sys

import numpy as np

from common import *

APPS = load_apps()
APP_BY_NAME = {a["name"]: a for a in APPS}
TS = np.round(np.arange(0.20, 0.995, 0.0025), 4)
MS = [0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.10, 0.12, 0.15]
TARGET = 0.95


def load(model):
    parts = model.split("+")
    caches = []
    for p in parts:
        z = np.load("cache/%s.npz" % p, allow_pickle=True)
        caches.append(({t: i for i, t in enumerate(z["texts"])}, z["vecs"]))
    return caches


def score_rows(model, files):
    caches = load(model)
    out = []
    for f in files:
        for r in read_rows(f):
            if not usable(r):
                continue
            named = named_apps(r["utterance"], APPS)
            scores = {}
            for a in named:
                for it in a["intents"]:
                    s = 0.0
                    for index, vecs in caches:
                        u = vecs[index[r["utterance"]]]
                        e = vecs[[index[x] for x in it["expansions"]]]
                        s += float(np.max(e @ u))
                    scores[a["name"] + "/" + it["id"]] = s / len(caches)
            ranked = sorted(scores.items(), key=lambda kv: -kv[1])
            about = r["expected"].split("/")[0] if r["expected"] else (ranked[0][0].split("/")[0] if ranked else "-")
            out.append(dict(file=f, expected=r["expected"], kind=r["kind"], about=about,
                            best=ranked[0][0] if ranked else None, s1=ranked[0][1] if ranked else -9.0,
                            s2=ranked[1][1] if len(ranked) > 1 else -9.0,
                            right_score=scores.get(r["expected"], None) if r["expected"] else None))
    return out


def counts(rows, t, m):
    to_match = matched = right = 0
    for r in rows:
        to_match += r["expected"] is not None
        if r["best"] is not None and r["s1"] >= t and r["s1"] - r["s2"] >= m:
            matched += 1
            right += r["best"] == r["expected"]
    return to_match, matched, right


def pr(c):
    return (c[2] / c[1] if c[1] else 1.0, c[2] / c[0] if c[0] else 0.0)


def sweep(rows):
    # vectorised over T for each M
    exp = np.array([r["expected"] is not None for r in rows])
    ok = np.array([r["best"] is not None and r["best"] == r["expected"] for r in rows])
    s1 = np.array([r["s1"] for r in rows]); gap = s1 - np.array([r["s2"] for r in rows])
    has = np.array([r["best"] is not None for r in rows])
    table = {}
    for m in MS:
        base = has & (gap >= m - 1e-12)
        for t in TS:
            sel = base & (s1 >= t - 1e-12)
            table[(float(t), m)] = (int(exp.sum()), int(sel.sum()), int((sel & ok).sum()))
    return table


def choose(table, target=TARGET):
    best = None
    for k, c in table.items():
        p, r = pr(c)
        if c[1] == 0:
            continue
        key = (p >= target - 1e-12, r if p >= target - 1e-12 else p, p)
        if best is None or key > best[0]:
            best = (key, k)
    return best[1]


def auc(pos, neg):
    pos, neg = np.asarray(pos), np.asarray(neg)
    if not len(pos) or not len(neg):
        return float("nan")
    allv = np.concatenate([pos, neg]); ranks = allv.argsort().argsort() + 1.0
    # ties: average ranks
    from collections import defaultdict
    groups = defaultdict(list)
    for i, v in enumerate(allv):
        groups[v].append(i)
    for idx in groups.values():
        if len(idx) > 1:
            ranks[idx] = ranks[idx].mean()
    return float((ranks[:len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


def separation(rows):
    para = [r for r in rows if r["expected"] is not None]
    near = [r for r in rows if r["expected"] is None and r["best"] is not None]
    right = [r["right_score"] for r in para]
    nm = [r["s1"] for r in near if r["kind"] == "near-miss"]
    top1 = sum(r["best"] == r["expected"] for r in para) / len(para)
    pos = [r["s1"] for r in rows if r["best"] is not None and r["best"] == r["expected"]]
    neg = [r["s1"] for r in rows if r["best"] is not None and r["best"] != r["expected"]]
    q = lambda v: [round(float(x), 3) for x in np.quantile(v, [0.1, 0.25, 0.5, 0.75, 0.9])]
    return dict(auc_right_vs_nearmiss=auc(right, nm), auc_correct_top_vs_rest=auc(pos, neg), top1=top1,
                right_quantiles=q(right), nearmiss_quantiles=q(nm), n_para=len(para), n_near=len(nm))


def loao(rows, target=TARGET):
    apps = sorted({r["about"] for r in rows if r["about"] != "-"})
    pooled = [0, 0, 0]
    chosen = {}
    for app in apps:
        others = [r for r in rows if r["about"] != app]
        k = choose(sweep(others), target)
        chosen[app] = k
        c = counts([r for r in rows if r["about"] == app], *k)
        pooled = [a + b for a, b in zip(pooled, c)]
    return pooled, chosen


def main():
    os.makedirs("results", exist_ok=True)
    for model in sys.argv[1:]:
        dev = score_rows(model, DEVELOPMENT)
        table = sweep(dev)
        k = choose(table)
        res = dict(model=model, dev_rows=len(dev), chosen=k, dev_at_chosen=counts(dev, *k), sep=separation(dev))
        # recall at several precision levels
        res["recall_at_precision"] = {}
        for target in (0.97, 0.95, 0.93, 0.90, 0.85, 0.80):
            kk = choose(table, target)
            c = table[kk]
            res["recall_at_precision"][target] = dict(setting=kk, counts=c, pr=pr(c))
        res["precision_at_recall"] = {}
        for level in (0.3, 0.5, 0.65, 0.85):
            cands = [(pr(c)[0], k2, c) for k2, c in table.items() if pr(c)[1] >= level]
            if not cands:
                res["precision_at_recall"][level] = dict(setting=None, counts=None, pr=(float("nan"), float("nan")))
                continue
            p_, k2, c = max(cands)
            res["precision_at_recall"][level] = dict(setting=k2, counts=c, pr=pr(c))
        # curve: for each T, best M for precision >= each level is above; here the M=chosen curve
        res["curve"] = [(t, table[(float(t), k[1])]) for t in TS[::4]]
        res["loao"], res["loao_chosen"] = loao(dev)
        res["loao_pr"] = pr(res["loao"])
        res["dev_per_file"] = {f: counts([r for r in dev if r["file"] == f], *k) for f in DEVELOPMENT}
        # check files: applied once, totals only
        check = score_rows(model, CHECK)
        res["check"] = {f: counts([r for r in check if r["file"] == f], *k) for f in CHECK}
        res["check_all"] = counts(check, *k)
        k80 = tuple(res["recall_at_precision"][0.80]["setting"])
        res["check_at_dev80"] = dict(setting=k80, counts=counts(check, *k80), per_file={f: counts([r for r in check if r["file"] == f], *k80) for f in CHECK})
        res["check_sep"] = {kk: v for kk, v in separation(check).items() if kk.startswith("auc") or kk == "top1"}
        json.dump(res, open("results/%s.json" % model, "w"), indent=1, default=str)
        p, r = pr(res["dev_at_chosen"])
        cp, cr = pr(res["check_all"])
        print(f"{model}: dev T={k[0]} M={k[1]} P={p:.3f} R={r:.3f} {res['dev_at_chosen']} | LOAO P/R={res['loao_pr'][0]:.3f}/{res['loao_pr'][1]:.3f} "
              f"| sep AUC {res['sep']['auc_right_vs_nearmiss']:.3f} / {res['sep']['auc_correct_top_vs_rest']:.3f} top1 {res['sep']['top1']:.3f} "
              f"| check P={cp:.3f} R={cr:.3f} {res['check_all']}")


if __name__ == "__main__":
    main()
