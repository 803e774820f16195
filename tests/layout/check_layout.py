#!/usr/bin/env python3
"""The house rules of scanviz's layout, checked on the source tree (ARCHITECTURE.md draws them).

1. Rooms of app/core point one way: a room includes only rooms below it in ROOM_ORDER.
2. Layers point one way: app/core includes no CUDA, OpenGL, GLFW or ImGui header and nothing from
   app/ui, app/render, app/cli or kernels/.
3. No code file in app/ or kernels/ passes MAX_LINES lines.
4. A variant's name and facts live in its folder: no code in app/ or kernels/ writes a variant's id
   as a string literal (a comparison, a default, a hard-coded list) outside that variant's folder
   kernels/<family>/<id>/; the one list kernels/variants.txt, tests/ and assets/ may name it. What
   other code needs to know of a variant, its registry entry says. A variant's model.cpp is core's
   (it builds into scanviz_core and the WebAssembly module): it includes only core headers, standard
   headers and the phases.hpp beside it. (A variant of the list without a folder yet keeps the old
   allowance: its files named after it.)
5. The lab stays out of the product: no file in app/, kernels/, web/, shaders/ or tests/ includes
   anything from lab/, and only the top-level CMakeLists.txt names it (behind SCANVIZ_LAB).
6. Comments say why, not which tracker item: no "issue N" in app/, kernels/ or web/, and no
   comment there names a repository path (or a .md file) that does not exist.

Prints one line per breach and exits 1 when there is any; prints what it checked otherwise.
"""
import argparse, os, re, sys

ROOM_ORDER = ["common", "i18n", "trace", "models", "analysis", "figure", "race", "profile", "sass", "bench",
              "recording", "run", "learner", "lessons", "publish"]
MAX_LINES = 800
CODE = re.compile(r"\.(cpp|hpp|cu|cuh|h)$")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')
FOREIGN_IN_CORE = re.compile(r"^(cuda|cub/|thrust/|imgui|GLFW/|glad/|GL/|ui/|render/|cli/|kernels/)")


def code_files(root, top):
    for dp, _, fn in os.walk(os.path.join(root, top)):
        for f in sorted(fn):
            if CODE.search(f):
                yield os.path.join(dp, f)


VARIANT_LIST = "kernels/variants.txt"


def variants(root):
    """{id: family} from the one list, kernels/variants.txt ("<family> <id>" per line)."""
    out = {}
    path = os.path.join(root, VARIANT_LIST)
    if os.path.exists(path):
        for line in open(path):
            fields = line.split("#", 1)[0].split()
            if len(fields) == 2:
                out[fields[1]] = fields[0]
    return out


def variant_dir(root, vid, family):
    return os.path.join(root, "kernels", family, vid)


def own_file(root, path, vid, family):
    """A variant's own files: those in its folder; for a variant without a folder yet, the files
    named after it."""
    folder = variant_dir(root, vid, family)
    if os.path.isdir(folder):
        return os.path.abspath(path).startswith(os.path.abspath(folder) + os.sep)
    base = os.path.basename(path)
    stem = re.sub(r"\.(cpp|hpp|cu|cuh)$", "", base)
    stem = re.sub(r"^(race_|iso_)", "", stem)
    return stem == vid or stem.startswith(vid + "_")


def code_of(line, state):
    """The line without its comments (// and /* */, the latter across lines through state["in_block"]),
    string literals kept."""
    out, i, quote = [], 0, None
    while i < len(line):
        c = line[i]
        if state["in_block"]:
            if line.startswith("*/", i):
                state["in_block"] = False
                i += 2
            else:
                i += 1
            continue
        if quote:
            out.append(c)
            if c == "\\" and i + 1 < len(line):
                out.append(line[i + 1])
                i += 2
                continue
            if c == quote:
                quote = None
            i += 1
            continue
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            state["in_block"] = True
            i += 2
            continue
        if c in "\"'":
            quote = c
        out.append(c)
        i += 1
    return "".join(out)


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
    ids = variants(root)
    if not ids:
        breaches.append(f"no variants in {VARIANT_LIST} (the check itself is broken)")
    alt = "|".join(sorted((re.escape(i) for i in ids), key=len, reverse=True)) or "(?!)"
    literal = re.compile(r'"(%s)"' % alt)
    in_folders = sum(1 for v, fam in ids.items() if os.path.isdir(variant_dir(root, v, fam)))
    for top in ["app", "kernels"]:
        for f in code_files(root, top):
            state = {"in_block": False}
            for n, line in enumerate(open(f), 1):
                for m in literal.finditer(code_of(line, state)):
                    vid = m.group(1)
                    if own_file(root, f, vid, ids[vid]):
                        continue
                    breaches.append(f"{os.path.relpath(f, root)}:{n}: names the variant id '{vid}' outside "
                                    f"its folder (put what it needs in the variant's registry entry, or "
                                    f"derive it from the registry)")
    models = 0
    for vid, fam in ids.items():
        model = os.path.join(variant_dir(root, vid, fam), "model.cpp")
        if not os.path.exists(model):
            continue
        models += 1
        for n, line in enumerate(open(model), 1):
            m = INCLUDE.match(line)
            if m and not (m.group(1).startswith("core/") or m.group(1) == "phases.hpp" or
                          (line.split("include", 1)[1].strip().startswith("<") and not FOREIGN_IN_CORE.match(m.group(1)))):
                breaches.append(f"{os.path.relpath(model, root)}:{n}: a model includes '{m.group(1)}' (a model is "
                                f"core's: core headers, standard headers and its phases.hpp only)")
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
          f"files under {MAX_LINES} lines; {len(ids)} variants ({in_folders} in their folders, {models} models "
          f"include core only), no id named outside its own files; "
          f"nothing includes lab/; {comment_files} files cite no issue, {comment_paths} paths named in comments exist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
