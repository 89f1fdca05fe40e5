"""Affiliations in a paper's LaTeX front matter (`eprint.front_matter`).

The affiliation macros of the common classes: `\\affiliation` (acmart, revtex, elsarticle),
`\\institution`, `\\affil` (authblk), `\\institute` (llncs), `\\address`, `\\icmlaffiliation`
(and MLSys' `\\mlsysaffiliation`), `\\IEEEauthorblockA`, LIPIcs'
`\\author{Name}{Affiliation}…`, the lines of `\\author` blocks (NeurIPS style) or of a `center`
block, and author notes (`\\thanks`, IEEE Computer Society's items). Everything returned is
text of the source, cleaned of markup; nothing is guessed.
"""

from __future__ import annotations

import re

from monitor.affiliation_lines import (
    FUNDING,
    WORK_AT,
    Known,
    clean_line,
    looks_institutional,
    note_lines,
    placeholder,
    split_lines,
)
from monitor.eprint import front_matter, main_files
from monitor.org_words import mail_domains, names_domain, unit_of
from monitor.tex import args_at, braced, definitions, macro_args, plain

_EXPLICIT = ("affiliation", "affiliations", "affil", "institute", "address", "icmlaffiliation",
             "mlsysaffiliation", "sysmlaffiliation", "icmladdress")  # fmt: skip
_KEYED = ("icmlaffiliation", "mlsysaffiliation", "sysmlaffiliation")  # `{key}{Organisation}`
_MACRO = re.compile(
    r"\\(affiliations?|affil|institute|address|(?:icml|mlsys|sysml)affiliation|icmladdress|"
    r"IEEEauthorblockA|thanks|footnote|IEEEcompsocitemizethanks)"
    r"(?![A-Za-z])"
)
_ADDRESS_ONLY = re.compile(r"\\(?:city|state|country|postcode|streetaddress)\b")


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
    notes: list[str] = []  # author footnotes (`\\thanks{Work done at …}`, `\\footnote{…}`)
    for match in _MACRO.finditer(front):
        name = match.group(1)
        count = 2 if name in _KEYED else 1
        args = args_at(front, match.end(), count)
        if args is None:
            continue
        if name in ("thanks", "footnote", "IEEEcompsocitemizethanks"):  # each sentence alone
            items = re.split(r"\\IEEEcompsocthanksitem(?![A-Za-z])", args[-1])
            notes += [n for item in items for n in note_lines(plain(item, macros), known)]
            continue
        stated += _stated(args[-1], macros, known, name in _EXPLICIT)
    stated = _lipics_affiliations(front, macros, known) + stated
    if not stated:
        stated = (
            _author_block_lines(front, macros, known)
            or _after_the_title(front, macros, known)
            or _affiliation_macros(macros, known)
        )
    return _unique([WORK_AT.sub("", f) for f in stated + notes])


def _stated(text: str, macros: dict[str, str], known: Known, explicit: bool) -> list[str]:
    """The organisations an affiliation macro's argument states: each `\\and` part, each of
    its numbered entries (an organisation authors point to) or the part whole."""
    out: list[str] = []
    for one in re.split(r"\\(?:and|AND)(?![A-Za-z])", text):  # llncs: `A \\and B`
        for body in _institutions(one):
            marked = _marked_entries(body)
            for entry in marked or [body]:
                out += _entry_lines(entry, macros, known, explicit or bool(marked))
    return out


def _affiliation_macros(macros: dict[str, str], known: Known) -> list[str]:
    """Affiliations a class prints from the paper's own macros (Frontiers' `\\def\\Address{
    $^{1}$…}` beside an empty `\\address{}`, `\\newcommand{\\firstauthoraffiliation}{…}`), read
    when nothing else names one."""
    named = [body for name, body in macros.items() if _AFFILIATION_NAME.search(name)]
    written = [body for body in named if not _SENTENCE_START.match(plain(body, macros).lstrip())]
    return [x for body in written for x in _stated(body, macros, known, False)]


# a macro named for what it holds (`\\Address`, `\\firstauthoraffiliation`), not a word
# that begins so (`\\addressedProblem`); its text a name, not a sentence
_AFFILIATION_NAME = re.compile(
    r"(?:affil\w*|address(?:es)?|institut(?:e|ion)s?)(?:one|two|three|four|five|[a-z])?$", re.I
)  # `\\Address`, `\\addressone`, `\\institutionA`; not `\\addressing`, `\\institutionalbias`
_SENTENCE_START = re.compile(r"[a-z]+\b(?!['’])")  # `the problem …`, not `eBay`, `iFLYTEK`


def _after_the_title(front: str, macros: dict[str, str], known: Known) -> list[str]:
    """Numbered entries typed as text after `\\maketitle` (`\\textsuperscript{1} Google
    Brain \\textsuperscript{2} MIT`), under names typed the same way."""
    after = front.split("\\maketitle", 1)[1] if "\\maketitle" in front else ""
    return [x for e in _marked_entries(after) for x in _entry_lines(e, macros, known, True)]


def _lipics_affiliations(front: str, macros: dict[str, str], known: Known) -> list[str]:
    """LIPIcs/Dagstuhl: `\\author{Name}{Affiliation \\and URL}{email}{orcid}{funding}`."""
    out: list[str] = []
    for _name, affiliation, *_ in macro_args(front, "author", 3):
        lines = split_lines(plain(" \\\\ ".join(_institutions(affiliation)), macros))
        out += [line for line in lines if looks_institutional(line, known)] or lines[:1]
    return out


_MARKER = re.compile(
    r"(?:\$\s*\^\s*(?:\{(?:[^${}]|\{[^${}]*\}){1,16}\}|[^${}]{1,8})\s*\$"
    r"|\\(?:textsuperscript|IEEEauthorrefmark)\s*\{[^{}]{1,8}\})"
    r"(?=\s*[A-Za-z{\\])"
)
# what comes before a marker that opens a line's entry, not one after a name (`Quinn$^{2}$`,
# `Nushi,\\textsuperscript{2}`)
_LINE_START = ("\n", "\\\\", "{", "quad", "]")
# an organisation's mark is a number or a letter (`$^{2}$`, `\\textsuperscript{b}`); `$^{*}$`
# and `$^\\dagger$` mark notes (`Equal contribution`, `Project page: …`)
_ORGANISATION_MARK = re.compile(r"[{^\s](?:\\rm\s*)?(?:[0-9]+|[a-z])\s*(?:,\s*[0-9a-z]+\s*)*[}$]")


def _marked_entries(body: str) -> list[str]:
    """The entries of a block that numbers them at the start of their lines (`$^{1}$UC Santa
    Cruz \\quad $^{2}$Virginia Tech`, after the authors' names), each an organisation authors
    point to; none when fewer than two are numbered."""
    starts = [
        m
        for m in _MARKER.finditer(body)
        if (not body[: m.start()].strip() or body[: m.start()].rstrip(" \t").endswith(_LINE_START))
        and _ORGANISATION_MARK.search(m.group(0))
    ]
    if len(starts) < 2:
        return []
    ends = [m.start() for m in starts[1:]] + [len(body)]
    return [body[m.end() : end] for m, end in zip(starts, ends, strict=True)]


def _entry_lines(entry: str, macros: dict[str, str], known: Known, explicit: bool) -> list[str]:
    """The organisations of one affiliation: its lines that say they are one or name the
    e-mail domain (`\\textit{Neo4j} \\\\ jim@neo4j.com`); else, when the macro is an
    affiliation's own, its first line."""
    lines = split_lines(plain(entry, macros))
    kept = _without_units(_organisation_lines(lines, mail_domains(entry), known), known)
    if kept or not explicit:
        return kept
    return [x for x in lines[:1] if not placeholder(x) and not FUNDING.search(x)]


def _institutions(body: str) -> list[str]:
    """The entries of an affiliation: acmart's `\\institution{..}` or Springer Nature's
    `\\orgname{..}` parts (one entry, each a line; several when one is spaced out into them:
    `UC Berkeley \\quad Brim Data`), elsarticle's `organization=`, or the body itself."""
    parts = [args[0] for name in ("institution", "orgname") for args in macro_args(body, name)]
    spaced = [e for p in parts for e in _SPACED.split(p) if e.strip()]
    if len(spaced) > len(parts):
        return spaced
    if parts:  # one organisation each, even when set on two lines
        return [" \\\\ ".join(re.sub(r"\\\\(?:\[[^\]]*\])?", ", ", p) for p in parts)]
    if _ADDRESS_ONLY.search(body):  # acmart fields without an institution: a place, no one
        return []
    organization = _key_value(body, "organization")
    if organization:  # its units, with the university the address line names
        return [", ".join(x for x in (organization, _key_value(body, "addressline")) if x)]
    return [re.sub(r"\\(?:and|AND)(?![A-Za-z])", r" \\\\ ", body)]


_SPACED = re.compile(r"(?:\s*\\q?quad(?![A-Za-z]))+\s*")


def _key_value(body: str, name: str) -> str:
    """An elsarticle affiliation's `name={…}` value, or ''."""
    found = re.search(rf"\b{name}\s*=\s*\{{", body)
    group = braced(body, found.end() - 1) if found else None
    return group[0] if group else ""


def _author_block_lines(front: str, macros: dict[str, str], known: Known) -> list[str]:
    """NeurIPS/ICLR style: `\\author{Name \\\\ Dept \\\\ University \\And ...}`; else the
    lines of a `center` block after the authors (`\\large{Google Research}`). A line that
    names the block's e-mail domain is an organisation too (`Circonus`, `x@circonus.com`)."""
    lines: list[str] = []
    bodies = [body for (body,) in macro_args(front, "author")]
    for body in bodies:
        # `Names$^{1}$ \\ $^{1}$eunomia-bpf, $^{2}$UC Santa Cruz`: the entries after the names
        after_names = body.split("\\\\", 1)[1] if "\\\\" in body else ""
        blocks = _AUTHOR_AND.split(body)
        # or in a last block of their own: `A\\textsuperscript{1} \\and … \\and $^{1}$KU Leuven`
        last = blocks[-1] if "\\and" in body else ""
        entries = _marked_entries(after_names) or _marked_entries(last)
        marked = [x for e in entries for x in _entry_lines(e, macros, known, True)]
        if marked:
            lines += marked
            continue
        lines += _blocks_lines(blocks, macros, known)
    if not lines:
        centred = re.findall(r"\\begin\{center\}(.*?)\\end\{center\}", front, re.S)
        for center in centred + [args[0] for args in macro_args(front, "centerline")]:
            lines += _organisation_lines(plain(center, macros).split("\n"), set(), known)
    return lines


_AUTHOR_AND = re.compile(r"\\(?:And|AND|and)(?![A-Za-z])")  # the authors' blocks


def _blocks_lines(blocks: list[str], macros: dict[str, str], known: Known) -> list[str]:
    """The organisations of the authors' blocks (`Name \\\\ Dept \\\\ University`), each
    block's first line naming its author unless it is all there is (`\\AND DeepMind`, which
    counts only when it says it is an organisation). A block whose words name none has its
    line under the name read as the affiliation when the line is written as one's name and
    the paper shows it is one: it stands under two authors' names (`Brave Software`), or the
    name above it is set apart as a name (usenix's `{\\rm P. Winter}`); and its words say it
    is a company's name."""
    lines: list[str] = []
    unders: list[tuple[str, bool]] = []
    for block in blocks:
        lines_of = [x for x in plain(block, macros).split("\n") if x.strip()]
        bracketed = _NAME_AND_ORGANISATION.match(lines_of[0]) if lines_of else None
        if bracketed and not _ROLE.search(bracketed[1]):  # `Arpit Gupta (UCSB)`
            lines.append(clean_line(bracketed[1]))
            lines_of = lines_of[1:]
            if not lines_of:
                continue
        one = len(lines_of) == 1
        domains = set() if one else mail_domains(block)
        found = _organisation_lines(lines_of if one else lines_of[1:], domains, known)
        lines += _without_units(found, known)
        under = _under_the_name(block, macros) if not found else None
        if under:
            unders.append(under)
    names = [u for u, _ in unders]
    return lines + [u for u, set_apart in unders if set_apart or names.count(u) > 1]


def _under_the_name(block: str, macros: dict[str, str]) -> tuple[str, bool] | None:
    """The line under an author's name when it is written as a company's name: a few
    capitalised words, one of them a company's (`Software`, `Robotics`), no footnote mark (a
    marked line is another author's name); with whether the name above is set apart
    (`{\\rm …}`)."""
    rows = [r for r in re.split(r"\\\\(?:\[[^\]]*\])?", block) if plain(r, macros).strip()]
    if len(rows) < 2 or _MARKED.search(rows[1]):
        return None
    under = clean_line(plain(rows[1], macros))
    if not _ORGANISATION_SHAPED.match(under) or not _COMPANY.search(under):
        return None
    if placeholder(under) or FUNDING.search(under):
        return None
    return under, bool(_SET_APART.match(rows[0]))


# an author's name with the organisation in brackets after it, not a role or a membership
_NAME_AND_ORGANISATION = re.compile(
    r"^\s*[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){1,4}\s*\(([^()]{2,80})\)\s*$"
)
_ROLE = re.compile(
    r"\b(?:member|fellow|ieee|student|senior|equal|correspond\w*|contribut\w*|intern|editor|"
    r"chair|presenter|speaker|he|she|they|him|her)\b|@|\d",
    re.I,
)
_SET_APART = re.compile(r"^\s*(?:\{\s*\\(?:rm|bf|sc|large|Large)\b|\\textbf\s*\{|\\name\b)")
_MARKED = re.compile(r"\$\s*\^|\\(?:textsuperscript|thanks|footnote|IEEEauthorrefmark)\b|\*")
_ORGANISATION_SHAPED = re.compile(r"^[A-Z][\w&.'-]*(?: (?:[A-Z&][\w&.'-]*|of|for|and)){0,5}$")
# the words of a company's name (`Brave Software`, `Acme Robotics`): not a place, a position
# held, a department or another author's name
_COMPANY = re.compile(
    r"\b(?:software|systems|networks|robotics|analytics|therapeutics|pharmaceuticals|electronics|"
    r"semiconductors?|ventures|capital|partners|consulting|solutions|security|cloud|dynamics|"
    r"intelligence|health|games|studios?|media|bank|telecom)\b",
    re.I,
)


def _without_units(lines: list[str], known: Known) -> list[str]:
    """One author's lines without the units written above their organisation (`Warwick
    Mathematics Institute` \\\\ `University of Warwick`, `Computer Science Laboratory` \\\\
    `SRI International`): above the last line the gazetteer knows or that says university, a
    line that names a unit of it goes (`Max Planck Institute for Informatics` stays)."""
    anchors = [n for n, line in enumerate(lines) if known(line) or _UNIVERSITY_WORD.search(line)]
    if not anchors:
        return lines
    last = lines[anchors[-1]]
    return [
        x for n, x in enumerate(lines) if n >= anchors[-1] or n in anchors or not unit_of(x, last)
    ]


_UNIVERSITY_WORD = re.compile(r"\b(?:universit\w*|univ\.|universidade?\b|uniwersytet)", re.I)


def _organisation_lines(raw: list[str], domains: set[str], known: Known) -> list[str]:
    """The lines that name an organisation, and the parts that name the block's e-mail
    domain (`Circonus` beside `x@circonus.com`), unless an address follows the part (`Berkeley,
    CA 94720` beside `x@berkeley.edu`: a city)."""
    out = []
    for line in split_lines("\n".join(raw)):
        if looks_institutional(line, known):
            out.append(line)
            continue
        parts = line.split(",")  # `Co-Founder & Lead, Ethereum Project`: the named part
        for n, part in enumerate(parts):
            words = re.findall(r"[a-z0-9]+", part.lower())
            address = any(_ADDRESS_PART.search(q.strip()) for q in parts[n + 1 :])
            if len(words) <= 6 and names_domain(words, domains) and not address:
                out.append(part.strip())
    return out


_ADDRESS_PART = re.compile(r"\d|^[A-Z]{2}$")  # a postcode, a state: `CA 94720`, `MA`


def _unique(items: list[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item and item not in seen:
            seen.append(item)
    return seen
