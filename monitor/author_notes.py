"""Author notes (`\\thanks{A and B are with X. C is with Y. Corresponding author: …}`, a PDF
page's notes at its foot): the affiliations their sentences state, each sentence judged alone."""

from __future__ import annotations

import re

from monitor.affiliation_lines import (
    FUNDING,
    MOVED,
    NAME_WORDS,
    POSITION,
    Known,
    looks_institutional,
    placeholder,
    prose,
    split_lines,
)
from monitor.note_sentences import sentences
from monitor.org_words import short_name
from monitor.places import is_town
from monitor.positions import without_position

# `With Adobe at the time …`, `Was with Adobe at the time …`
_WITH_THEN = r"(?:(?:was|were)\s+)?with(?=\s+(?-i:[A-Z]).*\b(?:at|during) the time of\b)"
WORK_AT = re.compile(  # "Work done at X", "W. Wang is with the X" (IEEE journals): X
    r"^(?:(?:this )?work (?:was )?(?:done|performed|conducted)\b.*?\b(?:at|with)|"
    r"(?:also|now|currently) (?:at|with)|(?:formerly|previously)(?: (?:at|with))?|"
    rf"(?:also )?affiliated with|{_WITH_THEN}|"
    r".{0,120}?\b(?:is|are) (?:now |also )?(?:with|at))\s+(?:the\s+)?",
    re.I,
)
# when the note's organisation was the author's: `With Google AI at the time of publication`
_AT_THE_TIME = re.compile(
    r"\s+(?:at|during) the time of (?:publication|submission|writing|"
    r"(?:this|the|their) (?:work|research|study|writing))$",
    re.I,
)
# a lead that says where an author is or the work was done (`Work done while at Hydro-Québec`,
# `Author is with IDC, FAU`; not `Work done jointly with John Doe`)
_DONE_AT = re.compile(
    r"^(?:(?:this|the) )?work (?:was )?(?:done|performed|conducted)\b[^,.]*?\bat\s|"
    r"^.{0,120}?\b(?:is|are) (?:also )?with\s|^(?:also )?affiliated with\s|"
    rf"^(?:also|formerly|previously) at\s|^{_WITH_THEN}\s",
    re.I,
)
# an author's note `M. C. is a student attending Master's degree of … at Padua University`: a
# role held at an organisation (not prose: `MoE is a popular architecture at Google`)
_ROLE_AT = re.compile(
    r"^.{0,120}?\b(?:is|are|was|were) an? (?:(?! and (?:an?|the) )[^,.]){0,40}?\b(?:student|"
    r"researcher|professor|scientist|engineer|fellow|intern|postdoc\w*|lecturer|candidate|"
    r"member|director)\b(?:(?! and (?:an?|the) )[^,.]){0,60}?\b(?:at|with)\s+(?:the\s+)?",
    re.I,
)
# an IEEE note's `Xiangguo Sun, Hong Cheng: Department of …` (names, then a colon)
_NAMES_COLON = re.compile(
    r"^[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*(?:(?:,\s*|\s+and\s+)[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*)+:\s+"
)


def note_lines(note: str, known: Known, led: bool = False, lead_removed: bool = False) -> list[str]:
    """Author footnotes (`\\thanks{A and B are with X. C is with Y. Corresponding author:
    …}`): each sentence on its own, its "is with"/"work done at" lead removed (and "is a
    student at"), none that says where an author is now; with `led`, only sentences that
    have an "is with" lead (a PDF page's notes among its other text); `lead_removed` when
    the caller cut the note at its lead."""
    out = []
    for sentence in sentences(note):
        if MOVED.match(sentence):
            continue
        for line in split_lines(sentence):
            if led and not WORK_AT.match(line):
                continue
            stripped = _AT_THE_TIME.sub("", WORK_AT.sub("", line))
            if not led:  # `is with X and is an adjunct professor at Y` keeps X
                stripped = _NAMES_COLON.sub(
                    "", _ROLE_AT.sub("", line) if stripped == line else stripped
                )
            for piece in _AND_WITH.split(stripped):  # `is with X and with Y`: two
                out += _note_piece(line, piece, known, led, lead_removed)
    return out


def _note_piece(line: str, piece: str, known: Known, led: bool, lead_removed: bool) -> list[str]:
    """One organisation's piece of a note's line, after its lead: kept when its words name an
    organisation, or, after a lead, when it is written as a name."""
    stripped = without_position(piece, known)  # `Senior developer in …, Adform`
    lead = (
        _NAMES_WITH.match(line) is not None
        or lead_removed
        or stripped != piece
        or _DONE_AT.match(line) is not None  # `Work done while at Hydro-Québec`
        or _placed(stripped)  # `Hydro-Québec, Montreal, QC, Canada`
    )
    named = not led and lead and _written_as_a_name(stripped, known)
    return [stripped] if looks_institutional(stripped, known) or named else []


_AND_WITH = re.compile(r"\s+and\s+(?:also\s+)?with\s+(?:the\s+)?(?=[A-Z])")


# authors' names and "is with" (`Y. Cao is with`, `Y.-F. Zhang and R. He are with`), not a
# sentence's subject (`The largest gains for LLaMA are with`) nor other leads (`Work done with`)
INITIALS = r"(?:[A-Z]\.(?:-[A-Z]\.)?[\s~]*)+"  # `Y.`, `Y.-F.`, `R. L.`
_NAME = rf"{INITIALS}[A-Z][\w'’-]+"
_NAMES_WITH = re.compile(
    rf"^{_NAME}(?:(?:,\s*|,?\s+and\s+){_NAME})*,?\s+(?:is|are) (?:now |also )?with\s"
)


def _written_as_a_name(line: str, known: Known) -> bool:
    """After an IEEE note's lead (`Y. Cao is with Voryx Robotics, San Jose, CA`), a first part
    written as a name is the organisation, even with no institution word in it."""
    first = line.split(",")[0].strip()
    word = _ONE_NAME.fullmatch(first) is not None and not is_town(first)
    return bool(NAME_WORDS.fullmatch(first) or short_name(first) or word) and not (
        FUNDING.search(line) or prose(line) or placeholder(line, known) or _CITY.fullmatch(first)
    )


def _placed(line: str) -> bool:
    """Whether a note is a name followed by its place only (`Hydro-Québec, Montreal, QC,
    Canada`): an affiliation's shape, though it has no lead."""
    parts = [p.strip() for p in line.split(",")]
    if len(parts) < 2 or is_town(parts[0]) or not all(is_town(p) for p in parts[1:]):
        return False
    # not a position held nor a meeting's or a text's name (`PhD Student`, `Lecture Notes`,
    # `Dagstuhl Seminar`)
    return not (POSITION.search(parts[0]) or _NOT_A_NAME.search(parts[0]))


_NOT_A_NAME = re.compile(
    r"\b(?:notes|seminar|workshop|symposium|lecture|tutorial|code|data|project|preprint)\b", re.I
)


# a name in one capitalised word of its own (`Hydro-Québec`, `Anyscale`), not an initial
_ONE_NAME = re.compile(r"[A-Z][\w'’&-]*[a-z][\w'’&-]*")


# towns of two words or more that an "is with" may name (`Y. Cao is with Hong Kong, China`)
_CITY = re.compile(
    r"Hong Kong(?: SAR)?|San (?:Francisco|Jose|Diego|Mateo)|Santa (?:Clara|Barbara|Cruz|Monica)|"
    r"Los (?:Angeles|Alamos)|Las Vegas|New (?:York|Delhi|Haven|Jersey|Brunswick)|Saint Petersburg|"
    r"St\. Louis|Rio de Janeiro|S[aã]o Paulo|Buenos Aires|Palo Alto|Mountain View|Menlo Park|"
    r"Redwood City|Ann Arbor|Chapel Hill|College Park|Tel Aviv|Abu Dhabi|Kuala Lumpur|Cape Town|"
    r"Salt Lake City|Research Triangle Park"
)  # a whole first part: not `Palo Alto Networks`, `New Relic`
