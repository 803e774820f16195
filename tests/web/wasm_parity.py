#!/usr/bin/env python3
"""The WebAssembly core against the native CLI: for every variant, at several n, operators,
types, modes and inputs (random with a seed, ones, ramp, typed values, segment heads), the
trace JSON the module computes under Node is byte for byte what `scanviz trace --format json
--backend model` prints for the same options; bad input gets the same line from both. Also
checks that the module opens the recording as the site carries it (uncompressed) and then
shows the recording's trace, with its device badge, for a recorded spec.

Usage: wasm_parity.py --scanviz BIN --module scanviz_core.js [--node node] [--recording R.svzrec]
Exit 77 (ctest: skipped) with the reason when node or the module is missing.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def cases(variants):
    """(options for the CLI, fields for the module) per case."""
    out = []
    ops = [("add", "i32"), ("max", "i32"), ("min", "i32"), ("add", "f32")]
    fills = ["random", "ones", "ramp", "typed"]
    k = 0
    for v in variants:
        sizes = [v["default_n"]] + [n for n in v["sizes"] if n <= 2048]
        sizes = sorted(set(sizes))
        picks = sorted(set([sizes[0], sizes[len(sizes) // 2], v["default_n"], sizes[-1]]))
        if v["level"] != "warp":
            odd = [n for n in (5, 33, 100, 1000) if n <= sizes[-1]]
            picks += odd[:2]
        for n in picks:
            for j in range(2):
                op, ty = ops[(k + j) % len(ops)]
                fill = fills[(k + 2 * j) % len(fills)]
                exclusive = (k + j) % 2 == 1
                k += 1
                f = {"variant": v["id"], "n": n, "op": op, "type": ty, "exclusive": exclusive}
                args = ["--variant", v["id"], "--n", str(n), "--op", op, "--type", ty]
                if exclusive:
                    args.append("--exclusive")
                if fill == "typed":
                    vals = ",".join(str((i * 7 + k) % 10 if ty == "i32" else ((i * 7 + k) % 10) / 4) for i in range(n))
                    f["input"] = vals
                    args += ["--input", vals]
                else:
                    f["fill"] = fill
                    args += ["--fill", fill]
                    if fill == "random":
                        f["seed"] = k
                        args += ["--seed", str(k)]
                if v["segmented"] and j == 1:
                    heads = ",".join("1" if i % 5 == 0 else "0" for i in range(n))
                    f["heads"] = heads
                    args += ["--heads", heads]
                out.append((args, f))
    # Bad input: the same line from both (the CLI names a field --x, the page x).
    bad = [
        {"variant": "block_blelloch", "n": 4096},
        {"variant": "block_blelloch", "input": "1,x,3"},
        {"variant": "block_blelloch", "input": "1,,3"},
        {"variant": "warp_conditional", "n": 31},
        {"variant": "warp_conditional", "op": "max", "type": "f32"},
        {"variant": "warp_conditional", "op": "mul"},
        {"variant": "no_such_variant"},
        {"variant": "warp_segmented", "heads": "1,7"},
        {"variant": "block_hillis_steele", "n": 8, "input": "1,2,3"},
    ]
    for f in bad:
        args = []
        for key, val in f.items():
            args += ["--" + key, str(val)]
        out.append((args, dict(f, bad=True)))
    return out


def node_call(node, module, requests):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(requests, fh)
        path = fh.name
    try:
        r = subprocess.run([node, os.path.join(HERE, "wasm_call.js"), module, path], capture_output=True, text=True,
                           timeout=600)
    finally:
        os.unlink(path)
    if r.returncode != 0:
        sys.exit("node failed: " + r.stderr)
    return json.loads(r.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scanviz", required=True)
    ap.add_argument("--module", required=True)
    ap.add_argument("--node", default=shutil.which("node") or "node")
    ap.add_argument("--recording")
    a = ap.parse_args()
    if not shutil.which(a.node) and not os.path.exists(a.node):
        print("SKIPPED: no node to run the WebAssembly module")
        return 77
    if not os.path.exists(a.module):
        print("SKIPPED: no WebAssembly module at " + a.module + " (install emscripten and build)")
        return 77

    variants = node_call(a.node, a.module, [{"fn": "variants"}])[0]["result"]
    todo = cases(variants)
    answers = node_call(a.node, a.module, [dict(f, fn="trace") for _, f in todo])
    failures, compared, errors = [], 0, 0
    for (args, f), ans in zip(todo, answers):
        r = subprocess.run([a.scanviz, "trace", "--format", "json", "--backend", "model"] + args,
                           capture_output=True, text=True)
        if f.get("bad"):
            cli_line = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ""
            cli_line = cli_line.replace("scanviz: ", "", 1).replace("--", "")
            # The CLI names a field --x where the page names it x; the validator's own words are shared.
            if r.returncode == 0 or ans["ok"] or ans["error"].replace("--", "") != cli_line:
                failures.append("bad input %s: CLI rc %d %r, wasm %r" % (f, r.returncode, cli_line, ans))
            errors += 1
            continue
        if r.returncode != 0:
            failures.append("CLI failed for %s: %s" % (" ".join(args), r.stderr.strip()))
            continue
        if not ans["ok"]:
            failures.append("wasm failed for %s: %s" % (" ".join(args), ans["error"]))
            continue
        if ans["result"].strip() != r.stdout.strip():
            a_lines, b_lines = ans["result"].strip().splitlines(), r.stdout.strip().splitlines()
            diff = next((i for i, (x, y) in enumerate(zip(a_lines, b_lines)) if x != y), min(len(a_lines), len(b_lines)))
            failures.append("trace differs for %s at line %d: wasm %r, CLI %r" % (
                " ".join(args)[:200], diff + 1, a_lines[diff] if diff < len(a_lines) else None,
                b_lines[diff] if diff < len(b_lines) else None))
        compared += 1

    # The recording as the site carries it: its traces come back with their device badge.
    recorded = 0
    if a.recording:
        work = tempfile.mkdtemp(prefix="scanviz-parity-")
        try:
            r = subprocess.run([a.scanviz, "publish", "-o", os.path.join(work, "site"), a.recording,
                                "--lessons", os.path.join(os.path.dirname(HERE), "..", "assets", "lessons",
                                                          "01_kogge_stone_warp.lesson")],
                               capture_output=True, text=True)
            if r.returncode != 0:
                failures.append("publish failed: " + r.stderr.strip())
            else:
                import base64, gzip, re
                data = open(os.path.join(work, "site", "site_data.js")).read()
                gz = re.search(r'recording_gz = "([A-Za-z0-9+/=]*)"', data).group(1)
                raw = os.path.join(work, "recording.raw")
                open(raw, "wb").write(gzip.decompress(base64.b64decode(gz)))
                listing = subprocess.run([a.scanviz, "trace", "--from", a.recording], capture_output=True, text=True)
                line = [l for l in listing.stdout.splitlines() if "--variant block_blelloch" in l][0].split()
                spec = {"variant": line[1], "n": int(line[3]), "op": line[5], "type": line[7],
                        "exclusive": "--exclusive" in line}
                if "--seed" in line:
                    spec["seed"] = int(line[line.index("--seed") + 1])
                    spec["fill"] = "random"
                out = node_call(a.node, a.module, [{"fn": "load_recording", "path": raw}, dict(spec, fn="page")])
                if not out[0]["ok"]:
                    failures.append("the module refused the site's recording: " + out[0]["error"])
                elif out[1]["result"]["badge"]["kind"] != "recording":
                    failures.append("recorded spec %s came back with badge %s" % (spec, out[1]["result"]["badge"]))
                else:
                    recorded += 1
        finally:
            shutil.rmtree(work, ignore_errors=True)

    for f in failures[:20]:
        print("FAIL:", f)
    print("wasm parity: %d traces identical to the CLI's, %d bad inputs with the same line, %d recorded trace "
          "with its device badge; %d failures" % (compared - len([x for x in failures if 'differs' in x]), errors,
                                                  recorded, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
