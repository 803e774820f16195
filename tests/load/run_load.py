#!/usr/bin/env python3
"""Load held (issue 23): three runs of scanviz under load, with their memory printed.

1. window: `scanviz gui --script tests/load/window_session.script` (under Xvfb when there is no
   display): every trace of the shipped recording stepped to its end and back, the variant and n
   switched 2,000 times, every view closed and opened, PASSES times in one window; the script
   prints the heap in use and the resident memory after each pass. Held: no later pass ends above
   the first by more than the slack (heap) or four times it (resident memory, which also holds
   the GL driver's pages).
2. publish: `scanviz publish -o DIR --force` 20 times in one loop, each run's peak resident
   memory and time. Held: every run succeeds, writes the same files, none peaks above the first.
3. lesson check: `scanviz lesson check` over 1,000 generated lesson files in one process, beside
   a run over the first 100 (each file is one of 100 kinds, so both hold the same runs). Held: every
   file passes, and the peak of 1,000 files is that of 100.

Prints one line per figure and a verdict per part; exits 1 when any part does not hold.
Usage: python3 tests/load/run_load.py [--scanviz build/app/scanviz] [--passes 3] [--only window,publish,lessons]
Growth allowed: --slack-kib (default 1024) above the first figure, for allocator noise.
"""
import argparse, os, random, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def run_measured(cmd, echo=None, **kw):
    """Runs cmd; returns (exit code, output, peak resident KiB, seconds). Lines matching `echo` are
    printed as they come (the window's memory figures, while it runs)."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    out = ""
    for line in p.stdout:
        out += line
        if echo and re.match(echo, line):
            print(f"  [{time.monotonic() - start:5.0f} s] {line.rstrip()}", flush=True)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, out, usage.ru_maxrss, time.monotonic() - start


def verdict(name, ok, why):
    print(f"{name}: {'held' if ok else 'NOT HELD'} ({why})")
    return ok


def window(scanviz, passes, slack):
    with open(os.path.join(ROOT, "tests/load/window_session.script")) as f:
        script = re.sub(r"^repeat 3$", f"repeat {passes}", f.read(), count=1, flags=re.M)
    work = tempfile.mkdtemp(prefix="scanviz_load_")
    path = os.path.join(work, "session.script")
    with open(path, "w") as f:
        f.write(script)
    cmd = [scanviz, "gui", "--size", "1280x720", "--script", path]
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24"] + cmd
    rc, out, peak, secs = run_measured(cmd, echo=r"memory ", cwd=ROOT)
    shutil.rmtree(work)
    figures = [(m.group(1), int(m.group(2)), int(m.group(3)))
               for m in re.finditer(r"^memory (\S+): rss (-?\d+) KiB, heap (-?\d+) KiB$", out, re.M)]
    for label, rss, heap in figures:
        print(f"window {label}: rss {rss / 1024:.1f} MiB, heap in use {heap / 1024:.1f} MiB")
    print(f"window: {passes} passes in {secs:.0f} s, exit {rc}, peak rss {peak / 1024:.1f} MiB")
    passes_seen = [(rss, heap) for label, rss, heap in figures if label == "pass"]
    if rc != 0 or len(passes_seen) != passes:
        print(out[-3000:])
        return verdict("window", False, f"exit {rc}, {len(passes_seen)} of {passes} passes printed")
    (rss1, heap1), later = passes_seen[0], passes_seen[1:] or passes_seen[:1]
    rss_most, heap_most = max(r for r, _ in later), max(h for _, h in later)
    return verdict("window", heap_most <= heap1 + slack and rss_most <= rss1 + 4 * slack,
                   f"after pass 1: heap {heap1 / 1024:.1f} MiB, rss {rss1 / 1024:.1f} MiB; highest later: heap "
                   f"{heap_most / 1024:.1f} MiB ({(heap_most - heap1) / 1024:+.1f}), rss {rss_most / 1024:.1f} MiB "
                   f"({(rss_most - rss1) / 1024:+.1f}); allowed: heap +{slack / 1024:.1f}, rss +{4 * slack / 1024:.1f}")


def publish(scanviz, runs, slack):
    work = tempfile.mkdtemp(prefix="scanviz_load_publish_")
    site = os.path.join(work, "site")
    peaks, listings, failures = [], set(), 0
    for k in range(1, runs + 1):
        rc, out, peak, secs = run_measured([scanviz, "publish", "--force", "-o", site])
        files = sorted(os.path.relpath(os.path.join(dp, f), site) for dp, _, fn in os.walk(site) for f in fn)
        listings.add(tuple(files))
        peaks.append(peak)
        failures += rc != 0
        print(f"publish {k:2d}: exit {rc}, {len(files)} files, peak rss {peak / 1024:.1f} MiB, {secs:.2f} s")
        if rc != 0:
            print(out)
    shutil.rmtree(work)
    return verdict("publish", failures == 0 and len(listings) == 1 and max(peaks) <= peaks[0] + slack,
                   f"{runs} runs, {failures} failed, {len(listings)} distinct file lists, peak rss "
                   f"{peaks[0] / 1024:.1f} MiB first, {max(peaks) / 1024:.1f} MiB highest")


# A generated lesson: steps over the variants at sizes they take, each with a question whose answer
# the evaluators compute (the checker fails a lesson whose question has no answer).
VARIANTS = [("warp_conditional", [32]), ("warp_zeropad", [32]), ("warp_shfl_ptx", [32]),
            ("warp_segmented", [32]), ("block_hillis_steele", [16, 64, 100, 1024]),
            ("block_blelloch", [8, 64, 200, 2048]), ("block_blelloch_padded", [64, 128]),
            ("block_warp_scans_smem", [64, 96]), ("block_raking", [256]),
            ("device_decoupled_lookback", [1024, 4096])]
QUESTIONS = ["work", "span", "steps", "sequential_work", "max_conflict", "active_lanes", "step_work"]
STEP_QUESTIONS = {"active_lanes", "step_work"}  # need a step of the trace, not the initial state
KINDS = 100  # lesson i is kind i % KINDS (its own title): 100 files and 1,000 hold the same runs


def lesson_text(i):
    rng = random.Random(i % KINDS)
    lines = [f"title = Generated lesson {i}", "prerequisites = none", "outcomes = Read work and span from a trace.", ""]
    for s in range(rng.randint(2, 5)):
        variant, sizes = rng.choice(VARIANTS)
        question = rng.choice(QUESTIONS)
        at = rng.choice(["1", "last"] if question in STEP_QUESTIONS else ["1", "last", "initial"])
        lines += [f"[step Step {s + 1}]", f"variant = {variant}", f"n = {rng.choice(sizes)}",
                  f"input = {rng.choice(['random ' + str(rng.randint(1, 999)), 'ones', 'ramp'])}",
                  f"op = {rng.choice(['add', 'max', 'min'])}", f"at = {at}",
                  "text = This run does {work} operations in {steps} steps (span {span}).",
                  f"question = {question}", "ask = What is it?", "hint = Read the metrics view.", ""]
    return "\n".join(lines)


def lessons(scanviz, count, slack):
    work = tempfile.mkdtemp(prefix="scanviz_load_lessons_")
    files = []
    for i in range(count):
        path = os.path.join(work, f"generated_{i:04d}.lesson")
        with open(path, "w") as f:
            f.write(lesson_text(i))
        files.append(path)
    peaks, ok = {}, True
    for k in sorted({KINDS, count}):
        rc, out, peak, secs = run_measured([scanviz, "lesson", "check"] + files[:k])
        passed = len(re.findall(r"^ok ", out, re.M))
        peaks[k] = peak
        print(f"lesson check {k:4d} files: exit {rc}, {passed} ok, peak rss {peak / 1024:.1f} MiB, {secs:.1f} s")
        if rc != 0 or passed != k:
            print("\n".join(l for l in out.splitlines() if not l.startswith("ok "))[:3000])
            ok = False
    shutil.rmtree(work)
    return verdict("lesson check", ok and peaks[count] <= peaks[min(peaks)] + slack,
                   f"{count} generated files, peak rss {peaks[min(peaks)] / 1024:.1f} MiB over {min(peaks)}, "
                   f"{peaks[count] / 1024:.1f} MiB over {count}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scanviz", default=os.path.join(ROOT, "build/app/scanviz"))
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--slack-kib", type=int, default=1024)
    ap.add_argument("--only", default="window,publish,lessons")
    a = ap.parse_args()
    scanviz = os.path.abspath(a.scanviz)
    parts = a.only.split(",")
    held = True
    if "window" in parts:
        held &= window(scanviz, a.passes, a.slack_kib)
    if "publish" in parts:
        held &= publish(scanviz, 20, a.slack_kib)
    if "lessons" in parts:
        held &= lessons(scanviz, 1000, a.slack_kib)
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
