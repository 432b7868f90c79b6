#!/usr/bin/env python3
"""TrackOrder's handler: reads the perform request (JSON) on stdin, answers with values on stdout."""
import json
import sys

request = json.load(sys.stdin)
assert request["intent"] == "TrackOrder"
print(json.dumps({"values": {"status": "on its way", "minutes": 12}}))
