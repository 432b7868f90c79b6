"""Writes texts.json: every phrase expansion and every row utterance (development and check files)."""
import json
from common import *
apps = load_apps()
texts = set()
for a in apps:
    for i in a["intents"]:
        texts.update(i["expansions"])
for f in DEVELOPMENT + CHECK:
    for r in read_rows(f):
        texts.add(r["utterance"])
json.dump(sorted(texts), open("texts.json", "w"))
print(len(texts))
