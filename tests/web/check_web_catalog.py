#!/usr/bin/env python3
"""Every word the published pages show is in the Chinese catalog (issue 38).

Extracts the pages' msgids: t("...") and tt("...") in web/*.js with xgettext
(--language=JavaScript --keyword=t --keyword=tt), and the data-i18n, data-i18n-html,
data-i18n-title, -placeholder, -aria-label and -label attributes of web/*.html and of the HTML
that app/core/publish/*.cpp writes (data-i18n=\\"...\\" in its string literals), each squashed as
web/i18n.js squashes it (runs of white space as one space). Fails, naming each, when the catalog
(one or more .po files, merged: later ones add entries) lacks a translation of any of them.

  check_web_catalog.py --source DIR CATALOG.po [MORE.po ...]

Exit 0: all there; 1: some missing; 77: no xgettext (ctest: skipped).
"""
import argparse
import glob
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile

ATTRS = ("data-i18n", "data-i18n-html", "data-i18n-title", "data-i18n-placeholder", "data-i18n-aria-label",
         "data-i18n-label")


def squash(text):
    return " ".join(text.split())


def po_unquote(s):
    out, i = [], 0
    s = s[1:-1]
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            out.append({"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}.get(n, "\\" + n))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def read_po(path):
    """{(context, msgid): [msgstr...], ...} and the msgids' flags (fuzzy) of a .po file."""
    entries = []
    cur = None
    field = None
    fuzzy = False
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line:
                continue
            if line.startswith("#,"):
                fuzzy = "fuzzy" in line
                continue
            if line.startswith("#"):
                continue
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$', line)
            if m:
                key, val = m.group(1), po_unquote(m.group(2))
                if key in ("msgctxt",) or (key == "msgid" and (cur is None or "msgstr" in cur)):
                    if cur is not None and "msgstr" in cur:
                        entries.append(cur)
                    cur = {"fuzzy": fuzzy}
                    fuzzy = False
                if key.startswith("msgstr"):
                    cur.setdefault("msgstr", []).append(val)
                    field = ("msgstr", len(cur["msgstr"]) - 1)
                else:
                    cur[key] = val
                    field = (key, None)
                continue
            if line.startswith('"') and cur is not None and field:
                val = po_unquote(line)
                if field[0] == "msgstr":
                    cur["msgstr"][field[1]] += val
                else:
                    cur[field[0]] += val
    if cur is not None and "msgstr" in cur:
        entries.append(cur)
    out = {}
    for e in entries:
        if e.get("msgid", "") == "":
            continue
        translated = not e["fuzzy"] and all(s for s in e["msgstr"])
        if translated:
            out[(e.get("msgctxt", ""), squash(e["msgid"]))] = e["msgstr"]
            if "msgid_plural" in e:
                out[(e.get("msgctxt", ""), squash(e["msgid_plural"]))] = e["msgstr"]
    return out


class Attrs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ATTRS and v is not None:
                self.found.append((k, v, self.getpos()[0]))

    handle_startendtag = handle_starttag


def html_ids(path):
    p = Attrs()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return [(squash(v), "%s:%d" % (path, line)) for _, v, line in p.found]


def cpp_ids(path):
    """data-i18n*=\\"...\\" in a C++ file's string literals (the HTML publish writes)."""
    out = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for m in re.finditer(r'(data-i18n(?:-html|-title|-placeholder|-aria-label|-label)?)=\\"((?:[^"\\]|\\[^"])*)\\"',
                         text):
        raw = m.group(2)
        if '" +' in raw or raw.startswith('" '):
            continue  # a value made at run time (html_escape(...)): named beside it, below
        line = text.count("\n", 0, m.start()) + 1
        # C++ string escapes, then HTML's (the attribute as the browser reads it).
        value = html.unescape(raw.replace('\\"', '"').replace("\\\\", "\\"))
        out.append((squash(value), "%s:%d" % (path, line)))
    # Values made at run time, named in a comment: // data-i18n="warp level", "block level", ...
    for m in re.finditer(r'//[^\n]*data-i18n="([^\n]*)', text):
        line = text.count("\n", 0, m.start()) + 1
        for v in re.findall(r'"([^"]+)"', '"' + m.group(1)):
            out.append((squash(v), "%s:%d" % (path, line)))
    return out


def js_ids(files):
    """msgids of t("...") / tt("...") calls, by xgettext."""
    with tempfile.TemporaryDirectory() as d:
        pot = os.path.join(d, "web.pot")
        subprocess.run(["xgettext", "--language=JavaScript", "--keyword=t", "--keyword=tt", "--from-code=UTF-8",
                        "--omit-header", "-o", pot] + files, check=True)
        if not os.path.exists(pot):
            return []
        out = []
        ref = "?"
        with open(pot, encoding="utf-8") as f:
            text = f.read()
        for block in text.split("\n\n"):
            refs = re.findall(r"^#: (.*)$", block, re.M)
            m = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
            if not m:
                continue
            msgid = "".join(po_unquote(s) for s in re.findall(r'".*"', m.group(1)))
            if msgid:
                ref = refs[0].split()[0] if refs else "?"
                out.append((squash(msgid), ref))
        return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True, help="the source tree (web/, app/core/publish/)")
    ap.add_argument("catalogs", nargs="+", help="the Chinese catalog(s), e.g. assets/i18n/zh_CN.po")
    args = ap.parse_args()
    if not shutil.which("xgettext"):
        print("SKIPPED: check_web_catalog needs xgettext (apt-get install gettext)")
        return 77
    web = os.path.join(args.source, "web")
    js = sorted(glob.glob(os.path.join(web, "*.js")))
    ids = js_ids(js)
    for h in sorted(glob.glob(os.path.join(web, "*.html"))):
        ids += html_ids(h)
    for c in sorted(glob.glob(os.path.join(args.source, "app", "core", "publish", "*.cpp"))):
        ids += cpp_ids(c)
    catalog = {}
    for c in args.catalogs:
        if os.path.exists(c):
            catalog.update(read_po(c))
        else:
            print("FAIL: no catalog %s" % c)
            return 1
    # A msgid made only of placeholders, numbers and punctuation needs no translation.
    needed = {}
    for msgid, where in ids:
        if not re.search(r"[A-Za-z]", re.sub(r"\{[a-z_0-9]+\}", "", msgid)):
            continue
        needed.setdefault(msgid, where)
    missing = [(m, w) for m, w in needed.items() if ("", m) not in catalog]
    for m, w in sorted(missing, key=lambda x: x[1]):
        print("%s: not in the catalog: %s" % (w, m))
    print("%d strings on the pages, %d in the catalog, %d missing" % (len(needed), len(needed) - len(missing),
                                                                     len(missing)))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
