"""Towns, regions and countries of the world, to tell an address's parts from organisations'
names (`…, CNRS, Sorbonne Paris Cité, France` names one more organisation; `…, CNRS,
Gif-sur-Yvette, France` a town). GeoNames' towns of 1,000 people or more and countries, and a
hand-written list of first-level regions, shipped in `monitor/assets/places/` (see its README).
"""

from __future__ import annotations

import gzip
import re
from functools import lru_cache

from monitor.assets import place_files
from monitor.name_keys import COUNTRY_WORDS
from monitor.org_words import folded, names_organisation, says_unit


def names_no_place(part: str) -> bool:
    """Whether a comma list's part is written as an organisation's name (two capitalised words
    or more, none an institution's: `Sorbonne Paris Cité`, `Obs de Paris`) that no town, region,
    country, address, unit, discipline or person has: beside known organisations, one more."""
    words = part.split()
    return (
        len(words) >= 2
        and words[0][:1].isupper()
        and all(w[:1].isupper() or w in _JOINERS for w in words)
        and not any(c.isdigit() for c in part)
        and not any(_INITIAL.fullmatch(w) for w in words)  # `S. K. Ghosh`
        and not names_organisation(part)  # those are `org_words.own`'s to judge
        and not says_unit(part)
        and _NOT_A_NAME.search(part) is None
        and _ADDRESS_WORD.search(part) is None
        and not is_place(part)
    )


_JOINERS = {"de", "du", "des", "di", "da", "del", "della", "of", "for", "the", "and", "&", "für"}
_INITIAL = re.compile(r"[A-Z]\.(?:-?[A-Z]\.)?")
# a unit's or a discipline's words (`Computational Research Division`, `Graduate Program`,
# `Centre de Vision Numérique`, `Dpto. de Física`, `Intelligent Systems`)
_NOT_A_NAME = re.compile(
    r"\b(?:division|program|programme|graduate|unit|unité|umr|team|group|dpto|depto|dept|"
    r"department|d[ée]partement|departamento|dipartimento|faculty|chair|section)\b|:|"
    r"^(?:centre|centro|center) d[eio]\b|"
    r"\b(?:systems|sciences?|engineering|mathematics|physics|chemistry|biology|medicine|"
    r"informatics|computing|studies|economics|statistics)$",
    re.I,
)


def is_place(name: str) -> bool:
    """Whether a name is a town's, a region's or a country's (`Gif-sur-Yvette`, `Île-de-France`,
    `Cambridge MA`, `Aotearoa/New Zealand`) or holds a country's (`Italy I-35131`)."""
    towns, countries = _names()
    sides = [fold(side) for side in name.split("/")]
    sides += [fold(_STATE_AFTER.sub("", name))]
    if any(side in towns or side in countries for side in sides):
        return True
    words = f" {fold(name)} "
    return any(f" {c} " in words for c in countries)


_STATE_AFTER = re.compile(r"\s+[A-Z]{2}$")  # `Cambridge MA`


def fold(name: str) -> str:
    """Case, accents and punctuation folded: `Île-de-France` = `ile de france`."""
    return " ".join(re.sub(r"[^\w]+", " ", folded(name)).split())


@lru_cache(maxsize=1)
def _names() -> tuple[frozenset[str], frozenset[str]]:
    """Towns and regions; countries."""
    cities, regions, countries = place_files()
    with gzip.open(cities, "rt", encoding="utf-8") as lines:  # folded when written
        towns = set(lines.read().splitlines())
    written = regions.read_text(encoding="utf-8").splitlines()
    towns |= {fold(line) for line in written if line.strip() and not line.startswith("#")}
    named = {fold(line) for line in countries.read_text(encoding="utf-8").splitlines()}
    return frozenset(towns), frozenset((named | set(COUNTRY_WORDS)) - {""})


# the words of an address's part (`Haidian District`, `Clear Water Bay`, `Piazza Leonardo da
# Vinci`): a street, a district, a campus, a building, in the languages affiliations use
_ADDRESS_WORD = re.compile(
    r"\b(?:road|rd|street|str|avenue|ave|boulevard|blvd|drive|lane|way|square|park|bay|"
    r"district|county|province|prefecture|state|region|oblast|krai|area|zone|township|village|"
    r"campus|building|bldg|tower|floor|room|suite|box|sar|territories|valley|island|islands|"
    r"heights|estate|plaza|highway|sector|block|nagar|marg|cedex|bp|po|"
    r"via|viale|piazza|piazzale|largo|corso|strada|rua|rue|calle|avenida|av|carrer|"
    r"stra(?:ss|ß)e|platz|weg|gasse|allee|ulica|ul)\b",
    re.I,
)
