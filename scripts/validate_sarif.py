#!/usr/bin/env python3
"""Validate a SARIF log against a JSON schema, offline.

usage: validate_sarif.py SCHEMA.json LOG.sarif

The schema is meant to be the OASIS SARIF 2.1.0 schema (errata01) vendored at
Tests/EarshotReviewTests/Fixtures/sarif-schema-2.1.0.json. Validation uses
jsonschema.Draft7Validator with format checking off. The schema is registered
under its own id, so no $ref is ever fetched over the network.

stdout: "valid", or one "PATH: message" line per error, sorted
        (PATH like runs[0].results[3].level; "$" is the document root).
exit:   0 = valid, 1 = invalid, 2 = bad usage or a file that can't be read
        or isn't JSON (one line on stderr).
"""
import json
import sys

from jsonschema import Draft7Validator

try:  # jsonschema 4.18+ (PyPI): references through a `referencing` registry
    from referencing import Registry
    from referencing.exceptions import Unresolvable
    from referencing.jsonschema import DRAFT7
except ImportError:  # Debian's python3-jsonschema (4.10): a RefResolver over a local store
    Registry = None
    from jsonschema.exceptions import RefResolutionError as Unresolvable


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        print(f"validate_sarif: cannot load {path}: {e}", file=sys.stderr)
        sys.exit(2)


def json_path(parts):
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "$"


def main(argv):
    if len(argv) != 3:
        print("usage: validate_sarif.py SCHEMA.json LOG.sarif", file=sys.stderr)
        return 2
    schema, log = load(argv[1]), load(argv[2])
    ids = {schema.get("$id"), schema.get("id")} - {None}  # 2.1.0 uses draft-04 "id"
    if Registry is not None:
        registry = Registry()  # no retrieve callback: unknown URIs fail, never fetched
        for uri in ids:
            registry = registry.with_resource(uri, DRAFT7.create_resource(schema))
        validator = Draft7Validator(schema, registry=registry)  # no format_checker: formats off
    else:
        from jsonschema import RefResolver

        def refuse(uri):
            raise Unresolvable(f"not fetched: {uri}")

        resolver = RefResolver.from_schema(schema, store={uri: schema for uri in ids}, handlers={"http": refuse, "https": refuse})
        validator = Draft7Validator(schema, resolver=resolver)
    try:
        lines = sorted(f"{json_path(e.absolute_path)}: {e.message}" for e in validator.iter_errors(log))
    except Unresolvable as e:  # a $ref outside the loaded schema: refuse rather than fetch
        print(f"validate_sarif: unresolvable $ref: {e}", file=sys.stderr)
        return 2
    print("\n".join(lines) if lines else "valid")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
