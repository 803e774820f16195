#!/usr/bin/env python3
"""The published Kogge-Stone warp page in a real browser.

Runs `scanviz publish`, opens the page for warp_conditional (add, i32, inclusive) in
Chromium (headless), presses Right three times, clicks a cell of the state view, and
checks from the DOM that the step label, the values, the lit dependency cone and the
colours of every diagram node and edge are what the C++ code computes for step 3
(publish_oracle prints that). Also checks Home, End and Space. Then opens one lesson
page, presses PageDown three times, and checks the step label and narration, a wrong
answer (the hint) and the right one, against what the core lesson code computes
(lesson_oracle prints that).

The browser is driven through the DevTools protocol over --remote-debugging-pipe
(file descriptors 3 and 4, messages separated by NUL bytes): the Python standard
library is all it needs. Exit 77 (ctest: skipped) with the reason when there is no
Chromium. --screenshots DIR also saves two pages as PNG (for the README).
"""
import argparse
import base64
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

PAGE_ID = "warp_conditional-add-i32-inclusive-n32"
LESSON = "04_bank_conflicts"  # its step 4 asks a question
SLOT = 5   # the cell clicked
STEPS = 3  # Right presses


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """Chromium with the DevTools protocol on a pipe."""

    def __init__(self, exe, profile, width, height):
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()

        def wire():  # in the child: fd 3 reads our commands, fd 4 takes its answers
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        args = [exe, "--headless=new", "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
                "--disable-gpu", "--disable-extensions", "--allow-file-access-from-files",
                "--user-data-dir=" + profile, "--window-size=%d,%d" % (width, height), "about:blank"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # CI containers run as root
        self.proc = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=wire, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self.next_id = 0
        self.buffer = b""
        self.session = None

    def send(self, method, params=None, session=True, timeout=30):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.to_child, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError("%s: %s" % (method, reply["error"]))
                    return reply.get("result", {})
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buffer += chunk
        raise RuntimeError("no answer to %s within %d s" % (method, timeout))

    def open(self, url, ready="document.body && document.body.getAttribute('data-ready') === '1'"):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        self.session = self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True},
                                 session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Page.navigate", {"url": url})
        self.wait_for(ready)

    def eval(self, expr):
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        if "exceptionDetails" in r:
            raise RuntimeError("page script failed: %s" % json.dumps(r["exceptionDetails"])[:400])
        return r["result"].get("value")

    def wait_for(self, expr, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.eval("!!(%s)" % expr):
                return
            time.sleep(0.05)
        raise RuntimeError("page never got ready: %s" % expr)

    KEYS = {"ArrowRight": 39, "ArrowLeft": 37, "Home": 36, "End": 35, " ": 32, "PageDown": 34, "PageUp": 33,
            "Enter": 13}

    def key(self, key):
        code = {" ": "Space"}.get(key, key)
        for kind in ("keyDown", "keyUp"):
            params = {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": self.KEYS[key],
                      "nativeVirtualKeyCode": self.KEYS[key]}
            if kind == "keyDown" and key in (" ", "Enter"):
                params["text"] = {" ": " ", "Enter": "\r"}[key]
            self.send("Input.dispatchKeyEvent", params)

    def type_text(self, text):
        self.send("Input.insertText", {"text": text})

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def colour(c):
    return "#%02x%02x%02x" % (c & 255, (c >> 8) & 255, (c >> 16) & 255)


class Checks:
    def __init__(self):
        self.failed = 0

    def eq(self, what, got, expected):
        if got != expected:
            self.failed += 1
            print("FAIL %s:\n  page:     %s\n  expected: %s" % (what, str(got)[:600], str(expected)[:600]))
        else:
            print("ok   %s" % what)


# DOM readers (run in the page).
READ_DOM = r"""(() => {
  const label = document.getElementById('step-label');
  const values = {};
  document.querySelectorAll('#state text.value').forEach(t => { values[t.getAttribute('data-slot')] = t.textContent; });
  const cells = {};
  document.querySelectorAll('#state rect[data-slot]').forEach(r => {
    cells[r.getAttribute('data-slot')] = [r.getAttribute('fill'), r.getAttribute('stroke'), r.getAttribute('stroke-width')];
  });
  const nodes = [...document.querySelectorAll('#diagram rect[data-slot]')].map(r =>
    [r.getAttribute('fill'), r.getAttribute('stroke'), r.getAttribute('stroke-width'), r.getAttribute('class')]);
  // Edges the page shows (a pass-through's link is in the DOM but unseen until lit).
  const edges = [...document.querySelectorAll('#diagram line')].filter(l => l.getAttribute('stroke-opacity') !== '0').map(l =>
    [l.getAttribute('x1'), l.getAttribute('y1'), l.getAttribute('x2'), l.getAttribute('y2'), l.getAttribute('stroke'),
     l.getAttribute('stroke-width')]);
  const band = document.querySelector('#diagram rect.band');
  return {label: label.textContent, step: label.getAttribute('data-step'), values, cells, nodes, edges,
          band: ['x', 'y', 'width', 'height'].map(a => parseFloat(band.getAttribute(a))),
          badge: document.getElementById('badge').textContent,
          play: document.getElementById('play').textContent,
          selection: document.getElementById('selection-line').textContent};
})()"""

CELL_CENTRE = r"""(() => {
  const r = document.querySelector('#state rect[data-slot="%d"]');
  r.scrollIntoView({block: 'center', inline: 'center'});
  const b = r.getBoundingClientRect();
  return [b.left + b.width / 2, b.top + b.height / 2];
})()"""


def num(v):
    """A length as the page writes it (JavaScript: String(Math.round(v * 100) / 100))."""
    r = math.floor(v * 100 + 0.5) / 100
    s = repr(r)
    return s[:-2] if s.endswith(".0") else s


READ_LESSON = r"""(() => ({
  label: document.getElementById('lesson-step').textContent,
  step: document.getElementById('lesson-step').getAttribute('data-step'),
  narration: [...document.querySelectorAll('#narration p')].map(p => p.textContent),
  ask: document.getElementById('ask').textContent,
  questionHidden: document.getElementById('question').hidden,
  feedback: document.getElementById('feedback').textContent,
  correct: document.getElementById('feedback').getAttribute('data-correct'),
  badgeKind: document.getElementById('badge').getAttribute('data-kind'),
  traceStep: document.getElementById('step-label').getAttribute('data-step')
}))()"""


def lesson_checks(browser, check, args, site):
    """One lesson page: PageDown three times, then a wrong and the right answer."""
    lesson_file = os.path.join(args.source, "assets", "lessons", LESSON + ".lesson")
    expected = json.loads(subprocess.run(
        [args.lesson_oracle, args.recording, lesson_file, "4", os.path.join(args.source, "assets", "sass"),
         os.path.join(args.source, "assets", "bench", "h100_bench.csv")],
        check=True, capture_output=True, text=True).stdout)
    browser.open("file://" + os.path.join(site, "lessons", LESSON + ".html"))
    check.eq("lesson starts at step 1", browser.eval(READ_LESSON)["step"], "1")
    for _ in range(3):
        browser.key("PageDown")
    dom = browser.eval(READ_LESSON)
    check.eq("lesson step label after three PageDown presses", dom["label"], expected["label"])
    check.eq("lesson narration (placeholders computed)", dom["narration"], expected["narration"])
    check.eq("trace badge kind", dom["badgeKind"], expected["badge_kind"])
    q = expected["question"]
    check.eq("question shown", [dom["questionHidden"], dom["ask"]], [False, q["ask"]])
    browser.eval("document.getElementById('answer').focus()")
    browser.type_text(q["wrong"])
    browser.key("Enter")
    dom = browser.eval(READ_LESSON)
    check.eq("a wrong answer gets the hint naming the view", [dom["correct"], dom["feedback"]],
             ["0", q["wrong_message"]])
    check.eq("typing an answer does not turn the lesson's page", dom["step"], "4")
    browser.eval("document.getElementById('answer').value = ''")
    browser.type_text(q["right"])
    browser.key("Enter")
    dom = browser.eval(READ_LESSON)
    check.eq("the right answer", [dom["correct"], dom["feedback"]], ["1", q["right_message"]])
    browser.eval("document.activeElement.blur()")
    browser.key("PageUp")
    check.eq("PageUp goes back", browser.eval(READ_LESSON)["step"], "3")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scanviz", required=True)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--recording", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--lesson-oracle", required=True)
    ap.add_argument("--source", required=True, help="the source tree (lessons, SASS snapshot, bench results)")
    ap.add_argument("--screenshots", help="save screenshots of two pages into this folder")
    args = ap.parse_args()

    exe = find_chromium()
    if not exe:
        print("SKIPPED: no chromium on this machine (Debian: apt-get install chromium; .ci/setup --tests does)")
        return 77

    os.makedirs(args.work, exist_ok=True)
    site = os.path.join(args.work, "site")
    shutil.rmtree(site, ignore_errors=True)  # this test's own scratch site from an earlier run
    subprocess.run([args.scanviz, "publish", "-o", site, args.recording], check=True)
    page = os.path.join(site, "traces", PAGE_ID + ".html")
    expected = json.loads(subprocess.run([args.oracle, args.recording, PAGE_ID, str(STEPS), str(SLOT)], check=True,
                                         capture_output=True, text=True).stdout)

    check = Checks()
    profile = tempfile.mkdtemp(prefix="scanviz-chromium-")
    browser = Browser(exe, profile, 1280, 720)
    try:
        browser.open("file://" + page)
        dom = json.loads(json.dumps(browser.eval(READ_DOM)))
        check.eq("initial label", dom["label"], "initial state (step 0/%d)" % expected["steps"])
        check.eq("badge", dom["badge"], expected["badge"])
        # Legible as in the window (core/figure/legible.hpp): no value drawn smaller than the
        # style's minimum text size; a figure too wide for the page scrolls instead.
        sizes = browser.eval(
            "[...document.querySelectorAll('#state text.value, #diagram text.value')]"
            ".map(t => parseFloat(t.getAttribute('font-size')) * t.ownerSVGElement.width.baseVal.value"
            " / t.ownerSVGElement.viewBox.baseVal.width)")
        check.eq("values drawn", len(sizes) > 0, True)
        check.eq("smallest value text at least %g px" % expected["min_text_px"],
                 min(sizes or [0]) >= expected["min_text_px"] - 0.01, True)
        print("value text: %d values, smallest %.1f px" % (len(sizes), min(sizes or [0])))

        for _ in range(STEPS):
            browser.key("ArrowRight")
        x, y = browser.eval(CELL_CENTRE % SLOT)
        browser.click(x, y)
        dom = browser.eval(READ_DOM)

        # The step label and the values of step 3.
        check.eq("step after three Right presses", dom["step"], str(STEPS))
        check.eq("step label", dom["label"], "step %d/%d: %s (ends at %s)" % (
            STEPS, expected["steps"], expected["label"], expected["barrier"]))
        check.eq("values after step 3", [int(dom["values"][str(s)]) for s in range(len(expected["values"]))],
                 [int(v) for v in expected["values"]])
        # The clicked cell is outlined in the state view as the window outlines it.
        check.eq("state view cells (fill, stroke, width)",
                 [dom["cells"][str(c[0])] for c in expected["state_cells"]],
                 [[colour(c[1]), colour(c[2]), num(c[3])] for c in expected["state_cells"]])
        # The cone: exactly the graph's cone is lit, and every node and edge has the window's colours.
        lit_cone = sorted(i for i, n in enumerate(dom["nodes"]) if n[3] in ("cone", "selected"))
        check.eq("lit cone (diagram cells)", lit_cone, sorted(expected["cone"]))
        lit_reach = sorted(i for i, n in enumerate(dom["nodes"]) if n[3] in ("reach", "selected"))
        check.eq("lit reach (diagram cells)", lit_reach, sorted(expected["reach"]))
        check.eq("cone is blue", sorted(set(dom["nodes"][i][0] for i in expected["cone"] if i != expected["selected"])),
                 [colour(expected["cone_fill"])])
        check.eq("diagram nodes (fill, stroke, width)", [n[:3] for n in dom["nodes"]],
                 [[colour(n[0]), colour(n[1]), num(n[2])] for n in expected["diagram_nodes"]])
        check.eq("diagram edges (ends, colour, width) in drawing order", dom["edges"],
                 [[num(e[0]), num(e[1]), num(e[2]), num(e[3]), colour(e[4]), num(e[5])] for e in expected["diagram_edges"]])
        check.eq("current-step band", [round(v, 1) for v in dom["band"]], [round(v, 1) for v in expected["band"]])
        check.eq("selection line names the cell", dom["selection"].startswith("slot %d after %s" % (SLOT, expected["label"])), True)

        if args.screenshots:
            os.makedirs(args.screenshots, exist_ok=True)
            browser.screenshot(os.path.join(args.screenshots, "web_trace_page.png"))

        # The other keys the window uses.
        browser.key("End")
        check.eq("End", browser.eval(READ_DOM)["step"], str(expected["steps"]))
        browser.key("Home")
        check.eq("Home", browser.eval(READ_DOM)["step"], "0")
        browser.key(" ")
        browser.wait_for("document.getElementById('step-label').getAttribute('data-step') !== '0'", timeout=10)
        check.eq("Space plays", browser.eval(READ_DOM)["play"], "Pause")
        browser.key(" ")
        check.eq("Space pauses", browser.eval(READ_DOM)["play"], "Play")

        # The index lists the page.
        browser.open("file://" + os.path.join(site, "index.html"), ready="document.readyState === 'complete'")
        check.eq("index links the page", browser.eval(
            "!!document.querySelector('a[href=\"traces/%s.html\"]')" % PAGE_ID), True)
        check.eq("index links the lesson", browser.eval(
            "!!document.querySelector('a[href=\"lessons/%s.html\"]')" % LESSON), True)

        lesson_checks(browser, check, args, site)
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)

    if check.failed:
        print("%d check(s) failed" % check.failed)
        return 1
    print("all browser checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
