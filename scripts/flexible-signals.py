#!/usr/bin/env python3
"""Try a new flexible-matching signal offline, leaving one app out at a time (issue 19, eighth pass).

Input: the TSV `earshot bench --only flexible --typed --part FILE ... --features-out OUT` writes: one line per
row and intent of the apps the row names, with the intent's score at the calibrated settings and its parts
(verb fit, the actions' similarity, values said and taken, the score with verbs not judged, the swapped
request's similarity, the similarity of the request's action with the intent's title and summary, the words
of its phrases). The script first remakes the matcher's decision from those (it must give the bench's
figures: it says so), then, for each family of signals below, every setting of the family with one app left
out at a time: for each app, the setting with the highest recall among those whose precision on the other
apps is within --tolerance of the calibrated decision's there, measured on the app left out, pooled.

  scripts/flexible-signals.py --tolerance 0.005 features.tsv [--family title]

A family that does not beat "calibrated" here does not need to be built.
"""
import argparse
import collections
import csv
import re

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("file")
parser.add_argument("--tolerance", type=float, default=0.005)
parser.add_argument("--family", action="append", help="only these families (default: all)")
arguments = parser.parse_args()
csv.field_size_limit(10**8)

THRESHOLD, MARGIN, FLOOR, VALUE_BONUS = 0.65, 0.04, 0.2, 0.06  # SemanticMatcher.Settings.calibrated

rows = collections.OrderedDict()
with open(arguments.file) as handle:
    for line in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
        key = (line["file"], line["row"])
        row = rows.setdefault(key, dict(expected=line["expected"], negated=line["negated"] == "1", negative=float(line["negative"]),
                                        request=line["requestAction"], intents=[]))
        if line["app"] != "-":
            row["intents"].append(dict(
                name=line["app"] + "/" + line["intent"], app=line["app"], score=float(line["score"]), fit=int(line["fit"]),
                confirms=line["confirms"] == "1", action=float(line["action"]), sentence=float(line["sentence"]),
                said=int(line["valuesSaid"]), taken=int(line["valuesTaken"]), title=float(line["titleAction"]),
                summary=float(line["summaryAction"]), unjudged=float(line["unjudged"]), swap=float(line["swap"]), contrast=float(line["contrast"]),
                words=set(re.split(r"[ |]+", line["words"])) - {""}))
rows = list(rows.values())


def decide(row, extra=None, threshold=THRESHOLD, margin=MARGIN, floor=FLOOR):
    """The matcher's decision (app the row is about, intent matched or None) with `extra` added to each score."""
    scored = sorted(((d["score"] + (extra(row, d) if extra else 0), d) for d in row["intents"]), key=lambda pair: -pair[0])
    about = row["expected"].split("/")[0] if row["expected"] != "-" else (scored[0][1]["app"] if scored else "-")
    if row["negated"] or not scored:
        return about, None
    best, top = scored[0]
    if best < threshold or top["action"] < floor or row["negative"] >= top["sentence"]:
        return about, None
    if any(best - score < margin for score, _ in scored[1:]):
        return about, None
    return about, top["name"]


def outcomes(**options):
    counts = collections.defaultdict(lambda: [0, 0, 0])  # app → to match, matched, right
    for row in rows:
        about, matched = decide(row, **options)
        counts[about][0] += row["expected"] != "-"
        if matched:
            counts[about][1] += 1
            counts[about][2] += matched == row["expected"]
    return counts


def total(counts, among=None):
    return [sum(c[i] for app, c in counts.items() if among is None or app in among) for i in range(3)]


def pr(sums):
    return (sums[2] / sums[1] if sums[1] else 1.0, sums[2] / sums[0] if sums[0] else 1.0)


def leave_one_app_out(results, baseline):
    apps = sorted({app for counts in results.values() for app in counts if app != "-"})
    pooled, before = [0, 0, 0], [0, 0, 0]
    for app in apps:
        others = [a for a in apps + ["-"] if a != app]
        floor = pr(total(results[baseline], others))[0] - arguments.tolerance - 1e-9
        best = max(((pr(total(r, others))[1], pr(total(r, others))[0], k == baseline), k) for k, r in results.items()
                   if pr(total(r, others))[0] >= floor)[1]
        pooled = [a + b for a, b in zip(pooled, results[best].get(app, [0, 0, 0]))]
        before = [a + b for a, b in zip(before, results[baseline].get(app, [0, 0, 0]))]
    return pr(before), pr(pooled)


def unrelated_cost(scale, dead_zone):
    """The verb's cost remade: an unrelated verb costs scale × (1 − swapped similarity − dead zone)."""
    def extra(row, d):
        base = d["unjudged"] - (VALUE_BONUS * d["taken"] / d["said"] if d["said"] and d["fit"] else 0)
        if d["fit"] == 2:
            return base - 1 - d["score"]
        if d["fit"] == 1:
            cost = 1 if base < THRESHOLD - MARGIN or d["swap"] <= -1 else min(1, scale * max(0, 1 - d["swap"] - dead_zone))
            return base - cost - d["score"]
        return base - d["score"]
    return extra


app_words = collections.defaultdict(set)
for row in rows:
    for d in row["intents"]:
        app_words[d["app"]] |= d["words"]
STOP = set("i im id me my we our us you your it its they them the a an this that these those some any all to for of from with in on at by "
           "into about as up down out off over back and or but so now just please can could would will do does did have has had be is are "
           "was get got make take give let go want like need one more today what whats where when how who which there here not no".split())

families = {
    "title": {(w, c): dict(extra=lambda r, d, w=w, c=c: w * (max(d["title"], d["summary"]) - c))
              for w in (0.05, 0.1, 0.2, 0.3) for c in (0.2, 0.35, 0.5)},
    "threshold": {(t, m, f): dict(threshold=t, margin=m, floor=f) for t in (0.6, 0.62, 0.64, 0.65, 0.66, 0.68)
                  for m in (0.02, 0.03, 0.04) for f in (0.1, 0.2, 0.3)},
    "novel-words": {w: dict(extra=lambda r, d, w=w: -w * sum(1 for x in r["request"].split() if x not in STOP and not x.isdigit()
                                                              and x not in app_words[d["app"]]))
                    for w in (0.01, 0.02, 0.04)},
    "values-unrelated": {(y, b): dict(extra=lambda r, d, y=y, b=b: b * d["taken"] / d["said"] if d["fit"] == 1 and d["said"] and d["swap"] >= y else 0)
                         for y in (0.7, 0.8, 0.85, 0.9) for b in (0.03, 0.06, 0.1)},
    "contrast": {(m, fits): dict(extra=lambda r, d, m=m, fits=fits: -1 if d["contrast"] > -1 and d["swap"] > -1 and d["fit"] <= fits
                                      and d["contrast"] - d["swap"] > m else 0)
                 for m in (0, 0.02, 0.05, 0.1, 0.15) for fits in (0, 1)},
    "unrelated-cost": {(s, z): dict(extra=unrelated_cost(s, z)) for s in (0.3, 0.5, 0.75, 1.0, 1.5) for z in (0, 0.05, 0.1)},
}

calibrated = outcomes()
print("remade decision: precision %.3f, recall %.3f (%d to match, %d matched, %d right): compare with the bench" % (
    *pr(total(calibrated)), *total(calibrated)))
for name, settings in families.items():
    if arguments.family and name not in arguments.family:
        continue
    results = {"calibrated": calibrated}
    results.update({key: outcomes(**options) for key, options in settings.items()})
    best = max(results.items(), key=lambda kv: (pr(total(kv[1]))[1], pr(total(kv[1]))[0]) if pr(total(kv[1]))[0] >= pr(total(calibrated))[0] else (-1, 0))
    before, after = leave_one_app_out(results, "calibrated")
    print("%-15s left one app out, pooled: calibrated %.3f / %.3f, chosen %.3f / %.3f; best on every app at no precision lost: %s %.3f / %.3f" % (
        name, *before, *after, best[0], *pr(total(best[1]))))
