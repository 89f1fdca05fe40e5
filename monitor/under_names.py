"""The line under an author's name in a NeurIPS-style block (`Drew Lehe \\\\ HouseIQ`), and
when it is the author's organisation though its words do not say so: the paper shows it is
one. Pure string functions for `author_blocks`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from monitor.affiliation_lines import FIELD, FUNDING, POSITION, clean_line, placeholder
from monitor.field_units import fields_only
from monitor.org_words import COMPANY, says_unit, short_name
from monitor.places import is_place
from monitor.tex import plain


@dataclass(frozen=True)
class Under:
    line: str  # the line under the name, cleaned
    set_apart: bool  # the name above is set apart as a name (usenix's `{\\rm P. Winter}`)
    styled: bool  # the line is set in italics (`\\textit{Kove}`), as affiliations often are


def under_the_name(block: str, macros: dict[str, str]) -> Under | None:
    """The line under an author's name when it is written as an organisation's name: a few
    capitalised words, no footnote mark (a marked line is another author's name), no position
    held, place or note."""
    rows = [r for r in re.split(r"\\\\(?:\[[^\]]*\])?", block) if plain(r, macros).strip()]
    if len(rows) < 2 or _MARKED.search(rows[1]):
        return None
    under = clean_line(plain(rows[1], macros))
    if not _ORGANISATION_SHAPED.match(under) or POSITION.search(under):
        return None
    if placeholder(under) or FUNDING.search(under) or is_place(under):
        return None
    return Under(under, bool(_SET_APART.match(rows[0])), bool(_STYLED.match(rows[1])))


def organisations_under(unders: Sequence[Under], shown: set[bool]) -> list[Under]:
    """Of the lines under names that name no organisation by their words, those the paper
    shows are one: when another author's organisation stands on the line under their name
    (`shown` says whether in italics or not), one written as a short name (`HouseIQ` beside
    `Sorbus AI`), as a company's name, or set in italics as that one was (`\\textit{Kove}`
    beside `\\textit{National Center for Atmospheric Research}`); else a company's name under
    two authors' names (`Brave Software`) or under a name set apart as one, or a name that
    starts with a short form in capitals under two (`FGV EMAp`)."""
    names = [u.line for u in unders]
    return [
        u
        for u in unders
        if (shown and (COMPANY.search(u.line) or short_name(u.line)))
        or (u.styled and True in shown and not (_NO_NAME.search(u.line) or fields_only(u.line)))
        or (COMPANY.search(u.line) and (u.set_apart or names.count(u.line) > 1))
        or (_short_form_first(u.line) and names.count(u.line) > 1)  # `FGV EMAp` under two
    ]


def _short_form_first(line: str) -> bool:
    """A name that starts with a short form in capitals, no unit's (`FGV EMAp`, not `DRAKKAR
    Team`)."""
    return short_name(line.split()[0]) and not says_unit(line)


def styled_rows(block: str) -> str:
    """An author's block with an italic span after the name, on the block's first row, on a
    row of its own: `Chris Hoffman \\textit{National Center for Atmospheric Research}` is a
    name and its affiliation (not `Laboratoire \\textit{Jacques-Louis Lions}` on a later row)."""
    head, breaks, rest = block.partition("\\\\")
    return _STYLED_AFTER_NAME.sub(r" \\\\ ", head, count=1) + breaks + rest


# a field or a status, set in italics under a name as an organisation might be
_NO_NAME = re.compile(
    rf"{FIELD.pattern}|^(?:emeritus|deceased|on leave|retired|dr|prof|mr|ms|mrs)\.?$", re.I
)
_STYLE = r"\\(?:textit|emph|textsl)\s*\{"
_STYLED = re.compile(rf"^\s*(?:{_STYLE}|\{{\s*\\(?:it|em|sl)\b)")
# a name's end (a letter, a full stop, a brace), then on the same or the next source line an
# italic span
_STYLED_AFTER_NAME = re.compile(rf"(?<=[A-Za-z.}}])[ \t]*(?:\n[ \t]*)?(?={_STYLE})")
_SET_APART = re.compile(r"^\s*(?:\{\s*\\(?:rm|bf|sc|large|Large)\b|\\textbf\s*\{|\\name\b)")
_MARKED = re.compile(r"\$\s*\^|\\(?:textsuperscript|thanks|footnote|IEEEauthorrefmark)\b|\*")
_ORGANISATION_SHAPED = re.compile(r"^[A-Z][\w&.'-]*(?: (?:[A-Z&][\w&.'-]*|of|for|and)){0,5}$")
