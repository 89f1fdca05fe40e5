"""Lines of affiliation text, from any source (LaTeX author blocks, a PDF's first page):
cleaning them, splitting them, telling whether one names an organisation (author notes, "A and
B are with X.", are `author_notes`'). Pure string functions shared by `latex_front` and
`pdf_header`."""

from __future__ import annotations

import re
from collections.abc import Callable

from monitor.name_keys import NUMBERED_NAME
from monitor.org_words import (
    PLACE,
    STREET,
    names_organisation,
    part_of_next,
)

Known = Callable[[str], bool]

_EMAIL_NOTE = re.compile(r"\(?\s*\be-?mails?\b\s*:?[^)]*\)?", re.I)  # "(e-mail: …)", "Email: …"
# a domain has a dot; a key after `@` is long, with digits (`ssb:@EMovhfIrFk4NihAKnRNhrf`)
_EMAIL = re.compile(
    r"\{[^{}]*\}\s*@\S+|\S+@[^\s@]+\.[^\s@]+|https?://\S+|\S*@(?=[\w+/=-]*\d)[\w+/=-]{12,}"
)
# a name that ends in digits or a bracket: AI2, HawkEye360, (MSRA), Université Paris 8
_KEEP_END = re.compile(
    r"(?:\b[A-Z][A-Z0-9]*[A-Z][0-9]+|\b[A-Z][a-z]+[A-Z][A-Za-z]*[0-9]+|\([^()]*[A-Za-z][^()]*\)"
    rf"|\bUniv\w*\.?(?: of| de)? {NUMBERED_NAME})$"
)  # `Université Paris 8`


def clean_line(line: str) -> str:
    """One affiliation line: a role before a semicolon, emails and URLs removed (`SING Lab@HKUST`
    is two names), markers and stray punctuation trimmed; a name that ends in digits or a
    bracket (`AI2`, `Institute (CAS)`) keeps them; a line that says where an author is now
    (`Now at Meta`) is none."""
    if MOVED.match(line.strip()) or _WITHHELD.search(line):
        return ""
    text = _EMAIL.sub(" ", _EMAIL_NOTE.sub(" ", _without_role(line))).replace("@", ", ")
    text = " ".join(text.split()).strip(" ,;:.*∗⋆†‡§¶∥‖").lstrip("&").strip()
    first = text.split(",")[0]  # a house's number is no mark: `99 University Ave, Kingston`
    if not (first[:1].isdigit() and STREET.search(first)):
        text = _LEADING_MARK.sub("", text).strip()
    if _KEEP_END.search(text):
        return text
    return text.rstrip(" ,;:.*∗⋆†‡§¶∥‖0123456789()[]").strip()


# a review copy's line in place of the affiliations: `Affiliations and email addresses withheld`
_WITHHELD = re.compile(r"\b(?:withheld|omitted for review|redacted)\b", re.I)
# a note's number or bracket before the name, not an ordinal (`12th Ave Labs`)
_LEADING_MARK = re.compile(r"^(?!\d+(?:st|nd|rd|th)\b)[0-9()\[\] ]+")


def split_lines(text: str) -> list[str]:
    """Cleaned lines; a single name that ends in a comma goes on on the next line
    (`Department of CS, \\\\ University of X`), a list that does is a line of its own."""
    text = re.sub(r"(?m)^([^,\n]+),[ \t]*\n", r"\1, ", text)
    # and a list that ends in a unit (`Architecture and Building Systems, Institute of
    # Technology in Architecture, \\ ETH Zurich`)
    text = _UNIT_LAST.sub(r"\1, ", text)
    # and a name broken after a joining word: `Japan Advanced Institute of \\\\ Science and …`,
    # `Laboratoire Bordelais de \\\\ Recherche en Informatique`
    text = _JOIN_LAST.sub(r"\1 ", text)
    # or before one: `… Universitaire de Gériatrie \\ de Montréal (CRIUGM)`, `National
    # Supercomputing Center \\ in Wuxi`
    text = re.sub(r"(?m)(?<=[^\s,])[ \t]*\n[ \t]*(?=(?:de|du|des|di|del|della|of|für|zu|in) [A-Z])",
                  " ", text)  # fmt: skip
    text = re.sub(r"\s/\s", "\n", text)  # `Independent / FAR Labs`: two
    text = re.sub(r"[ \t]*©", "\n©", text)  # `…, CA 94305 USA. © 2024 IEEE`: a notice follows
    lines = [c for c in (clean_line(line) for line in text.splitlines()) if c]
    out: list[str] = []
    for n, line in enumerate(lines):  # `Institute for CS \\\\ University of Bonn`: one
        if out and part_of_next(lines[n - 1]):  # and `Institute … \\\\ … Department \\\\ …`
            out[-1] = f"{out[-1]}, {line}"
        else:
            out.append(line)
    return out


# a line that ends in a word joining a name's words: the name goes on on the next line (not
# an address's end: `…@tum.de`, `www.x.at`)
_JOIN_LAST = re.compile(
    r"(?m)((?<![.@/-])\b(?:of|and|for|the|at|de|du|des|di|del|della|da|für|zu|und|et|y)|&)"
    r"[ \t]*\n[ \t]*(?=\S)"
)


# a line whose list ends in a unit, and a comma: the organisation is on the next line
_UNIT_LAST = re.compile(
    r"(?m)^(.+,\s*(?:the\s+)?(?:Institut|Department|Dept|School|Faculty|Laborator|Cent(?:er|re)|"
    r"Division|Section|Chair)[^,\n]*),[ \t]*\n"
)


def _without_role(line: str) -> str:
    """A line without the role written before its organisation (`Independent researcher;
    Somach Systems, Inc.`): what comes before a semicolon, when it names no organisation."""
    first, semicolon, rest = line.partition("; ")
    return rest if semicolon and NO_ORGANISATION.match(first.strip()) else line


FUNDING = re.compile(
    r"\b(thank\w*|support(?:ed|s|ing)?|fund(?:ed|s|ing)?|grants?|fellowship|equal\w*|"
    r"contribut\w*|correspond\w*|lead|sponsor\w*|acknowledg\w*|made possible|provided by|"
    r"courtesy of|"  # a credit: `Images courtesy of the Metropolitan Museum of Art`
    r"based on (?:observations|data)|"  # an astronomer's title note: where the data came from
    # a copyright or licence notice: `PROPRIETARY DATA © 2013 Galois, Inc.`
    r"copyright|proprietary|rights reserved|licen[cs]ed?)\b|©",
    re.I,
)
# a position held or a role, not an organisation (`PhD Student`, `Retired`, `CEO`)
POSITION = re.compile(
    r"\b(?:student|professor|researcher|engineer|scientist|intern|postdoc\w*|fellow|lecturer|"
    r"candidate|director|founder|ceo|cto|manager|author|chair|member|advisor|undergraduate|scholar|"
    r"graduate|alumn\w*|faculty|staff|visitor|editor|head|chief|officer|vice|president|"
    r"consultant|investigator|developer|analyst|employee|retired|freelance\w*|hobbyist|self|"
    r"self-employed|phd|msc|bsc|mba)\b",
    re.I,
)
# a position and nothing else: `Research Scientist`, `Senior Software Engineer`, `PhD Student`
ROLE_ONLY = re.compile(
    r"(?:(?:senior|junior|principal|staff|lead|chief|research|software|applied|visiting|"
    r"postdoctoral|graduate|undergraduate|doctoral|phd|master'?s?|assistant|associate|full|"
    r"distinguished|adjunct|emeritus|machine learning|ml|ai|data|hardware|systems?)\s+)*"
    rf"{POSITION.pattern}s?",
    re.I,
)
# a field of study, which a department is named for (`Electrical & Computer Engineering`, `EECS`)
FIELD = re.compile(
    r"\b(?:engineering|sciences?|mathematics|physics|chemistry|biology|medicine|informatics|"
    r"computing|statistics|economics|linguistics|eecs|ece|cse|cs)\b",
    re.I,
)
# what an explicit affiliation macro may hold that names no organisation
NO_ORGANISATION = re.compile(
    r"^(?:(?:independent(?: researcher| scholar)?|unaffiliated)$|"
    r"(?:none|n/a|no institute given)$|"
    r"(?:an? )?(?:startup|start-up|stealth(?: startup)?|industry|company|private sector)$|"
    r"(?:(?:senior|corresponding|first|last|lead|joint|co-?first|equal|contributing) )+authors?$|"
    r"(?:version|draft|last updated|preprint|proceedings of)\b|"
    # a venue: `Workshop on Efficient Systems …`, `Accepted at the 40th International …`
    r"(?:(?:accepted|presented|published|to appear) (?:at|in|to) )?(?:the )?"
    r"(?:\d+(?:st|nd|rd|th) )?(?:(?:international|annual|ieee|acm) )*"
    r"(?:[a-z]{2,}[\w-]* '?\d{2,4} )?(?:workshop|conference|symposium) on\b|"  # `ICML 2024 W…`
    r".*\b(?:double-blind|blind review|withheld|under review)\b|"
    r"(?:(?:affiliations?|institutions?) )?(?:anonymi[sz]ed|hidden)"
    r"(?: for (?:review|submission))?$|"  # `Anonymized for review`
    r".*\b(?:summer|winter|spring|autumn) schools?\b|"  # a meeting, `… Summer School, Lisbon`
    r".*\b(?:first|second|third) line of\b|institution\s?\d$|"  # CVPR's `Institution2`
    r".*\bx{3,}\b|"  # a template's `xxx University`
    r".*\b[A-Z]-[A-Z]$|"  # ICASSP's `School A-B`
    r"(?:anonymous|your|first|second|third|some|my) (?:institution|organi[sz]ation|university|"
    r"affiliation|company|corporation)s?$|"
    # a template's `Institution Name` (also after `Current Address: Dept/Program/Center, `),
    # `Institution 1`, `Laboratory X, Institute X, Department X`
    r".*\b(?:institution|university|organi[sz]ation|company|affiliation|department) name(?:,|$)|"
    r"(?:institution|university|organi[sz]ation|affiliation)s?(?: \d+)?$)",
    re.I,
)
# a template's every part a placeholder: `Institute X, City Y, Country Z`, `University X, Country`
_PLACEHOLDER = re.compile(
    r"^(?:(?:[A-Z]\w* (?:[A-Z]|Name)|City|Country|State|Address|Postcode)\s*(?:,\s*|$))+$"
)
# where an author went after the work, not where it was done (`Y. M. is now at Ava Labs`,
# `Currently affiliated with Microsoft`, `Present address: …`, `目前隶属于微软`)
MOVED = re.compile(
    r"^\W{0,3}(?:[0-9]{1,2}\s*)?(?:.{0,120}?\b(?:is|are)\s+)?(?:now|currently|presently)\s+"
    r"(?:at|with|affiliated|employed|working)\b|^\W{0,3}(?:current|present)\s+address\b|"
    r"^\W{0,3}(?:目前|现就职|现任职|现工作)",
    re.I,
)


# a name in capitalised words, two or more (`Voryx Robotics`; not a town: `Lund`)
NAME_WORDS = re.compile(r"[A-Z][\w.&'-]*(?: [A-Z][\w.&'-]*){1,4}")


def placeholder(line: str, known: Known = lambda _line: False) -> bool:
    """Whether a line names no organisation: `Independent Researcher`, a template's `xxx
    University`, `Institution Name, City, Country` or `Laboratory X, Institute X`."""
    return bool(
        NO_ORGANISATION.match(line)
        or _PLACEHOLDER.match(line)
        or _TOWN.match(line)
        or _independent_somewhere(line, known)
        or _home_address(line, known)
    )


def _home_address(line: str, known: Known) -> bool:
    """An address with no organisation in it, an author's own (`Winter Way, Uppsala,
    Sweden`): a street first, then places only; not one the gazetteer knows or finds a name in
    (`Jane Street, New York`, `One Microsoft Way, Redmond, WA`)."""
    first, *rest = [p.strip() for p in line.split(",")]
    # a name, unless a house's number starts it (`99 University Ave`)
    named = not first[:1].isdigit() and (names_organisation(first) or known(first))
    return STREET.search(first) is not None and _places_only(rest, known) and not named


def _independent_somewhere(line: str, known: Known) -> bool:
    """`Independent Researcher, Tampa, FL, USA`, `Research Scientist, Zurich`: only places
    after it (not `Independent Researcher, Nous Research`, `…, LAION`, `…, formerly at X`)."""
    first, *rest = [p.strip() for p in line.split(",")]
    alone = NO_ORGANISATION.match(first) or ROLE_ONLY.fullmatch(first)
    return bool(alone) and (_places_only(rest, known) or not rest)


def _places_only(parts: list[str], known: Known) -> bool:
    """Whether a line's parts after its first are places only, none an organisation's name."""
    return bool(parts) and all(
        PLACE.match(p) and not names_organisation(p) and not known(p) for p in parts
    )


# a town whose name has an institution's word, with its state or country: `College Park, MD`
_TOWN = re.compile(
    r"^(?:College Park|College Station|University Park|University Place|State College|"
    r"Research Triangle Park|Institute)(?:,\s*[A-Z][\w .-]*)*$"
)


def looks_institutional(line: str, known: Known) -> bool:
    """Whether a cleaned line names an organisation: the gazetteer knows it or its words say
    so, and it is no funding or contribution note, no placeholder, not prose."""
    if FUNDING.search(line) or prose(line) or placeholder(line, known):
        return False
    return known(line) or names_organisation(line)


def prose(line: str) -> bool:
    """A sentence rather than an affiliation: a relative or a negation (`which`), or long, with a
    long run of words without a comma or many parts that start in lower case (a long comma list
    of units, organisation and address, each a name, is still an affiliation)."""
    parts = [p.strip() for p in line.split(",")]
    lowercase = sum(1 for p in parts if p[:1].islower())  # `held in …`, `where it …`
    long_ = len(line) > 250 and (max(map(len, parts)) > 90 or lowercase * 3 > len(parts))
    return len(line) > 600 or long_ or _SENTENCE_WORDS.search(line) is not None


# a sentence's relatives and negations, never in an organisation's name nor after a note's
# lead (`X is a co-founder of Y, which develops …`, `The views expressed herein …`), and a
# note on where the work is published (`Part of this research has been submitted to IEEE ICC`)
_SENTENCE_WORDS = re.compile(
    r"\b(?:which|who|whose|herein|do not|does not|necessarily|to appear|appeared in)\b|"
    r"\b(?:not those of|(?i:views|opinions) (?:expressed|are))\b|"  # a disclaimer
    r"\b(?:been|was|were|is) (?:submitted|presented|published|accepted)\b|"
    r"\b(?:preliminary|earlier|shorter|extended|conference) version\b"
)
