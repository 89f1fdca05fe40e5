"""The parts of an unknown affiliation's comma list, each written as the name it stands for:
a name that lists its fields kept whole across its comma, a dash's short form or unit beside
the name left out, the name's own short form before it, a postcode and town run into it, a
short form before its department's name. Pure functions for `written_names`.
"""

from __future__ import annotations

import re

from monitor.field_units import field_list_goes_on
from monitor.org_words import ACRONYM, APPOSITIVE, folded, is_unit, names_organisation
from monitor.places import is_town


def list_parts(affiliation: str) -> list[str]:
    """The comma parts of an affiliation, each as its name, without the parts that say what
    the organisation before them is (`…, an affiliated institute of …`)."""
    return [
        _short_form_of_unit(
            _without_glued_place(_without_own_short_form(_dashed(" ".join(p.split()))))
        )
        for p in _name_parts(affiliation)
        if not APPOSITIVE.match(p)
    ]


# a postcode and its town run into the name: `MTA SZTAKI 1111 Budapest`
_GLUED_PLACE = re.compile(r"(?<=[A-Za-z])\s+\d{4,6}\s+[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?$")


def _without_glued_place(part: str) -> str:
    """`MTA SZTAKI 1111 Budapest` without its postcode and town (not `Vision 2030 Center`)."""
    glued = _GLUED_PLACE.search(part)
    return part[: glued.start()] if glued and not names_organisation(glued[0]) else part


def _short_form_of_unit(part: str) -> str:
    """`HIT CS Department`: the organisation's short form, written before its department's
    name (not a field's: `EECS Department`)."""
    unit = _UNIT_AFTER_SHORT_FORM.match(part)
    if unit is None or unit[1] in _FIELD_SHORT or is_town(unit[2].split()[0]):
        return part  # not `NIT Trichy Computer Science Department`: a campus's town
    return unit[1]


_FIELD_SHORT = {"CS", "CSE", "EE", "ECE", "EECS", "ME", "IT", "AI", "ML", "IS", "BME", "CE"}
_UNIT_AFTER_SHORT_FORM = re.compile(
    r"^([A-Z][A-Z0-9&]{1,7})\s+((?:[A-Z][\w&-]*\s+){1,3})(?:Department|Dept\.?)$"
)


# a short form written before the name it stands for: `BIFOLD – Berlin Institute for …`,
# `UNAHUR Universidad Nacional de Hurlingham`, `CINER Centro Integral de …`
_ACRONYM_DASH = re.compile(r"^([A-Z][A-Z0-9]+)\s*[–—-]+\s+(?=[A-Z]\w*(?:\s+\w+){2,})")
_DASH = re.compile(r"\s+[–—-]+\s+")


def _name_parts(affiliation: str) -> list[str]:
    """A list's comma parts, those of a name that lists its fields joined again."""
    parts: list[str] = []
    for part in affiliation.split(","):
        if parts and field_list_goes_on(parts[-1], part):
            parts[-1] += "," + part
        else:
            parts.append(part)
    return parts


def _dashed(part: str) -> str:
    """A part whose dash sets a name beside its own short form or unit, without them: the
    short form before it (`BIFOLD – Berlin Institute for …`: its words' initials), or after
    it (`Universidade Federal do Amazonas – UFAM`), a unit after it (`CEFET-MG - Computer
    Engineering Department`); not a parent's short form (`VNUHCM - University of Science`)."""
    before = _ACRONYM_DASH.match(part)
    if before:
        words = [w for w in part[before.end() :].split() if w[:1].isupper() and w != "The"]
        if words and folded(words[0][0]) == folded(before[1][0]):
            return part[before.end() :]
    sides = _DASH.split(part)
    if len(sides) != 2:
        return part
    short = ACRONYM.fullmatch(sides[1]) and names_organisation(sides[0])
    return sides[0] if short or is_unit(sides[1]) else part


# … or with no dash, before a Spanish, Portuguese or Italian name (not `VNU University of …`)
_SHORT_FORM_FIRST = re.compile(
    r"^([A-Z][A-Z0-9]{2,})\s+((?:Universidad|Universidade|Universit[àa]|Institut|Instituto|"
    r"Istituto|Centro|Laborat[oó]rio)\b(?:\s+\w+){2,}.*)$"
)


def _without_own_short_form(part: str) -> str:
    """A name without its own short form before it (`UNAHUR Universidad Nacional de
    Hurlingham`, `CINER Centro Integral de …`: the short form starts with its words'
    initials), not a parent's (`CNR Istituto di …`, `CSIC Instituto de …`, `INAF Istituto …`)."""
    first = _SHORT_FORM_FIRST.match(part)
    if first is None:
        return part
    initials = "".join(w[0] for w in first[2].split() if w[:1].isupper())
    return first[2] if first[1].startswith(initials[:2]) else part
