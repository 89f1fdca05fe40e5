"""The lines of an author block that name organisations: numbered entries (`$^{1}$UC Santa
Cruz \\quad $^{2}$Virginia Tech`), NeurIPS-style `\\author{Name \\\\ Dept \\\\ University \\And …}`
blocks, the line under a name, and which of them are units of another. Only text of the
source is returned, cleaned of markup.
"""

from __future__ import annotations

import re

from monitor.affiliation_lines import (
    FUNDING,
    POSITION,
    Known,
    clean_line,
    looks_institutional,
    placeholder,
    split_lines,
)
from monitor.field_units import unit_of
from monitor.mail_domains import mail_domains, names_domain
from monitor.org_words import (
    PLACE,
    names_organisation,
    says_unit,
    short_form_and_place,
    short_name,
)
from monitor.places import is_place
from monitor.positions import without_position
from monitor.tex import macro_args, plain
from monitor.title_blocks import title_block_texts
from monitor.under_names import Under, organisations_under, styled_rows, under_the_name

_MARKER = re.compile(
    r"(?:\$\s*\^\s*(?:\{(?:[^${}]|\{[^${}]*\}){1,16}\}|[^${}]{1,8})\s*\$"
    r"|\\(?:textsuperscript|IEEEauthorrefmark)\s*\{[^{}]{1,8}\})"
    r"(?=\s*[A-Za-z{\\])"
)
# what comes before a marker that opens a line's entry, not one after a name (`Quinn$^{2}$`,
# `Nushi,\\textsuperscript{2}`)
_SIZE_AT_END = re.compile(
    r"(?:\\(?:tiny|scriptsize|footnotesize|small|normalsize|normalfont|rm|sf|it|mdseries|"
    r"bfseries|itshape|upshape|rmfamily|sffamily|large|Large|LARGE|huge|Huge|bf)\s*)+$"
)
_LINE_START = ("\n", "\\\\", "{", "quad", "]")
# an organisation's mark is a number, a letter or a Greek one (`$^{2}$`, `\\textsuperscript{b}`,
# `$^\\lambda$`); `$^{*}$` and `$^\\dagger$` mark notes (`Equal contribution`, `Project page: …`)
_GREEK = (
    r"\\(?:var)?(?:alpha|beta|gamma|delta|epsilon|zeta|eta|theta|iota|kappa|lambda|mu|nu|xi|pi|"
    r"rho|sigma|tau|upsilon|phi|chi|psi|omega|Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Upsilon|Phi|"
    r"Psi|Omega)"
)
_ORGANISATION_MARK = re.compile(
    rf"[{{^\s](?:\\rm\s*)?(?:[0-9]+|[a-z]|{_GREEK})\s*(?:,\s*(?:[0-9a-z]+|{_GREEK})\s*)*[}}$]"
)


def marked_entries(body: str) -> list[str]:
    """The entries of a block that numbers them at the start of their lines (`$^{1}$UC Santa
    Cruz \\quad $^{2}$Virginia Tech`, after the authors' names), each an organisation authors
    point to; none when fewer than two are numbered."""
    starts: list[re.Match[str]] = []
    for m in _MARKER.finditer(body):
        before = _SIZE_AT_END.sub("", body[: m.start()])  # `\\\\ \\small $^1$NSF …`
        opens = not before.strip() or before.rstrip(" \t").endswith(_LINE_START)
        # or the next on a line that one opened: `$^{1}$UL Research Institutes $^{2}$Independent`
        follows = bool(starts) and before[-1:].isspace() and body[m.end() : m.end() + 1].isupper()
        if (opens or follows) and _ORGANISATION_MARK.search(m.group(0)):
            starts.append(m)
    if len(starts) < 2:
        return []
    ends = [m.start() for m in starts[1:]] + [len(body)]
    return [body[m.end() : end] for m, end in zip(starts, ends, strict=True)]


def entry_lines(entry: str, macros: dict[str, str], known: Known, explicit: bool) -> list[str]:
    """The organisations of one affiliation: its lines that say they are one or name the
    e-mail domain (`\\textit{Neo4j} \\\\ jim@neo4j.com`); else, when the macro is an
    affiliation's own, its first line."""
    lines = [without_position(x, known) for x in split_lines(plain(entry, macros))]
    kept = _without_units(_organisation_lines(lines, mail_domains(entry), known), known)
    if kept or not explicit:
        return kept
    return [x for x in lines[:1] if not placeholder(x, known) and not FUNDING.search(x)]


def _address(line: str) -> bool:
    """Whether a line is a place with its region or country, postcodes aside (`Seattle, WA
    98195, USA`); one name alone may be an organisation's (`Criteo`, `Jane Street`)."""
    parts = [p.strip() for p in line.split(",")]
    return len(parts) > 1 and all(PLACE.match(p) or _POSTCODE.fullmatch(p) for p in parts)


_POSTCODE = re.compile(r"(?:[A-Z]{2}\s*)?\d{4,6}|\d{4,6}\s+[A-Z][\w ]*")  # `WA 98195`


def author_block_lines(front: str, macros: dict[str, str], known: Known) -> list[str]:
    """NeurIPS/ICLR style: `\\author{Name \\\\ Dept \\\\ University \\And ...}`; else the
    lines of a `center` (PLoS: `flushleft`) block after the authors (`\\large{Google
    Research}`). A line that names the block's e-mail domain is an organisation too
    (`Circonus`, `x@circonus.com`)."""
    lines: list[str] = []
    # IJCAI's `\\author{Names \\affiliations Organisations \\emails …}`: each starts a line
    # and IEEE's `Huawei~Li,~\\IEEEmembership{Senior Member,~IEEE}`: a name, whatever it says
    bodies = [
        _IJCAI_PART.sub(r"\\\\ ", _IEEE_MEMBER.sub(_member_name, body))
        for macro in ("author", "coltauthor")  # COLT's class writes it so
        for (body,) in macro_args(front, macro)
    ]
    for body in bodies:
        # `Names$^{1}$ \\ $^{1}$eunomia-bpf, $^{2}$UC Santa Cruz`: the entries after the names
        after_names = body.split("\\\\", 1)[1] if "\\\\" in body else ""
        blocks = _AUTHOR_AND.split(body)
        # or in a last block of their own: `A\\textsuperscript{1} \\and … \\and $^{1}$KU Leuven`
        last = blocks[-1] if "\\and" in body else ""
        entries = marked_entries(after_names) or marked_entries(last)
        marked = [x for e in entries for x in entry_lines(e, macros, known, True)]
        if marked:
            lines += marked
            continue
        lines += _blocks_lines([styled_rows(b) for b in blocks], macros, known)
    if not lines:
        for text in title_block_texts(front):
            lines += _organisation_lines(plain(text, macros).split("\n"), set(), known)
    return lines


_ADDR = re.compile(r"\\addr(?![A-Za-z])")
_AND_LINE = re.compile(r"\\\\\s*and\s*\\\\")  # `… USA \\ and \\ Department …`
_MAIL_ONLY = re.compile(r"^\s*(?:\S+@\S+|https?://\S+)\s*$")  # a line that is an address


def _member_name(match: re.Match[str]) -> str:
    """An IEEE author's name and membership, gone; an organisation written there stays."""
    return match[0] if names_organisation(match[1]) else " "


# a name (capitalised words, `~` for spaces) at a list's start or after a comma or `and`
_IEEE_MEMBER = re.compile(
    r"(?:^|(?<=[,\n])|(?<=\band))\s*((?:[A-Z][\w.'’-]*[~\s]*){1,4}),?[~\s]*"
    r"\\IEEEmembership\s*\{(?:[^{}]|\{[^{}]*\})*\}"
)
_IJCAI_PART = re.compile(r"\\(?:affiliations|emails)(?![A-Za-z])")
_AUTHOR_AND = re.compile(r"\\(?:And|AND|and)(?![A-Za-z])")  # the authors' blocks


def _blocks_lines(blocks: list[str], macros: dict[str, str], known: Known) -> list[str]:
    """The organisations of the authors' blocks (`Name \\\\ Dept \\\\ University`), each
    block's first line naming its author unless it is all there is (`\\AND DeepMind`, which
    counts only when it says it is an organisation). A block whose words name none has its
    line under the name read as the affiliation when the line is written as one's name and
    the paper shows it is one (`under_names.organisations_under`: `Drew Lehe \\\\ HouseIQ`
    beside `Sam Witty \\\\ Sorbus AI`; not `Computer Science`, `Bay Area`, `Retired`), in the
    order of the blocks."""
    lines: list[str | Under] = []  # an Under stands where it is, until the paper shows it
    shown: set[bool] = set()  # an organisation stands under a name: in italics, or not
    for block in blocks:
        address = _ADDR.split(block, 1)
        if len(address) == 2:  # JMLR's `\\addr`: what follows is the author's affiliation, the
            # place alone (`\\addr Mountain View, CA`) under one above it; `\\ and \\` starts
            # another (`The Voleon Group \\ Berkeley, CA \\ and \\ Department of Statistics …`)
            first, *others = _AND_LINE.split(address[1])
            for head, entry in [(address[0], first), *(("", e) for e in others)]:
                named = entry_lines(f"{head} \\\\ {entry}", macros, known, False)
                written = entry_lines(entry, macros, known, True)
                lines += named or [x for x in written if not _address(x) and x[:1].isalpha()]
            continue
        lines_of = [x for x in plain(block, macros).split("\n") if x.strip()]
        bracketed = _NAME_AND_ORGANISATION.match(lines_of[0]) if lines_of else None
        inside = bracketed[1] if bracketed else ""  # `Arpit Gupta (UCSB)`, not `(Advisor)`
        if inside and (looks_institutional(inside, known) or short_name(inside)):
            lines.append(clean_line(inside))
            lines_of = lines_of[1:]
            if not lines_of:
                continue
        # the block's only line but its e-mail (`Zero Gravity Labs \\\\ 0g@0g.ai`)
        one = len(lines_of) == 1 or (
            len(lines_of) > 1
            and all(map(_MAIL_ONLY.match, lines_of[1:]))
            and names_organisation(lines_of[0])
        )
        domains = set() if one else mail_domains(block)
        found = _organisation_lines(lines_of if one else lines_of[1:], domains, known, not one)
        lines += _without_units(found, known)
        under = under_the_name(block, macros)
        if under and not found:
            lines.append(under)
        if under and found and looks_institutional(under.line, known):
            shown.add(under.styled)
    kept = organisations_under([x for x in lines if isinstance(x, Under)], shown)
    return [x if isinstance(x, str) else x.line for x in lines if isinstance(x, str) or x in kept]


# an author's name with the organisation in brackets after it
_NAME_AND_ORGANISATION = re.compile(
    r"^\s*[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){1,4}\s*\(([^()]{2,80})\)\s*$"
)


def _without_units(lines: list[str], known: Known) -> list[str]:
    """One author's lines without the units written above their organisation (`Warwick
    Mathematics Institute` \\\\ `University of Warwick`, `Computer Science Laboratory` \\\\
    `SRI International`): above the last line the gazetteer knows or that says university (or,
    with none, the last that names an organisation: `Masdar Institute of Science and
    Technology`), a line that names a unit of it goes (`Max Planck Institute for Informatics`
    stays)."""
    anchors = [n for n, line in enumerate(lines) if known(line) or _UNIVERSITY_WORD.search(line)]
    if not anchors:  # else the last line that names an organisation, not a unit of one
        named = [
            n
            for n, x in enumerate(lines)
            if names_organisation(x) and not says_unit(x.split(",")[-1])  # `Dept. of X, Org`
        ]
        anchors = named[-1:]
    if not anchors:
        return lines
    last = lines[anchors[-1]]
    return [
        x for n, x in enumerate(lines) if n >= anchors[-1] or n in anchors or not unit_of(x, last)
    ]


_UNIVERSITY_WORD = re.compile(r"\b(?:universit\w*|univ\.|universidade?\b|uniwersytet)", re.I)


def _organisation_lines(
    raw: list[str], domains: set[str], known: Known, under_a_name: bool = False
) -> list[str]:
    """The lines that name an organisation (or give its short form and place: `MIPT, Russia`;
    under an author's name, a name and its place in brackets: `Tunnel (New York, USA)`), and
    the parts that name the block's e-mail domain (`Circonus` beside `x@circonus.com`), unless
    an address follows the part (`Berkeley, CA 94720` beside `x@berkeley.edu`)."""
    out = []
    for line in split_lines("\n".join(raw)):
        if looks_institutional(line, known) or short_form_and_place(line):
            out.append(line)
            continue
        placed = _NAME_AND_PLACE.match(line) if under_a_name else None
        if placed and _named_and_placed(placed[1], placed[2]):
            out.append(placed[1])
            continue
        parts = line.split(",")  # `Co-Founder & Lead, Ethereum Project`: the named part
        for n, part in enumerate(parts):
            words = re.findall(r"[a-z0-9]+", part.lower())
            # nor a place, nor one with its postcode (`Boulder, Colorado 80303`, `…@colorado.edu`)
            after = any(_ADDRESS_PART.search(q.strip()) for q in parts[n + 1 :])
            address = after or _POSTCODE_IN.search(part) is not None or is_place(part)
            # nor a word for any organisation (`Startup` beside `derek@startup.com`)
            unnamed = address or placeholder(part.strip(), known)
            if len(words) <= 6 and names_domain(words, domains) and not unnamed:
                out.append(part.strip())
    return out


def _named_and_placed(name: str, where: str) -> bool:
    """`Tunnel (New York, USA)`: a name that is no place, position or note, and the towns,
    regions or countries in its brackets (not `Mountain View (CA)`, `Joint First Authors (Equal
    Contribution)`)."""
    if is_place(name) or POSITION.search(name) or FUNDING.search(name) or placeholder(name):
        return False
    return all(is_place(p.strip()) for p in where.split(","))


_NAME_AND_PLACE = re.compile(r"^([A-Z][\w&.'-]*(?: [A-Z&][\w&.'-]*){0,4}) \(([^()]+)\)$")
_POSTCODE_IN = re.compile(r"\b\d{4,6}\b")  # `Colorado 80303`, not `Neo4j`
_ADDRESS_PART = re.compile(r"\d|^[A-Z]{2}$")  # a postcode, a state: `CA 94720`, `MA`
