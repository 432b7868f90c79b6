#!/usr/bin/env python3
"""Postcard's SendPostcard handler.

Earshot runs it twice for an intent that confirms: with "phase": "confirm" (say what it costs;
no side effects) and, after the person says yes, with "phase": "perform" (print and mail the card).
Input on stdin, for example:
  {"intent": "SendPostcard", "phase": "confirm",
   "parameters": {"contact": {"id": "mom", "title": "Mom"}, "album": {"id": "lisbon", "title": "Lisbon Trip"}},
   "profile": {"id": "homepod", ...}, "locale": "en-US"}
Output on stdout: {"values": {...}} or {"error": "noAddress", "values": {...}}.
"""
import json
import sys

# A fixed sample address book: days in the mail per contact, None when there is no address.
DAYS = {"mom": 3, "grandpa-joe": 5, "priya": None}
PRICE = "$1.99"

request = json.load(sys.stdin)
contact = (request["parameters"].get("contact") or {}).get("id")
days = DAYS.get(contact)

if days is None:
    # Returned in both phases. Earshot asks the confirmation with these values and speaks the error
    # after "yes", when perform runs (behavior.md §4.4): as on a device, the app's error comes last.
    print(json.dumps({"error": "noAddress", "values": {"price": PRICE, "days": 0}}))
else:
    print(json.dumps({"values": {"price": PRICE, "days": days}}))
