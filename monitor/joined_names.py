"""One part of an affiliation's comma list that may join two organisations (`KTH & SICS`,
`Inria and LIRMM`, `CNRS/IN2P3`, `Padova University and INFN`), cut into them. A pure
function for `affiliations.Gazetteer`, which passes whether a name is known.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from monitor.name_keys import key
from monitor.org_words import PLACE, names_organisation
from monitor.places import is_place
from monitor.written_names import two_named

_LEADING_ACRONYM = re.compile(r"^[A-Z][A-Z0-9]{2,}\b")  # `SICS Sweden`
# one hyphen, no space at it, after a short form in capitals: `CONICET-UTN` (not `Duke-NUS`)
_HYPHENED = re.compile(r"([A-Z][A-Z0-9]{2,})-(\w[^-]*\w)")


class Place(str):
    """A town before `and`, after an organisation (`Tsinghua University, Beijing and MSR`)."""


def joined(
    part: str, after_known: bool, known: Callable[[str], bool], countries: Collection[str]
) -> list[str]:
    """Two organisations joined by `&` (`University Paris Diderot & CNRS`, `KTH & SICS`):
    each named by its words, or one known and the other named or a short form in capitals;
    one name otherwise (`… of Science & Technology`). Joined by `and`, one must be known
    (`Inria and LIRMM`, not `… Polytechnic Institute and State University`), or each be
    named as one of its own (`Padova University and INFN`). Each side is then a part of the
    list like any other: an unknown short form is left out (`LASI`). Two known names joined
    by a hyphen after a short form in capitals are two (`CONICET-UTN`, `SUPSI-USI`; not
    `Duke-NUS`), unless the whole is one (`MIT-IBM …`)."""
    hyphened = _HYPHENED.fullmatch(part.strip())
    if hyphened and not known(part) and all(map(known, hyphened.groups())):
        return list(hyphened.groups())
    slashed = part.split("/")  # `CNRS/IN2P3`, `CEA/Irfu`: the known one, not its institute
    if len(slashed) == 2 and " " not in part.strip():
        return [x for x in slashed if known(x)] or [part]
    if len(slashed) == 2 and all(" " in x.strip() and names_organisation(x) for x in slashed):
        return [x.strip() for x in slashed]  # `Institut National Polytechnique/Ecole …`
    # French `et` like `and` (`UPMC Univ. Paris 6 et CNRS`; not `… Pierre et Marie Curie`)
    joiner = next((j for j in (" & ", " and ", " et ") if j in part), " and ")
    sides = _two_sides(part.split(joiner), joiner, known)
    if len(sides) != 2:
        return [part]
    if key(sides[0]) in countries:  # `…, USA and Czech Technical University`
        return [sides[1]]
    town = PLACE.match(sides[0]) and not names_organisation(sides[0])  # not `Westlake Univ…`
    if after_known and town and known(sides[1]):
        return [Place(sides[0]), sides[1]]
    knowns = [_known_here(x, known) for x in sides]
    named = [
        k or names_organisation(x) or bool(_LEADING_ACRONYM.match(x))
        for k, x in zip(knowns, sides, strict=True)
    ]
    both = any(knowns) and all(named)
    if joiner == " & ":
        both = both or all(map(names_organisation, sides))
    else:
        both = both or two_named(*sides)
    return sides if both else [part]


def _known_here(side: str, known: Callable[[str], bool]) -> bool:
    """Whether a side is a known name, or one with its town after it (`Inria Paris`)."""
    words = side.split()
    town = len(words) > 1 and is_place(words[-1])
    return known(side) or (town and known(" ".join(words[:-1])))


def _two_sides(sides: list[str], joiner: str, known: Callable[[str], bool]) -> list[str]:
    """`A and B and C` cut where one side is known (`Universidad de Málaga and Operations
    Research and Logistics Group`); the words as split otherwise."""
    for k in range(1, len(sides)) if len(sides) > 2 else ():
        cut = [joiner.join(sides[:k]), joiner.join(sides[k:])]
        if any(known(x) for x in cut):
            return cut
    return sides
