#!/usr/bin/env python3
"""Choose flexible-matching settings leaving one app out at a time (issue 19, seventh pass).

Input: the TSV `earshot bench --only flexible --typed --part FILE ... --rows-out OUT` writes (one line per row
and setting: the setting's columns, then app, positive, matched, correct). Several such files (runs over
different parts) can be given; their lines are added up.

For each app, the setting with the highest recall among those whose precision on the OTHER apps is within
--tolerance of the baseline setting's there is measured on the app left out; the apps left out are pooled.

  scripts/flexible-loao.py --baseline 0.3,0.0,0.0 --tolerance 0.005 rows-a.tsv rows-b.tsv
"""
import argparse
import collections
import csv

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("files", nargs="+")
parser.add_argument("--baseline", required=True, help="the baseline setting's columns, comma-separated, as in the file")
parser.add_argument("--tolerance", type=float, default=0.0, help="precision the choice may lose against the baseline")
arguments = parser.parse_args()

OUTCOME = ("app", "positive", "matched", "correct")
stats = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0, 0]))  # setting → app → [to match, matched, right]
columns = None
for name in arguments.files:
    with open(name) as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            columns = columns or [key for key in row if key not in OUTCOME]
            counts = stats[tuple(row[key] for key in columns)][row["app"]]
            counts[0] += int(row["positive"])
            counts[1] += int(row["matched"])
            counts[2] += int(row["correct"])
baseline = tuple(arguments.baseline.split(","))
if baseline not in stats:
    raise SystemExit(f"flexible-loao: no setting {arguments.baseline} in the files (columns {', '.join(columns or [])}). Fix: name one of {sorted(stats)}.")
apps = sorted({app for setting in stats.values() for app in setting})


def total(setting, among):
    sums = [0, 0, 0]
    for app in among:
        sums = [a + b for a, b in zip(sums, stats[setting][app])]
    return sums


def precision_recall(counts):
    positives, matched, right = counts
    return (right / matched if matched else 1.0, right / positives if positives else 1.0)


def choose(among):
    floor = precision_recall(total(baseline, among))[0] - arguments.tolerance - 1e-9
    best = None
    for setting in stats:
        precision, recall = precision_recall(total(setting, among))
        if precision >= floor:
            key = (recall, precision, setting == baseline)
            if best is None or key > best[0]:
                best = (key, setting)
    return best[1]


print("columns:", ", ".join(columns))
for setting in sorted(stats):
    print("  every app at %s: precision %.3f, recall %.3f" % (",".join(setting), *precision_recall(total(setting, apps))))
print("chosen on every app:", ",".join(choose(apps)))
pooled, before = [0, 0, 0], [0, 0, 0]
for app in apps:
    if app == "-":
        continue
    setting = choose([other for other in apps if other != app])
    pooled = [a + b for a, b in zip(pooled, stats[setting][app])]
    before = [a + b for a, b in zip(before, stats[baseline][app])]
    print("  %-14s chosen %s: right/matched/to match %s (baseline %s)" % (app, ",".join(setting),
          "/".join(map(str, stats[setting][app][::-1])), "/".join(map(str, stats[baseline][app][::-1]))))
print("left one app out, pooled: baseline %.3f / %.3f, chosen %.3f / %.3f" % (*precision_recall(before), *precision_recall(pooled)))
