"""Shared loading for the encoder study: manifests, phrase expansion, rows, and app naming.

Reads the checkout read-only (EARSHOT_ROOT, or the folder two levels above this one). Never reads actions-heldout18.tsv (it is not in any list here).
"""
import glob
import itertools
import os
import re

import yaml

MAIN = os.environ.get("EARSHOT_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
DEV = MAIN + "/flexible-dev"
DEVELOPMENT = ["devset.tsv", "actions-dev.tsv", "actions-heldout.tsv", "actions-heldout2.tsv", "actions-heldout3.tsv",
               "actions-heldout4.tsv", "actions-heldout5.tsv", "actions-heldout6.tsv", "actions-heldout8.tsv",
               "actions-heldout9.tsv", "actions-heldout10.tsv", "actions-heldout11.tsv",
               "actions-heldout12.tsv", "actions-heldout13.tsv", "actions-heldout14.tsv", "actions-heldout15.tsv",
               "actions-heldout16.tsv"]
CHECK = ["heldout.tsv", "actions-heldout7.tsv", "actions-heldout17.tsv"]
assert "actions-heldout18.tsv" not in DEVELOPMENT + CHECK

PLANT_PAL = re.compile(r"\bplant (pal|buddy)\b", re.I)


def manifest_paths():
    return [f"{MAIN}/examples/{n}/app.yaml" for n in ("soupchef", "traillog", "postcard", "demo")] + \
        sorted(glob.glob(DEV + "/apps/*/app.yaml"))


def fill(template, slots):
    """Fill {name} placeholders (also Swift forms) from slots, a dict name -> text."""
    template = re.sub(r"\\\(\.applicationName\)", "{applicationName}", template)
    template = re.sub(r"\\\(\\\.\$(\w+)\)", r"{\1}", template)
    return re.sub(r"\{(\w+)\}", lambda m: slots[m.group(1)], template)


def load_apps():
    apps = []
    for path in manifest_paths():
        with open(path) as handle:
            m = yaml.safe_load(handle)
        names = [m["app"]] + list(m.get("synonyms") or [])
        forms = {}  # type id -> list of value forms (title and synonyms)
        for tid, e in (m.get("enums") or {}).items():
            forms[tid] = [f for c in e["cases"] for f in [c["title"]] + list(c.get("synonyms") or [])]
        for tid, e in (m.get("entities") or {}).items():
            forms[tid] = [f for c in (e.get("suggested") or []) for f in [c["title"]] + list(c.get("synonyms") or [])]
        intents = {}
        for it in m.get("intents") or []:
            intents[it["id"]] = dict(id=it["id"], title=it.get("title", ""), summary=it.get("summary", ""),
                                     params={p["id"]: p["type"] for p in it.get("parameters") or []}, phrases=[], expansions=[])
        for sc in m.get("shortcuts") or []:
            intent = intents[sc["intent"]]
            for phrase in sc["phrases"]:
                p = re.sub(r"\\\(\.applicationName\)", "{applicationName}", phrase)
                p = re.sub(r"\\\(\\\.\$(\w+)\)", r"{\1}", p)
                params = [x for x in re.findall(r"\{(\w+)\}", p) if x != "applicationName"]
                choices = [[("applicationName", n) for n in names]] + \
                          [[(x, v) for v in forms[intent["params"][x]]] for x in params]
                exps = sorted({fill(p, dict(combo)) for combo in itertools.product(*choices)})
                intent["phrases"].append((phrase, exps))
                intent["expansions"].extend(exps)
        for intent in intents.values():
            intent["expansions"] = sorted(set(intent["expansions"]))
        negatives = [fill(n, {"applicationName": names[0]}) if "{" not in re.sub(r"\{applicationName\}", "", n) else None
                     for n in m.get("negativePhrases") or []]
        apps.append(dict(name=m["app"], names=names, path=path, forms=forms,
                         intents=[i for i in intents.values() if i["expansions"]], negatives=[n for n in negatives if n]))
    return apps


def name_pattern(name):
    # a name as whole words, case-insensitive, possessive or plural "s" allowed
    words = [re.escape(w) for w in name.split()]
    return re.compile(r"(?<![\w])" + r"\s+".join(words) + r"(?:'s|s)?(?![\w])", re.I)


def named_apps(utterance, apps):
    return [a for a in apps if any(name_pattern(n).search(utterance) for n in a["names"])]


def read_rows(file):
    rows = []
    with open(f"{DEV}/{file}") as handle:
        lines = handle.read().split("\n")[1:]
    for line in lines:
        f = line.split("\t")
        if len(f) < 3:
            continue
        exp = None
        if f[1] != "-" and "/" in f[1]:
            app, rest = f[1].split("/", 1)
            exp = app + "/" + rest.split(" ")[0]
        rows.append(dict(file=file, utterance=f[0], expected=exp, kind=f[2]))
    return rows


def usable(row):
    """Plant Pal (Swift sources) is skipped: rows about it or naming it."""
    return not (row["expected"] or "").startswith("Plant Pal/") and not PLANT_PAL.search(row["utterance"])
