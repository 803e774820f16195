#!/usr/bin/env python3
"""Finds words a person reads that bypass the catalog: an ImGui call, a status line or a
label in the window's sources (app/ui, app/render), or a help text, message or heading of the
command line (app/cli), whose text is a bare string literal rather than tr("..."), trc(...),
trn(...) or N_("...").

A literal passes when it holds no English word: an ImGui id ("##state"), a format of
numbers only ("%d / %d"), code or a mnemonic in a table of code ("__syncwarp()").
On the command line: the help of add_subcommand / add_option / add_flag / ->description(...)
(not the first argument, the subcommand's or option's name), the formats and strings of
printf / fprintf / puts / fputs / fmt::print, and the message of a thrown exception (cli.cpp
prints it). Output a program reads (CSV, JSON, ids) stays English: a literal whose line, or
whose statement's line or the line above it, has a comment with "untranslated:" (and why)
passes.
Usage: bare_literals.py SOURCE_DIR  (exit 1 and one FILE:LINE line per literal found)"""
import pathlib
import re
import sys

# Calls whose string arguments are shown to a person.
CALLS = r"(?:ImGui::(?:Text|TextUnformatted|TextDisabled|TextColored|TextWrapped|BulletText|LabelText|Button|SmallButton|Checkbox|RadioButton|MenuItem|BeginMenu|Begin|BeginChild|BeginTabItem|BeginCombo|Selectable|TreeNode|CollapsingHeader|SetTooltip|OpenPopup|BeginPopupModal|BeginPopup|InputText|InputInt|SliderFloat|SliderInt|DragFloat|Combo|TableSetupColumn|PlotLines|ProgressBar)\b|\bTextWrappedCJK\b|status\s*=|\.status\s*=)"
# The command line's calls whose string arguments are shown to a person (report: cli.cpp's error line).
CLI_CALLS = r"(?:\b(?:add_subcommand|add_option|add_flag|description|report)|(?<![\w:])(?:std::)?(?:printf|fprintf|puts|fputs)|\bfmt::print|\bthrow\s+[\w:]+)"
# Their first argument is a name (a subcommand's, an option's), never translated.
NAMED = re.compile(r"(?:add_subcommand|add_option|add_flag)\s*\($")
LITERAL = r'"(?:[^"\\]|\\.)*"'
WORD = re.compile(r"[A-Za-z]{3,}")

def shown_text(literal: str) -> str:
    body = literal[1:-1]
    body = body.split("##")[0]          # an ImGui id after ## is never shown
    body = re.sub(r"%[-+ #0-9.*]*[a-zA-Z]", " ", body)  # printf conversions
    body = re.sub(r"\\[ntr\"\\]", " ", body)
    return body

def is_words(literal: str, cli: bool = False) -> bool:
    text = shown_text(literal)
    if cli:
        text = re.sub(r"--[A-Za-z][\w-]*", " ", text)  # an option's name ("--input: ") is never translated
    for w in WORD.findall(text):
        if w.lower() in ("sass", "cub", "ncu", "gpu", "cpu", "sts", "lds", "shfl", "scanviz"):
            continue
        return True
    return False

def marked_untranslated(text: str, call_start: int, pos: int) -> bool:
    """Whether a comment says "untranslated:" on the literal's line, its statement's line or the one above."""
    def line_of(i):
        a = text.rfind("\n", 0, i) + 1
        b = text.find("\n", i)
        return text[a:b if b >= 0 else len(text)], a
    lit_line, _ = line_of(pos)
    call_line, start = line_of(call_start)
    above, _ = line_of(max(0, start - 1)) if start > 0 else ("", 0)
    return any("untranslated:" in l and "//" in l for l in (lit_line, call_line, above))

def main() -> int:
    root = pathlib.Path(sys.argv[1])
    found = []
    window = sorted(list((root / "app/ui").glob("*.cpp")) + list((root / "app/render").glob("*.cpp")))
    cli = sorted(list((root / "app/cli").glob("*.cpp")) + list((root / "app/cli").glob("*.hpp")))
    for path, calls in [(p, CALLS) for p in window] + [(p, CLI_CALLS) for p in cli]:
        is_cli = calls is CLI_CALLS
        text = path.read_text(encoding="utf-8")
        # A call on the command line takes its arguments in parentheses (not `description` in a JSON key).
        for m in re.finditer(calls + (r"\s*\(" if is_cli else r"\s*\(?"), text):
            # The call's argument list, up to its closing parenthesis (strings may hold parentheses).
            i, depth, args = m.end(), 1 if text[m.end() - 1] == "(" else 0, []
            j = i
            while j < len(text) and (depth > 0 or (depth == 0 and text[j] not in ";\n")):
                c = text[j]
                if c == '"':
                    k = j + 1
                    while k < len(text) and text[k] != '"':
                        k += 2 if text[k] == "\\" else 1
                    args.append((j, text[j:k + 1]))
                    j = k + 1
                    continue
                if c == "(":
                    depth += 1
                elif c == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            for pos, lit in args:
                if is_cli and NAMED.search(text[m.start():i]) and not text[i:pos].strip():
                    continue  # the subcommand's or option's name
                if marked_untranslated(text, m.start(), pos):
                    continue
                before = text[max(0, pos - 12):pos]
                if re.search(r"(?:\btr|\btrc|\btrn|\bN_)\s*\(\s*(?:" + LITERAL + r"\s*,\s*)?$", before) or \
                        re.search(r"(?:\btr|\btrc|\btrn|\bN_)\s*\(\s*$", text[max(0, pos - 40):pos]):
                    continue
                # A literal continued from a tr(...) on an earlier line: find the innermost open call.
                head = text[m.start():pos]
                opened = [x.start() for x in re.finditer(r"\b(?:tr|trc|trn|N_)\s*\(", head)]
                if opened and head[opened[-1]:].count("(") > head[opened[-1]:].count(")"):
                    continue
                if is_words(lit, is_cli):
                    line = text.count("\n", 0, pos) + 1
                    found.append(f"{path.relative_to(root)}:{line}: {lit[:70]} is shown but not in the catalog (tr)")
    for f in found:
        print(f)
    print(f"bare_literals: {len(found)} literal(s) outside the catalog", file=sys.stderr)
    return 1 if found else 0

if __name__ == "__main__":
    sys.exit(main())
