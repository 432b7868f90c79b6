#!/usr/bin/env python3
"""Validates flexible-dev/devset.tsv against the app manifests.

    python3 flexible-dev/check.py                      # format, labels, counts
    python3 flexible-dev/check.py --earshot .build-dev/debug/earshot
                                                       # also: no row is an exact phrase expansion,
                                                       # and app ids are the ones Earshot reports

Python 3 standard library only: the manifests are read with a small parser for the YAML subset
they use (block mappings and sequences, flow [..] and {..}, quoted and plain scalars, comments).
Exit status 0 when clean, 1 when any error was found.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_APPS = [os.path.join(ROOT, "examples", name) for name in ("soupchef", "traillog", "postcard", "demo")] + sorted(
    os.path.dirname(p) for p in glob.glob(os.path.join(HERE, "apps", "*", "app.yaml")))
HEADER = ["utterance", "expected", "kind", "note"]
KINDS = ["paraphrase", "near-miss", "other-app", "chit-chat"]
MINIMUM = {"paraphrase": 170, "near-miss": 60, "other-app": 50, "chit-chat": 40}
MINIMUM_TOTAL, MINIMUM_APPS, MINIMUM_PER_INTENT = 320, 5, 3
ENUM_KINDS = ("enum", "entity")


# --------------------------------------------------------------------------- minimal YAML

class YAMLError(Exception):
    pass


def strip_comment(text):
    quote = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'" and (i == 0 or text[i - 1] in " [{,:"):
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def split_key(text):
    """'key: rest' -> (key, rest); None when the text is not a mapping entry."""
    if text[:1] in "[{\"'":
        return None
    m = re.match(r"^([^:#]+?):(\s+(.*))?$", text)
    if not m:
        return None
    return m.group(1).strip(), (m.group(3) or "").strip()


def parse_flow(text, pos=0):
    """Parses a scalar, [..] or {..} starting at pos; returns (value, next_pos)."""
    while pos < len(text) and text[pos] == " ":
        pos += 1
    if pos >= len(text):
        return None, pos
    ch = text[pos]
    if ch == "[":
        items, pos = [], pos + 1
        while True:
            while pos < len(text) and text[pos] in " ,":
                pos += 1
            if pos >= len(text):
                raise YAMLError("unclosed [ in %r" % text)
            if text[pos] == "]":
                return items, pos + 1
            value, pos = parse_flow(text, pos)
            items.append(value)
    if ch == "{":
        mapping, pos = {}, pos + 1
        while True:
            while pos < len(text) and text[pos] in " ,":
                pos += 1
            if pos >= len(text):
                raise YAMLError("unclosed { in %r" % text)
            if text[pos] == "}":
                return mapping, pos + 1
            colon = text.index(":", pos)
            key = text[pos:colon].strip()
            value, pos = parse_flow(text, colon + 1)
            mapping[key] = value
    if ch in "\"'":
        end = text.index(ch, pos + 1)
        return text[pos + 1:end], end + 1
    end = pos
    while end < len(text) and text[end] not in ",]}":
        end += 1
    return plain(text[pos:end].strip()), end


def plain(text):
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    if text in ("null", "~", ""):
        return None
    return text


def parse_value(text):
    if text[:1] in "[{\"'":
        value, end = parse_flow(text)
        if text[end:].strip():
            raise YAMLError("unexpected text after value: %r" % text)
        return value
    return plain(text)


def load_yaml(path):
    lines = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            body = strip_comment(raw.rstrip("\n"))
            if body.strip():
                lines.append([len(body) - len(body.lstrip(" ")), body.strip()])

    def is_item(text):
        return text == "-" or text.startswith("- ")

    def node(i, indent):
        if is_item(lines[i][1]):
            return sequence(i, indent)
        return mapping(i, indent)

    def sequence(i, indent):
        items = []
        while i < len(lines) and lines[i][0] == indent and is_item(lines[i][1]):
            rest = lines[i][1][1:].strip()
            if not rest:
                value, i = node(i + 1, lines[i + 1][0])
            elif split_key(rest):
                lines[i] = [indent + len(lines[i][1]) - len(rest), rest]
                value, i = mapping(i, lines[i][0])
            else:
                value, i = parse_value(rest), i + 1
            items.append(value)
        return items, i

    def mapping(i, indent):
        result = {}
        while i < len(lines) and lines[i][0] == indent and not is_item(lines[i][1]):
            entry = split_key(lines[i][1])
            if entry is None:
                raise YAMLError("%s: cannot read %r" % (path, lines[i][1]))
            key, rest = entry
            i += 1
            if rest:
                result[key] = parse_value(rest)
            elif i < len(lines) and (lines[i][0] > indent or (lines[i][0] == indent and is_item(lines[i][1]))):
                result[key], i = node(i, lines[i][0])
            else:
                result[key] = None
        if i < len(lines) and lines[i][0] > indent:
            raise YAMLError("%s: unexpected indentation at %r" % (path, lines[i][1]))
        return result, i

    if not lines:
        return {}
    value, i = node(0, lines[0][0])
    if i != len(lines):
        raise YAMLError("%s: could not read past %r" % (path, lines[i][1]))
    return value


# --------------------------------------------------------------------------- manifests

class App:
    def __init__(self, folder):
        self.path = os.path.join(folder, "app.yaml") if os.path.isdir(folder) else folder
        data = load_yaml(self.path)
        self.name = data["app"]
        self.names = [self.name] + list(data.get("synonyms") or [])
        self.types = {}   # type id -> {value id: [title, synonyms...]}
        for kind in ("enums", "entities"):
            for type_id, spec in (data.get(kind) or {}).items():
                values = spec.get("cases") if kind == "enums" else spec.get("suggested")
                self.types[type_id] = {str(v["id"]): [str(v["title"])] + [str(s) for s in (v.get("synonyms") or [])]
                                       for v in (values or [])}
        self.intents = {}  # intent id -> {parameter id: type}
        for intent in data.get("intents") or []:
            self.intents[intent["id"]] = {p["id"]: p["type"] for p in (intent.get("parameters") or [])}
        self.shortcuts = {s["intent"]: list(s.get("phrases") or []) for s in (data.get("shortcuts") or [])}


# --------------------------------------------------------------------------- text

NUMBERS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
NUMBERS.update({"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "ninety": "90"})


def words(text):
    tokens = re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("\u2019", "'"))
    return [NUMBERS.get(t, t) for t in tokens]


def spans(tokens, phrase):
    needle = words(phrase)
    n = len(needle)
    return [(i, i + n) for i in range(len(tokens) - n + 1) if n and tokens[i:i + n] == needle]


def said_values(tokens, values):
    """Value ids whose title or synonym is said, ignoring mentions inside a longer mention."""
    found = [(s, e, vid) for vid, names in values.items() for name in names for s, e in spans(tokens, name)]
    kept = [(s, e, v) for s, e, v in found
            if not any(s2 <= s and e <= e2 and (e2 - s2) > (e - s) for s2, e2, _ in found)]
    return {v for _, _, v in kept}


# --------------------------------------------------------------------------- checks

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("devset", nargs="?", default=os.path.join(HERE, "devset.tsv"))
    parser.add_argument("--app", action="append", help="manifest or folder (default: the examples + flexible-dev/apps/*)")
    parser.add_argument("--earshot", help="an earshot binary: also check that no row is an exact phrase expansion")
    args = parser.parse_args()

    errors, warnings = [], []
    apps = {}
    for folder in args.app or DEFAULT_APPS:
        try:
            app = App(folder)
        except (OSError, YAMLError, KeyError, ValueError) as e:
            errors.append("manifest %s: %s" % (folder, e))
            continue
        apps[app.name] = app

    with open(args.devset, encoding="utf-8") as f:
        raw = f.read()
    lines = raw.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0].split("\t") != HEADER:
        errors.append("line 1: header must be %r" % "\t".join(HEADER))

    rows, seen = [], {}
    kind_counts = {k: 0 for k in KINDS}
    app_counts, intent_counts = {}, {}
    for number, line in enumerate(lines[1:], start=2):
        where = "line %d" % number
        cols = line.split("\t")
        if len(cols) != 4:
            errors.append("%s: %d columns, expected 4" % (where, len(cols)))
            continue
        utterance, expected, kind, note = cols
        if not utterance.strip() or utterance != utterance.strip() or "  " in utterance:
            errors.append("%s: empty utterance or stray spaces" % where)
        key = " ".join(words(utterance))
        if key in seen:
            errors.append("%s: duplicate of line %d: %r" % (where, seen[key], utterance))
        seen[key] = number
        if kind not in KINDS:
            errors.append("%s: kind %r is not one of %s" % (where, kind, ", ".join(KINDS)))
            continue
        kind_counts[kind] += 1
        rows.append((number, utterance, expected, kind))
        if kind != "paraphrase":
            if expected != "-":
                errors.append("%s: a %s row expects '-', not %r" % (where, kind, expected))
            continue
        m = re.fullmatch(r"([^/\t]+)/(\w+)((?: [\w-]+=[\w-]+)*)", expected)
        if not m:
            errors.append("%s: expected %r is not 'APP/INTENT [param=value ...]'" % (where, expected))
            continue
        app_name, intent_id, pairs = m.group(1), m.group(2), m.group(3).split()
        app = apps.get(app_name)
        if app is None:
            errors.append("%s: no app named %r (known: %s)" % (where, app_name, ", ".join(sorted(apps))))
            continue
        if intent_id not in app.intents:
            errors.append("%s: %s has no intent %r" % (where, app_name, intent_id))
            continue
        if intent_id not in app.shortcuts:
            errors.append("%s: %s/%s has no App Shortcut, so it cannot be invoked" % (where, app_name, intent_id))
        app_counts[app_name] = app_counts.get(app_name, 0) + 1
        intent_counts[(app_name, intent_id)] = intent_counts.get((app_name, intent_id), 0) + 1
        tokens = words(utterance)
        if not any(spans(tokens, n) for n in app.names):
            warnings.append("%s: paraphrase without the app name or a synonym: %r" % (where, utterance))
        labelled = {}
        for pair in pairs:
            param, value = pair.split("=", 1)
            if param in labelled:
                errors.append("%s: parameter %r given twice" % (where, param))
            labelled[param] = value
        parameters = app.intents[intent_id]
        for param, value in labelled.items():
            if param not in parameters:
                errors.append("%s: %s/%s has no parameter %r" % (where, app_name, intent_id, param))
                continue
            values = app.types.get(parameters[param])
            if values is None:
                errors.append("%s: parameter %r is %s, not an enum or entity: it cannot be labelled"
                              % (where, param, parameters[param]))
                continue
            if value not in values:
                errors.append("%s: %r is not a value of %s (values: %s)" % (where, value, parameters[param], ", ".join(values)))
                continue
            if value not in said_values(tokens, {value: values[value]}):
                errors.append("%s: %s=%s is labelled but none of %s is said" % (where, param, value, values[value]))
        for param, type_id in parameters.items():
            if type_id not in app.types or param in labelled:
                continue
            said = said_values(tokens, app.types[type_id])
            if said:
                warnings.append("%s: %s is said (%s) but not labelled: %r"
                                % (where, param, ", ".join(sorted(said)), utterance))

    for app_name, app in apps.items():
        for intent_id in app.shortcuts:
            if intent_counts.get((app_name, intent_id), 0) < MINIMUM_PER_INTENT:
                errors.append("%s/%s: %d paraphrases, want at least %d"
                              % (app_name, intent_id, intent_counts.get((app_name, intent_id), 0), MINIMUM_PER_INTENT))
    for kind, least in MINIMUM.items():
        if kind_counts[kind] < least:
            errors.append("%s: %d rows, want at least %d" % (kind, kind_counts[kind], least))
    if len(rows) < MINIMUM_TOTAL:
        errors.append("%d rows, want at least %d" % (len(rows), MINIMUM_TOTAL))
    if len(app_counts) < MINIMUM_APPS:
        errors.append("%d apps have paraphrases, want at least %d" % (len(app_counts), MINIMUM_APPS))

    if args.earshot:
        errors += earshot_checks(args.earshot, [a.path for a in apps.values()], apps, rows)

    print("rows: %d" % len(rows))
    for kind in KINDS:
        print("  %-10s %4d" % (kind, kind_counts[kind]))
    print("paraphrases per app / intent:")
    for app_name in sorted(apps):
        print("  %-10s %4d" % (app_name, app_counts.get(app_name, 0)))
        for intent_id in apps[app_name].shortcuts:
            print("      %-16s %3d" % (intent_id, intent_counts.get((app_name, intent_id), 0)))
    for w in warnings:
        print("warning: " + w)
    for e in errors:
        print("error: " + e)
    print("%d error(s), %d warning(s)" % (len(errors), len(warnings)))
    return 1 if errors else 0


def preview(binary, app_paths, utterance):
    command = [binary, "preview", "--json"] + [x for p in app_paths for x in ("--app", p)] + [utterance]
    out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if out.returncode not in (0, 1):
        raise RuntimeError("%s exited %d: %s" % (" ".join(command[:2]), out.returncode, out.stderr.strip()))
    return json.loads(out.stdout.strip().splitlines()[0])


def earshot_checks(binary, app_paths, apps, rows):
    errors = []
    # The app ids in `expected` must be the ones Earshot reports: preview one exact phrase per app.
    for app in apps.values():
        phrase = next((p for ps in app.shortcuts.values() for p in ps if p.count("{") == 1), None)
        if phrase is None:
            continue
        turn = preview(binary, app_paths, phrase.replace("{applicationName}", app.name))
        reported = (turn.get("match") or {}).get("app")
        if reported != app.name:
            errors.append("earshot reports app %r for %r, the manifest says %r" % (reported, phrase, app.name))
    # No row may be an exact phrase expansion: exact matches are not what is calibrated.
    for number, utterance, _, kind in rows:
        turn = preview(binary, app_paths, utterance)
        match = turn.get("match")
        if match and match.get("mode") == "exact":
            errors.append("line %d: %r is an exact expansion of %s/%s %r"
                          % (number, utterance, match.get("app"), match.get("intent"), match.get("phrase")))
    return errors


if __name__ == "__main__":
    sys.exit(main())
