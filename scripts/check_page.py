#!/usr/bin/env python3
"""Load a local HTML file in headless Chromium, report console errors / uncaught
exceptions, the post-script DOM, media element state, and save a PNG screenshot.

Uses the DevTools protocol over --remote-debugging-pipe (fd 3 = commands to the
browser, fd 4 = replies/events; NUL-terminated JSON).  Python stdlib only.

usage: check_page.py PAGE.html [--screenshot OUT.png] [--width 1280] [--height 800]
                     [--full-page] [--settle-ms 300] [--timeout 30] [--strict]
                     [--chromium PATH]

stdout: one JSON object
  {"url":..., "errors":[...], "warnings":[...], "dom":"<html>...", "media":[...],
   "screenshot": path-or-null, "elapsed_s": float}
exit: 0 = check ran (even if the page has errors; use --strict to get 1 then),
      1 = --strict and errors were found,
      2 = infrastructure failure (Chromium missing / crashed / timed out / bad
          path); stdout is then {"infra_error": "..."}.
env: CHROMIUM=/path overrides the binary; CHECK_PAGE_DEBUG=1 adds
     "chromium_stderr_tail" (dbus/GPU noise lives there, never in "errors").
"""
import argparse
import base64
import fcntl
import json
import os
import pathlib
import select
import shutil
import signal
import sys
import tempfile
import time


class InfraError(Exception):
    pass


def default_chromium():
    env = os.environ.get("CHROMIUM")
    if env:
        return env
    # Call the real binary: the Debian /usr/bin/chromium shell wrapper adds
    # extension flags and prints a harmless "[: ...: unexpected operator" line.
    for p in ("/usr/lib/chromium/chromium", "chromium", "chromium-browser",
              "google-chrome"):
        found = shutil.which(p) if not os.path.isabs(p) else (p if os.access(p, os.X_OK) else None)
        if found:
            return found
    raise InfraError("no chromium binary found (set CHROMIUM=/path)")


class Child:
    def __init__(self, pid):
        self.pid, self.status = pid, None

    def poll(self):
        if self.status is None:
            pid, st = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(st)
        return self.status

    def wait(self, seconds):
        end = time.monotonic() + seconds
        while self.poll() is None:
            if time.monotonic() > end:
                return False
            time.sleep(0.02)
        return True

    def kill_group(self):
        # chromium was started with setsid(): its pid is the process-group id of
        # the whole tree (browser, zygote, renderer, gpu); kill leftovers too.
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        if self.poll() is None:
            os.waitpid(self.pid, 0)
            self.status = -9


class Pipe:
    def __init__(self, proc, to_fd, from_fd, deadline):
        self.proc, self.to_fd, self.from_fd = proc, to_fd, from_fd
        self.deadline = deadline
        self.buf = b""
        self.next_id = 0
        self.events = []          # all events, in order

    def _read_msg(self, timeout):
        while b"\0" not in self.buf:
            left = min(timeout, self.deadline - time.monotonic())
            if left <= 0:
                return None
            r, _, _ = select.select([self.from_fd], [], [], left)
            if not r:
                return None
            chunk = os.read(self.from_fd, 1 << 20)
            if not chunk:
                raise InfraError("chromium closed the DevTools pipe (exit code %r)" % self.proc.poll())
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\0", 1)
        return json.loads(raw)

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        data = json.dumps(msg).encode() + b"\0"
        while data:
            n = os.write(self.to_fd, data)
            data = data[n:]
        return self.next_id

    def call(self, method, params=None, session=None):
        mid = self.send(method, params, session)
        while True:
            msg = self._read_msg(self.deadline - time.monotonic())
            if msg is None:
                raise InfraError("timeout waiting for reply to " + method)
            if msg.get("id") == mid:
                if "error" in msg:
                    raise InfraError("%s failed: %s" % (method, msg["error"]))
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def wait_event(self, method, session=None, timeout=None):
        for ev in self.events:
            if ev["method"] == method and (session is None or ev.get("sessionId") == session):
                return ev
        end = time.monotonic() + (timeout if timeout is not None else 1e9)
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            msg = self._read_msg(left)
            if msg is None:
                return None
            if "method" in msg:
                self.events.append(msg)
                if msg["method"] == method and (session is None or msg.get("sessionId") == session):
                    return msg

    def pump(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            msg = self._read_msg(end - time.monotonic())
            if msg is None:
                return
            if "method" in msg:
                self.events.append(msg)


def remote_object_text(o):
    if "value" in o:
        v = o["value"]
        return v if isinstance(v, str) else json.dumps(v)
    return o.get("description") or o.get("unserializableValue") or o.get("type", "")


def run(args):
    t0 = time.monotonic()
    page = pathlib.Path(args.page).resolve()
    if not page.is_file():
        raise InfraError("no such file: %s" % page)
    url = page.as_uri()
    chromium = args.chromium or default_chromium()
    chromium = shutil.which(chromium) or chromium
    profile = tempfile.mkdtemp(prefix="check_page-")
    errlog = tempfile.TemporaryFile()
    # pipes: we write commands into c_w -> chromium reads fd 3;
    #        chromium writes fd 4 -> we read r_r.
    c_r, c_w = os.pipe()
    r_r, r_w = os.pipe()
    # move the child's ends to fds >= 10 so dup2 onto 3/4 cannot clobber them
    c_r2 = fcntl.fcntl(c_r, fcntl.F_DUPFD_CLOEXEC, 10)
    r_w2 = fcntl.fcntl(r_w, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(c_r)
    os.close(r_w)
    flags = [
        chromium, "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-dev-shm-usage", "--remote-debugging-pipe",
        "--user-data-dir=" + profile, "--no-first-run", "--no-default-browser-check",
        "--disable-extensions", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--mute-audio",
        "--hide-scrollbars", "--autoplay-policy=no-user-gesture-required",
        "about:blank",
    ]
    devnull = os.open(os.devnull, os.O_RDONLY)
    # All Python-created fds are close-on-exec; dup2 file actions clear that flag
    # only for 0,1,2,3,4 in the child.
    try:
        pid = os.posix_spawn(chromium, flags, os.environ, setsid=True, file_actions=[
            (os.POSIX_SPAWN_DUP2, devnull, 0),
            (os.POSIX_SPAWN_DUP2, errlog.fileno(), 1),
            (os.POSIX_SPAWN_DUP2, errlog.fileno(), 2),
            (os.POSIX_SPAWN_DUP2, c_r2, 3),
            (os.POSIX_SPAWN_DUP2, r_w2, 4),
        ])
    except OSError as e:
        for fd in (devnull, c_r2, r_w2, c_w, r_r):
            os.close(fd)
        shutil.rmtree(profile, ignore_errors=True)
        raise InfraError("cannot start %s: %s" % (chromium, e))
    proc = Child(pid)
    os.close(devnull)
    os.close(c_r2)
    os.close(r_w2)
    pipe = Pipe(proc, c_w, r_r, t0 + args.timeout)
    result = {"url": url, "errors": [], "warnings": [], "dom": None, "media": [],
              "screenshot": None}
    try:
        tgt = pipe.call("Target.createTarget", {"url": "about:blank"})
        sess = pipe.call("Target.attachToTarget",
                         {"targetId": tgt["targetId"], "flatten": True})["sessionId"]
        for dom in ("Page.enable", "Runtime.enable", "Log.enable"):
            pipe.call(dom, session=sess)
        pipe.call("Emulation.setDeviceMetricsOverride",
                  {"width": args.width, "height": args.height,
                   "deviceScaleFactor": 1, "mobile": False}, session=sess)
        pipe.events.clear()     # drop anything from about:blank
        nav = pipe.call("Page.navigate", {"url": url}, session=sess)
        if nav.get("errorText"):
            raise InfraError("navigation failed: " + nav["errorText"])
        if pipe.wait_event("Page.loadEventFired", sess,
                           timeout=t0 + args.timeout - time.monotonic()) is None:
            raise InfraError("timeout waiting for load event")
        pipe.pump(args.settle_ms / 1000.0)  # let timers / promise rejections surface

        media_js = """JSON.stringify([...document.querySelectorAll('audio,video')].map(m => ({
            tag: m.tagName.toLowerCase(), src: (m.currentSrc || m.src || '').slice(0, 60),
            error: m.error ? m.error.code : null, readyState: m.readyState,
            duration: isFinite(m.duration) ? m.duration : null})))"""
        # give media elements a moment to reach HAVE_METADATA (or fail)
        for _ in range(20):
            r = pipe.call("Runtime.evaluate", {"expression": media_js, "returnByValue": True},
                          session=sess)
            media = json.loads(r["result"]["value"])
            if all(m["error"] is not None or m["readyState"] >= 1 for m in media):
                break
            pipe.pump(0.05)
        result["media"] = media

        r = pipe.call("Runtime.evaluate",
                      {"expression": "'<!DOCTYPE html>\\n' + document.documentElement.outerHTML",
                       "returnByValue": True}, session=sess)
        result["dom"] = r["result"]["value"]

        if args.screenshot:
            h = args.height
            if args.full_page:
                lm = pipe.call("Page.getLayoutMetrics", session=sess)
                size = lm.get("cssContentSize") or lm["contentSize"]
                h = max(args.height, min(int(size["height"] + 0.999), 16384))
                pipe.call("Emulation.setDeviceMetricsOverride",
                          {"width": args.width, "height": h,
                           "deviceScaleFactor": 1, "mobile": False}, session=sess)
            shot = pipe.call("Page.captureScreenshot", {"format": "png"}, session=sess)
            out = pathlib.Path(args.screenshot).resolve()
            out.write_bytes(base64.b64decode(shot["data"]))
            result["screenshot"] = str(out)
            result["screenshot_size"] = [args.width, h]
        pipe.pump(0.0)

        for ev in pipe.events:
            m, p = ev["method"], ev.get("params", {})
            if m == "Runtime.consoleAPICalled":
                text = " ".join(remote_object_text(a) for a in p.get("args", []))
                frame = (p.get("stackTrace") or {}).get("callFrames") or [{}]
                entry = {"source": "console." + p["type"], "text": text,
                         "line": frame[0].get("lineNumber", -1) + 1 if frame[0] else None}
                if p["type"] in ("error", "assert"):
                    result["errors"].append(entry)
                elif p["type"] == "warning":
                    result["warnings"].append(entry)
            elif m == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                exc = d.get("exception") or {}
                text = exc.get("description") or d.get("text", "")
                result["errors"].append({"source": "exception", "text": text,
                                         "line": d.get("lineNumber", -1) + 1})
            elif m == "Log.entryAdded":
                e = p["entry"]
                entry = {"source": "log." + e.get("source", "?"), "text": e.get("text", ""),
                         "url": e.get("url")}
                if e.get("level") == "error":
                    result["errors"].append(entry)
                elif e.get("level") == "warning":
                    result["warnings"].append(entry)
    finally:
        try:
            pipe.send("Browser.close")
        except OSError:
            pass
        proc.wait(3)
        proc.kill_group()
        os.close(c_w)
        os.close(r_r)
        shutil.rmtree(profile, ignore_errors=True)
        errlog.seek(0)
        result["_stderr_tail"] = errlog.read()[-2000:].decode("utf-8", "replace")
        errlog.close()
    result["elapsed_s"] = round(time.monotonic() - t0, 3)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("page")
    ap.add_argument("--screenshot")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=800)
    ap.add_argument("--full-page", action="store_true",
                    help="grow the viewport to the content height before the screenshot")
    ap.add_argument("--settle-ms", type=int, default=300,
                    help="extra wait after the load event (default 300)")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--strict", action="store_true", help="exit 1 if errors were found")
    ap.add_argument("--chromium")
    args = ap.parse_args()
    try:
        res = run(args)
    except InfraError as e:
        print(json.dumps({"infra_error": str(e)}))
        return 2
    stderr_tail = res.pop("_stderr_tail", "")
    if os.environ.get("CHECK_PAGE_DEBUG"):
        res["chromium_stderr_tail"] = stderr_tail
    print(json.dumps(res))
    return 1 if (args.strict and res["errors"]) else 0


if __name__ == "__main__":
    sys.exit(main())
