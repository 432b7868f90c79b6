"""Step 2: the real matcher's decision with the sentence-similarity part of each intent's score remade by a candidate.

  step2.py prepare FEATURES.tsv ...        writes step2-texts.json (requests, their actions, expansions, phrase actions)
  step2.py run --model M DEV.tsv [--check CHECK.tsv]

From the features the bench writes (`--features-out`), for each row and intent: the score at the calibrated settings,
its verb cost (score - unjudged) and value terms (unjudged - similarity part). The similarity part is
0.75 × best expansion + 0.25 × mean over the intent's phrases of their best expansion, an expansion scoring
0.8 × cos(request, expansion) + 0.2 × cos(request's action, phrase's action) (docs/flexible-matching.md steps 3-4). It is
recomputed here in Python with MiniLM (to check the reconstruction against the bench's) and with the candidate; the
new score is  score + λ × (sim_candidate - sim_minilm_python)  — the verb costs, value terms, action floor, negative
veto and swaps stay MiniLM's (the Swift ones). λ = 1: the candidate replaces the sentence similarity; between: a blend.
Decision as scripts/flexible-signals.py: best >= T, top action >= floor 0.2, negative < top sentence, margin M.
Leave one app out as flexible-signals.py: for each app, the setting with the highest recall among those whose precision on
the other apps is within --tolerance of the calibrated decision's there; measured on the app left out; pooled.
"""
import argparse
import collections
import csv
import json
import os
import re
import subprocess
import sys

import numpy as np

from common import *

csv.field_size_limit(10 ** 8)
THRESHOLD, MARGIN, FLOOR, VALUE_BONUS, VALUE_PENALTY = 0.65, 0.04, 0.2, 0.06, 0.2
CARRIERS = sorted(["hey", "okay", "ok", "please", "can you", "could you", "would you", "will you", "can i", "could i",
                   "i want to", "i'd like to", "i would like to", "i need to", "i wanna", "let's", "go ahead and", "help me"],
                  key=lambda c: -len(c))
CONTRACTIONS = {"gimme": "give me", "lemme": "let me", "wanna": "want to", "gonna": "going to"}
FILLERS = {"um", "umm", "uh", "uhh", "uhm", "er", "erm", "hmm", "hm"}
OPENERS = set("the a an this that these those my your our his her its their some any every each no to for of from with in on at by into about".split())


def normalize(text):
    text = text.replace("&", " and ").replace("'", "").replace("\u2019", "")
    text = re.sub(r"(?<=\d)[.,](?=\d)", "\0", text)
    words = re.sub(r"[^a-z0-9\0]+", " ", text.lower()).split()
    return " ".join(w.replace("\0", ".") for w in words)


def request(normalized):
    words = []
    for w in normalized.split():
        if w in FILLERS and not (w == "er" and words and words[-1] in OPENERS):
            continue
        words += CONTRACTIONS.get(w, w).split()
    text = " " + " ".join(words) + " "
    changed = True
    while changed:
        changed = False
        for c in CARRIERS:
            if text.startswith(" " + c + " ") and len(text) > len(c) + 3:
                text = text[len(c) + 1:]; changed = True
        for c in ("please", "now", "for me"):
            if text.endswith(" " + c + " ") and len(text) > len(c) + 3:
                text = text[:-(len(c) + 1)]; changed = True
    return text.strip()


def template_action(template):
    out, depth = "", 0
    for ch in template:
        if ch == "{":
            depth += 1; out += " "
        elif ch == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            out += ch
    return " ".join(out.split()).lower()


def intents_index():
    """intent name -> list of (normalized expansion, phrase action)."""
    out = {}
    for a in load_apps():
        for it in a["intents"]:
            pairs = []
            for phrase, exps in it["phrases"]:
                p = re.sub(r"\\\(\.applicationName\)", "{applicationName}", phrase)
                p = re.sub(r"\\\(\\\.\$(\w+)\)", r"{\1}", p)
                act = template_action(p)
                pairs += [(normalize(e), act) for e in exps]
            out[a["name"] + "/" + it["id"]] = sorted(set(pairs))
    return out


def read_features(path):
    rows = collections.OrderedDict()
    with open(path) as handle:
        for line in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            key = (line["file"], line["row"])
            row = rows.setdefault(key, dict(file=line["file"], utterance=line["utterance"], expected=line["expected"], kind=line["kind"],
                                            negated=line["negated"] == "1", negative=float(line["negative"]),
                                            action_text=line["requestAction"], intents=[]))
            if line["app"] != "-":
                row["intents"].append(dict(name=line["app"] + "/" + line["intent"], app=line["app"], score=float(line["score"]),
                                           fit=int(line["fit"]), confirms=line["confirms"] == "1", action=float(line["action"]),
                                           sentence=float(line["sentence"]), said=int(line["valuesSaid"]), taken=int(line["valuesTaken"]),
                                           unjudged=float(line["unjudged"])))
    out = []
    for r in rows.values():
        about_pp = r["expected"].startswith("Plant Pal/") or PLANT_PAL.search(r["utterance"]) or any(d["app"] == "Plant Pal" for d in r["intents"])
        if about_pp:
            continue
        r["request"] = request(normalize(r["utterance"]))
        out.append(r)
    return out


def value_terms(d):
    if not d["said"]:
        return 0.0
    return -VALUE_PENALTY * (d["said"] - d["taken"]) / d["said"] + VALUE_BONUS * d["taken"] / d["said"]


class Sims:
    def __init__(self, model, index):
        z = np.load("cache/step2-%s.npz" % model, allow_pickle=True)
        self.pos = {t: i for i, t in enumerate(z["texts"])}
        self.vecs = z["vecs"]
        self.index = index
        self.cache = {}

    def v(self, text):
        return self.vecs[self.pos[text]]

    def intent(self, req, act, name):
        pairs = self.index[name]
        if name not in self.cache:
            E = self.vecs[[self.pos[e] for e, _ in pairs]]
            acts = sorted({a for _, a in pairs})
            A = self.vecs[[self.pos[a] for a in acts]]
            which = np.array([acts.index(a) for _, a in pairs])
            self.cache[name] = (E, A, which)
        E, A, which = self.cache[name]
        s = 0.8 * (E @ self.v(req)) + 0.2 * (A @ self.v(act))[which]
        best_by_phrase = [s[which == k].max() for k in range(A.shape[0])]
        return 0.75 * float(s.max()) + 0.25 * float(np.mean(best_by_phrase)), float((E @ self.v(req)).max())


def attach(rows, model, index, key):
    sims = Sims(model, index)
    for r in rows:
        for d in r["intents"]:
            d[key], d[key + "_sent"] = sims.intent(r["request"], r["action_text"], d["name"])


def decide(row, lam, threshold, margin, floor=FLOOR, key="cand"):
    scored = sorted(((d["score"] + lam * (d[key] - d["mini"]), d) for d in row["intents"]), key=lambda p: -p[0])
    about = row["expected"].split("/")[0] if row["expected"] != "-" else (scored[0][1]["app"] if scored else "-")
    if row["negated"] or not scored:
        return about, None
    best, top = scored[0]
    if best < threshold or top["action"] < floor or row["negative"] >= top["sentence"]:
        return about, None
    if any(best - s < margin for s, _ in scored[1:]):
        return about, None
    return about, top["name"]


def outcomes(rows, **options):
    counts = collections.defaultdict(lambda: [0, 0, 0])
    for row in rows:
        about, matched = decide(row, **options)
        counts[about][0] += row["expected"] != "-"
        if matched:
            counts[about][1] += 1
            counts[about][2] += matched == row["expected"]
    return counts


def total(counts, among=None):
    return [sum(c[i] for app, c in counts.items() if among is None or app in among) for i in range(3)]


def pr(s):
    return (s[2] / s[1] if s[1] else 1.0, s[2] / s[0] if s[0] else 1.0)


def loao(results, baseline, tolerance):
    apps = sorted({app for counts in results.values() for app in counts if app != "-"})
    pooled, chosen = [0, 0, 0], {}
    for app in apps:
        others = [a for a in apps + ["-"] if a != app]
        floor = pr(total(results[baseline], others))[0] - tolerance - 1e-9
        best = max(((pr(total(r, others))[1], pr(total(r, others))[0], k == baseline), k) for k, r in results.items()
                   if pr(total(r, others))[0] >= floor)[1]
        chosen[app] = best
        pooled = [a + b for a, b in zip(pooled, results[best].get(app, [0, 0, 0]))]
    return pooled, chosen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--model", default="mpnet")
    ap.add_argument("--check", action="append", default=[])
    ap.add_argument("--tolerance", type=float, default=0.005)
    args = ap.parse_args()
    index = intents_index()
    if args.mode == "prepare":
        texts = set()
        for f in args.files:
            for r in read_features(f):
                texts.add(r["request"]); texts.add(r["action_text"])
        for pairs in index.values():
            for e, a in pairs:
                texts.add(e); texts.add(a)
        json.dump(sorted(texts), open("step2-texts.json", "w"))
        print(len(texts), "texts")
        return
    rows = [r for f in args.files for r in read_features(f)]
    attach(rows, "minilm", index, "mini")
    attach(rows, args.model, index, "cand")
    # the candidate's similarity put on MiniLM's scale (mean and spread over the development rows' intents), so that
    # the verb costs, value terms and blends keep their meaning; an affine map, so the candidate's own ranking is kept
    cm = np.array([d["cand"] for r in rows for d in r["intents"]]); mm = np.array([d["mini"] for r in rows for d in r["intents"]])
    scale = (float(cm.mean()), float(cm.std()), float(mm.mean()), float(mm.std()))
    def rescale(rs):
        for r in rs:
            for d in r["intents"]:
                d["cand"] = scale[2] + (d["cand"] - scale[0]) * scale[3] / scale[1]
    rescale(rows)
    print("scale: candidate mean %.3f sd %.3f -> MiniLM mean %.3f sd %.3f" % scale)
    # reconstruction check: the bench's similarity part (unjudged − value terms) against MiniLM's in Python
    diffs = np.array([d["unjudged"] - value_terms(d) - d["mini"] for r in rows for d in r["intents"]])
    sdiff = np.array([d["sentence"] - d["mini_sent"] for r in rows for d in r["intents"]])
    print(f"reconstruction (bench − python MiniLM), similarity part: median |d| {np.median(np.abs(diffs)):.4f}, "
          f"90% {np.quantile(np.abs(diffs), 0.9):.4f}, max {np.abs(diffs).max():.3f}; best sentence cos median |d| {np.median(np.abs(sdiff)):.4f}")
    base = outcomes(rows, lam=0.0, threshold=THRESHOLD, margin=MARGIN)
    # how much the python reconstruction moves the baseline (λ=1 with minilm as the candidate would be the python-only matcher)
    print("rows", len(rows), "calibrated (bench scores):", total(base), "P/R %.3f / %.3f" % pr(total(base)))
    lams = [0.0, 0.25, 0.5, 0.75, 1.0]
    ts = [round(float(x), 3) for x in np.arange(0.50, 0.801, 0.01)]
    ms = [0.02, 0.03, 0.04, 0.05, 0.06]
    results = {(l, t, m): outcomes(rows, lam=l, threshold=t, margin=m) for l in lams for t in ts for m in ms}
    results[(0.0, THRESHOLD, MARGIN)] = base
    baseline = (0.0, THRESHOLD, MARGIN)
    out = dict(model=args.model, rows=len(rows), calibrated=total(base))
    # all apps together, per λ: highest recall at precision >= calibrated − tolerance
    floor = pr(total(base))[0] - args.tolerance
    out["together"] = {}
    for l in lams:
        cands = [(pr(total(r))[1], pr(total(r))[0], k) for k, r in results.items() if k[0] == l and pr(total(r))[0] >= floor - 1e-9]
        if not cands:
            continue
        rr, pp, k = max(cands)
        out["together"][l] = dict(setting=k, counts=total(results[k]), pr=(pp, rr))
        print(f"λ={l}: together best at P >= {floor:.3f}: {k} {total(results[k])} P/R {pp:.3f} / {rr:.3f}")
    # recall at precision 0.95 (all apps together), per λ
    out["at95"] = {}
    for l in lams:
        cands = [(pr(total(r))[1], pr(total(r))[0], k) for k, r in results.items() if k[0] == l and pr(total(r))[0] >= 0.95]
        if cands:
            rr, pp, k = max(cands)
            out["at95"][l] = dict(setting=k, counts=total(results[k]), pr=(pp, rr))
            print(f"λ={l}: best recall at P >= 0.95: {k} {total(results[k])} P/R {pp:.3f} / {rr:.3f}")
    # leave one app out: MiniLM alone (λ=0 settings only) and with the candidate (every λ)
    for name, keys in (("minilm only (λ=0, T×M re-chosen)", [k for k in results if k[0] == 0.0]), ("with candidate (λ, T, M)", list(results))):
        sub = {k: results[k] for k in keys}
        pooled, chosen = loao(sub, baseline, args.tolerance)
        out.setdefault("loao", {})[name] = dict(pooled=pooled, pr=pr(pooled), chosen={a: list(k) for a, k in chosen.items()})
        print(f"LOAO {name}: {pooled} P/R {pr(pooled)[0]:.3f} / {pr(pooled)[1]:.3f}; λ chosen: {collections.Counter(k[0] for k in chosen.values())}")
    print("LOAO calibrated (no re-choice):", total(base))
    # check files: totals once, at the setting chosen on all development apps together (λ=1 and the best λ)
    if args.check:
        crow = [r for f in args.check for r in read_features(f)]
        attach(crow, "minilm", index, "mini")
        attach(crow, args.model, index, "cand")
        rescale(crow)
        best_l = max(out["together"].items(), key=lambda kv: kv[1]["pr"][1])[0]
        out["check"] = {}
        for label, k in (("calibrated MiniLM", baseline), ("λ=1 (dev choice)", out["together"][1.0]["setting"]),
                         ("best λ (dev choice)", out["together"][best_l]["setting"]),
                         ("MiniLM at dev P>=0.95", out["at95"][0.0]["setting"]),
                         ("best λ at dev P>=0.95", max(out["at95"].values(), key=lambda v: v["pr"][1])["setting"])):
            c = outcomes(crow, lam=k[0], threshold=k[1], margin=k[2])
            per = {f: total(outcomes([r for r in crow if r["file"] == f], lam=k[0], threshold=k[1], margin=k[2])) for f in sorted({r["file"] for r in crow})}
            out["check"][label] = dict(setting=k, counts=total(c), pr=pr(total(c)), per_file=per)
            print(f"CHECK {label} {k}: {total(c)} P/R {pr(total(c))[0]:.3f} / {pr(total(c))[1]:.3f}  per file {per}")
    json.dump(out, open("results/step2-%s.json" % args.model, "w"), indent=1, default=str)


if __name__ == "__main__":
    main()
