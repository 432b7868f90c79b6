#!/usr/bin/env python3
"""Trail Log's handler for HikeDistance and LogHike.

Reads one perform request (JSON) on stdin:
  {"intent": ..., "phase": "perform", "parameters": {"period": {"id": "week", "title": "This week"}, ...},
   "profile": {...}, "locale": "en-US"}
and prints one JSON object on stdout: {"values": {...}} or {"error": key, "values": {...}}.
The hiking log is a fixed sample; a real app would read its database.
"""
import json
import sys

# (trail id, miles, days ago)
LOG = [
    ("dipsea", 7.4, 1),
    ("tam-loop", 4.1, 3),
    ("lands-end", 3.4, 5),
    ("muir-woods", 6.0, 12),
    ("tam-loop", 4.1, 20),
    ("dipsea", 7.4, 45),
    ("muir-woods", 6.0, 90),
    ("lands-end", 3.4, 200),
]
DAYS = {"week": 7, "month": 30, "year": 365}
SPAN = {"week": "this week", "month": "this month", "year": "this year"}


def miles(value):
    """1 decimal place, without a trailing .0 ("14" rather than "14.0")."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def totals(period):
    hikes = [m for (_, m, ago) in LOG if ago < DAYS[period]]
    return sum(hikes), len(hikes)


request = json.load(sys.stdin)
params = request.get("parameters") or {}

if request["intent"] == "HikeDistance":
    period = (params.get("period") or {}).get("id", "week")
    distance, count = totals(period)
    print(json.dumps({"values": {"distance": miles(distance), "hikes": count, "span": SPAN[period]}}))
elif request["intent"] == "LogHike":
    distance = float((params.get("distance") or {}).get("id", "0"))
    week, _ = totals("week")
    print(json.dumps({"values": {"weekTotal": miles(week + distance)}}))
else:
    print(json.dumps({"error": "unknownIntent", "values": {}}))
