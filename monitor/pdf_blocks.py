"""Shapes of the author block on a PDF's first page that say which lines are organisations:
entries marked after their names (`UC Berkeley† Brim Data⋆`), an author's name with the
organisation in brackets (`John Heidemann (ISI)`), acmart's `Name` / `Organisation` / `Town,
Country`, and the author line itself. Pure string functions for `pdf_header`.
"""

from __future__ import annotations

import re

from monitor.affiliation_lines import FIELD, FUNDING, POSITION, Known, clean_line, placeholder
from monitor.org_words import folded, names_organisation, short_name
from monitor.places import is_place


def marked_after(line: str, earlier: list[str]) -> list[str]:
    """A line of entries each marked after its name (`UC Berkeley† Brim Data⋆ 12th Ave
    Labs◇`), no comma in it (an author line has them), its marks the ones the authors' names
    above carry: the entries; else the line."""
    marks = _TRAILING_MARK.findall(line)
    above = "".join(earlier)
    if "," in line or len(marks) < 2 or any(m.strip() not in above for m in marks):
        return [line]
    return [p for p in _TRAILING_MARK.split(line) if p.strip()]


_MARKS_AFTER = "†‡⋆◇♦♠♣♡♢★☆⋄§¶∗*‖∥"
_TRAILING_MARK = re.compile(rf"(?<=[\w.)])\s*[{_MARKS_AFTER}]+(?=\s+[A-Za-z0-9]|\s*$)")


def may_be_named(piece: str, known: Known) -> bool:
    """Whether a piece beside a known organisation on a marked line may name one: not a
    note, a placeholder or a place (`Equal contribution`, `Independent Researcher`, `Palo
    Alto`)."""
    return not (FUNDING.search(piece) or placeholder(piece, known) or is_place(piece))


def bracketed(piece: str, surnames: set[str]) -> str:
    """`John Heidemann (ISI)`: the organisation in brackets after an author's name (one of the
    paper's authors: `Toyota Research Institute (TRI)` is no one's name), written as a short
    name or an organisation's; else the piece."""
    match = _NAME_AND_ORGANISATION.match(piece)
    if match is None or not is_author_line(piece[: match.start(1)], surnames):
        return piece
    inside = match[1].strip()
    return inside if short_name(inside) or names_organisation(inside) else piece


_NAME_AND_ORGANISATION = re.compile(r"^[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){1,4}\s*\(([^()]{2,60})\)$")


def over_its_town(lines: list[str], n: int, surnames: set[str], known: Known) -> bool:
    """acmart's author block, `Name` / `Organisation` / `Town, Country`: whether line `n` is
    the organisation (`Logsight.ai` over `Berlin, Germany`, under `Philipp Wiesner` or under
    the town of the author's first organisation). Not a person's name over its town (an author
    with no organisation), a position, a field, a street or a note."""
    if not 0 < n < len(lines) - 1 or not _place_line(lines[n + 1]):
        return False
    above, line = lines[n - 1], clean_line(lines[n])
    person = is_author_line(above, surnames) if surnames else _written_as_person(above, known)
    # or the author's second organisation, under the first one's town
    second = _place_line(above) and not _written_as_person(line, known)
    words = line.split()
    if not (person or second) or not 0 < len(words) <= 5 or _PERSON.match(line):
        return False
    return not (
        is_place(line)
        or re.search(r"\d|@", lines[n])
        or POSITION.search(line)
        or FIELD.search(line)
        or STREET_WORD.search(f"x {line}")
        or FUNDING.search(line)
        or placeholder(line, known)
    )


def _written_as_person(line: str, known: Known) -> bool:
    """A line written as a person's name: two to five words, each a capitalised name or a
    name's particle or initial, no organisation's word."""
    words = line.split()
    return (
        1 < len(words) <= 5
        and all(_NAME_WORD.fullmatch(w) or w in _PARTICLES for w in words)
        and not (names_organisation(line) or known(line))
    )


_NAME_WORD = re.compile(r"[^\W\d_][\w'’-]*\.?")
_PARTICLES = {"van", "von", "de", "der", "den", "da", "dos", "das", "del", "della", "di", "du",
              "la", "le", "bin", "binti", "al", "el", "y", "e"}  # fmt: skip
_PERSON = re.compile(
    r"^[A-Z][a-z'-]+(?:\s+[A-Z]\.)*(?:\s+(?:van|von|de|der|da)?\s*[A-Z][a-z'-]+){1,2}$"
)


def _place_line(line: str) -> bool:
    """Whether a line is a town and its country or state (`Cambridge, UK`, `Redmond, WA,
    USA`, `Cambridge CB3 0FD, UK`): acmart sets it under the organisation."""
    parts = [_POSTCODE_AFTER.sub("", p).strip() for p in clean_line(line).split(",")]
    return len(parts) >= 2 and all(is_place(p) or _STATE.fullmatch(p) for p in parts)


_STATE = re.compile(r"[A-Z]{2}|\d{4,6}")  # `WA`, a postcode alone
# a postcode after the town: `CA 94720`, `CB3 0FD`, `10587`
_POSTCODE_AFTER = re.compile(
    r"\s+(?:[A-Z]{2}\s+)?(?:\d{4,6}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$"
)


STREET_WORD = re.compile(
    r"\S+ (?:Rue|Road|Rd|Street|St|Avenue|Ave|Boulevard|Blvd|Way|Lane|Drive|Dr|Platz|Via|Calle)\b"
    r"|(?:Rue|Via|Calle|Avenida|Avenue|Boulevard) ",
)


def is_author_line(line: str, surnames: set[str]) -> bool:
    """Whether a line is the authors' (a third of its words or more are their surnames, an
    apostrophe's parts read as one word: `O'Connor`)."""
    words = re.findall(r"[^\W\d_]+", _APOSTROPHE.sub("", folded(line)))
    names = {_APOSTROPHE.sub("", s) for s in surnames}
    hits = sum(1 for w in words if w in names)
    return bool(words) and hits * 3 >= len(words)


_APOSTROPHE = re.compile(r"['’]")
