"""A paper's own macros: the names it defines, and their uses rewritten as the page prints
them (a macro that prints nothing of its arguments, one that sets an argument as a note, the
glossaries package's acronyms).

Pure string functions for the e-print reader (`eprint.py`) and the front matter's reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from monitor.tex import args_at, braced

_NEWCOMMAND = re.compile(
    r"\\(?:newcommand|renewcommand|providecommand|def)\*?\s*\{?\\([A-Za-z]+)\}?\s*\{"
    # xparse's, with no arguments: `\\NewDocumentCommand{\\tsinghua}{}{Tsinghua University}`
    r"|\\(?:New|Renew|Provide|Declare)DocumentCommand\s*\{?\\([A-Za-z]+)\}?\s*\{\s*\}\s*\{"
)


def definitions(text: str) -> dict[str, str]:
    """Argument-less macros the source defines (`\\newcommand{\\tsinghua}{Tsinghua University}`)."""
    found: dict[str, str] = {}
    for match in _NEWCOMMAND.finditer(text):
        group = braced(text, match.end() - 1)
        if group is not None and "#" not in group[0]:
            found.setdefault(match[1] or match[2], group[0])
    return found


def with_acronyms(text: str) -> str:
    """The text with the glossaries package's acronyms spelled out as the page prints them
    (`\\newacronym{ctu}{CTU}{Czech Technical University in Prague}`: `\\acrlong{ctu}` and
    `\\gls{ctu}` are its long form, `\\acrshort{ctu}` its short one, `\\acrfull` both)."""
    forms: dict[str, tuple[str, str]] = {}
    for match in _NEWACRONYM.finditer(text):
        args = args_at(text, match.end(), 3)
        if args is not None:
            forms.setdefault(args[0].strip(), (args[1], args[2]))

    def spelled(use: re.Match[str]) -> str:
        if use[2].strip() not in forms:
            return use[0]
        short, long = forms[use[2].strip()]
        return {"acrshort": short, "acs": short, "acrfull": f"{long} ({short})"}.get(use[1], long)

    return _ACRONYM_USE.sub(spelled, text) if forms else text


def with_note_macros(text: str) -> str:
    """The text with each use of a macro of the paper's own that sets one of its arguments as
    a footnote written as that footnote (`\\newcommand{\\footremember}[2]{\\footnote{#2}…}`:
    `\\footremember{udem}{Université de Montréal, …}` is `\\footnote{Université de Montréal,
    …}`), so that the author's note is read where the page prints it."""
    for name in dict.fromkeys(m[1] for m in _NOTE_MACRO.finditer(text)):  # found again below:
        match = next(m for m in _NOTE_MACRO.finditer(text) if m[1] == name)  # `text` changes
        count, which = int(match[2]), int(match[4])
        if which > count:
            continue
        text = _rewrite_uses(text, match, count, _as_note(match[3], which))
    return text


def _as_note(command: str, which: int) -> Callable[[Sequence[str]], str]:
    """A use written as the note its `which`-th argument is (`\\footnote{…}`)."""
    return lambda args: f"\\{command}{{{args[which - 1]}}}"


def _rewrite_uses(
    text: str, definition: re.Match[str], count: int, written: Callable[[Sequence[str]], str]
) -> str:
    """The text with each use after a macro's definition (its name the match's first group),
    arguments and all, replaced by what `written` makes of its `count` arguments."""
    use = re.compile(rf"\\{definition[1]}(?![A-Za-z])")
    out, at = [], definition.end()
    for call in use.finditer(text, definition.end()):
        args = args_at(text, call.end(), count)
        if args is None or call.start() < at:
            continue
        out += [text[at : call.start()], written(args)]
        at = _args_end(text, call.end(), count)
    return text[: definition.end()] + "".join(out) + text[at:]


def without_void_macros(text: str) -> str:
    """The text without the uses of a macro of the paper's own that prints nothing of its
    arguments (`\\newcommand{\\comments}[1]{}`: an author block written inside
    `\\comments{…}` is hidden from the page), arguments and all: only a macro defined once,
    outside any group or conditional (not one an anonymous switch defines either way)."""
    for name, count in dict.fromkeys((m[1], int(m[2])) for m in _VOID_MACRO.finditer(text)):
        match = next(m for m in _VOID_MACRO.finditer(text) if m[1] == name)
        if len(re.findall(_DEFINITION.format(name), text)) != 1 or not top_level(text, match):
            continue  # defined again (`\\renewcommand{\\x}[1]{#1}`), or in a switch's branch
        text = _rewrite_uses(text, match, count, lambda _args: "")
    return text


def top_level(text: str, command: re.Match[str]) -> bool:
    """Whether a command (a definition, an `\\institute`) stands outside every group,
    conditional (`\\iftoggle{…}{…}`, `\\ifdefined … \\fi`) and `comment` environment."""
    before = _NOT_OPENED.sub("", text[: command.start()])
    if before.count("\\begin{comment}") > before.count("\\end{comment}"):
        return False
    ifs = len(_IF.findall(before))
    return before.count("{") == before.count("}") and ifs <= len(re.findall(r"\\fi\b", before))


# `\\newcommand{\\comments}[1]{}`: a macro with arguments whose body is empty; any definition
_VOID_MACRO = re.compile(r"\\(?:new|renew)command\*?\s*\{?\\([A-Za-z]+)\}?\s*\[(\d)\]\s*\{\s*\}")
_DEFINITION = (
    r"\\(?:newcommand|renewcommand|providecommand|def|(?:New|Renew|Provide|Declare)DocumentCommand)"
    r"\*?\s*\{{?\\{}(?![A-Za-z])"
)
# the primitives' `\\if…` and a `\\newif`'s switches, closed by `\\fi`: not etoolbox's
# `\\ifbool{…}`, `\\iftoggle{…}`, nor math's `\\iff`
_IF = re.compile(r"\\if(?!thenelse|f(?![A-Za-z]))[A-Za-z]*(?![A-Za-z])(?!\s*\{)")
# what opens no conditional: escaped braces, comments, `\\newif\\ifanon`, `\\let\\ifblind\\iftrue`
_NOT_OPENED = re.compile(
    r"\\[{}]|(?<!\\)%.*|\\(?:newif|let)\s*\{?\\if[A-Za-z]*\}?(?:\s*=?\s*\\if[A-Za-z]*)?"
)


def _args_end(text: str, end: int, count: int) -> int:
    for _ in range(count):
        group = braced(text, end)
        end = group[1] if group else end
    return end


# `\\newcommand{\\footremember}[2]{\\footnote{#2}…}`: its name, its arguments' count, the
# note's command and which argument it sets (the body's braces at most two deep)
_NOTE_MACRO = re.compile(
    r"\\(?:newcommand|renewcommand)\*?\s*\{?\\([A-Za-z]+)\}?\s*\[(\d)\]\s*\{"
    r"(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*?\\(footnote|thanks)\s*\{#(\d)\}"
)
_NEWACRONYM = re.compile(r"\\newacronym(?![A-Za-z])")
_ACRONYM_USE = re.compile(r"\\(acrlong|acrshort|acrfull|acl|acs|gls|Gls)\s*\{([^{}]+)\}")
