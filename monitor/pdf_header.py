"""Affiliations from the first page of a paper's PDF, for papers without usable LaTeX.

The header is the text above the abstract (`pdf_page.header_lines`). A line is kept when it
names an institution (the gazetteer knows it, or it says `University`, `Institute`, `Lab`…, or
it names the page's e-mail domain) and is neither the title nor the author line. Superscript
markers (`1Tsinghua University 2Peking University`) split a line. Then the page's notes: IEEE's
"X is with …", and affiliations given only in footnotes. Everything kept is text of the PDF;
nothing is guessed. Pure: the bytes come from `feeds`.
"""

from __future__ import annotations

import re

from monitor.affiliation_lines import Known, clean_line, looks_institutional
from monitor.author_notes import INITIALS, WORK_AT, note_lines
from monitor.mail_domains import mail_domains, names_domain
from monitor.note_sentences import first_sentence
from monitor.org_words import folded, names_organisation, says_unit
from monitor.paper import normalize_title
from monitor.pdf_blocks import (
    STREET_WORD,
    bracketed,
    is_author_line,
    marked_after,
    may_be_named,
    over_its_town,
)
from monitor.pdf_page import ABSTRACT, accented, header_lines, starts_body
from monitor.places import is_place

# the marks of the page's notes, beside the numbers of its entries
_MARK_CHARS = "*∗⋆†‡§¶∥‖"
_MARKER = re.compile(
    # `2eBay` too, not `8xA100`
    rf"(?:(?<=[ \t])|^)[0-9{_MARK_CHARS}]{{1,3}}(?=[A-Z]|[a-z][A-Z](?![0-9]))"
    # elsarticle's letters before an affiliation's usual first word: `aThe State Key Lab…`
    r"|^[a-f](?=(?:The|Key|School|Dep|College|Institut|Universi|State|National|Faculty|"
    r"Laborator|Lab|Cent|Division|Graduate|Academ)[a-zé]*\b)"
)
# in the header only (the body's lines start with `a …` too), an elsarticle letter before a
# name that ends in an institution's word (`aTaylor Geospatial Institute`; `a` to `d`, not
# `eScience Institute`) or set apart from a name that a comma ends (`a ORS Consulting Aps, …`)
_HEADER_MARKER = re.compile(
    rf"{_MARKER.pattern}"
    r"|^[a-d](?=[A-Z][\w-]*(?: [A-Z][\w-]*){0,4} (?:Institut\w*|Universit\w*|College|"
    r"Laborator\w*|Cent(?:er|re)|Academy|School|Foundation)\b)"
    r"|^[a-f] (?=[A-Z][\w.&-]*(?: [A-Z][\w.&-]*)*,)"
)
_BAR = re.compile(r"\s+[|｜]\s+")  # organisations set side by side with bars between
# British and Canadian postcodes (`NW5 3AQ`, `WC1E 6BT`, `M5S 3G4`), whose second half is no
# footnote mark followed by a name: their space becomes a no-break one before markers split
_POSTCODE = re.compile(r"\b([A-Z]{1,2}[0-9][A-Z0-9]?|[A-Z][0-9][A-Z]) ([0-9][A-Z][A-Z0-9])\b")


def affiliations(text: str, title: str, authors: tuple[str, ...], known: Known) -> list[str]:
    """Institution lines of the header of `text`, in order, each once; then what the page's
    author notes say the authors are with (IEEE journals put it at the foot of page 1)."""
    found: list[str] = []
    folded_title = normalize_title(title)
    surnames = {folded(a.split()[-1]) for a in authors if a.split()}
    header = header_lines(text, known)
    lines = [x for x in header if f" {normalize_title(x)} " not in f" {folded_title} "]
    numbered = _numbered_entries(lines)
    domains = mail_domains(text) - _PUBLISHERS  # `permissions@acm.org` is no author's
    for i, line in enumerate(lines):
        raw = _POSTCODE.sub("\\1\u00a0\\2", line)
        if _FIRST_ENTRY.match(raw):  # llncs' `1 IRIF, …, {emails}, 2 Microsoft Research, …`
            raw = _inline_entries(raw)
        split = [
            p
            for part in marked_after(raw, lines[:i])
            for bar in _BAR.split(part)  # `Incredibuild | islo.dev | HIT CS Department`
            for p in _HEADER_MARKER.split(bar)
        ]
        cleaned = [clean_line(p) for p in split]
        named = [_without_names(bracketed(p, surnames)) for p in cleaned]
        after_names = {p for p, stripped in named if stripped}
        after_names |= {bracketed(p, surnames) for p in cleaned} - set(cleaned)  # `(ISI)`
        pieces = [p for p, _ in named if p and f" {normalize_title(p)} " not in f" {folded_title} "]
        pieces = [p for p in pieces if not is_author_line(p, surnames)]
        placed = over_its_town(lines, i, surnames, known)
        institutional = [
            looks_institutional(p, known)
            or p in after_names
            or (n == 0 and line in numbered)
            or _names_domain(p, domains)
            or (placed and len(pieces) == 1)
            for n, p in enumerate(pieces)
        ]
        # on a marked line (`1Univ. of Toronto 2Vector Institute 3CentML`) one known
        # institution vouches for its neighbours that may be names
        vouched = any(institutional) and len(pieces) > 1
        keep = [
            p
            for p, ok in zip(pieces, institutional, strict=True)
            if ok or (vouched and may_be_named(p, known))
        ]
        found += [p for p in keep if p not in found]
    notes = _notes(text, known) + _footnotes(text, known)
    return found + [n for n in dict.fromkeys(notes) if n not in found]


def _inline_entries(line: str) -> str:
    """llncs' entries run on one line (`1 IRIF, …, 2 Microsoft Research, …`) marked as a
    page's marks are (`2Microsoft Research`): only the next number in turn, and not a street's
    number (`1 Inria, 2 Rue Simone Iff`)."""
    expected, start = 2, 0
    while match := _NEXT_ENTRY.search(line, start):
        start = match.end()
        if int(match[1]) == expected and not STREET_WORD.match(line, match.end()):
            line = f"{line[: match.start()]} {match[1]}{line[match.end() :]}"
            expected, start = expected + 1, match.start() + 1
    return line


_FIRST_ENTRY = re.compile(r"^1 (?=[A-Z])")
_NEXT_ENTRY = re.compile(r"(?<=,) ([1-9][0-9]?) (?=[A-Z])")
_PUBLISHERS = {"acm", "ieee", "springer", "elsevier", "arxiv", "usenix", "siam", "aaai"}


def _names_domain(piece: str, domains: set[str]) -> bool:
    """Whether a short line names an e-mail domain of the page (`UConn` over
    `wei.zhang@uconn.edu`, `HUST` over `…@hust.edu.cn`, `HIT CS Department, Israel` over
    `…@hit.ac.il`): the authors' organisation, before its country or town if any; a line
    that is an address, with a number or a place first, is the place (`Toronto, ON, Canada`)."""
    first, *rest = [p.strip() for p in piece.split(",")]
    if re.search(r"\b\d+\b", piece) or (rest and (is_place(first) or not all(map(is_place, rest)))):
        return False  # `Toronto, ON` over `…@toronto.edu`
    words = re.findall(r"[a-z0-9]+", folded(first))
    return 0 < len(words) <= 4 and names_domain(words, domains)


def _numbered_entries(lines: list[str]) -> set[str]:
    """Lines that open with an entry's number (`1School of Engineering, …`, `2e-Therapeutics,
    UK`), one number only, which an earlier line gives a name (`J. Wray2`), when two or more
    numbers do: the organisations the authors' numbers point to. Not a date, a note or a
    title's `3D`."""
    numbered: dict[str, str] = {}
    for n, line in enumerate(lines):
        m = _NUMBERED.match(line)
        if not m or len(_NUMBERS.findall(_POSTCODE.sub("", line))) > 1 or _NOTE.search(line):
            continue
        if any(re.search(rf"[^\W\d_]{m[1]}(?!\d)", before) for before in lines[:n]):
            numbered[line] = m[1]
    return set(numbered) if len(set(numbered.values())) >= 2 else set()


_NUMBERED = re.compile(r"^([1-9][0-9]?)\s?(?=[A-Za-z])(?![a-z]{2,}\b)(?![A-Z]\b)")
_NUMBERS = re.compile(r"(?:^|\s)[1-9][0-9]?(?=\s?[A-Za-z])")
_NOTE = re.compile(
    r":|(?<![a-z])(?:equal|contribut\w*|correspond\w*|code|project|jan|feb|mar|apr|may|jun|jul|aug|"
    r"sep|oct|nov|dec)\w*\b",
    re.I,
)


def _footnotes(text: str, known: Known) -> list[str]:
    """Notes at the foot of page 1 that give affiliations with no "is with": numbered entries
    (`1University of Washington 2Columbia University`), a note with an author's e-mail (`*
    MACSI, …, University of Limerick, Ireland x@ul.ie`) or one set under a symbol (`* H2O.ai
    and George Washington University`), when written as names."""
    lines = accented(_unbroken(text)).splitlines()
    body = (n for n, x in enumerate(lines) if ABSTRACT.match(x) or starts_body(x))
    out: list[str] = []
    for line in lines[next(body, len(lines)) :]:
        pieces = [first_sentence(p) for p in _MARKER.split(line)]  # `…, USA. Correspondence to`
        opens = _NOTE_START.match(line) is not None  # not a line the page broke mid-name
        starred = line.lstrip()[:1] in _MARK_CHARS  # `* H2O.ai and George Washington University`
        led = WORK_AT.match(pieces[0].lstrip(_MARK_CHARS + " "))
        starred = starred and names_organisation(pieces[0])  # not `* NVIDIA A100 GPUs`
        said = pieces[:1] if opens and ("@" in line or led or starred) else []
        for piece in (clean_line(p) for p in pieces[1:] + said):
            lead = WORK_AT.match(piece)  # `A. Lee is with Jump Trading, Chicago`
            piece = WORK_AT.sub("", piece)
            piece = subject[1] if (subject := _PART_OF.match(piece)) else piece
            if piece and _named(piece):  # read as the LaTeX reader reads an author's note
                out += note_lines(piece, known, lead_removed=lead is not None)
    return out


def _named(piece: str) -> bool:
    """Whether a note's piece is written as an organisation's name, not as a sentence (`We use
    the checkpoint released by Meta AI`): no word of its first part is a lower-case word other
    than a name's joining words (`Università degli Studi di Milano`, `Université du Québec à
    Montréal`) or a name's own spelling (`eBay`, `iFLYTEK`, `d'Aix-Marseille`); the part read
    is the first that is no unit (`Département de mathématiques et statistique, Université
    Laval`)."""
    parts = [p for p in piece.split(",") if p.strip()]
    named = [p for p in parts if not says_unit(p)][:1] or parts[:1]  # `Département de …, X`
    words = [w.strip("()[],;:–—-\"'") for w in named[0].split()] if named else []
    prose = [w for w in words if w[:1].islower() and w not in _JOINING and w == w.lower()]
    return 0 < len(words) <= 14 and not prose


_JOINING = {"of", "for", "and", "the", "de", "du", "des", "di", "da", "del", "degli", "della",
            "dello", "do", "dos", "das", "la", "le", "les", "los", "las", "van", "von", "der",
            "den", "zu", "bin", "binti", "al", "at", "in", "on", "y", "e", "et", "en", "und", "für",
            "&", "d", "l", "à", "au", "aux", "sur", "i"}  # fmt: skip
# `Qualcomm AI Research is an initiative of Qualcomm Technologies, Inc.`: the subject is it
_PART_OF = re.compile(r"^(.+?) is (?:an? )?(?:initiative|division|subsidiary|part|unit) of\b")
# a note opens with its mark, or with the space pypdf leaves for a mark it cannot map
_NOTE_START = re.compile(rf"^(?:\s+|[{_MARK_CHARS}]\s*)[A-Z]")


def _notes(text: str, known: Known) -> list[str]:
    """ "The authors are with the School of …, University of …, Beijing (e-mail: …)" anywhere
    on the page, its lines joined and de-hyphenated."""
    joined = accented(_unbroken(text)).replace("\n", " ")
    # and what follows each "… are with" wherever it stands: the page's text runs the note into
    # the lines above it (`… the Grant BT/2023 P. Viswanathan and M. Adhikari are with the …`)
    pieces = _IS_WITH.split(joined)
    after_with = [first_sentence(p) for p in pieces[1:]]
    # its names (`Y. Cao is with …`) vouch for a name with no institution word after them
    names = [_NAMED.search(before) is not None for before in pieces[:-1]]
    return note_lines(joined, known, led=True) + [
        x
        for piece, named in zip(after_with, names, strict=True)
        for x in note_lines(piece, known, lead_removed=named)
    ]


# after a name (`… and M. Adhikari are with`), not prose (`the largest gains are with Gemini`)
_IS_WITH = re.compile(
    r"\b(?:[A-Z][\w'’-]*|authors|they)\s+(?:is|are) (?:now |also )?with\s+(?:the\s+)?"
)
# the initials before the last name, after a sentence, a comma or `and` (not `Appendix B.`)
_NAMED = re.compile(rf"(?:^|[.;,:]\s+|\band\s+){INITIALS}$")


def _unbroken(text: str) -> str:
    """The page's text with the words its lines broke joined (`Re-` + `search`), and the
    names (`2Centro de` + `Investigación en …`)."""
    text = re.sub(
        r"\b(of|and|for|de|di|du|des|del|da|do|der|für|von|van)[ \t]*\n(?=[A-Z])", r"\1 ", text
    )
    return re.sub(r"-\n(?=[a-z])", "", text)


# a name in capitals has a first name and a surname, or follows "and" (`MIT` is no name)
_CAPS_NAME = re.compile(
    r"^(?:and [A-Z][A-Z'.\-]*(?: [A-Z][A-Z'.\-]*)*|[A-Z][A-Z'.\-]*(?: [A-Z][A-Z'.\-]*)+)\*?$"
)


def _without_names(line: str) -> tuple[str, bool]:
    """acmart's journal styles print `NAME, NAME, and NAME, Organisation, Country` in small
    capitals: the names (a leading run of capitalised parts) go when something else follows,
    and what follows is the authors' affiliation (True). A leading "and" goes too."""
    parts = [p.strip() for p in line.split(",")]
    n = 0
    while n < len(parts) and _CAPS_NAME.match(parts[n]) and not names_organisation(parts[n]):
        n += 1  # not a company's name and form: `SPEE S.R.L, L'Aquila, Italy`
    if 0 < n < len(parts) and re.search(r"[a-z]", parts[n]):  # not `…, VOL. 14, NO. 8`
        return ", ".join(parts[n:]), True
    return re.sub(r"^and\s+", "", line), False
