"""An organisation the gazetteer does not know, named as its affiliation writes it: without
the address after it (`LimX Dynamics, Shenzhen, China` → `LimX Dynamics`) nor the departments,
units, labs and centres before it, and not its campus, postcode or short form's dash; two when
`and` joins two named alone (`Padova University and INFN`). Pure string functions for
`affiliations.Gazetteer`.
"""

from __future__ import annotations

import re

from monitor import joined_names
from monitor.field_units import field_named, field_word
from monitor.name_parts import list_parts
from monitor.org_words import (
    ACRONYM,
    CAMPUS,
    CENTRE,
    COMPANY,
    GENERIC_WORDS,
    INSTITUTION_WORDS,
    LEGAL,
    SHORT_NAME,
    STREET,
    TEAM,
    UNIVERSITY,
    is_unit,
    names_organisation,
    says_unit,
    shares_name,
)
from monitor.places import is_town


def without_address(affiliation: str) -> str:
    """An unknown affiliation as written, without the address after its last institution part
    (after its first part when none says "university", "lab", …: `LimX Dynamics, Shenzhen,
    China` → `LimX Dynamics`) nor what comes before the organisation: departments and units
    (`Dept. of CS, Institute X, Berlin` → `Institute X`), parts that name no organisation
    (`Bioinformatics, Murdoch Childrens Research Institute`), and the institutes and schools
    before a university. A department alone is no organisation; a centre alone is one."""
    parts = list_parts(affiliation)
    if _units_then_short_form(parts):  # `LARG, Research Center for Social Computing, HIT`
        return parts[-1]
    # the organisation's parts: named, not a unit after it (`…, Laboratory of Cell Biology`)
    named = [
        i
        for i, part in enumerate(parts)
        if names_organisation(part)
        and not STREET.search(part)  # `Via del Politecnico snc`
        and not (i and (is_unit(part) or CAMPUS.match(part) or _field_unit(parts, i)))
    ]
    starts = [i for i, part in enumerate(parts) if i in named or SHORT_NAME.match(part)]
    first = starts[0] if named or (starts and is_unit(parts[0])) else 0  # `CS Dept., UTEP`
    if first and LEGAL.match(parts[first]):  # `Galois, Inc.`: the name is before its form
        first -= 1
    kept = [p for p in (parts[first : named[-1] + 1] if named else parts[first : first + 1]) if p]
    kept = _to_legal_form(kept)
    universities = [i for i, part in enumerate(kept) if UNIVERSITY.search(part)]
    if universities:  # `Berlin School of Mind and Brain, Humboldt-Universität zu Berlin`
        kept = kept[universities[0] :]
    if len(kept) > 1 and _OWN_TEAM.search(kept[0]) and shares_name(kept[0], kept[-1]):
        kept = kept[1:]  # `Wikimedia Research, Wikimedia Foundation`
    unit_dropped = False
    while kept:
        if is_unit(kept[0]) or _team_before(kept) or _centre_before(kept):
            if CENTRE.search(kept[0]) and not any(map(_strong, kept[1:])):  # `Center for …`
                break  # alone, or with a comma: `Center for Analysis, Research and Development`
            if len(kept) == 1 and _OFFICE.match(kept[0]):  # an agency: `Office of Naval Research`
                break
            unit_dropped = True
        elif not (unit_dropped and _fragment(kept)):
            break
        kept.pop(0)
    return ", ".join(kept or _after_units(parts, named))


def _after_units(parts: list[str], named: list[int]) -> list[str]:
    """When a list's named parts are all units, the short form after them (`LARG, …, HIT`), or
    after a unit first, a company's name (`EECS Department, Voryx Robotics`)."""
    if named:
        return [p for p in parts[named[-1] + 1 :] if ACRONYM.match(p) and not is_town(p)][:1]
    if is_unit(parts[0]):
        return [p for p in parts[1:2] if _company_named(p)]
    return []


def _company_named(part: str) -> bool:
    """`Voryx Robotics`: a company's word and a word of the name's own (not `Division of Global
    Health`, `Systems Group`, `Data Analytics`), no place."""
    words = re.findall(r"[^\W\d_][\w'-]*", part)
    own = [w for w in words if not (COMPANY.fullmatch(w) or w in GENERIC_WORDS or field_word(w))]
    named = COMPANY.search(part) and name_only(part) and not says_unit(part) and not is_unit(part)
    return bool(named and own and not is_town(part))


def _to_legal_form(parts: list[str]) -> list[str]:
    """A company's name up to its legal form, which ends it: what follows is its address
    (`Aperio Software Ltd., Headingley Enterprise and Arts Centre, Bennett Road`), though the
    form may take two parts (`Co., Ltd.`)."""
    ends = [
        i
        for i, part in enumerate(parts)
        if _COMPANY_END.search(part) or (i and LEGAL.fullmatch(part) and _CO.search(parts[i - 1]))
    ]
    if not ends:
        return parts
    end = ends[0] + 1
    while end < len(parts) and LEGAL.fullmatch(parts[end].strip()):
        end += 1
    return parts[:end]


# a legal form after a name, which ends a company's name (not `U.S.A.` nor South Australia's
# `SA` standing alone)
_COMPANY_END = re.compile(r"\w\s+(?:Inc|Ltd|LLC|GmbH|Corp|plc|S\.A|SA|AG)\.?$")
_CO = re.compile(r"\w\s+Co\.$")  # `Xyz Robotics Co., Ltd.`, not `Denver Co` (Colorado)


def _units_then_short_form(parts: list[str]) -> bool:
    """Whether a list ends with an organisation's short form after its own labs, centres and
    units (`LARG, Research Center for …, HIT`), none of them a university or company."""
    *units, last = parts
    return bool(units and ACRONYM.match(last)) and all(
        is_unit(p) or TEAM.search(p) or CENTRE.search(p) or ACRONYM.match(p) for p in units
    )


# a full stop after a word before a capital (or a space after a short form in brackets:
# `Instituto Tecnológico (ITBA) Buenos Aires`): where `as_list` may put a comma
_STOP_BEFORE_CAPITAL = re.compile(r"(?<=[a-z)])\.\s+(?=[A-Z])|(?<=[A-Z]\))\s+(?=[A-Z])")
# a short capitalised word before the stop: an abbreviation's stop (`Univ.`, `Mt.`, `Natl.`,
# `Calif.`, `Polytech.`), which stays; a legal form's keeps its stop before the comma
_ABBREVIATION = re.compile(r"\b[A-Z][a-z]{0,7}$")
_LEGAL_END = re.compile(r"\b(?:Inc|Ltd|Corp|Co)$")


def _field_unit(parts: list[str], i: int) -> bool:
    """Whether a part is an institute named by its field after a university, its unit (`Ural
    Federal University, Institute of Natural Sciences and Mathematics`)."""
    return field_named(parts[i]) and any(UNIVERSITY.search(p) for p in parts[:i])


def as_list(affiliation: str) -> str:
    """An affiliation written as a comma list, as the gazetteer reads one: a comma for the full
    stop before a town or a university (`Instituto de Física (IFIBA). Buenos Aires`,
    `Instituto … Avanzadas. Universitat Politècnica de València`; a legal form keeps its stop,
    `Acme Inc., Beijing`, an abbreviation its name, `Univ. Lille`), and for the `at` after a
    unit (`NeTS Research Group at Universitat Pompeu Fabra`)."""

    def comma(stop: re.Match[str]) -> str:
        rest, before = affiliation[stop.end() :], affiliation[: stop.start()]
        if not (is_town(rest.split(",")[0].strip()) or UNIVERSITY.match(rest)):
            return stop[0]
        if _LEGAL_END.search(before):
            return "., "
        return stop[0] if stop[0].startswith(".") and _ABBREVIATION.search(before) else ", "

    listed = _STOP_BEFORE_CAPITAL.sub(comma, affiliation)
    return _UNIT_AT.sub(lambda at: _unit_at(at, listed), listed)


_OFFICE = re.compile(r"office of\b", re.I)  # a unit before an organisation, an agency alone


def _unit_at(at: re.Match[str], text: str) -> str:
    """`Unit at Org`: `Unit, ` before an organisation named so (`… Group at Universitat
    Pompeu Fabra`), nothing before one named alone (`Vision Lab at Adobe`: Adobe); as written
    before a town (`Visual Geometry Group at Oxford`) or after no unit (`Inria Centre at …`)."""
    org = text[at.end() :].split(",")[0].strip()
    if not (is_unit(at[1].strip()) or TEAM.search(at[1].strip())) or is_town(org):
        return at[0]
    return f"{at[1]}, " if names_organisation(org) else ""


# a part's words, then `at` and a name: `Robotics Lab at Stanford University`
_UNIT_AT = re.compile(r"(?<![^,])((?:(?!\sat\s)[^,])*)\s+at\s+(?:the\s+)?(?=[A-Z])")


# an organisation's own research arm or team, named after it
_OWN_TEAM = re.compile(r"\b(?:Research|Labs?|Laboratory|Team|Group)$")


def _fragment(parts: list[str]) -> bool:
    """A part naming nothing before the organisation, which a unit whose name has a comma left
    (`Center for Learning, Perception and Cognition, Academy of Sciences`); not a company's
    name before its legal form (`Galois, Inc.`)."""
    rest = parts[1:]
    unnamed = len(parts[0].split()) > 1 and not names_organisation(parts[0])  # `Sheba` may be one
    return (
        unnamed and bool(rest) and not LEGAL.match(rest[0]) and any(map(names_organisation, rest))
    )


def _strong(part: str) -> bool:
    """Whether a part names an organisation a centre could belong to: by a word stronger than
    `research` or `centre` (`… University`, `… Hospital`, `Accenture Labs`, `… Foundation`,
    `Acme Corporation`), or as a named centre (`Sheba Medical Center`)."""
    words = {w.lower() for w in INSTITUTION_WORDS.findall(part)}
    return bool(words - _WEAK) or bool(re.search(r"\bcent(?:er|re)\s*$", part, re.I))


_WEAK = {"research", "center", "centre", "centro"}


def _centre_before(parts: list[str]) -> bool:
    """A research centre written before the institute, university or agency it belongs to
    (`Artificial Intelligence Research Center, National Innovation Institute of …`, `European
    Space Astronomy Centre, European Space Agency`); not a hospital's (`… Medical Center`)."""
    return (
        len(parts) > 1
        and CENTRE.search(parts[0]) is not None
        and not _MEDICAL.search(parts[0])
        and _OWNER.search(parts[1]) is not None
    )


_MEDICAL = re.compile(r"\b(?:medical|cancer|health|hospital|clinical)\b", re.I)
_OWNER = re.compile(
    r"\b(?:universit\w*|institut\w*|academy|college|agency|organi[sz]ation|council|foundation)\b",
    re.I,
)


def _team_before(parts: list[str]) -> bool:
    """A lab or team written before its organisation (`hi-lab, Xiaohongshu Inc.`), not a
    company's name before its legal form (`Dgraph Labs, Inc.`)."""
    return len(parts) > 1 and bool(TEAM.search(parts[0])) and not LEGAL.match(parts[1])


def unknown_names(affiliation: str) -> list[str]:
    """An affiliation the gazetteer knows no part of, as written without its address: two
    organisations when its first part joins two named alone (`Padova University and INFN,
    Padova, Italy`) or a list does after a comma (`Universitätsmedizin Göttingen, and Deutsches
    Zentrum für Herz-Kreislauf-Forschung`), else one."""
    head, joined, tail = affiliation.partition(", and ")
    if (
        joined
        and names_organisation(head.split(",")[-1])
        and names_organisation(tail.split(",")[0])
    ):
        return unknown_names(head) + unknown_names(tail)
    first, comma, rest = affiliation.partition(",")
    sides = " ".join(first.split()).split(" and ")
    if len(sides) != 2 or not joined_names.two_named(*sides):
        return [without_address(affiliation)]
    return [without_address(sides[0]), without_address(sides[1] + comma + rest)]


def name_only(part: str) -> bool:
    """Whether a part is written as names only: capitalised words and codes (`LS2N`, `UMR
    5205`) and the words that join a name (`por`, `de la`, `y`, `d'Azur`); no address's
    number (`4-12-1 Nakanarusawa-cho`), no `and`, no prose (`formerly at`)."""
    tokens = re.split(r"[\s\-–—]+", part.strip())
    for n, token in enumerate(tokens):
        word = re.sub(r"^[dl]['’](?=\w)", "", token)
        code = token[:1].isdigit() and n > 0 and tokens[n - 1] in _UNIT_CODES
        if not (word[:1].isupper() or word.casefold() in _NAME_JOINS or code):
            return False
    return True


_UNIT_CODES = {"UMR", "UPR", "UMI", "UAR", "USR", "FRE", "UR", "EA"}  # `UMR 5205 CNRS`
_NAME_JOINS = {"de", "del", "della", "da", "do", "dos", "das", "di", "du", "des", "la", "le", "les",
               "el", "al", "y", "e", "et", "por", "para", "of", "for", "the", "von", "van", "der",
               "den", "zu"}  # fmt: skip
