"""A paper's e-print, the LaTeX source arXiv serves at /e-print/ID: unpacked, its main file
found and its front matter cut out (`latex_front` reads the affiliations in it).

An e-print is a gzipped tar of the submission, a gzipped single `.tex` file, or a PDF (for
papers submitted as PDF; `pdf_header` reads those). We find the main file (the one with
`\\documentclass`), follow `\\input`/`\\include` and keep the front matter (up to
`\\maketitle`). Pure functions: the bytes come from `feeds.ArxivFiles`.
"""

from __future__ import annotations

import gzip
import io
import posixpath
import re
import tarfile
import zlib

from monitor.errors import InputError
from monitor.tex import braced, macro_args
from monitor.tex_macros import with_acronyms, with_note_macros, without_void_macros

MAX_UNPACKED = 64 * 1024 * 1024  # a bigger source is not a paper we can read quickly
_INCLUDE_DEPTH = 4

_COMMENT = re.compile(r"(?<!\\)((?:\\\\)*)%[^\n]*")  # `\\%` starts one, `\%` does not
_COMMENT_LINE = re.compile(r"^[ \t]*%[^\n]*\n", re.M)
_IFFALSE = re.compile(r"\\iffalse\b.*?\\fi\b", re.S)
# `\\input{file}`, `\\include{file}`, and TeX's own `\\input file.tex`
_INPUT = re.compile(r"\\(?:input|include)\s*\{([^}]+)\}|\\input\s+([\w./-]*\w)")


def unpack(blob: bytes, name: str) -> dict[str, str]:
    """The TeX files of an e-print by path; {} for a PDF e-print. `InputError` if unreadable."""
    if blob.startswith(b"%PDF"):
        return {}
    data = blob
    if blob[:2] == b"\x1f\x8b":
        data = _gunzip(blob, name)
    if _is_tar(data):
        return _tex_members(data, name)
    return {"main.tex": data.decode("utf-8", errors="replace")}


def _gunzip(blob: bytes, name: str) -> bytes:
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(blob)) as handle:
            data = handle.read(MAX_UNPACKED + 1)
    except (OSError, EOFError, zlib.error) as err:
        raise InputError(f"{name}: e-print is not a readable gzip file ({err})") from err
    if len(data) > MAX_UNPACKED:
        raise InputError(f"{name}: e-print unpacks to more than {MAX_UNPACKED >> 20} MiB")
    return data


def _is_tar(data: bytes) -> bool:
    return len(data) > 262 and data[257:262] == b"ustar"


def _tex_members(data: bytes, name: str) -> dict[str, str]:
    files: dict[str, str] = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(data)) as archive:
            for member in archive.getmembers():
                if not member.isfile() or not member.name.lower().endswith((".tex", ".ltx")):
                    continue
                handle = archive.extractfile(member)
                if handle is not None:
                    text = handle.read().decode("utf-8", errors="replace")
                    files[posixpath.normpath(member.name)] = text
    except tarfile.TarError as err:
        raise InputError(f"{name}: e-print tar archive is unreadable ({err})") from err
    return files


def front_matter(files: dict[str, str], main: str) -> str:
    """`main` with its inputs expanded, comments removed, cut at `\\maketitle`; an
    `\\address` (or another affiliation macro, numbered entries set as text, or a table under an
    empty `\\author{}`) written after `\\maketitle` and before an abstract or first
    section that follows closely is still the front matter's."""
    # a switch is resolved in the whole paper: set in the main file, used in `authors.tex`
    # and an acronym (`\\acrlong{ctu}`) is spelled out wherever the paper defines it
    text = with_acronyms(_switched(_expand(files, main, _strip(files[main]), _INCLUDE_DEPTH)))
    text = without_void_macros(text)  # `\\comments{\\author{…}}` prints nothing
    start = text.find("\\begin{document}")
    cut = text.find("\\maketitle", max(start, 0))
    # a note macro of the paper's own used in the author block is read as its footnote
    return with_note_macros(_cut(text, start, cut)) + (_late_notes(text, cut) if cut >= 0 else "")


def _cut(text: str, start: int, cut: int) -> str:
    if cut < 0:  # elsarticle's front matter may end its environment with no `\\maketitle`
        end = text.find("\\end{frontmatter}", max(start, 0))
        return text if end < 0 else text[:end]
    end = _near(_BODY_START, text, cut)
    if _AFFILIATION.search(text, cut, end):
        return text[:end]
    # a table of authors under an empty `\\author{}`, before the body or an abstract typed by
    # hand (`\\noindent\\textbf{Abstract.}` in a `quote`)
    table_end = max(end, _near(_TYPED_ABSTRACT, text, cut))
    typed_after = _EMPTY_AUTHOR.search(text, 0, cut) and _BLOCK.search(text, cut, table_end)
    return text[:table_end] if typed_after else text[:cut]


def _late_notes(text: str, cut: int) -> str:
    """Author notes set after `\\maketitle` and before the first section, as `\\thanks` for
    `latex_front`: `\\footnotetext{…}`, and a macro of the paper's own that sets its argument
    as a footnote (`\\blfootnote{$^{1}$School of …, Xiamen University, China.}` after the
    abstract, an idiom of NeurIPS papers)."""
    section = _SECTION.search(text, cut)
    stop = min(section.start() if section else len(text), cut + _LATE_NOTES)
    names = ["footnotetext", *_FOOTNOTE_MACRO.findall(text, 0, cut)]
    calls = re.compile(r"\\(?:" + "|".join(map(re.escape, names)) + r")(?![A-Za-z])")
    notes = []
    for call in calls.finditer(text, cut, stop):
        group = braced(text, call.end())
        if group:
            notes.append(f"\\thanks{{{group[0]}}}")
    return "".join(notes) + _entries_after_abstract(text, cut, stop)


def _entries_after_abstract(text: str, cut: int, stop: int) -> str:
    """The numbered entries set as text right after the abstract, as an `\\address` (pandoc
    templates: `\\textsuperscript{1} The Centre for …, University College London` after
    `\\end{abstract}`), when the authors' names carry their numbers: two entries or more, or
    every number the names carry (not a note's `1 Code is released at …`)."""
    end = text.find("\\end{abstract}", cut, stop)
    lines = _ENTRY_LINES.match(text, end + len("\\end{abstract}")) if end >= 0 else None
    if lines is None:
        return ""
    authors = " ".join(body for (body,) in macro_args(text[:cut], "author"))
    marks, entries = _numbers(authors), _numbers(lines[0])
    named = entries <= marks and (len(entries) > 1 or entries == marks)
    return f"\\address{{{lines[0]}}}" if entries and named else ""


def _numbers(text: str) -> set[str]:
    """The numbers of a text's marks: `Mahfouz\\textsuperscript{1,*}`, `$^{1,2}$`, `$^1$`."""
    return {n for mark in _MARKS.findall(text) for n in re.findall(r"\d+", "".join(mark))}


# a mark's numbers: `Mahfouz\\textsuperscript{1,*}`, `$^{1,2}$`, `$^1$`
_MARKS = re.compile(r"\\textsuperscript\s*\{([^{}]*)\}|\$\s*\^\s*(?:\{([^{}$]*)\}|(\d))\s*\$")
# lines that each open with a number's mark, with blank lines before and between them
_ENTRY_LINES = re.compile(r"\s*(?:(?:\\textsuperscript\s*\{\d+\}|\$\^\{?\d+\}?\$)[^\n]*\n\s*)+")
_SECTION = re.compile(r"\\section\*?\s*\{|\\begin\{introduction\}")
_LATE_NOTES = 12000  # characters after `\\maketitle` searched for them: a long abstract
# `\newcommand\blfootnote[1]{…\footnote{#1}…}`: the macro's name
_FOOTNOTE_MACRO = re.compile(
    r"\\(?:newcommand|renewcommand|def)\*?\s*\{?\\([A-Za-z]+)\}?\s*(?:\[1\]|#1)\s*\{"
    r"(?:[^{}]|\{[^{}]*\})*?\\footnote(?:text)?\s*\{#1\}"
)


def _near(pattern: re.Pattern[str], text: str, cut: int) -> int:
    """Where `pattern` starts after `cut`, if it follows closely; else `cut`."""
    found = pattern.search(text, cut)
    return found.start() if found and found.start() - cut < _AFTER_TITLE else cut


_BODY_START = re.compile(r"\\begin\{abstract\}|\\section\*?\{|\\abstract\b|\\begin\{keywords?\}")
_TYPED_ABSTRACT = re.compile(
    r"(?:\\text(?:bf|it|sc)\s*\{|\{\\(?:bf|it|sc|bfseries)\s)\s*(?:\\\w+\s*)*abstract\b", re.I
)  # `\\textbf{Abstract.}`, `{\\bf Abstract}`, `\\textbf{\\large ABSTRACT}`
_AFFILIATION = re.compile(
    r"\\(?:address|affiliation|affil|institute)(?![A-Za-z])|"
    # a numbered entry: `\textsuperscript{1} MIT`, `$^{1}$ Peter Doherty Institute, …` (not a
    # note: `$^{1}$ Equal contribution`)
    r"^\s*\\textsuperscript\s*\{\d\}\s*[A-Z]|"
    r"^\s*\$\^\{?\d\}?\$\s*(?=[A-Z])(?![^\n]*\b(?i:equal|correspond\w*|contribut\w*|"
    r"work done|project lead|code)\b)",
    re.M,
)
# an empty `\\author{}` before the title, and a table after it: the authors set by hand
_EMPTY_AUTHOR = re.compile(r"\\author\s*\{\s*\}")
_BLOCK = re.compile(r"\\begin\{tabular\}")
_AFTER_TITLE = 2000  # characters between `\\maketitle` and the abstract still read


def main_files(files: dict[str, str]) -> list[str]:
    """Files that could be the paper, likeliest first: one that, with its `\\input`s, has a
    `\\documentclass` and a body (either may sit in another file), at the top of the
    archive. A submission may also hold a response letter or a supplement."""
    marked = [
        p for p, t in files.items() if "\\documentclass" in _strip(t) or "\\begin{document}" in t
    ]
    whole = {p for p in marked if _whole(_expand(files, p, _strip(files[p]), _INCLUDE_DEPTH))}
    return sorted(marked or files, key=lambda p: (p not in whole, p.count("/"), p))


def _whole(text: str) -> bool:
    return "\\documentclass" in text and "\\begin{document}" in text


def _strip(text: str) -> str:
    # a line that held only a comment goes whole: it ends no paragraph (`tex.plain`)
    return _IFFALSE.sub("", _COMMENT.sub(r"\1", _COMMENT_LINE.sub("", text)))


def _switched(text: str) -> str:
    """The branch a switch of the paper's own takes when the paper sets it once (`\\newif
    \\ifuniqueAffiliation \\uniqueAffiliationtrue \\ifuniqueAffiliation … \\else … \\fi`:
    arxiv.sty's template keeps its example authors in the other branch)."""
    head = text.split("\\maketitle", 1)[0]  # the appendix may set it again for itself
    for name in _NEWIF.findall(text):
        flips = re.findall(rf"\\{name}(true|false)(?![A-Za-z])", head)
        if len(flips) != 1 or re.search(rf"\\let\s*\\if{name}(?![A-Za-z])", text):
            continue  # set twice, or by another switch: left as written
        taken = 1 if flips[0] == "true" else 2
        branch = re.compile(  # not nested: a branch holding another `\\if` is left as it is
            rf"(?<!\\newif)(?<!\\newif )\\if{name}(?![A-Za-z])({_FLAT})"
            rf"(?:\\else(?![A-Za-z])({_FLAT}))?\\fi(?![A-Za-z])",
            re.S,
        )
        text = branch.sub(lambda m: m[taken] or "", text)  # noqa: B023 (called at once)
    return text


_NEWIF = re.compile(r"\\newif\s*\\if([A-Za-z@]+)")
_FLAT = (
    r"(?:(?!\\if[A-Za-z@]|\\else(?![A-Za-z])|\\fi(?![A-Za-z])).)*"  # no `\\if`, `\\else`, `\\fi`
)


def _expand(files: dict[str, str], path: str, text: str, depth: int) -> str:
    def include(match: re.Match[str]) -> str:
        # `\\input{"author list"}`: a quoted name
        target = (match.group(1) or match.group(2)).strip().strip('"')
        base = posixpath.dirname(path)
        names = (target, posixpath.join(base, target))
        for candidate in [posixpath.normpath(n + ext) for n in names for ext in ("", ".tex")]:
            if candidate in files and depth > 0:
                return _expand(files, candidate, _strip(files[candidate]), depth - 1)
        return ""

    return _INPUT.sub(include, text)
