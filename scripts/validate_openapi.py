#!/usr/bin/env python3
"""Checks recorded HTTP exchanges against an OpenAPI 3.1 document (docs/openapi.yaml).

    validate_openapi.py OPENAPI EXCHANGES   check every exchange
    validate_openapi.py --list OPENAPI      print the documented operations, "METHOD /path STATUS..." a line

EXCHANGES is JSON lines, one exchange a line:

    {"method": "POST", "path": "/devices/kitchen/turns", "status": 200, "body": {...}}

`path` is the concrete request path (a query is allowed and ignored); `body` is the response's
JSON, or null when it had none (or was not JSON). An optional `type` (the response's Content-Type)
must be a media type documented for the response; an optional `request` (the request body's JSON)
is checked against the operation's JSON request body schema when the status is 2xx.

For each exchange: the path matches a documented template, the method is documented for it, the
status is documented for that operation (exactly, as `4XX`, or as `default`), and the body
validates against that response's schema (JSON Schema 2020-12, format checks off; `$ref`s into
the document are resolved locally). A response documented without content must have no body.
Bodies of other media types (audio, ...) are not checked.

Prints one line per problem and exits 1 if there are any; prints `valid N exchanges` and exits 0
otherwise; exits 2 when the document or the exchanges cannot be read.

Needs PyYAML and jsonschema (4.10 or later: works with and without the `referencing` package).
"""

import json
import re
import sys
from urllib.parse import unquote

try:
    import yaml
except ImportError:  # pragma: no cover
    print("validate_openapi.py: PyYAML is missing (pip install pyyaml, or apt install python3-yaml).", file=sys.stderr)
    sys.exit(2)
try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError:  # pragma: no cover
    print("validate_openapi.py: jsonschema (4.10 or later) is missing (pip install jsonschema).", file=sys.stderr)
    sys.exit(2)

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
MAX_MESSAGE = 300


class Unreadable(Exception):
    """The input cannot be used (exit 2)."""


def load_document(path):
    try:
        with open(path, encoding="utf-8") as handle:
            document = yaml.safe_load(handle)
    except OSError as error:
        raise Unreadable(f"{path}: cannot be read: {error.strerror}.")
    except yaml.YAMLError as error:
        raise Unreadable(f"{path}: is not YAML: {' '.join(str(error).split())}")
    if not isinstance(document, dict) or not isinstance(document.get("paths"), dict):
        raise Unreadable(f"{path}: is not an OpenAPI document (no 'paths').")
    if not str(document.get("openapi", "")).startswith("3.1"):
        raise Unreadable(f"{path}: is not OpenAPI 3.1 (openapi: {document.get('openapi')!r}).")
    return document


def pointer(document, ref):
    """The object a local `#/...` reference names."""
    if not isinstance(ref, str) or not ref.startswith("#/"):
        raise Unreadable(f"only local references are supported, not {ref!r}.")
    node = document
    for part in ref[2:].split("/"):
        part = unquote(part).replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise Unreadable(f"the reference {ref} names nothing in the document.")
    return node


def resolved(document, node, depth=0):
    """`node`, following `$ref`s (of response, request body and parameter objects)."""
    while isinstance(node, dict) and "$ref" in node:
        if depth > 32:
            raise Unreadable("a reference cycle in the document.")
        node = pointer(document, node["$ref"])
        depth += 1
    return node


class Template:
    """A documented path, as segments: a literal string, or None for a `{parameter}`."""

    def __init__(self, text, item):
        self.text = text
        self.item = item
        self.segments = [None if re.fullmatch(r"\{[^{}/]+\}", part) else part for part in text.strip("/").split("/")]

    def matches(self, segments):
        if len(segments) != len(self.segments):
            return False
        return all(mine is None and theirs != "" or mine == theirs for mine, theirs in zip(self.segments, segments))

    def rank(self):
        # A concrete path before a templated one of the same shape (OpenAPI 3.1, "Path Templating").
        return tuple(0 if segment is not None else 1 for segment in self.segments)


class Checker:
    def __init__(self, document):
        self.document = document
        self.templates = sorted((Template(text, item) for text, item in document["paths"].items()), key=Template.rank)
        self.validators = {}

    def operations(self):
        for template in sorted(self.templates, key=lambda t: t.text):
            item = resolved(self.document, template.item)
            for method in METHODS:
                if isinstance(item.get(method), dict):
                    yield method.upper(), template.text, list((item[method].get("responses") or {}).keys())

    def template(self, path):
        path = path.split("#", 1)[0].split("?", 1)[0]
        segments = path.strip("/").split("/") if path.startswith("/") else None
        if segments is None:
            return None
        if path != "/" and path.endswith("/"):
            return None
        for template in self.templates:
            if template.matches(segments if path != "/" else [""]):
                return template
        return None

    def validator(self, key, schema):
        """A 2020-12 validator of `schema`, with the document's components beside it so that
        `#/components/...` resolves against this root, by jsonschema's RefResolver (4.10) or its
        `referencing` registry (4.18 and later) alike."""
        if key not in self.validators:
            root = dict(schema) if isinstance(schema, dict) else {"allOf": [schema]}
            if "components" in self.document:
                root["components"] = self.document["components"]
            Draft202012Validator.check_schema(root)
            self.validators[key] = Draft202012Validator(root)
        return self.validators[key]

    @staticmethod
    def base(media_type):
        return media_type.split(";", 1)[0].strip().lower()

    @staticmethod
    def is_json(media_type):
        base = Checker.base(media_type)
        return base == "application/json" or base.endswith("+json")

    @staticmethod
    def json_media(content):
        """The documented JSON media type object of `content`, if any."""
        if not isinstance(content, dict):
            return None
        for media, value in content.items():
            if Checker.is_json(media):
                return value if isinstance(value, dict) else {}
        return None

    @staticmethod
    def media_key(content, media_type):
        """The key of `content` that documents `media_type` (exactly, else by a `type/*` or `*/*` range)."""
        wanted = Checker.base(media_type)
        keys = list(content) if isinstance(content, dict) else []
        for key in keys:
            if Checker.base(key) == wanted:
                return key
        for key in keys:
            documented = Checker.base(key)
            if documented == "*/*" or (documented.endswith("/*") and wanted.startswith(documented[:-1])):
                return key
        return None

    def schema_errors(self, key, schema, instance):
        try:
            errors = list(self.validator(key, schema).iter_errors(instance))
        except jsonschema.exceptions.SchemaError as error:
            raise Unreadable(f"the schema of {key} is not a JSON Schema: {error.message}")
        except Exception as error:  # a reference that names nothing (RefResolutionError, Unresolvable)
            raise Unreadable(f"the schema of {key} cannot be used: {' '.join(str(error).split())[:MAX_MESSAGE]}")
        problems = []
        for error in sorted(errors, key=lambda e: [str(p) for p in e.absolute_path]):
            best = self.deepest(error)
            where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in best.absolute_path)
            message = best.message
            if len(message) > MAX_MESSAGE:
                message = message[:MAX_MESSAGE] + "..."
            problems.append(f"at {where}: {message}")
        return problems

    @staticmethod
    def deepest(error):
        """The most telling error under `error`: for an `anyOf`/`oneOf` of a schema and null (an
        optional object), what is wrong with the object rather than that it is not null."""
        while error.context:
            branches = [e for e in error.context if not (e.validator == "type" and not e.relative_path)]
            if not branches:
                break
            error = jsonschema.exceptions.best_match(branches)
        return error

    def check(self, exchange):
        """The problems of one exchange, each a line."""
        method, path, status = exchange["method"], exchange["path"], exchange["status"]
        template = self.template(path)
        if template is None:
            return [f"undocumented path {path}"]
        item = resolved(self.document, template.item)
        operation = item.get(method.lower()) if method.lower() in METHODS else None
        if not isinstance(operation, dict):
            documented = ", ".join(m.upper() for m in METHODS if m in item)
            return [f"undocumented method {method} for {template.text} (documented: {documented})"]
        responses = operation.get("responses") or {}
        response = None
        for key in (str(status), f"{str(status)[0]}XX", f"{str(status)[0]}xx", "default"):
            if key in responses:
                response = resolved(self.document, responses[key])
                break
        if response is None:
            documented = ", ".join(str(key) for key in responses)
            return [f"undocumented status {status} for {method} {template.text} (documented: {documented})"]

        problems = []
        operation_name = f"{method} {template.text} {status}"
        body = exchange.get("body")
        media_type = exchange.get("type")
        content = response.get("content")
        if not content:
            if body is not None and body != "":
                problems.append(f"body: {operation_name} is documented without a body, but one came")
        else:
            media, json_body = None, False
            if media_type is not None:
                key = self.media_key(content, media_type)
                if key is None:
                    documented = ", ".join(content)
                    problems.append(f"type: {media_type} is not documented for {operation_name} (documented: {documented})")
                else:
                    media, json_body = content[key] if isinstance(content[key], dict) else {}, self.is_json(key)
            else:
                media = self.json_media(content)
                json_body = media is not None
            if not json_body:
                pass  # documented as something other than JSON (audio, ...): not checked
            elif body is None:
                problems.append(f"body: {operation_name} is documented with a JSON body, but none came")
            elif "schema" in media:
                problems += [f"body {p}" for p in self.schema_errors(f"response {operation_name}", media["schema"], body)]

        request = exchange.get("request")
        if request is not None and 200 <= status < 300:
            request_body = resolved(self.document, operation.get("requestBody"))
            media = self.json_media(request_body.get("content")) if isinstance(request_body, dict) else None
            if request_body is None:
                problems.append(f"request: {method} {template.text} is documented without a request body, but one was sent")
            elif media is not None and "schema" in media:
                problems += [f"request {p}" for p in self.schema_errors(f"request {method} {template.text}", media["schema"], request)]
        return [f"{method} {path} {status}: {problem}" for problem in problems]


def read_exchanges(path):
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as error:
        raise Unreadable(f"{path}: cannot be read: {error.strerror}.")
    except UnicodeDecodeError:
        raise Unreadable(f"{path}: is not UTF-8.")
    exchanges = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            exchange = json.loads(line)
        except json.JSONDecodeError as error:
            raise Unreadable(f"{path}:{number}: is not JSON: {error.msg}.")
        if not (isinstance(exchange, dict)
                and isinstance(exchange.get("method"), str) and exchange["method"]
                and isinstance(exchange.get("path"), str)
                and isinstance(exchange.get("status"), int) and not isinstance(exchange.get("status"), bool)
                and 100 <= exchange["status"] <= 599
                and isinstance(exchange.get("type", ""), str)):
            raise Unreadable(f'{path}:{number}: an exchange is {{"method": str, "path": str, "status": 100-599, "body": JSON or null, "type"?: str}}.')
        exchanges.append((number, exchange))
    return exchanges


def main(argv):
    if len(argv) == 3 and argv[1] == "--list":
        try:
            checker = Checker(load_document(argv[2]))
            for method, path, statuses in checker.operations():
                print(" ".join([method, path] + [str(status) for status in statuses]))
        except Unreadable as error:
            print(f"validate_openapi.py: {error}", file=sys.stderr)
            return 2
        return 0
    if len(argv) != 3 or argv[1].startswith("-"):
        print("usage: validate_openapi.py OPENAPI EXCHANGES.jsonl | --list OPENAPI", file=sys.stderr)
        return 2
    try:
        checker = Checker(load_document(argv[1]))
        exchanges = read_exchanges(argv[2])
        problems = []
        for number, exchange in exchanges:
            problems += [f"{argv[2]}:{number}: {problem}" for problem in checker.check(exchange)]
    except Unreadable as error:
        print(f"validate_openapi.py: {error}", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {len(exchanges)} exchanges", file=sys.stderr)
        return 1
    print(f"valid {len(exchanges)} exchanges")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
