#!/usr/bin/env python3
"""The published site computing in a real browser, opened from file:// (no server, and
Chromium without --allow-file-access-from-files: what a student's browser allows).

Runs `scanviz publish`, opens app.html in Chromium (headless) and, as a student would: picks
block_blelloch, n = 128, typed-in values, max, exclusive; steps with the Right key to the
first down-sweep step; clicks a cell; and checks from the DOM the values, the lit dependency
cone and reach, every diagram node's and edge's colours, work and span against what the C++
code computes from `scanviz trace --format json` for the same options (publish_oracle prints
that). At n = 2048 the diagram is a window of columns under an overview strip, checked the
same way as the cell, a click, a drag and the keys move it. Bad input (a value that does not
parse, n out of range) gets the CLI's line and no picture. A recorded input linked from the
index shows the GPU's trace with the device badge; the work-and-span charts draw their curves
and guides. Then opens a lesson page, PageDown to a question, checks the narration, a wrong and
the right answer typed key by key against the core lesson code (lesson_oracle), that progress
survives a reload, and that a broken .lesson file opened with the file picker gets the
checker's line as `scanviz lesson check` prints it. In Chinese (Chromium with --lang=zh-CN),
the same lesson page shows the catalog's words and the Chinese lesson, and judges an answer in
Chinese; the page's switch to English stays (localStorage). Last, the app page on a phone-sized screen
reopens a linked moment, its pictures in boxes that fit the screen.

Prints the site's size (and fails above 15 MB), the time to the first interactive app page
and to re-trace block_blelloch at n = 2048 in the page. Drives Debian's Chromium with
Playwright for Python (pip package `playwright`; its own browser download is not used). Exit
77 (ctest: skipped) with what is missing when there is no Chromium, no Playwright or no
WebAssembly module. --screenshots DIR saves the README's pictures.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import threading

LESSON = "04_bank_conflicts"
LESSON_STEP = 3  # a step that asks a question (its first prediction, step 2, judges on the next step)
SLOT = 37                     # the cell clicked
N = 128
VALUES = ",".join(str((i * 37 + 11) % 23 - 5) for i in range(N))  # typed in; negatives too
SITE_LIMIT = 15 * 1000 * 1000
BUDGET_S = 180     # the whole run; ctest's limit (tests/web/CMakeLists.txt) is 300 s
WAIT_MS = 20000    # any one navigation, action or wait
READY = "document.body && document.body.getAttribute('data-ready') === '1'"


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if shutil.which(name):
            return shutil.which(name)
    return None


class Checks:
    def __init__(self):
        self.failed = 0

    def eq(self, what, got, expected):
        if got != expected:
            self.failed += 1
            print("FAIL %s:\n  page:     %s\n  expected: %s" % (what, str(got)[:600], str(expected)[:600]))
        else:
            print("ok   %s" % what)


def open_page(context, url, ready=READY):
    """A fresh page at url (the one before closed: one page at a time), once the page says it is ready."""
    for old in context.pages:
        old.close()
    page = context.new_page()
    page.goto(url)
    if ready:
        page.wait_for_function(ready, polling=50)
    return page


def settle(page, condition, arg=None, timeout=5000):
    """Waits until `condition` (a function of arg) holds in the page; when it does not, the check
    after it reports what the page shows instead of a timeout."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:
        page.wait_for_function(condition, arg=arg, polling=20, timeout=timeout)
    except PlaywrightTimeout:
        pass


def set_field(page, fid, value, run=True):
    """Sets a field of the app page as a person does: type into it, Enter (or pick in a select)."""
    field = page.locator("#" + fid)
    if field.evaluate("e => e.tagName") == "SELECT":
        field.select_option(value)
        return
    field.fill(value)
    if run:
        field.press("Enter")


def blur(page):
    page.evaluate("document.activeElement && document.activeElement.blur()")


# The app page's state as the DOM shows it.
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

# The diagram draws only what is in view of its box (scanviz.js, Figure), and a scroll draws the
# newly seen part on the next frame. read_diagram scrolls the box a view at a time, waits each
# time until the drawn region covers the view, and gathers in the page from each view: every
# cell ("step:slot" -> [fill, stroke, width, class, value text]), every edge by its place in the
# scene's drawing order (data-i) and the current step's band; then takes it all in one piece.
READ_START = """(() => { const b = document.getElementById('diagram');
  window.scanvizRead = {cells: {}, edges: {}, band: null};
  return [b.scrollLeft, b.scrollTop, Math.max(1, b.clientWidth), Math.max(1, b.clientHeight), b.scrollWidth,
          b.scrollHeight]; })()"""
SCROLL_TO = "([x, y]) => { const b = document.getElementById('diagram'); b.scrollLeft = x; b.scrollTop = y; }"
VIEW_DRAWN = """() => { const b = document.getElementById('diagram'), f = b.scanvizFigure;
  return !!f && f.container === b && f.covers(f.view()); }"""
GATHER = r"""(() => {
  const box = document.getElementById('diagram'), read = window.scanvizRead;
  const rows = {};  // slot -> [[y0, y1, key]]: where a value text's cell is
  box.querySelectorAll('rect[data-slot]').forEach(r => {
    const slot = r.getAttribute('data-slot'), k = r.getAttribute('data-step') + ':' + slot;
    const y0 = parseFloat(r.getAttribute('y'));
    (rows[slot] = rows[slot] || []).push([y0, y0 + parseFloat(r.getAttribute('height')), k]);
    // A value text clipped from this view keeps the one seen before.
    read.cells[k] = [r.getAttribute('fill'), r.getAttribute('stroke'), r.getAttribute('stroke-width'),
                     r.getAttribute('class') || '', read.cells[k] ? read.cells[k][4] : null];
  });
  box.querySelectorAll('text.value').forEach(t => {
    const ty = parseFloat(t.getAttribute('y'));
    (rows[t.getAttribute('data-slot')] || []).forEach(c => { if (ty >= c[0] && ty <= c[1]) read.cells[c[2]][4] = t.textContent; });
  });
  box.querySelectorAll('line').forEach(l => {
    read.edges[l.getAttribute('data-i')] = ['x1', 'y1', 'x2', 'y2', 'stroke', 'stroke-width'].map(a => l.getAttribute(a));
  });
  const b = box.querySelector('rect.band');
  if (b) read.band = ['x', 'y', 'width', 'height'].map(a => parseFloat(b.getAttribute(a)));
})()"""
READ_END = """(() => { const read = window.scanvizRead;
  return JSON.stringify({cells: read.cells, band: read.band,
    window: document.getElementById('diagram').getAttribute('data-window'),
    edges: Object.keys(read.edges).map(Number).sort((a, b) => a - b).map(i => read.edges[i])}); })()"""


def read_diagram(page):
    sx, sy, w, h, width, height = page.evaluate(READ_START)
    views = [(x, y) for y in range(0, height, h) for x in range(0, width, w)]
    if len(views) > 400:
        raise RuntimeError("the diagram's box (%d x %d) scrolls over %d x %d: %d views" % (w, h, width, height, len(views)))
    for x, y in views + [(sx, sy)]:  # then back where it was
        page.evaluate(SCROLL_TO, [x, y])
        page.wait_for_function(VIEW_DRAWN, polling=20)
        page.evaluate(GATHER)
    return json.loads(page.evaluate(READ_END))


def window_of(drawn):
    return [int(v) for v in drawn["window"].split(",")]


def window_near(page, centre):
    """Waits (bounded) until the diagram's window is centred within 48 columns of `centre`."""
    settle(page, """c => { const w = (document.getElementById('diagram').getAttribute('data-window') || '0,0')
        .split(',').map(Number); return Math.abs(w[0] + Math.floor(w[1] / 2) - c) <= 48; }""", centre)


def colour(c):
    return "#%02x%02x%02x" % (c & 255, (c >> 8) & 255, (c >> 16) & 255)


def num(v):
    """A length as the page writes it (JavaScript: String(Math.round(v * 100) / 100))."""
    r = math.floor(v * 100 + 0.5) / 100
    s = repr(r)
    return s[:-2] if s.endswith(".0") else s


def cell_value(text):
    """An int32 cell's value from its text (core/figure/scene_parts.hpp writes the int32 extremes,
    the identities of exclusive max and min, as powers of two)."""
    return {"-2\u00b3\u00b9": -2**31, "2\u00b3\u00b9-1": 2**31 - 1}.get(text) or int(text)


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


def trace(args, out, *options):
    """`scanviz trace` of block_blelloch, max, exclusive, as JSON into out."""
    subprocess.run([args.scanviz, "trace", "--variant", "block_blelloch", "--op", "max", "--exclusive"] +
                   list(options) + ["--format", "json", "-o", out], check=True)
    return json.load(open(out))


def app_checks(context, check, args, site, work):
    page = open_page(context, "file://" + os.path.join(site, "app.html"))
    first = page.evaluate("window.scanvizTiming")
    dom = page.evaluate(READ_DOM)
    check.eq("the app page opens on a computed trace", [dom["svgs"], dom["error"]], [2, None])

    # block_blelloch, n = 128, typed values, max, exclusive.
    set_field(page, "f-variant", "block_blelloch")
    set_field(page, "f-op", "max")
    set_field(page, "f-mode", "exclusive")
    set_field(page, "f-fill", "typed")
    set_field(page, "f-n", str(N), run=False)
    set_field(page, "f-input", VALUES)
    blur(page)
    trace_file = os.path.join(work, "blelloch.json")
    steps = trace(args, trace_file, "--n", str(N), "--input", VALUES)["steps"]
    down = next(k for k, s in enumerate(steps) if "down" in s["phase"])
    expected = oracle(args, trace_file, down + 1, SLOT)
    dom = page.evaluate(READ_DOM)
    check.eq("initial label", dom["label"], "initial state (step 0/%d)" % expected["steps"])
    check.eq("model badge (typed values are not in the recording)", [dom["badgeKind"], "reference model" in dom["badge"]],
             ["model", True])
    for _ in range(down + 1):
        page.keyboard.press("ArrowRight")
    page.locator('#state rect[data-slot="%d"]' % SLOT).click()
    dom = page.evaluate(READ_DOM)
    check.eq("stepped with Right to the first down-sweep step", [dom["step"], dom["phase"]],
             [str(down + 1), steps[down]["phase"]])
    # Legible as in the window (core/figure/legible.hpp): no value drawn smaller than the
    # style's minimum text size; a figure too wide for the page scrolls instead.
    sizes = page.evaluate(
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
    drawn = read_diagram(page)
    check.eq("every column shown at n = %d (no window, no strip)" % N,
             [drawn["window"], page.locator("#overview").is_hidden()], ["0,%d" % expected["slots"], True])
    check.eq("lit cone (diagram cells)", lit(drawn["cells"], ("cone", "selected")), sorted(expected["cone"]))
    check.eq("lit reach (diagram cells)", lit(drawn["cells"], ("reach", "selected")), sorted(expected["reach"]))
    check.eq("diagram cells (fill, stroke, width, lit, value)", drawn["cells"], expected_cells(expected))
    check.eq("diagram edges (ends, colour, width) in drawing order", drawn["edges"], expected_edges(expected))
    # The page reads the band back from the SVG (rounded to 0.01 px): equal to 0.05 px.
    band = drawn["band"] or []
    check.eq("current-step band (to 0.05 px)", len(band) == len(expected["band"]) and all(
        abs(a - b) <= 0.05 for a, b in zip(band, expected["band"])) or [band, expected["band"]], True)
    # The keyboard's way to the same cell: its number, then Enter.
    page.click("#clear")
    check.eq("clear unselects the cell", page.locator("#clear").is_hidden(), True)
    set_field(page, "cell", str(SLOT))
    blur(page)
    check.eq("the keyboard selects the cell too (its number, Enter)",
             [read_diagram(page)["cells"], page.evaluate(READ_DOM)["selection"]], [drawn["cells"], dom["selection"]])
    check.eq("work and span", [dom["work"].split(" ")[0], dom["span"]],
             [str(expected["step_work"]), "%d of %d" % (expected["span_so_far"], expected["span"])])
    check.eq("totals", dom["totals"], "%d (work %d, span %d)" % (expected["steps"], expected["work"], expected["span"]))
    check.eq("the address keeps the run, the step and the cell",
             all(k in dom["hash"] for k in ("variant=block_blelloch", "op=max", "exclusive=1", "step=%d" % (down + 1),
                                            "cell=%d" % SLOT)), True)
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=os.path.join(args.screenshots, "web_app_page.png"))

    # The address alone brings the same moment back (a link to it), in a freshly loaded page.
    page = open_page(context, "file://" + os.path.join(site, "app.html") + dom["hash"])
    again = page.evaluate(READ_DOM)
    check.eq("the address reopens the same step, cell and values", [again["step"], again["values"], again["selection"]],
             [dom["step"], dom["values"], dom["selection"]])

    # The window's keys.
    step = lambda: page.get_attribute("#step-label", "data-step")
    page.keyboard.press("End")
    check.eq("End", step(), str(expected["steps"]))
    page.keyboard.press("Home")
    check.eq("Home", step(), "0")
    page.keyboard.press("Space")
    settle(page, "() => document.getElementById('step-label').getAttribute('data-step') !== '0'")
    check.eq("Space plays", [page.text_content("#play"), step() != "0"], ["Pause", True])
    page.keyboard.press("Space")
    check.eq("Space pauses", page.text_content("#play"), "Play")

    # Bad input: the CLI's line (its --x named x), and no picture of another run beside it.
    for field, value in (("f-input", "1,2,x,4"), ("f-n", "4096")):
        if field == "f-n":
            set_field(page, "f-fill", "random")
        set_field(page, field, value)
        r = subprocess.run([args.scanviz, "trace", "--variant", "block_blelloch", "--op", "max", "--exclusive",
                            "--" + field[2:], value], capture_output=True, text=True)
        line = r.stderr.strip().splitlines()[-1].replace("scanviz: ", "", 1).replace("--", "")
        dom = page.evaluate(READ_DOM)
        check.eq("bad input %s=%s: the CLI's line, no picture" % (field, value),
                 [(dom["error"] or "").replace("--", ""), dom["svgs"]], [line, 0])

    # Re-tracing block_blelloch at n = 2048 in the page (compute and draw), timed.
    set_field(page, "f-n", "2048")
    retrace = []
    for seed in range(1, 6):
        set_field(page, "f-seed", str(seed))
        page.wait_for_function("window.scanvizTiming.last_painted_ms !== null", polling=20)
        retrace.append(page.evaluate("(t => [t.last_compute_ms, t.last_parse_ms, t.last_run_ms, t.last_painted_ms])"
                                     "(window.scanvizTiming)"))
    check.eq("n = 2048 computed", page.evaluate(READ_DOM)["error"], None)
    windowed_checks(page, check, args, work, seed)
    stepping = []
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
        stepping.append(page.evaluate("window.scanvizTiming.last_render_ms"))

    # The work-and-span charts: the picked variants' curves and the two guides on each.
    charts = page.evaluate("[...document.querySelectorAll('#chart-work path, #chart-span path')].map(p => "
                           "p.getAttribute('data-variant') || p.getAttribute('class'))")
    check.eq("work and span charts: block_blelloch and the guides",
             [charts.count("guide"), "block_blelloch" in charts, "block_hillis_steele" in charts], [4, True, True])

    # A recorded input, linked from the index: the GPU's trace with its device badge.
    page = open_page(context, "file://" + os.path.join(site, "index.html"), ready=None)
    link = page.get_attribute("#warp_conditional nav.traces a", "href")
    check.eq("index links the lesson", page.locator('a[href="lessons/%s.html"]' % LESSON).count() > 0, True)
    page = open_page(context, "file://" + os.path.join(site, link))
    dom = page.evaluate(READ_DOM)
    check.eq("a recorded input shows the GPU's trace and badge", [dom["badgeKind"], dom["badge"].startswith(
        "recorded on NVIDIA")], ["recording", True])
    if args.screenshots:
        page.screenshot(path=os.path.join(args.screenshots, "web_trace_page.png"))
    return first, retrace, stepping


def windowed_checks(page, check, args, work, seed):
    """block_blelloch at n = 2048: the diagram is a legible window of columns, as in the window
    (figure::focus_window, kDiagramWindowSlots), under an overview strip that moves it; the
    cells it shows hold the right values and colours (publish_oracle, from the CLI's trace)."""
    n = 2048
    trace_file = os.path.join(work, "blelloch2048.json")
    steps = len(trace(args, trace_file, "--n", str(n), "--seed", str(seed))["steps"])
    blur(page)
    page.keyboard.press("End")  # the last step: its window is where it writes first
    expected = oracle(args, trace_file, steps, -1)
    drawn = read_diagram(page)
    first, count = window_of(drawn)
    check.eq("n = %d: the diagram shows the window's window of columns" % n, [first, count], expected["window"])
    check.eq("n = %d: %d columns of %d, every row, values and colours as the CLI's trace" % (n, count, expected["slots"]),
             drawn["cells"], expected_cells(expected))
    check.eq("n = %d: the window's edges in drawing order" % n, drawn["edges"], expected_edges(expected))
    strip = page.locator("#overview")
    check.eq("n = %d: the overview strip is shown, its frame the window" % n,
             [strip.is_visible(), strip.get_attribute("aria-valuenow"), strip.locator("svg").count() > 0],
             [True, str(first), True])

    # A cell far from the window, by its number (the keyboard's way): the window comes to it.
    far = 1500
    set_field(page, "cell", str(far))
    blur(page)
    expected = oracle(args, trace_file, steps, far)
    drawn = read_diagram(page)
    first, count = window_of(drawn)
    check.eq("a cell outside the window brings the window to it", [first <= far < first + count, [first, count]],
             [True, expected["window"]])
    check.eq("... its cells, cone and reach as the CLI's trace", drawn["cells"], expected_cells(expected))
    check.eq("... the cell's line", page.text_content("#selection-line").startswith("slot %d after" % far), True)

    # The overview strip: a click a tenth along it moves the window there (the cell stays selected).
    strip.scroll_into_view_if_needed()
    box = strip.bounding_box()
    y = box["y"] + box["height"] / 2
    strip.click(position={"x": box["width"] * 0.1, "y": box["height"] / 2})
    window_near(page, int(0.1 * expected["slots"]))
    drawn = read_diagram(page)
    first, count = window_of(drawn)
    check.eq("a click in the strip moves the window there", abs(first + count // 2 - int(0.1 * expected["slots"])) <= 48,
             True)
    expected = oracle(args, trace_file, steps, far, first)
    check.eq("... its cells as the CLI's trace, the cell still selected", drawn["cells"], expected_cells(expected))
    check.eq("... the address keeps the step and the cell", all(
        k in page.evaluate("location.hash") for k in ("step=%d" % steps, "cell=%d" % far)), True)

    # Dragging along the strip carries the window with it.
    page.mouse.move(box["x"] + box["width"] * 0.1, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.6, y, steps=5)
    page.mouse.up()
    window_near(page, int(0.6 * expected["slots"]))
    first, count = window_of(read_diagram(page))
    check.eq("a drag along the strip carries the window", abs(first + count // 2 - int(0.6 * expected["slots"])) <= 48,
             True)

    # The strip's keys (it is reached with Tab): a row of 32 on, the end; ] moves half a window.
    strip.focus()
    page.keyboard.press("ArrowRight")
    check.eq("the strip's Right key moves the window a row of 32", window_of(read_diagram(page))[0], first + 32)
    page.keyboard.press("End")
    drawn = read_diagram(page)
    first, count = window_of(drawn)
    check.eq("... End: the last columns", first + count, expected["slots"])
    expected = oracle(args, trace_file, steps, far, first)
    check.eq("... its cells as the CLI's trace", drawn["cells"], expected_cells(expected))
    check.eq("the strip's keys do not step the run", page.get_attribute("#step-label", "data-step"), str(steps))
    blur(page)
    page.click("#clear")
    blur(page)
    page.keyboard.press("Home")  # the initial state, nothing selected: the first columns
    page.keyboard.press("[")
    page.keyboard.press("]")
    check.eq("] on the page moves the window half a window on", window_of(read_diagram(page))[0], 128)


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
  revealed: document.body.getAttribute('data-revealed'),
  showAnswerHidden: document.getElementById('show-answer').hidden,
  problems: document.getElementById('lesson-problems').hidden ? null : document.getElementById('lesson-problems').textContent
}))()"""


def lesson_checks(context, check, args, site, work):
    """One lesson page: PageDown to LESSON_STEP, a wrong and the right answer, progress, a broken file."""
    lesson_file = os.path.join(args.source, "assets", "lessons", LESSON + ".lesson")
    expected = json.loads(subprocess.run(
        [args.lesson_oracle, args.recording, lesson_file, str(LESSON_STEP), os.path.join(args.source, "assets", "sass"),
         os.path.join(args.source, "assets", "bench", "h100_bench.csv")],
        check=True, capture_output=True, text=True).stdout)
    url = "file://" + os.path.join(site, "lessons", LESSON + ".html")
    page = open_page(context, url)
    check.eq("lesson starts at step 1", page.evaluate(READ_LESSON)["step"], "1")
    for _ in range(LESSON_STEP - 1):
        page.keyboard.press("PageDown")
    dom = page.evaluate(READ_LESSON)
    check.eq("lesson step label after the PageDown presses", dom["label"], expected["label"])
    check.eq("lesson narration (placeholders computed in the browser)", dom["narration"], expected["narration"])
    check.eq("trace badge kind", dom["badgeKind"], expected["badge_kind"])
    q = expected["question"]
    check.eq("question shown, its answer not yet", [dom["questionHidden"], dom["ask"], dom["revealed"],
                                                   dom["showAnswerHidden"]], [False, q["ask"], "0", False])
    answer = page.locator("#answer")
    answer.press_sequentially(q["wrong"])  # key by key: the page's keys must leave the field's alone
    answer.press("Enter")
    dom = page.evaluate(READ_LESSON)
    check.eq("a wrong answer gets the hint naming the view", [dom["correct"], dom["feedback"]],
             ["0", q["wrong_message"]])
    check.eq("typing an answer does not turn the lesson's page", dom["step"], str(LESSON_STEP))
    answer.fill("")
    answer.press_sequentially(q["right"])
    answer.press("Enter")
    dom = page.evaluate(READ_LESSON)
    check.eq("the right answer", [dom["correct"], dom["feedback"]], ["1", q["right_message"]])
    check.eq("answering reveals the hidden figures", [dom["revealed"], dom["narration"], dom["showAnswerHidden"]],
             ["1", expected["narration_revealed"], True])
    if args.screenshots:
        page.screenshot(path=os.path.join(args.screenshots, "web_lesson_page.png"))
    blur(page)
    page.keyboard.press("PageUp")
    check.eq("PageUp goes back", page.evaluate(READ_LESSON)["step"], str(LESSON_STEP - 1))
    page.keyboard.press("PageDown")
    # Progress is kept in the browser: the page opens again where the learner was.
    page = open_page(context, url)
    dom = page.evaluate(READ_LESSON)
    check.eq("progress survives a reload", [dom["step"], dom["progress"].startswith("1 of ")], [str(LESSON_STEP), True])
    # "Show answer" reveals without an answer.
    page.click("#show-answer")
    dom = page.evaluate(READ_LESSON)
    check.eq("show answer reveals", [dom["revealed"], dom["narration"], dom["feedback"].startswith("Answer: " + q["right"])],
             ["1", expected["narration_revealed"], True])

    # A broken lesson of one's own: the checker's line, as `scanviz lesson check` prints it.
    broken = os.path.join(work, "broken.lesson")
    with open(broken, "w") as f:
        f.write("title = Broken\nprerequisites = none\noutcomes = none\n\n[step One]\nvariant = warp_conditional\n"
                "at = 99\ntext = A step past the end.\n")
    r = subprocess.run([args.scanviz, "lesson", "check", broken], capture_output=True, text=True)
    cli = r.stderr.strip().splitlines()[0].replace("scanviz: ", "", 1).replace(work + "/", "")
    page = open_page(context, "file://" + os.path.join(site, "lessons", "open.html"))
    page.set_input_files("#lesson-input", broken)
    page.wait_for_function("document.body.getAttribute('data-problems') !== null", polling=50)
    dom = page.evaluate(READ_LESSON)
    check.eq("a broken .lesson file gets the checker's line", (dom["problems"] or "").splitlines()[:1], [cli])


READ_ZH = r"""(() => ({
  lang: document.documentElement.lang,
  title: document.getElementById('lesson-title').textContent,
  check: document.getElementById('check').textContent,
  showAnswer: document.getElementById('show-answer').textContent,
  next: document.getElementById('lesson-next').textContent,
  before: document.querySelector('[data-i18n="Before:"]').textContent,
  stateHead: document.querySelector('#panel-state h2').textContent,
  play: document.getElementById('play').textContent,
  metricNames: [...document.querySelectorAll('#metrics dt')].map(e => e.textContent),
  switchPressed: [...document.querySelectorAll('#lang-switch button')].map(b => b.id + ':' + b.getAttribute('aria-pressed'))
}))()"""


def zh_lesson_checks(browser, check, args, site, catalog):
    """The lesson page in Chinese (the browser's language, --lang=zh-CN): the catalog's words, the
    Chinese lesson's title, narration and question, an answer judged with Chinese feedback; the
    switch to English, kept in localStorage."""
    zh_file = os.path.join(args.source, "assets", "lessons", "zh_CN", LESSON + ".lesson")
    expected = json.loads(subprocess.run(
        [args.lesson_oracle, args.recording, zh_file, str(LESSON_STEP), os.path.join(args.source, "assets", "sass"),
         os.path.join(args.source, "assets", "bench", "h100_bench.csv")],
        check=True, capture_output=True, text=True).stdout)
    zh_title = next(line.split("=", 1)[1].strip() for line in open(zh_file, encoding="utf-8")
                    if line.startswith("title"))

    def tr(msgid, **kw):
        text = catalog.get(("", msgid), [msgid])[0]
        for k, v in kw.items():
            text = text.replace("{%s}" % k, str(v))
        return text

    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="zh-CN")
    context.set_default_timeout(WAIT_MS)
    url = "file://" + os.path.join(site, "lessons", LESSON + ".html")
    page = open_page(context, url)
    check.eq("zh: the browser's language", page.evaluate("navigator.languages[0]"), "zh-CN")
    dom = page.evaluate(READ_ZH)
    check.eq("zh: the page speaks Chinese: the catalog's labels",
             [dom["lang"], dom["check"], dom["showAnswer"], dom["next"].strip(), dom["before"], dom["stateHead"],
              dom["play"]],
             ["zh-CN", tr("Check"), tr("Show answer"), tr("Next") + " \u25b6", tr("Before:"), tr("State"), tr("Play")])
    check.eq("zh: the labels are Chinese, not the English msgids", [dom["check"] != "Check", dom["play"] != "Play"],
             [True, True])
    check.eq("zh: the metrics' names from the catalog", dom["metricNames"][:1], [tr("step")])
    check.eq("zh: the Chinese lesson's title", dom["title"], zh_title)
    check.eq("zh: the switch shows Chinese picked", dom["switchPressed"], ["lang-en:false", "lang-zh:true"])
    for _ in range(LESSON_STEP - 1):
        page.keyboard.press("PageDown")
    dom = page.evaluate(READ_LESSON)
    n_steps = int(expected["label"].split(" of ")[1].split(":")[0])
    title = expected["label"].split(": ", 1)[1] if ": " in expected["label"] else ""
    check.eq("zh: the step label", dom["label"], tr("Step {i} of {n}: {title}", i=LESSON_STEP, n=n_steps, title=title)
             if title else tr("Step {i} of {n}", i=LESSON_STEP, n=n_steps))
    check.eq("zh: the Chinese narration, computed in the browser", dom["narration"], expected["narration"])
    q = expected["question"]
    check.eq("zh: the Chinese question", dom["ask"], q["ask"])
    answer = page.locator("#answer")
    answer.press_sequentially(q["wrong"])
    answer.press("Enter")
    dom = page.evaluate(READ_LESSON)
    check.eq("zh: a wrong answer, said in Chinese", [dom["correct"], dom["feedback"].startswith(tr("Not quite."))],
             ["0", True])
    # ... with the Chinese lesson's hint, and the view that shows the answer in the catalog's words.
    view = q["wrong_message"].rsplit(" The answer is in ", 1)[-1][:-1] if " The answer is in " in q["wrong_message"] else None
    if view:
        check.eq("zh: the hint names the view in Chinese", dom["feedback"].endswith(tr("The answer is in {view}.",
                                                                                     view=tr(view))), True)
        check.eq("zh: ... which the catalog translates", ("", view) in catalog, True)
    answer.fill("")
    answer.press_sequentially(q["right"])
    answer.press("Enter")
    dom = page.evaluate(READ_LESSON)
    import re
    # judge's "Right: ANSWER" or "Right: ANSWER (ORIGIN)." (core/lessons/quantity.cpp), in the catalog's words.
    m = re.match(r"^Right: (.*?)(?: \((.*)\)\.)?$", q["right_message"])
    check.eq("zh: the oracle's verdict reads as judge writes it", bool(m), True)
    right = (tr("Right: {answer} ({origin}).", answer=m.group(1), origin=m.group(2)) if m and m.group(2)
             else tr("Right: {answer}", answer=m.group(1) if m else ""))
    check.eq("zh: the right answer, said in Chinese", [dom["correct"], dom["feedback"]], ["1", right])
    check.eq("zh: progress, in Chinese", dom["progress"].startswith(tr("{answered} of {asked} questions answered",
                                                                        answered=1, asked="X").split("X")[0]), True)
    if args.screenshots:
        page.screenshot(path=os.path.join(args.screenshots, "web_lesson_page_zh.png"))
    # The switch: English, kept in this browser; the lesson's progress is the same lesson's.
    page.click("#lang-en")
    page.wait_for_load_state()
    page.wait_for_function(READY, polling=50)
    dom = page.evaluate(READ_ZH)
    check.eq("zh: the switch to English", [dom["lang"], dom["check"], dom["switchPressed"]],
             ["en", "Check", ["lang-en:true", "lang-zh:false"]])
    page = open_page(context, url)
    dom = page.evaluate(READ_ZH)
    check.eq("zh: the English pick stays (localStorage), whatever the browser's language", dom["check"], "Check")
    check.eq("zh: progress is the lesson's, whatever the language", page.evaluate(READ_LESSON)["step"],
             str(LESSON_STEP))
    page.click("#lang-zh")
    page.wait_for_load_state()
    page.wait_for_function(READY, polling=50)
    check.eq("zh: and back to Chinese", page.evaluate(READ_ZH)["check"], tr("Check"))
    # The index page too: the catalog's words, the lessons' Chinese titles.
    page = open_page(context, "file://" + os.path.join(site, "index.html"), ready=None)
    check.eq("zh: the index page in Chinese", [page.text_content("h1"), page.text_content("section.lessons h2")],
             [tr("scanviz: GPU parallel scan, step by step"), tr("Lessons")])
    check.eq("zh: the index lists the lesson by its Chinese title",
             page.text_content('a[href="lessons/%s.html"]' % LESSON), zh_title)
    context.close()


def phone_checks(context, check, args, site):
    """The app page on a phone-sized screen: a linked moment opens, its pictures scroll in
    boxes that fit the screen."""
    page = open_page(context, "file://" + os.path.join(site, "app.html") +
                     "#variant=block_blelloch&n=16&step=3&cell=5&at=3")
    dom = page.evaluate(READ_DOM)
    check.eq("phone: the linked step and cell, computed", [dom["step"], dom["selection"].startswith("slot 5 after"),
                                                          dom["error"], dom["svgs"]], ["3", True, None, 2])
    check.eq("phone: the pictures' boxes fit the screen (they scroll inside)", page.evaluate(
        "[...document.querySelectorAll('#state, #diagram')].map(e => e.getBoundingClientRect().right <= innerWidth "
        "&& e.scrollWidth > e.clientWidth)"), [True, True])
    if args.screenshots:
        page.evaluate("document.querySelector('section.controls').scrollIntoView()")
        page.screenshot(path=os.path.join(args.screenshots, "web_phone_page.png"))


def zh_phone_checks(browser, check, args, site, catalog):
    """The app page in Chinese on a phone-sized screen: the catalog's words, and the pictures' boxes
    still fit the screen with the Chinese labels."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="zh-CN")
    context.set_default_timeout(WAIT_MS)
    page = open_page(context, "file://" + os.path.join(site, "app.html") +
                     "#variant=block_blelloch&n=16&step=3&cell=5&at=3")
    dom = page.evaluate(READ_DOM)
    check.eq("zh phone: the linked step, computed", [dom["step"], dom["error"], dom["svgs"]], ["3", None, 2])
    check.eq("zh phone: the page is Chinese", page.evaluate("document.documentElement.lang"), "zh-CN")
    play = catalog.get(("", "Play"), ["Play"])[0]
    check.eq("zh phone: a label in the catalog's words", play in page.evaluate("document.body.innerText"), True)
    check.eq("zh phone: the pictures' boxes fit the screen", page.evaluate(
        "[...document.querySelectorAll('#state, #diagram')].map(e => e.getBoundingClientRect().right <= innerWidth)"),
        [True, True])
    if args.screenshots:
        page.evaluate("document.querySelector('section.controls').scrollIntoView()")
        page.screenshot(path=os.path.join(args.screenshots, "web_phone_page_zh.png"))
    context.close()


def missing(args):
    """What this machine lacks for the test, as one line; None when it has it all."""
    lacks = []
    if not os.path.isfile(args.module):
        lacks.append("the WebAssembly module %s (install emscripten, bash .ci/setup --tests, and build "
                     "scanviz_wasm)" % args.module)
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        lacks.append("Playwright for Python (pip install 'playwright>=1.40,<2'; bash .ci/setup --tests does)")
    if not find_chromium():
        lacks.append("chromium (Debian: apt-get install chromium; bash .ci/setup --tests does)")
    return "; ".join(lacks) or None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scanviz", required=True)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--recording", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--lesson-oracle", required=True)
    ap.add_argument("--module", required=True, help="the WebAssembly module that scanviz publish puts in the site")
    ap.add_argument("--source", required=True, help="the source tree (lessons, SASS snapshot, bench results)")
    ap.add_argument("--screenshots", help="save the README's pictures of the pages into this folder")
    ap.add_argument("--catalog", action="append", default=[],
                    help="the Chinese catalog(s) the site's words come from (.po; several are merged, later ones "
                         "adding entries); default: what scanviz finds (assets/i18n/zh_CN.po)")
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # a run cut short still shows how far it got

    lacks = missing(args)
    if lacks:
        print("SKIPPED: browser_site needs " + lacks)
        return 77
    from playwright.sync_api import sync_playwright
    # Never past the budget, whatever hangs: a line, and out (Playwright's driver, left without
    # us, closes Chromium).
    def out_of_time():
        print("FAIL: the browser checks took over %d s; the step after the last line above did not end" % BUDGET_S,
              flush=True)
        os._exit(1)
    watchdog = threading.Timer(BUDGET_S, out_of_time)
    watchdog.daemon = True
    watchdog.start()

    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    site = os.path.join(work, "site")
    shutil.rmtree(site, ignore_errors=True)  # this test's own scratch site from an earlier run
    env = dict(os.environ, SCANVIZ_WASM_JS=args.module)
    catalogs = args.catalog or [os.path.join(args.source, "assets", "i18n", "zh_CN.po")]
    if args.catalog:  # merged into one file, which scanviz publish reads as its Chinese catalog
        merged = os.path.join(work, "catalog_zh.po")
        with open(merged, "w", encoding="utf-8") as out:
            for c in args.catalog:
                out.write(open(c, encoding="utf-8").read() + "\n")
        env["SCANVIZ_CATALOG_ZH"] = merged
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from check_web_catalog import read_po
    catalog = {}
    for c in catalogs:
        catalog.update(read_po(c))
    subprocess.run([args.scanviz, "publish", "-o", site, args.recording], check=True, env=env)
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(site) for f in fs)

    check = Checks()
    check.eq("the site is under 15 MB", size < SITE_LIMIT, True)
    with sync_playwright() as p:
        # Playwright adds --headless, the no-background-throttling flags and, as root (CI
        # containers, where Chromium refuses its sandbox), --no-sandbox.
        browser = p.chromium.launch(executable_path=find_chromium(), args=["--disable-gpu"],
                                    chromium_sandbox=hasattr(os, "geteuid") and os.geteuid() != 0, timeout=WAIT_MS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            context.set_default_timeout(WAIT_MS)
            first, retrace, stepping = app_checks(context, check, args, site, work)
            lesson_checks(context, check, args, site, work)
            zh = p.chromium.launch(executable_path=find_chromium(), args=["--disable-gpu", "--lang=zh-CN"],
                                   chromium_sandbox=hasattr(os, "geteuid") and os.geteuid() != 0, timeout=WAIT_MS)
            try:
                zh_lesson_checks(zh, check, args, site, catalog)
                zh_phone_checks(zh, check, args, site, catalog)
            finally:
                zh.close()
            phone = browser.new_context(viewport={"width": 390, "height": 844})
            phone.set_default_timeout(WAIT_MS)
            phone_checks(phone, check, args, site)
        finally:
            browser.close()
    watchdog.cancel()

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
    if os.path.exists("/proc/loadavg"):
        print("figures: load average while measuring: %s" % open("/proc/loadavg").read().split()[0])
    if check.failed:
        print("%d check(s) failed" % check.failed)
        return 1
    print("all browser checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
