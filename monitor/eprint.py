"""Affiliations from a paper's e-print: the LaTeX source arXiv serves at /e-print/ID.

An e-print is a gzipped tar of the submission, a gzipped single `.tex` file, or a PDF (for
papers submitted as PDF; `pdf_header` reads those). We read the main file (the one with
`\\documentclass`), follow `\\input`/`\\include`, keep the front matter (up to `\\maketitle`)
and read the affiliation macros of the common classes: `\\affiliation` (acmart, revtex,
elsarticle), `\\institution`, `\\affil` (authblk), `\\institute` (llncs), `\\address`,
`\\icmlaffiliation`, `\\IEEEauthorblockA`, the lines of `\\author` blocks (NeurIPS style) and
author footnotes (`\\thanks`). Everything returned is text of the source, cleaned of markup;
nothing is guessed. Pure functions: the bytes come from `feeds.ArxivFiles`.
"""

from __future__ import annotations

import gzip
import io
import posixpath
import re
import tarfile
import zlib
from collections.abc import Callable

from monitor.affiliations import INSTITUTION_WORDS
from monitor.errors import InputError
from monitor.tex import args_at, braced, definitions, macro_args, plain

MAX_UNPACKED = 64 * 1024 * 1024  # a bigger source is not a paper we can read quickly
_INCLUDE_DEPTH = 4

_COMMENT = re.compile(r"(?<!\\)%[^\n]*")
_IFFALSE = re.compile(r"\\iffalse\b.*?\\fi\b", re.S)
_INPUT = re.compile(r"\\(?:input|include)\s*\{([^}]+)\}")
_EMAIL_NOTE = re.compile(r"\(?\s*\be-?mails?\b\s*:?[^)]*\)?", re.I)  # "(e-mail: …)", "Email: …"
_EMAIL = re.compile(r"\{[^{}]*\}\s*@\S+|\S+@\S+|https?://\S+")


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
    """`main` with its inputs expanded, comments removed, cut at `\\maketitle`."""
    text = _expand(files, main, _strip(files[main]), _INCLUDE_DEPTH)
    start = text.find("\\begin{document}")
    cut = text.find("\\maketitle", max(start, 0))
    return text if cut < 0 else text[:cut]


def main_files(files: dict[str, str]) -> list[str]:
    """Files that could be the paper, likeliest first: a `\\documentclass` with a body, at the
    top of the archive. A submission may also hold a response letter or a supplement."""
    candidates = [p for p, t in files.items() if "\\documentclass" in _strip(t)]
    with_body = [p for p in candidates if "\\begin{document}" in files[p]]
    return sorted(with_body or candidates or files, key=lambda p: (p.count("/"), p))


def _strip(text: str) -> str:
    return _IFFALSE.sub("", _COMMENT.sub("", text))


def _expand(files: dict[str, str], path: str, text: str, depth: int) -> str:
    def include(match: re.Match[str]) -> str:
        target = match.group(1).strip()
        base = posixpath.dirname(path)
        names = (target, posixpath.join(base, target))
        for candidate in [posixpath.normpath(n + ext) for n in names for ext in ("", ".tex")]:
            if candidate in files and depth > 0:
                return _expand(files, candidate, _strip(files[candidate]), depth - 1)
        return ""

    return _INPUT.sub(include, text)


_KEEP_END = re.compile(r"(?:\b[A-Z][A-Z0-9]*[A-Z][0-9]+|\([^()]*[A-Za-z][^()]*\))$")  # AI2, (MSRA)


def clean_line(line: str) -> str:
    """One affiliation line: emails and URLs removed, markers and stray punctuation trimmed;
    a name that ends in digits or a bracket (`AI2`, `Institute (CAS)`) keeps them."""
    text = _EMAIL.sub(" ", _EMAIL_NOTE.sub(" ", line))
    text = " ".join(text.split()).strip(" ,;:.*†‡§¶").strip()
    text = text.lstrip("0123456789()[] ").strip()
    if _KEEP_END.search(text):
        return text
    return text.rstrip(" ,;:.*†‡§¶0123456789()[]").strip()


def split_lines(text: str) -> list[str]:
    return [c for c in (clean_line(line) for line in text.splitlines()) if c]


Known = Callable[[str], bool]
_EXPLICIT = ("affiliation", "affiliations", "affil", "institute", "address", "icmlaffiliation")
_MACRO = re.compile(
    r"\\(affiliations?|affil|institute|address|icmlaffiliation|IEEEauthorblockA|thanks|"
    r"IEEEcompsocitemizethanks)"
    r"(?![A-Za-z])"
)
_FUNDING = re.compile(
    r"\b(thank\w*|support\w*|fund\w*|grant\w*|fellowship|equal\w*|contribut\w*|correspond\w*|lead)\b",
    re.I,
)
# what an explicit affiliation macro may hold that names no organisation
_NO_ORGANISATION = re.compile(
    r"^(?:independent(?: researcher| scholar)?|unaffiliated|none|n/a|version\b|draft\b|"
    r"last updated\b|preprint\b)",
    re.I,
)
_ADDRESS_ONLY = re.compile(r"\\(?:city|state|country|postcode|streetaddress)\b")
_WORK_AT = re.compile(  # "Work done at X", "W. Wang is with the X" (IEEE journals): X
    r"^(?:(?:this )?work (?:was )?(?:done|performed|conducted)\b.*?\b(?:at|with)|"
    r"(?:also|now|currently) (?:at|with)|affiliated with|"
    r".{0,120}?\b(?:is|are) (?:now |also )?(?:with|at))\s+(?:the\s+)?",
    re.I,
)


def affiliations(files: dict[str, str], known: Known) -> list[str]:
    """Affiliation strings of the paper's front matter, in the order they appear (from the
    first candidate main file that names any)."""
    for main in main_files(files):
        found = _front_affiliations(front_matter(files, main), known)
        if found:
            return found
    return []


def _front_affiliations(front: str, known: Known) -> list[str]:
    macros = definitions(front)
    stated: list[str] = []
    notes: list[str] = []  # author footnotes (`\\thanks{Work done at …}`)
    for match in _MACRO.finditer(front):
        name = match.group(1)
        count = 2 if name == "icmlaffiliation" else 1
        args = args_at(front, match.end(), count)
        if args is None:
            continue
        if name in ("thanks", "IEEEcompsocitemizethanks"):  # each sentence judged alone
            items = re.split(r"\\IEEEcompsocthanksitem(?![A-Za-z])", args[-1])
            notes += [n for item in items for n in _note_lines(plain(item, macros), known)]
            continue
        lines = split_lines(plain(_institutions(args[-1]), macros))
        kept = [line for line in lines if looks_institutional(line, known)]
        stated += kept or ([x for x in lines[:1] if not _NO_ORGANISATION.match(x)]
                           if name in _EXPLICIT else [])  # fmt: skip
    stated = _lipics_affiliations(front, macros, known) + stated
    if not stated:
        stated = _author_block_lines(front, macros, known)
    return _unique([_WORK_AT.sub("", f) for f in stated + notes])


_SENTENCE_END = re.compile(r"(?<=[a-z0-9)\]])\.\s+(?=[A-Z])")


def _note_lines(note: str, known: Known) -> list[str]:
    """Author footnotes (`\\thanks{A and B are with X. C is with Y. Corresponding author:
    …}`): each sentence on its own, its "is with"/"work done at" lead removed."""
    out = []
    for sentence in _SENTENCE_END.split(note):
        for line in split_lines(sentence):
            line = _WORK_AT.sub("", line)
            if looks_institutional(line, known):
                out.append(line)
    return out


def _lipics_affiliations(front: str, macros: dict[str, str], known: Known) -> list[str]:
    """LIPIcs/Dagstuhl: `\\author{Name}{Affiliation \\and URL}{email}{orcid}{funding}`."""
    out: list[str] = []
    for _name, affiliation, *_ in macro_args(front, "author", 3):
        lines = split_lines(plain(_institutions(affiliation), macros))
        out += [line for line in lines if looks_institutional(line, known)] or lines[:1]
    return out


def _institutions(body: str) -> str:
    """acmart's `\\institution{..}` or Springer Nature's `\\orgname{..}` parts, elsarticle's
    `organization=`, or the body itself."""
    parts = [args[0] for name in ("institution", "orgname") for args in macro_args(body, name)]
    if parts:
        return " \\\\ ".join(parts)
    if _ADDRESS_ONLY.search(body):  # acmart fields without an institution: a place, no one
        return ""
    organization = re.search(r"organization\s*=\s*\{", body)
    if organization:
        group = braced(body, organization.end() - 1)
        if group:
            return group[0]
    return re.sub(r"\\(?:and|AND)(?![A-Za-z])", r" \\\\ ", body)


def _author_block_lines(front: str, macros: dict[str, str], known: Known) -> list[str]:
    """NeurIPS/ICLR style: `\\author{Name \\\\ Dept \\\\ University \\And ...}`."""
    lines: list[str] = []
    for (body,) in macro_args(front, "author"):
        for block in re.split(r"\\(?:And|AND|and)(?![A-Za-z])", body):
            rest = plain(block, macros).split("\n")[1:]  # the first line names the author
            lines += [
                line for line in split_lines("\n".join(rest)) if looks_institutional(line, known)
            ]
    return lines


def looks_institutional(line: str, known: Known) -> bool:
    if _FUNDING.search(line) or len(line) > 150:
        return False
    return known(line) or INSTITUTION_WORDS.search(line) is not None


def _unique(items: list[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item and item not in seen:
            seen.append(item)
    return seen
