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
    POSITION,
    Known,
    looks_institutional,
    placeholder,
    split_lines,
)
from monitor.author_blocks import author_block_lines, entry_lines, marked_entries
from monitor.author_notes import WORK_AT, note_lines
from monitor.eprint import front_matter, main_files
from monitor.org_words import short_name
from monitor.places import is_place
from monitor.tex import args_at, braced, macro_args, plain
from monitor.tex_macros import definitions, top_level

# the macros that hold affiliations (IACR's `\\addaffiliation[country = {USA}]{Oracle}`,
# INFORMS' `\\AFF{…}`, BMVC's `\\addinstitution{…}`)
_EXPLICIT = ("affiliation", "affiliations", "affil", "institute", "address", "icmlaffiliation",
             "mlsysaffiliation", "sysmlaffiliation", "icmladdress", "aistatsaddress",
             "addaffiliation", "altaffiltext", "AFF", "addinstitution",
             "additionalaffiliation", "affaddr")  # fmt: skip
# `{key}{Organisation}` (AASTeX 5's `\\altaffiltext{1}{…}` too)
_KEYED = ("icmlaffiliation", "mlsysaffiliation", "sysmlaffiliation", "altaffiltext")
_MACRO = re.compile(
    r"\\(affiliations?|affil|institute|address|(?:icml|mlsys|sysml)affiliation|icmladdress|"
    r"aistatsaddress|addaffiliation|altaffiltext|AFF|addinstitution|additionalaffiliation|"
    r"IEEEauthorblockA|thanks|footnote|footnotetext|IEEEcompsocitemizethanks|affiliate|affaddr)"
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
    front = _last_institute(_AFFADDR_RUN.sub(_one_affaddr, front))
    stated: list[str] = []
    notes: list[str] = []  # author footnotes (`\\thanks{Work done at …}`, `\\footnote{…}`)
    authors = _author_spans(front)
    for match in _MACRO.finditer(front):
        name = match.group(1)
        if name == "footnote" and not any(a <= match.start() < b for a, b in authors):
            continue  # a footnote in the title or the abstract is no author's
        count = 2 if name in _KEYED else 1
        args = args_at(front, match.end(), count)
        if args is None:
            continue
        # each sentence alone; IEICE's `\\affiliate[label]{The author is with X}` is a note too
        if name in ("thanks", "footnote", "footnotetext", "IEEEcompsocitemizethanks", "affiliate"):
            items = re.split(r"\\IEEEcompsocthanksitem(?![A-Za-z])", args[-1])
            notes += [n for item in items for n in note_lines(plain(item, macros), known)]
            continue
        stated += _stated(args[-1], macros, known, name in _EXPLICIT)
    stated = _lipics_affiliations(front, macros, known) + stated
    if not stated:
        stated = (
            author_block_lines(front, macros, known)
            or _after_the_title(front, macros, known)
            or _in_the_date(front, macros, known, lines=not notes)
            or _affiliation_macros(macros, known)
        )
    return _unique([WORK_AT.sub("", f) for f in stated + notes])


def _last_institute(front: str) -> str:
    """llncs's front matter with its last `\\institute{…}` only: the class keeps the last one
    it is given, and prints none of the others (when each stands outside any conditional or
    group: not `\\ifanon \\institute{Anonymous} \\else \\institute{…} \\fi`)."""
    matches = list(_INSTITUTE.finditer(front))
    if not _LLNCS.search(front) or not all(top_level(front, m) for m in matches):
        return front
    calls = [(m.start(), group[1]) for m in matches if (group := braced(front, m.end()))]
    for start, end in reversed(calls[:-1]):
        front = front[:start] + front[end:]
    return front


_LLNCS = re.compile(r"\\documentclass\s*(?:\[[^\]]*\])?\s*\{llncs\}")
_INSTITUTE = re.compile(r"\\institute(?![A-Za-z])")


def _one_affaddr(run: re.Match[str]) -> str:
    """ACM's `\\affaddr{CreditX} \\\\ \\affaddr{Shanghai} \\\\ \\affaddr{PRC}` under one author:
    one affiliation, its lines those of one block."""
    return "\\affaddr{" + " \\\\ ".join(_AFFADDR.findall(run[0])) + "}"


_AFFADDR = re.compile(r"\\affaddr\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_AFFADDR_RUN = re.compile(rf"{_AFFADDR.pattern}(?:\s*(?:\\\\)?\s*{_AFFADDR.pattern})*")


def _author_spans(front: str) -> list[tuple[int, int]]:
    """Where each `\\author{…}` argument stands in the front matter."""
    spans = []
    for match in re.finditer(r"\\author(?![A-Za-z])", front):
        group = braced(front, match.end())
        if group:
            spans.append((match.end(), group[1]))
    return spans


def _stated(text: str, macros: dict[str, str], known: Known, explicit: bool) -> list[str]:
    """The organisations an affiliation macro's argument states: each `\\and` part, each of
    its numbered entries (an organisation authors point to) or the part whole."""
    out: list[str] = []
    at = _AT.search(text) is not None  # svjour3: `Name \\at Address \\and …`
    for one in re.split(r"\\(?:and|AND|And)(?![A-Za-z])", text):  # llncs: `A \\and B`
        # a part without `\\at` holds names, and an organisation only if its words say so
        said = not at or _AT.search(one) is not None
        one = _AT.split(one, 1)[-1]
        for body in _institutions(one):
            marked = marked_entries(body)
            for entry in marked or [body]:
                out += entry_lines(entry, macros, known, (explicit and said) or bool(marked))
    return out


_AT = re.compile(r"\\at(?![A-Za-z])")


def _affiliation_macros(macros: dict[str, str], known: Known) -> list[str]:
    """Affiliations a class prints from the paper's own macros (Frontiers' `\\def\\Address{
    $^{1}$…}` beside an empty `\\address{}`, `\\newcommand{\\firstauthoraffiliation}{…}`, a
    thesis's `\\getUniversity`), read when nothing else names one."""
    named = [body for name, body in macros.items() if _AFFILIATION_NAME.search(name)]
    written = [body for body in named if not _SENTENCE_START.match(plain(body, macros).lstrip())]
    return [x for body in written for x in _stated(body, macros, known, False)]


# a macro named for what it holds (`\\Address`, `\\firstauthoraffiliation`), not a word
# that begins so (`\\addressedProblem`); its text a name, not a sentence
_AFFILIATION_NAME = re.compile(
    r"(?:affil\w*|address(?:es)?|institut(?:e|ion)s?)(?:one|two|three|four|five|[a-z])?$"
    r"|^(?:get|the|my)?(?:university|organi[sz]ation)(?:name)?$",
    re.I,
)  # `\\Address`, `\\addressone`, `\\institutionA`, a thesis's `\\getUniversity`; not
# `\\addressing`, `\\institutionalbias`, a paper's subject `\\targetorganization`
_SENTENCE_START = re.compile(r"[a-z]+\b(?!['’])")  # `the problem …`, not `eBay`, `iFLYTEK`


def _after_the_title(front: str, macros: dict[str, str], known: Known) -> list[str]:
    """Numbered entries typed as text after `\\maketitle` (`\\textsuperscript{1} Google
    Brain \\textsuperscript{2} MIT`), under names typed the same way."""
    after = front.split("\\maketitle", 1)[1] if "\\maketitle" in front else ""
    return [x for e in marked_entries(after) for x in entry_lines(e, macros, known, True)]


def _in_the_date(front: str, macros: dict[str, str], known: Known, lines: bool) -> list[str]:
    """Affiliations in `\\date{…}`, where some `article` papers set them under the names:
    numbered entries (`\\date{\\small $^1$Leibniz University Hannover, $^2$L3S Research
    Center, …}`), or, with `lines` (the authors have no notes), lines (`\\date{X-ray Science
    Division, …, Argonne National Laboratory}`), not a line that says where the paper appeared
    or what it is (`Published in Transactions on …`, `Lecture notes for …, Cornell University`)."""
    bodies = [_TYPE_SIZE.sub("", body) for (body,) in macro_args(front, "date")]
    entries = [e for body in bodies for e in marked_entries(body)]
    if lines and not entries:
        entries = [b for body in bodies for b in body.split("\\\\") if not _PUBLISHED.search(b)]
    # only lines that say they are organisations: notes are numbered there too (`Project page`)
    return [x for e in entries for x in entry_lines(e, macros, known, False)]


# what a date line says of the paper itself: where it appeared, what it is
_PUBLISHED = re.compile(
    r"\b(?:published|submitted|accepted|appear\w*|transactions|journal|proceedings|report|"
    r"lecture|notes|thesis|dissertation|keynote|prepared|draft|version|preprint)\b",
    re.I,
)
_TYPE_SIZE = re.compile(
    r"^\s*(?:\\(?:tiny|scriptsize|footnotesize|small|normalsize)(?![A-Za-z])\s*)+"
)


def _lipics_affiliations(front: str, macros: dict[str, str], known: Known) -> list[str]:
    """LIPIcs/Dagstuhl: `\\author{Name}{Affiliation \\and URL}{email}{orcid}{funding}`; the
    old sigplanconf's `\\authorinfo{Names}{Affiliation}{Email}`; ICASSP's (spconf)
    `\\twoauthors{Name}{Affiliation}{Name}{Affiliation}`."""
    out: list[str] = []
    written = [*macro_args(front, "author", 3), *macro_args(front, "authorinfo", 3)]
    written += [pair for a in macro_args(front, "twoauthors", 4) for pair in (a[:2], a[2:])]
    for _name, affiliation, *_ in written:
        for n, entry in enumerate(_AND.split(affiliation)):  # `Monash … \\and OPTIMA ITTC`
            lines = split_lines(plain(" \\\\ ".join(_institutions(entry)), macros))
            named = [line for line in lines if looks_institutional(line, known)]
            # after the first, one with no organisation's word must be written as a name (not
            # `Homepage`, `Visiting Professor`, `www.annlee.net`)
            out += named or [x for x in lines[:1] if _first_line_names(x, known, later=n > 0)]
    return out


_AND = re.compile(r"\\and(?![A-Za-z])")


def _first_line_names(line: str, known: Known, later: bool = False) -> bool:
    """Whether the first line of an affiliation with no organisation's word names one: not a
    placeholder (`Unaffiliated`) nor a place (`Tokyo, Japan`); a later entry's only when its
    first part is written as a name (`OPTIMA ITTC`), no position held, note or address."""
    first = line.split(",")[0].strip()
    if placeholder(line, known) or is_place(first):
        return False
    name = (bool(_ENTRY_NAME.fullmatch(first)) and first.lower() not in _WEB) or short_name(first)
    return not later or (name and not (POSITION.search(line) or FUNDING.search(line)))


# a name in capitalised words and the words that join them (`OPTIMA ITTC`, `Kyutai`, `Bank of
# America`), not a link's text
_ENTRY_NAME = re.compile(r"[A-Z][\w.&'’-]*(?: (?:of|for|and|de|the|[A-Z][\w.&'’-]*))*")
_WEB = {"homepage", "website", "webpage", "home page", "web page", "web"}


def _institutions(body: str) -> list[str]:
    """The entries of an affiliation: acmart's `\\institution{..}` or Springer Nature's
    `\\orgname{..}` parts (one entry, each a line; several when one is spaced out into them:
    `UC Berkeley \\quad Brim Data`), elsarticle's `organization=`, or the body itself."""
    parts = [args[0] for name in ("institution", "orgname") for args in macro_args(body, name)]
    spaced = [_SPACE_FIRST.sub("", e) for p in parts for e in _SPACED.split(p) if e.strip()]
    if len(spaced) > len(parts) and all(_MARKED_ENTRY.search(e) for e in spaced):
        return spaced  # each marked: entries, not a name and its city (`Tsinghua \\quad Beijing`)
    if parts:  # one organisation each, even when set on two lines; acmart's street address
        # may name the organisation of the unit the institution names (`\\institution{SpaceR
        # Research Group} \\streetaddress{University of Luxembourg}`)
        parts += [x for (x,) in macro_args(body, "streetaddress") if _NAMED_STREET.search(x)]
        return [" \\\\ ".join(re.sub(r"\\\\(?:\[[^\]]*\])?", ", ", p) for p in parts)]
    if _ADDRESS_ONLY.search(body):  # acmart fields without an institution: a place, no one
        return []
    organization = _key_value(body, "organization")
    if organization:  # its units, with the university the address line names
        return [", ".join(x for x in (organization, _key_value(body, "addressline")) if x)]
    if re.search(r"\borganization\s*=\s*\{\s*\}", body):  # a template's `organization={}`
        return [x for x in (_key_value(body, "addressline"),) if x]
    return [re.sub(r"\\(?:and|AND)(?![A-Za-z])", r" \\\\ ", body)]


# entries set apart by `\\quad` or by control spaces (`$^{1}$Technion \\ \\ \\ $^{2}$VMware`)
# a street address that is an organisation's name: a university's, no number
_NAMED_STREET = re.compile(r"^(?!.*\d).*\b(?:universit\w*|hochschule|college)\b", re.I)
_SPACED = re.compile(r"(?:\s*(?:\\q?quad(?![A-Za-z])|(?:\\ \s*){2,}))+\s*")
_SPACE_FIRST = re.compile(r"^(?:\s|\\\\(?:\[[^\]]*\])?|\\ )+")  # a break or spaces before a mark
# an entry's mark before or after it: `$^{1}$…`, `\\textsuperscript{2}…`, `…\\tinydag` (a macro)
_MARKED_ENTRY = re.compile(r"^\s*(?:\$\^|\\textsuperscript)|\\[A-Za-z]+\s*$|\$\^[^$]*\$\s*$")


def _key_value(body: str, name: str) -> str:
    """An elsarticle affiliation's `name={…}` value, or ''."""
    found = re.search(rf"\b{name}\s*=\s*\{{", body)
    group = braced(body, found.end() - 1) if found else None
    return group[0] if group else ""


def _unique(items: list[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item and item not in seen:
            seen.append(item)
    return seen
