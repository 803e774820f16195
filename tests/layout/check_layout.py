#!/usr/bin/env python3
"""The house rules of scanviz's layout, checked on the source tree (ARCHITECTURE.md draws them).

1. Rooms of app/core point one way: a room includes only rooms below it in ROOM_ORDER.
2. Layers point one way: app/core includes no CUDA, OpenGL, GLFW or ImGui header and nothing from
   app/ui, app/render, app/cli or kernels/.
3. No code file in app/ or kernels/ passes MAX_LINES lines.
4. No code compares against a variant's id outside that variant's own files (its model in
   app/core/models/, its kernels named after it): what other code needs to know of a variant, its
   registry entry says.
5. The lab stays out of the product: no file in app/, kernels/, web/, shaders/ or tests/ includes
   anything from lab/, and only the top-level CMakeLists.txt names it (behind SCANVIZ_LAB).
6. Comments say why, not which tracker item: no "issue N" in app/, kernels/ or web/, and no
   comment there names a repository path (or a .md file) that does not exist.

Prints one line per breach and exits 1 when there is any; prints what it checked otherwise.
"""
import argparse, os, re, sys

ROOM_ORDER = ["common", "trace", "models", "analysis", "figure", "race", "profile", "sass", "bench",
              "recording", "run", "lessons", "publish"]
MAX_LINES = 800
CODE = re.compile(r"\.(cpp|hpp|cu|cuh|h)$")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')
FOREIGN_IN_CORE = re.compile(r"^(cuda|cub/|thrust/|imgui|GLFW/|glad/|GL/|ui/|render/|cli/|kernels/)")


def code_files(root, top):
    for dp, _, fn in os.walk(os.path.join(root, top)):
        for f in sorted(fn):
            if CODE.search(f):
                yield os.path.join(dp, f)


def variant_ids(root):
    ids = set()
    for f in code_files(root, "app/core/models"):
        ids.update(re.findall(r'\.id\s*=\s*"([a-z0-9_]+)"', open(f).read()))
    return ids


def own_file(path, vid):
    """A variant's own files: its model and the kernel files named after it."""
    base = os.path.basename(path)
    stem = re.sub(r"\.(cpp|hpp|cu|cuh)$", "", base)
    stem = re.sub(r"^(race_|iso_)", "", stem)
    return stem == vid or stem.startswith(vid + "_")


TEXT = re.compile(r"\.(cpp|hpp|cu|cuh|h|js|html|css|cmake|in|py|sh)$|^CMakeLists\.txt$")
ISSUE = re.compile(r"\b[Ii]ssues? \d+")
# Repository paths a comment may name: under a top-level folder, or a Markdown file.
NAMED_PATH = re.compile(r"(?<![\w/.-])((?:app|kernels|assets|tests|web|lab|shaders|cmake|third_party)/[\w./-]*[\w]"
                        r"|[A-Z][A-Za-z_]*\.md)")


def text_files(root, top):
    for dp, _, fn in os.walk(os.path.join(root, top)):
        for f in sorted(fn):
            if TEXT.search(f):
                yield os.path.join(dp, f)


def comment_of(line, path):
    """The comment part of a line (// or /* in C-like files and JavaScript, # in CMake, Python and shell)."""
    if re.search(r"\.(cmake|py|sh)$|CMakeLists\.txt$", path):
        i = line.find("#")
        return line[i:] if i >= 0 and not line.lstrip().startswith("#include") else ""
    for mark in ("//", "/*"):
        i = line.find(mark)
        if i >= 0 and not re.search(r"https?:$", line[:i]):
            return line[i:]
    s = line.lstrip()
    return s if s.startswith("*") else ""


def named_paths(comment):
    for m in NAMED_PATH.finditer(comment):
        if comment[m.end():m.end() + 1] in ("<", "*", "{"):
            continue  # the start of a pattern (cmd_<name>.cpp)
        p = m.group(1).rstrip(".")
        stem = os.path.splitext(os.path.basename(p))[0]
        if any(c in p for c in "*<>$") or "..." in p or re.search(r"(^|_)[a-z]$", stem) or stem.upper() == stem and "." not in p:
            continue  # a pattern or a placeholder, not a file
        yield p


def path_exists(root, source, path):
    return any(os.path.exists(os.path.join(base, path)) for base in (root, os.path.dirname(source)))


def lab_breaches(root):
    out = []
    for top in ["app", "kernels", "web", "shaders", "tests"]:
        for f in text_files(root, top):
            for n, line in enumerate(open(f, errors="replace"), 1):
                m = INCLUDE.match(line)
                if m and re.search(r"(^|/)lab/", m.group(1)):
                    out.append(f"{os.path.relpath(f, root)}:{n}: includes '{m.group(1)}' from the lab")
                if os.path.basename(f) in ("CMakeLists.txt",) or f.endswith(".cmake"):
                    if re.search(r"\$\{(PROJECT|CMAKE)_SOURCE_DIR\}/lab\b|\blab/", line.split("#")[0]):
                        out.append(f"{os.path.relpath(f, root)}:{n}: a product build file names lab/")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    root = os.path.abspath(ap.parse_args().source)
    breaches = []
    rank = {r: i for i, r in enumerate(ROOM_ORDER)}
    core = os.path.join(root, "app/core")
    checked_includes = 0
    for f in code_files(root, "app/core"):
        rel = os.path.relpath(f, core)
        room = rel.split(os.sep)[0] if os.sep in rel else None
        if room is None:
            breaches.append(f"app/core/{rel}: a file outside every room (ROOM_ORDER lists them)")
            continue
        if room not in rank:
            breaches.append(f"app/core/{rel}: room '{room}' is not in ROOM_ORDER (tests/layout/check_layout.py)")
            continue
        for n, line in enumerate(open(f), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            inc = m.group(1)
            if FOREIGN_IN_CORE.match(inc):
                breaches.append(f"app/core/{rel}:{n}: core includes <{inc}> (core is plain C++)")
            target = None
            if inc.startswith("core/"):
                target = inc.split("/")[1]
            elif inc.startswith("../"):
                target = os.path.normpath(os.path.join(room, inc)).split(os.sep)[0]
            if target and target in rank:
                checked_includes += 1
                if rank[target] > rank[room]:
                    breaches.append(f"app/core/{rel}:{n}: room '{room}' includes '{inc}' from the higher room "
                                    f"'{target}'")
    files = 0
    for top in ["app", "kernels"]:
        for f in code_files(root, top):
            files += 1
            lines = sum(1 for _ in open(f))
            if lines > MAX_LINES:
                breaches.append(f"{os.path.relpath(f, root)}: {lines} lines (the bar is {MAX_LINES}: split it "
                                f"along its seams)")
    ids = variant_ids(root)
    if not ids:
        breaches.append("no variant ids found in app/core/models (the check itself is broken)")
    alt = "|".join(sorted((re.escape(i) for i in ids), key=len, reverse=True))
    compare = re.compile(r'(==|!=)\s*"(%s)"|"(%s)"\s*(==|!=)|(rfind|starts_with|find)\(\s*"(%s)"' % (alt, alt, alt))
    comparisons = 0
    for top in ["app", "kernels"]:
        for f in code_files(root, top):
            for n, line in enumerate(open(f), 1):
                for m in compare.finditer(line):
                    vid = m.group(2) or m.group(3) or m.group(6)
                    if own_file(f, vid):
                        continue
                    comparisons += 1
                    breaches.append(f"{os.path.relpath(f, root)}:{n}: compares against the variant id "
                                    f"'{vid}' (put what it needs in the variant's registry entry)")
    lab_refs = lab_breaches(root)
    breaches += lab_refs
    comment_files, comment_paths = 0, 0
    for top in ["app", "kernels", "web"]:
        for f in text_files(root, top):
            comment_files += 1
            for n, line in enumerate(open(f, errors="replace"), 1):
                comment = comment_of(line, f)
                if not comment:
                    continue
                if ISSUE.search(comment):
                    breaches.append(f"{os.path.relpath(f, root)}:{n}: a comment cites a tracker item "
                                    f"('{ISSUE.search(comment).group(0)}'): say why, not which issue")
                for path in named_paths(comment):
                    comment_paths += 1
                    if not path_exists(root, f, path):
                        breaches.append(f"{os.path.relpath(f, root)}:{n}: a comment names '{path}', which "
                                        f"does not exist")
    for b in breaches:
        print(b)
    if breaches:
        print(f"layout: {len(breaches)} breaches")
        return 1
    print(f"layout: {len(ROOM_ORDER)} rooms, {checked_includes} includes between rooms point down; {files} code "
          f"files under {MAX_LINES} lines; {len(ids)} variants, no id compared outside its own files; "
          f"nothing includes lab/; {comment_files} files cite no issue, {comment_paths} paths named in comments exist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
