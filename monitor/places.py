"""Towns, regions and countries of the world, to tell a place from an organisation's name
where an author block's shape says a line is one or the other: a line under an author's name
(`Seattle` is none; `HouseIQ` may be one), a name with its place in brackets (`Tunnel (New
York, USA)`, not `Mountain View (CA)`). GeoNames' towns of 1,000 people or more and countries,
and a hand-written list of first-level regions, shipped in `monitor/assets/places/` (see its
README). Used only to leave a line out, never to find a name.
"""

from __future__ import annotations

import gzip
import re
from functools import lru_cache

from monitor.assets import place_files
from monitor.name_keys import COUNTRY_WORDS
from monitor.org_words import folded


def is_place(name: str) -> bool:
    """Whether a name is a town's, a region's or a country's (`Gif-sur-Yvette`, `Île-de-France`,
    `Cambridge MA`, `Aotearoa/New Zealand`) or holds a country's (`Italy I-35131`)."""
    if is_town(name):
        return True
    words = f" {fold(name)} "
    return any(f" {c} " in words for c in _names()[1])


def is_town(name: str) -> bool:
    """Whether a name is a town's, a region's or a country's and nothing else (`University
    Park, PA` is a town; `Institut Universitaire de France`, `Adform Lithuania` are not)."""
    towns, countries = _names()
    sides = [fold(side) for side in name.split("/")]
    sides += [fold(_STATE_AFTER.sub("", name))]
    return any(side in towns or side in countries for side in sides)


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
