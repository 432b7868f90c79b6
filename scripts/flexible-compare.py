#!/usr/bin/env python3
"""Compare two builds of the flexible matcher on the same rows, leaving one app out at a time (issue 19).

Input: two TSVs from `earshot bench --only flexible --typed --part FILE ... --features-out OUT`, one written by
the build before a change and one by the build after it, over the same files. For each, the matcher's decision
is remade at the calibrated settings (as scripts/flexible-signals.py does) and counted per app (the app the row
is about: the expected one, or the nearest intent's). Printed: each app's right / matched / to match before and
after; both totals; and the change chosen with one app left out at a time (for each app, "after" when its
precision on the other apps is within --tolerance of "before"'s there and its recall there is higher, measured
on the app left out), pooled.

  scripts/flexible-compare.py before.tsv after.tsv [--tolerance 0.005]
"""
import argparse
import collections
import csv

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("before")
parser.add_argument("after")
parser.add_argument("--tolerance", type=float, default=0.005)
arguments = parser.parse_args()
csv.field_size_limit(10**8)

THRESHOLD, MARGIN, FLOOR = 0.65, 0.04, 0.2  # SemanticMatcher.Settings.calibrated


def read(path):
    rows = collections.OrderedDict()
    with open(path) as handle:
        for line in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            row = rows.setdefault((line["file"], line["row"]), dict(expected=line["expected"], negated=line["negated"] == "1",
                                                                     negative=float(line["negative"]), intents=[]))
            if line["app"] != "-":
                row["intents"].append(dict(name=line["app"] + "/" + line["intent"], app=line["app"], score=float(line["score"]),
                                           action=float(line["action"]), sentence=float(line["sentence"])))
    return rows


def decide(row):
    scored = sorted(((d["score"], d) for d in row["intents"]), key=lambda pair: -pair[0])
    about = row["expected"].split("/")[0] if row["expected"] != "-" else (scored[0][1]["app"] if scored else "-")
    if row["negated"] or not scored:
        return about, None
    best, top = scored[0]
    if best < THRESHOLD or top["action"] < FLOOR or row["negative"] >= top["sentence"]:
        return about, None
    if any(best - score < MARGIN for score, _ in scored[1:]):
        return about, None
    return about, top["name"]


def counts(rows):
    out = collections.defaultdict(lambda: [0, 0, 0])  # app → to match, matched, right
    for row in rows.values():
        about, matched = decide(row)
        out[about][0] += row["expected"] != "-"
        if matched:
            out[about][1] += 1
            out[about][2] += matched == row["expected"]
    return out


def total(c, among=None):
    return [sum(v[i] for app, v in c.items() if among is None or app in among) for i in range(3)]


def pr(sums):
    return (sums[2] / sums[1] if sums[1] else 1.0, sums[2] / sums[0] if sums[0] else 1.0)


before, after = read(arguments.before), read(arguments.after)
assert list(before) == list(after), "the two files hold different rows"
b, a = counts(before), counts(after)
apps = sorted(set(b) | set(a))
print("%-16s %-16s %-16s (right / matched / to match)" % ("app", "before", "after"))
pooled = [0, 0, 0]
for app in apps:
    print("%-16s %-16s %-16s" % (app, "%d / %d / %d" % tuple(b[app][::-1]), "%d / %d / %d" % tuple(a[app][::-1])))
    if app == "-":
        continue
    others = [x for x in apps if x != app]
    pb, rb = pr(total(b, others))
    pa, ra = pr(total(a, others))
    chosen = a if pa >= pb - arguments.tolerance - 1e-9 and ra > rb else b
    pooled = [x + y for x, y in zip(pooled, chosen[app])]
pooled = [x + y for x, y in zip(pooled, b["-"])] if "-" in b else pooled
print("all rows: before %.3f / %.3f (%d to match, %d matched, %d right); after %.3f / %.3f (%d, %d, %d)" % (
    *pr(total(b)), *total(b), *pr(total(a)), *total(a)))
print("left one app out, pooled (after where the other apps choose it): %.3f / %.3f" % pr(pooled))
