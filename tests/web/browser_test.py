#!/usr/bin/env python3
"""The published site computing in a real browser, opened from file:// (no server, and
Chromium without --allow-file-access-from-files: what a student's browser allows).

Runs `scanviz publish`, opens app.html in Chromium (headless) and, as a student would: picks
block_blelloch, n = 128, typed-in values, max, exclusive; steps with the Right key to the
first down-sweep step; clicks a cell; and checks from the DOM the values, the lit dependency
cone and reach, every diagram node's and edge's colours, work and span against what the C++
code computes from `scanviz trace --format json` for the same options (publish_oracle prints
that). Bad input (a value that does not parse, n out of range) gets the CLI's line and no
picture. A recorded input linked from the index shows the GPU's trace with the device badge;
the work-and-span charts draw their curves and guides. Then opens a lesson page, PageDown three
times, checks the narration, a wrong and the right answer against the core lesson code
(lesson_oracle), that progress survives a reload, and that a broken .lesson file opened with
the file picker gets the checker's line as `scanviz lesson check` prints it.

Prints the site's size (and fails above 15 MB), the time to the first interactive app page
and to re-trace block_blelloch at n = 2048 in the page. The browser is driven through the
DevTools protocol over --remote-debugging-pipe (file descriptors 3 and 4, messages separated
by NUL bytes): the Python standard library is all it needs. Exit 77 (ctest: skipped) with the
reason when there is no Chromium. --screenshots DIR saves the README's pictures.
"""
import argparse
import base64
import json
import math
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

LESSON = "04_bank_conflicts"  # its step 4 asks a question
SLOT = 37                     # the cell clicked
N = 128
VALUES = ",".join(str((i * 37 + 11) % 23 - 5) for i in range(N))  # typed in; negatives too
SITE_LIMIT = 15 * 1000 * 1000
BUDGET_S = 240  # the whole run; ctest's limit (tests/web/CMakeLists.txt) is 300 s


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
                "--disable-gpu", "--disable-extensions",
                # No throttling of a page Chromium thinks is in the background (Puppeteer's defaults).
                "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows",
                "--disable-renderer-backgrounding",
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
            # Never block past the deadline: a page that stops answering fails this call, by name.
            if not select.select([self.from_child], [], [], max(0.0, deadline - time.time()))[0]:
                continue
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buffer += chunk
        raise RuntimeError("no answer to %s within %d s" % (method, timeout))

    def open(self, url, ready="document.body && document.body.getAttribute('data-ready') === '1'"):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        # One page at a time (the start's about:blank too): a page left behind competes for
        # the frames that requestAnimationFrame waits on.
        for info in self.send("Target.getTargets", session=False)["targetInfos"]:
            if info["type"] == "page" and info["targetId"] != target["targetId"]:
                self.send("Target.closeTarget", {"targetId": info["targetId"]}, session=False)
        self.session = self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True},
                                 session=False)["sessionId"]
        self.send("Page.bringToFront")  # requestAnimationFrame runs only in a visible page
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Page.navigate", {"url": url})
        self.wait_for(ready)

    def eval(self, expr):
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        if "exceptionDetails" in r:
            raise RuntimeError("page script failed: %s" % json.dumps(r["exceptionDetails"])[:400])
        return r["result"].get("value")

    def eval_async(self, expr, timeout=60):
        """Evaluates an expression whose value is a Promise, and returns what it resolves to."""
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": True},
                      timeout=timeout)
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
            "Enter": 13, "]": 221, "[": 219}

    def key(self, key):
        code = {" ": "Space", "]": "BracketRight", "[": "BracketLeft"}.get(key, key)
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

    def drag(self, x0, y0, x1, y1, moves=5):
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x0, "y": y0})
        self.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x0, "y": y0, "button": "left",
                                               "clickCount": 1})
        for i in range(1, moves + 1):
            self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x0 + (x1 - x0) * i / moves,
                                                   "y": y0 + (y1 - y0) * i / moves, "button": "left",
                                                   "buttons": 1})
            time.sleep(0.03)
        self.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x1, "y": y1, "button": "left",
                                               "clickCount": 1})

    def set_file(self, selector, path):
        root = self.send("DOM.getDocument")["root"]["nodeId"]
        node = self.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        self.send("DOM.setFileInputFiles", {"files": [path], "nodeId": node})

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


def read_diagram(browser):
    """The diagram's cells, edges and band over every scroll position (READ_DIAGRAM)."""
    drawn = browser.eval_async(READ_DIAGRAM)
    if drawn["missed"] or drawn["visits"] > 400:
        print("note: reading the diagram, %d frame(s) did not come within 0.5 s and %d scroll positions were "
              "visited (box: client %d x %d, scroll %d x %d)" % ((drawn["missed"], drawn["visits"]) + tuple(drawn["box"])))
    return drawn


# DOM readers (run in the page).
READ_DOM = r"""(() => {
  const label = document.getElementById('step-label');
  const values = {};
  document.querySelectorAll('#state text.value').forEach(t => { values[t.getAttribute('data-slot')] = t.textContent; });
  const cells = {};
  document.querySelectorAll('#state rect[data-slot]').forEach(r => {
    cells[r.getAttribute('data-slot')] = [r.getAttribute('fill'), r.getAttribute('stroke'), r.getAttribute('stroke-width')];
  });
  const metric = id => { const e = document.getElementById(id); return e ? e.textContent : null; };
  return {label: label.textContent, step: label.getAttribute('data-step'), values, cells,
          badge: document.getElementById('badge').textContent,
          badgeKind: document.getElementById('badge').getAttribute('data-kind'),
          phase: document.getElementById('phase').textContent,
          play: document.getElementById('play').textContent,
          work: metric('m-work'), span: metric('m-span'), totals: metric('m-totals'),
          error: document.getElementById('error').hidden ? null : document.getElementById('error').textContent,
          svgs: document.querySelectorAll('#state svg, #diagram svg').length,
          hash: window.location.hash,
          selection: document.getElementById('selection-line').textContent};
})()"""

# The diagram as drawn: the page draws what is in view of its box (scanviz.js, Figure), so this
# scrolls the box over the whole picture, a view at a time, and gathers every cell ("step:slot" ->
# [fill, stroke, width, class, value text]), every edge (in the scene's drawing order, data-i)
# and the current step's band; then scrolls back. "window": the columns shown (first,count).
READ_DIAGRAM = r"""(async () => {
  const box = document.getElementById('diagram');
  // After each scroll, what the page's scroll handler does on the next frame (scanviz.js: draw
  // the figure's view unless the drawn region covers it), done now: headless Chromium on a
  // loaded machine can go seconds without a frame. Then up to two frames, for the paint; one
  // that does not come within 0.5 s is counted (missed), not waited for.
  let missed = 0, visits = 0;
  const frames = () => new Promise(r => {
    const f = box.scanvizFigure;
    if (f && f.container === box && !f.covers(f.view())) f.draw();
    let done = false;
    const end = ok => { if (!done) { done = true; missed += ok ? 0 : 1; r(); } };
    requestAnimationFrame(() => requestAnimationFrame(() => end(true)));
    setTimeout(() => end(false), 500);
  });
  const sx = box.scrollLeft, sy = box.scrollTop;
  const w = Math.max(1, box.clientWidth), h = Math.max(1, box.clientHeight);
  const cells = {}, edges = {};
  let band = null;
  outer:
  for (let y = 0; ; y += h) {
    for (let x = 0; ; x += w) {
      if (++visits > 400) break outer;  // a box that keeps growing as it scrolls: say so, do not loop
      box.scrollLeft = x;
      box.scrollTop = y;
      await frames();
      const rows = {};  // slot -> [[y0, y1, key]]: where a value text's cell is
      box.querySelectorAll('rect[data-slot]').forEach(r => {
        const k = r.getAttribute('data-step') + ':' + r.getAttribute('data-slot');
        const y0 = parseFloat(r.getAttribute('y'));
        (rows[r.getAttribute('data-slot')] = rows[r.getAttribute('data-slot')] || []).push(
          [y0, y0 + parseFloat(r.getAttribute('height')), k]);
        cells[k] = [r.getAttribute('fill'), r.getAttribute('stroke'), r.getAttribute('stroke-width'),
                    r.getAttribute('class') || '', cells[k] ? cells[k][4] : null];
      });
      box.querySelectorAll('text.value').forEach(t => {
        const ty = parseFloat(t.getAttribute('y'));
        (rows[t.getAttribute('data-slot')] || []).forEach(c => { if (ty >= c[0] && ty <= c[1]) cells[c[2]][4] = t.textContent; });
      });
      box.querySelectorAll('line').forEach(l => {
        edges[l.getAttribute('data-i')] = ['x1', 'y1', 'x2', 'y2', 'stroke', 'stroke-width'].map(a => l.getAttribute(a));
      });
      const b = box.querySelector('rect.band');
      if (b) band = ['x', 'y', 'width', 'height'].map(a => parseFloat(b.getAttribute(a)));
      if (x + w >= box.scrollWidth) break;
    }
    if (y + h >= box.scrollHeight) break;
  }
  box.scrollLeft = sx;
  box.scrollTop = sy;
  await frames();
  return {cells, band, window: box.getAttribute('data-window'), missed, visits,
          box: [box.clientWidth, box.clientHeight, box.scrollWidth, box.scrollHeight],
          edges: Object.keys(edges).map(Number).sort((a, b) => a - b).map(i => edges[i])};
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


def cell_value(text):
    """An int32 cell's value from its text (core/figure/scene_parts.hpp writes the int32 extremes,
    the identities of exclusive max and min, as powers of two)."""
    return {"-2\u00b3\u00b9": -2**31, "2\u00b3\u00b9-1": 2**31 - 1}.get(text) or int(text)


def set_field(browser, fid, value, run=True):
    """Sets a field of the app page as a person does: select it, type, Enter (or change a select)."""
    tag = browser.eval("document.getElementById('%s').tagName" % fid)
    if tag == "SELECT":
        browser.eval("(() => { const e = document.getElementById('%s'); e.value = %s; e.focus(); "
                     "e.dispatchEvent(new Event('change')); })()" % (fid, json.dumps(value)))
        return
    browser.eval("(() => { const e = document.getElementById('%s'); e.value = ''; e.focus(); })()" % fid)
    browser.type_text(value)
    if run:
        browser.key("Enter")


def expected_cells(expected):
    """The oracle's diagram cells as the page writes them."""
    return {k: [colour(c[0]), colour(c[1]), num(c[2]), c[3], c[4]] for k, c in expected["diagram_cells"].items()}


def expected_edges(expected):
    return [[num(e[0]), num(e[1]), num(e[2]), num(e[3]), colour(e[4]), num(e[5])] for e in expected["diagram_edges"]]


def lit(cells, classes):
    return sorted(k for k, c in cells.items() if c[3] in classes)


def oracle(args, trace_file, step, slot, first=None):
    cmd = [args.oracle, trace_file, str(step), str(slot)] + ([str(first)] if first is not None else [])
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def app_checks(browser, check, args, site, work):
    browser.open("file://" + os.path.join(site, "app.html"))
    first = browser.eval("window.scanvizTiming")
    dom = browser.eval(READ_DOM)
    check.eq("the app page opens on a computed trace", [dom["svgs"], dom["error"]], [2, None])

    # block_blelloch, n = 128, typed values, max, exclusive.
    set_field(browser, "f-variant", "block_blelloch")
    set_field(browser, "f-op", "max")
    set_field(browser, "f-mode", "exclusive")
    set_field(browser, "f-fill", "typed")
    set_field(browser, "f-n", str(N), run=False)
    set_field(browser, "f-input", VALUES)
    browser.eval("document.activeElement.blur()")
    trace_file = os.path.join(work, "blelloch.json")
    subprocess.run([args.scanviz, "trace", "--variant", "block_blelloch", "--n", str(N), "--input", VALUES, "--op",
                    "max", "--exclusive", "--format", "json", "-o", trace_file], check=True)
    trace = json.load(open(trace_file))
    down = next(k for k, s in enumerate(trace["steps"]) if "down" in s["phase"])
    expected = oracle(args, trace_file, down + 1, SLOT)
    dom = browser.eval(READ_DOM)
    check.eq("initial label", dom["label"], "initial state (step 0/%d)" % expected["steps"])
    check.eq("model badge (typed values are not in the recording)", [dom["badgeKind"], "reference model" in dom["badge"]],
             ["model", True])
    while browser.eval(READ_DOM)["step"] != str(down + 1):
        browser.key("ArrowRight")
    x, y = browser.eval(CELL_CENTRE % SLOT)
    browser.click(x, y)
    dom = browser.eval(READ_DOM)
    check.eq("stepped with Right to the first down-sweep step", dom["phase"], trace["steps"][down]["phase"])
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
    check.eq("step label", dom["label"], "step %d/%d: %s (ends at %s)" % (
        down + 1, expected["steps"], expected["label"], expected["barrier"]))
    check.eq("values at that step", [cell_value(dom["values"][str(s)]) for s in range(len(expected["values"]))],
             [int(v) for v in expected["values"]])
    check.eq("state view cells (fill, stroke, width)", [dom["cells"][str(c[0])] for c in expected["state_cells"]],
             [[colour(c[1]), colour(c[2]), num(c[3])] for c in expected["state_cells"]])
    drawn = read_diagram(browser)
    check.eq("every column shown at n = %d (no window, no strip)" % N,
             [drawn["window"], browser.eval("document.getElementById('overview').hidden")],
             ["0,%d" % expected["slots"], True])
    check.eq("lit cone (diagram cells)", lit(drawn["cells"], ("cone", "selected")), sorted(expected["cone"]))
    check.eq("lit reach (diagram cells)", lit(drawn["cells"], ("reach", "selected")), sorted(expected["reach"]))
    check.eq("diagram cells (fill, stroke, width, lit, value)", drawn["cells"], expected_cells(expected))
    check.eq("diagram edges (ends, colour, width) in drawing order", drawn["edges"], expected_edges(expected))
    # The page reads the band back from the SVG (rounded to 0.01 px): equal to 0.05 px.
    band_ok = len(drawn["band"]) == len(expected["band"]) and all(
        abs(a - b) <= 0.05 for a, b in zip(drawn["band"], expected["band"]))
    check.eq("current-step band (to 0.05 px)", drawn["band"] if band_ok else drawn["band"] + ["differs"],
             drawn["band"] if band_ok else expected["band"])
    # The keyboard's way to the same cell: its number, then Enter.
    browser.eval("document.getElementById('clear').click()")
    set_field(browser, "cell", str(SLOT))
    browser.eval("document.activeElement.blur()")
    keyed = browser.eval(READ_DOM)
    check.eq("the keyboard selects the cell too (its number, Enter)",
             [read_diagram(browser)["cells"], keyed["selection"]], [drawn["cells"], dom["selection"]])
    check.eq("work and span", [dom["work"].split(" ")[0], dom["span"]],
             [str(expected["step_work"]), "%d of %d" % (expected["span_so_far"], expected["span"])])
    check.eq("totals", dom["totals"], "%d (work %d, span %d)" % (expected["steps"], expected["work"], expected["span"]))
    check.eq("the address keeps the run, the step and the cell",
             all(k in dom["hash"] for k in ("variant=block_blelloch", "op=max", "exclusive=1", "step=%d" % (down + 1),
                                            "cell=%d" % SLOT)), True)
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
        browser.eval("window.scrollTo(0, 0)")
        browser.screenshot(os.path.join(args.screenshots, "web_app_page.png"))

    # The address alone brings the same moment back (a link to it).
    url = "file://" + os.path.join(site, "app.html") + dom["hash"]
    browser.open(url)
    again = browser.eval(READ_DOM)
    check.eq("the address reopens the same step, cell and values", [again["step"], again["values"], again["selection"]],
             [dom["step"], dom["values"], dom["selection"]])

    # The window's keys.
    browser.key("End")
    check.eq("End", browser.eval(READ_DOM)["step"], str(expected["steps"]))
    browser.key("Home")
    check.eq("Home", browser.eval(READ_DOM)["step"], "0")
    browser.key(" ")
    browser.wait_for("document.getElementById('step-label').getAttribute('data-step') !== '0'", timeout=10)
    check.eq("Space plays", browser.eval(READ_DOM)["play"], "Pause")
    browser.key(" ")
    check.eq("Space pauses", browser.eval(READ_DOM)["play"], "Play")

    # Bad input: the CLI's line (its --x named x), and no picture of another run beside it.
    for field, value, cli_args in (("f-input", "1,2,x,4", ["--input", "1,2,x,4"]),
                                   ("f-n", "4096", ["--n", "4096"])):
        if field == "f-n":
            set_field(browser, "f-fill", "random")
        set_field(browser, field, value)
        r = subprocess.run([args.scanviz, "trace", "--variant", "block_blelloch", "--op", "max", "--exclusive"] + cli_args,
                           capture_output=True, text=True)
        line = r.stderr.strip().splitlines()[-1].replace("scanviz: ", "", 1).replace("--", "")
        dom = browser.eval(READ_DOM)
        check.eq("bad input %s=%s: the CLI's line, no picture" % (field, value),
                 [(dom["error"] or "").replace("--", ""), dom["svgs"]], [line, 0])

    # Re-tracing block_blelloch at n = 2048 in the page (compute and draw).
    set_field(browser, "f-n", "2048")
    retrace = []
    for seed in range(1, 6):
        set_field(browser, "f-seed", str(seed))
        browser.wait_for("window.scanvizTiming.last_painted_ms !== null")
        retrace.append(browser.eval("(t => [t.last_compute_ms, t.last_parse_ms, t.last_run_ms, t.last_painted_ms])"
                                    "(window.scanvizTiming)"))
    check.eq("n = 2048 computed", browser.eval(READ_DOM)["error"], None)
    windowed_checks(browser, check, args, work, seed)
    stepping = []
    for _ in range(5):
        browser.key("ArrowLeft")
        stepping.append(browser.eval("window.scanvizTiming.last_render_ms"))

    # The work-and-span charts: the picked variants' curves and the two guides on each.
    charts = browser.eval("[...document.querySelectorAll('#chart-work path, #chart-span path')].map(p => "
                          "p.getAttribute('data-variant') || p.getAttribute('class'))")
    check.eq("work and span charts: block_blelloch and the guides",
             [charts.count("guide"), "block_blelloch" in charts, "block_hillis_steele" in charts], [4, True, True])

    # A recorded input, linked from the index: the GPU's trace with its device badge.
    browser.open("file://" + os.path.join(site, "index.html"), ready="document.readyState === 'complete'")
    link = browser.eval("document.querySelector('#warp_conditional nav.traces a').getAttribute('href')")
    check.eq("index links the lesson", browser.eval(
        "!!document.querySelector('a[href=\"lessons/%s.html\"]')" % LESSON), True)
    browser.open("file://" + os.path.join(site, link))
    dom = browser.eval(READ_DOM)
    check.eq("a recorded input shows the GPU's trace and badge", [dom["badgeKind"], dom["badge"].startswith(
        "recorded on NVIDIA")], ["recording", True])
    if args.screenshots:
        browser.screenshot(os.path.join(args.screenshots, "web_trace_page.png"))
    return first, retrace, stepping


def window_of(drawn):
    return [int(v) for v in drawn["window"].split(",")]


def windowed_checks(browser, check, args, work, seed):
    """block_blelloch at n = 2048: the diagram is a legible window of columns, as in the window
    (figure::focus_window, kDiagramWindowSlots), under an overview strip that moves it; the
    cells it shows hold the right values and colours (publish_oracle, from the CLI's trace)."""
    n = 2048
    trace_file = os.path.join(work, "blelloch2048.json")
    subprocess.run([args.scanviz, "trace", "--variant", "block_blelloch", "--n", str(n), "--seed", str(seed), "--op",
                    "max", "--exclusive", "--format", "json", "-o", trace_file], check=True)
    steps = len(json.load(open(trace_file))["steps"])
    browser.eval("document.activeElement.blur()")
    browser.key("End")  # the last step: its window is where it writes first
    expected = oracle(args, trace_file, steps, -1)
    drawn = read_diagram(browser)
    first, count = window_of(drawn)
    check.eq("n = %d: the diagram shows the window's window of columns" % n, [first, count], expected["window"])
    check.eq("n = %d: %d columns of %d, every row, values and colours as the CLI's trace" % (n, count, expected["slots"]),
             drawn["cells"], expected_cells(expected))
    check.eq("n = %d: the window's edges in drawing order" % n, drawn["edges"], expected_edges(expected))
    check.eq("n = %d: the overview strip is shown, its frame the window" % n,
             browser.eval("(() => { const o = document.getElementById('overview'); return [o.hidden, "
                          "o.getAttribute('aria-valuenow'), !!o.querySelector('svg')]; })()"),
             [False, str(first), True])

    # A cell far from the window, by its number (the keyboard's way): the window comes to it.
    far = 1500
    set_field(browser, "cell", str(far))
    browser.eval("document.activeElement.blur()")
    expected = oracle(args, trace_file, steps, far)
    drawn = read_diagram(browser)
    first, count = window_of(drawn)
    check.eq("a cell outside the window brings the window to it", [first <= far < first + count, [first, count]],
             [True, expected["window"]])
    check.eq("... its cells, cone and reach as the CLI's trace", drawn["cells"], expected_cells(expected))
    check.eq("... the cell's line", browser.eval(READ_DOM)["selection"].startswith("slot %d after" % far), True)

    # The overview strip: a click a tenth along it moves the window there (the cell stays selected).
    box = browser.eval("(() => { const b = document.getElementById('overview').getBoundingClientRect(); "
                       "return [b.left, b.top, b.width, b.height]; })()")
    browser.click(box[0] + box[2] * 0.1, box[1] + box[3] / 2)
    browser.wait_for("document.getElementById('diagram').getAttribute('data-window') !== '%d,%d'" % (first, count))
    drawn = read_diagram(browser)
    first, count = window_of(drawn)
    target = int(0.1 * expected["slots"])
    check.eq("a click in the strip moves the window there", abs(first + count // 2 - target) <= 48, True)
    expected = oracle(args, trace_file, steps, far, first)
    check.eq("... its cells as the CLI's trace, the cell still selected", drawn["cells"], expected_cells(expected))
    check.eq("... the address keeps the step and the cell", all(
        k in browser.eval(READ_DOM)["hash"] for k in ("step=%d" % steps, "cell=%d" % far)), True)

    # Dragging along the strip carries the window with it.
    browser.drag(box[0] + box[2] * 0.1, box[1] + box[3] / 2, box[0] + box[2] * 0.6, box[1] + box[3] / 2)
    browser.wait_for("document.getElementById('diagram').getAttribute('data-window') !== '%d,%d'" % (first, count))
    time.sleep(0.2)
    first, count = window_of(read_diagram(browser))
    check.eq("a drag along the strip carries the window", abs(first + count // 2 - int(0.6 * expected["slots"])) <= 48,
             True)

    # The strip's keys (it is reached with Tab): a row of 32 on, the end; ] moves half a window.
    browser.eval("document.getElementById('overview').focus()")
    browser.key("ArrowRight")
    moved = window_of(read_diagram(browser))[0]
    check.eq("the strip's Right key moves the window a row of 32", moved, first + 32)
    browser.key("End")
    drawn = read_diagram(browser)
    first, count = window_of(drawn)
    check.eq("... End: the last columns", first + count, expected["slots"])
    expected = oracle(args, trace_file, steps, far, first)
    check.eq("... its cells as the CLI's trace", drawn["cells"], expected_cells(expected))
    check.eq("the strip's keys do not step the run", browser.eval(READ_DOM)["step"], str(steps))
    browser.eval("document.activeElement.blur()")
    browser.eval("document.getElementById('clear').click()")
    browser.key("Home")  # the initial state, nothing selected: the first columns
    browser.key("[")
    browser.key("]")
    first = window_of(read_diagram(browser))[0]
    check.eq("] on the page moves the window half a window on", first, 128)


READ_LESSON = r"""(() => ({
  label: document.getElementById('lesson-step').textContent,
  step: document.getElementById('lesson-step').getAttribute('data-step'),
  narration: [...document.querySelectorAll('#narration p')].map(p => p.textContent),
  ask: document.getElementById('ask').textContent,
  questionHidden: document.getElementById('question').hidden,
  feedback: document.getElementById('feedback').textContent,
  correct: document.getElementById('feedback').getAttribute('data-correct'),
  badgeKind: document.getElementById('badge').getAttribute('data-kind'),
  traceStep: document.getElementById('step-label').getAttribute('data-step'),
  progress: document.getElementById('progress').textContent,
  problems: document.getElementById('lesson-problems').hidden ? null : document.getElementById('lesson-problems').textContent
}))()"""


def lesson_checks(browser, check, args, site, work):
    """One lesson page: PageDown three times, a wrong and the right answer, progress, a broken file."""
    lesson_file = os.path.join(args.source, "assets", "lessons", LESSON + ".lesson")
    expected = json.loads(subprocess.run(
        [args.lesson_oracle, args.recording, lesson_file, "4", os.path.join(args.source, "assets", "sass"),
         os.path.join(args.source, "assets", "bench", "h100_bench.csv")],
        check=True, capture_output=True, text=True).stdout)
    page = "file://" + os.path.join(site, "lessons", LESSON + ".html")
    browser.open(page)
    check.eq("lesson starts at step 1", browser.eval(READ_LESSON)["step"], "1")
    for _ in range(3):
        browser.key("PageDown")
    dom = browser.eval(READ_LESSON)
    check.eq("lesson step label after three PageDown presses", dom["label"], expected["label"])
    check.eq("lesson narration (placeholders computed in the browser)", dom["narration"], expected["narration"])
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
    if args.screenshots:
        browser.screenshot(os.path.join(args.screenshots, "web_lesson_page.png"))
    browser.eval("document.activeElement.blur()")
    browser.key("PageUp")
    check.eq("PageUp goes back", browser.eval(READ_LESSON)["step"], "3")
    browser.key("PageDown")
    # Progress is kept in the browser: the page opens again where the learner was.
    browser.open(page)
    dom = browser.eval(READ_LESSON)
    check.eq("progress survives a reload", [dom["step"], dom["progress"].startswith("1 of ")], ["4", True])

    # A broken lesson of one's own: the checker's line, as `scanviz lesson check` prints it.
    broken = os.path.join(work, "broken.lesson")
    with open(broken, "w") as f:
        f.write("title = Broken\nprerequisites = none\noutcomes = none\n\n[step One]\nvariant = warp_conditional\n"
                "at = 99\ntext = A step past the end.\n")
    r = subprocess.run([args.scanviz, "lesson", "check", broken], capture_output=True, text=True)
    cli = r.stderr.strip().splitlines()[0].replace("scanviz: ", "", 1).replace(work + "/", "")
    browser.open("file://" + os.path.join(site, "lessons", "open.html"))
    browser.set_file("#lesson-input", broken)
    browser.wait_for("document.body.getAttribute('data-problems') !== null", timeout=10)
    dom = browser.eval(READ_LESSON)
    check.eq("a broken .lesson file gets the checker's line", (dom["problems"] or "").splitlines()[:1], [cli])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scanviz", required=True)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--recording", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--lesson-oracle", required=True)
    ap.add_argument("--source", required=True, help="the source tree (lessons, SASS snapshot, bench results)")
    ap.add_argument("--screenshots", help="save the README's pictures of the pages into this folder")
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # a run cut short still shows how far it got

    def out_of_time(signum, frame):
        raise TimeoutError("the browser checks took over %d s (the traceback names the step)" % BUDGET_S)
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(BUDGET_S)

    exe = find_chromium()
    if not exe:
        print("SKIPPED: no chromium on this machine (Debian: apt-get install chromium; .ci/setup --tests does)")
        return 77

    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    site = os.path.join(work, "site")
    shutil.rmtree(site, ignore_errors=True)  # this test's own scratch site from an earlier run
    subprocess.run([args.scanviz, "publish", "-o", site, args.recording], check=True)
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(site) for f in fs)

    check = Checks()
    check.eq("the site is under 15 MB", size < SITE_LIMIT, True)
    profile = tempfile.mkdtemp(prefix="scanviz-chromium-")
    browser = Browser(exe, profile, 1280, 720)
    try:
        first, retrace, stepping = app_checks(browser, check, args, site, work)
        lesson_checks(browser, check, args, site, work)
        if args.screenshots:  # a phone-sized screen
            phone = Browser(exe, tempfile.mkdtemp(prefix="scanviz-chromium-"), 390, 844)
            try:
                phone.open("file://" + os.path.join(site, "app.html") + "#variant=block_blelloch&n=16&step=3&cell=5&at=3")
                phone.eval("document.querySelector('section.controls').scrollIntoView()")
                phone.screenshot(os.path.join(args.screenshots, "web_phone_page.png"))
            finally:
                phone.close()
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)

    def median(xs):
        return sorted(xs)[len(xs) // 2]
    print("figures: site %.1f MB (%d files)" % (size / 1e6, sum(len(fs) for _, _, fs in os.walk(site))))
    print("figures: first app page interactive %.0f ms after navigation (module %.0f ms, inflating the recording "
          "%.0f ms, opening it %.0f ms)" % (first["since_navigation_ms"], first["module_ms"], first["inflate_ms"],
                                            first["recording_ms"]))
    print("figures: re-tracing block_blelloch n = 2048 in the page: computed in %.0f ms in the module (+ %.0f ms "
          "reading its answers), computed and drawn in %.0f ms, on screen (painted) after %.0f ms (medians of %d seeds)"
          % tuple([median([r[i] for r in retrace]) for i in range(4)] + [len(retrace)]))
    print("figures: a step at n = 2048 (Left): %.0f ms drawn (median of %d)" % (median(stepping), len(stepping)))
    print("figures: load average while measuring: %s" % open("/proc/loadavg").read().split()[0]
          if os.path.exists("/proc/loadavg") else "")
    if check.failed:
        print("%d check(s) failed" % check.failed)
        return 1
    print("all browser checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
