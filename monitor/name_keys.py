"""How spellings of an institution's name meet: the keys the gazetteer files names under
(case, accents, punctuation, `the`, `Univ.` and other languages' "University of" folded), the
other wordings a whole name may have in the list, the ways a country is written, and which
known names found inside a longer string stand for it (`University of Paris` is not in
`Université Paris 8`; `MIT` leads `MIT CSAIL`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from monitor.org_words import folded

_ABBREVIATIONS = (
    (
        r"^(?:universite|universidad|universita|universidade|universitat|universiteit|"
        r"universitatea|univ\.?)"  # `Univ de Toulouse`, `Univ. de Lorraine`
        r"(?: (?:de la|de|del|degli studi di|degli|di|do|da|din|van|von|zu|of) | d['’]| )",
        "university of ",
    ),  # after accents fold
    (r"^university of nacional autonoma (?:de |del )?", "national autonomous university of "),
    (r"^university of autonoma (?:de |del )?", "autonomous university of "),  # `… de Barcelona`
    # `Universidade Federal de Minas Gerais`, `Universidad Nacional de Colombia`
    (r"^university of (federal|nacional|catolica) (?:de |do |da |del )?", r"\1 university of "),
    # `Universitat Politècnica de València`
    (r"^university of politecnic[ao] (?:de |del |di )?", "polytechnic university of "),
    (r"^nacional ", "national "),
    (r"^catolica ", "catholic "),
    (r"\b(?:technische universitat|tu) ", "technical university of "),  # `TU Berlin`, `… Dresden`
    (r" (?:universite|universitat|universiteit|universita)$", " university"),  # `Sorbonne …`
    (r"^u\.\s?c\.\s*", "uc "),  # `U.C. Berkeley`
    (r"^u\.\s+(?!s\b)", "university of "),  # `U. Florida`, not `U. S. Navy`
    (r"\buniv\b\.?", "university"),
    (r"\binst\b\.?", "institute"),
    (r"\btech\b\.?", "technology"),
    (r"&", " and "),
)

# cities whose universities are numbered (`Université Paris 8`, `Toulouse III`, `Roma 3`):
# `University of Paris` is not found inside their names
_NUMBERED_CITIES = ("Paris", "Lyon", "Toulouse", "Bordeaux", "Lille", "Rennes", "Grenoble",
                    "Montpellier", "Strasbourg", "Nancy", "Aix-Marseille", "Clermont",
                    "Roma")  # fmt: skip
# such a university's city and number, as a pattern (`Paris 8`, `Toulouse III`)
_CITIES, _NUMBER = "|".join(_NUMBERED_CITIES), r"(?:\d{1,2}|[IVX]{1,4})"
NUMBERED_NAME = rf"(?:{_CITIES}) {_NUMBER}"
_NUMBERED = re.compile(rf"\b({_CITIES}) {_NUMBER}\b")

# a short form in capitals (`… Berlin (TUB)`), not a campus (`HKUST (Guangzhou)`)
_SHORT_FORM = re.compile(r"\s*\([A-Z][A-Z0-9&.-]{1,9}\)\s*$")


@lru_cache(maxsize=1 << 16)  # the same names are keyed again and again (pure)
def key(name: str) -> str:
    """Case, accents, punctuation, `Univ.`, `the` and `at` and the other languages' "University of"
    folded, so spellings of a name meet: `Université de Montréal` = `University of Montreal`,
    `University of California at Merced` = `University of California, Merced`, and a short form
    in brackets after the name left out: `Technische Universität Berlin (TUB)`."""
    text = folded(_SHORT_FORM.sub("", name))
    for pattern, repl in _ABBREVIATIONS:
        text = re.sub(pattern, repl, text)
    text = _INNER_MARK.sub("", text)  # `Hawai‘i` is `Hawaii`, `Queen’s` is `Queens`
    words = [w for w in re.sub(r"[^\w]+", " ", text).split() if w not in ("at", "the")]
    return " ".join(_EXONYMS.get(w, w) for w in words)


# an apostrophe or a Hawaiian ʻokina inside a word (TeX's ` and ' for it too)
_INNER_MARK = re.compile(r"(?<=[^\W\d_])[\'`‘’ʻʼ′](?=[^\W\d_])")


# a city as its own language writes it, as the English list does (`Universidade de Lisboa`)
_EXONYMS = {"lisboa": "lisbon", "milano": "milan", "roma": "rome", "napoli": "naples",
            "torino": "turin", "firenze": "florence", "genova": "genoa", "padova": "padua",
            "venezia": "venice", "wien": "vienna", "koln": "cologne", "munchen": "munich",
            "sevilla": "seville", "praha": "prague", "warszawa": "warsaw",
            "bruxelles": "brussels", "brussel": "brussels", "geneve": "geneva",
            "goteborg": "gothenburg", "kobenhavn": "copenhagen", "athina": "athens"}  # fmt: skip


def variants(name_key: str) -> list[str]:
    """Other wordings of a whole name's key: `university paris diderot` as `university of
    paris diderot` and back (`Université Rennes 2` is the list's `University Rennes 2`);
    `university of paris saclay` (`Université Paris-Saclay`) as the English list's `paris
    saclay university`. Not `X University` as `University of X`: `Washington University` is
    not the `University of Washington`, nor `Newcastle University` the one in Australia."""
    if name_key.startswith("university of "):
        rest = name_key.removeprefix("university of ")
        return [f"university {rest}", f"{rest} university"]
    if name_key.startswith("university ") and not name_key.startswith("university college "):
        rest = name_key.removeprefix("university ")
        return [f"university of {rest}", f"{rest} university"]
    return []


def numbered_cities(text: str) -> set[str]:
    """The keys of the cities whose numbered universities the text names (`paris` in
    `Université Paris 8, Saint-Denis`)."""
    return {key(m[1]) for m in _NUMBERED.finditer(text)}


# the ways a country is written, where its key is not enough (`USA`, `P.R. China`)
_COUNTRY_NAMES = {
    "USA": ("usa", "u s a", "united states", "us"),
    "UK": ("uk", "u k", "united kingdom", "england", "scotland", "wales"),
    "China": ("china", "p r china", "prc"),
    "South Korea": ("south korea", "korea", "republic of korea"),
    "UAE": ("uae", "united arab emirates"),
}
COUNTRY_WORDS = tuple(n for names in _COUNTRY_NAMES.values() for n in names)


def names_country(text: str, country: str) -> bool:
    """Whether an affiliation string names this country (`…, Boston, MA, USA`)."""
    words = f" {key(text)} "
    names = _COUNTRY_NAMES.get(country, (key(country),))
    return any(f" {name} " in words for name in names)


def at_home(country: str, home: str) -> bool:
    """Whether a country written after a name is its own: Hong Kong's and Macau's
    universities write `China`; `Georgia` after an American one is the state."""
    china = country == "china" and home in ("Hong Kong", "Macau", "Taiwan")
    return names_country(country, home) or china or (country == "georgia" and home == "USA")


_LAB_WORDS = {"laboratory", "lab", "labs", "department", "school", "center", "centre", "institute",
              "research", "group", "faculty"}  # fmt: skip


def numbered_university(words: list[str], context: str) -> bool:
    """Whether `university of X` stands in the text for a numbered university of a city whose
    universities are numbered (`Université Paris 8`, `Université Toulouse III - Paul
    Sabatier`), not for X's university before a mark or a street's number (`University of
    Edinburgh 10 Crichton Street`)."""
    return (
        len(words) == 3
        and words[:2] == ["university", "of"]
        and (words[2] in numbered_cities(context))
    )


def leads_unit(words: list[str], context: str) -> bool:
    """Whether a short name (`MIT`) leads the name of one of its units: `MIT Computer
    Science and AI Laboratory`, `MIT CSAIL`."""
    return bool(_LAB_WORDS & set(words[1:])) or (
        len(words) == 2 and _ACRONYM_TAIL.match(context.strip()) is not None
    )


_ACRONYM_TAIL = re.compile(r"^\S+\s+[A-Z][A-Z0-9]{2,}$")


# words that make a university of X another one: `Technical University of Graz`
_QUALIFIED = {"technical", "technological", "medical", "agricultural", "polytechnic", "normal",
              "pedagogical", "economic", "open", "catholic", "free", "medizinische",
              "technische", "freie", "katholische", "padagogische"}  # fmt: skip
# "university" in the languages `key` folds at a name's start only (`Medizinische Universität`)
_UNIVERSITY_WORDS = {"university", "universitat", "universite", "universita", "universidad",
                     "universidade", "universiteit", "universitatea"}  # fmt: skip


def inside_another(words: list[str], i: int, n: int) -> bool:
    """Whether the known name at `words[i : i + n]` is part of another, longer one: `University
    of Graz` in `Technical University of Graz`, `City University` (London) in `Ho Chi Minh City
    University of Technology`, `Illinois College` in `University of Illinois College of
    Medicine`."""
    qualified = i > 0 and words[i] in _UNIVERSITY_WORDS and words[i - 1] in _QUALIFIED
    generic = n == 2 and words[i + 1] == "university" and words[i + 2 : i + 3] == ["of"]
    # the place a name is of: `Illinois College` in `University of Illinois College of …`
    named_of = i > 1 and words[i - 1] == "of" and words[i - 2] in _UNIVERSITY_WORDS
    # a name of common words only after a word of the longer name's own: `Institute of
    # Advanced Technology` in `Zhengzhou Xinda Institute of Advanced Technology`
    common = (
        i > 0
        and words[i] in _INSTITUTION_START
        and words[i - 1] not in _LINKS | _JOINS | _COMMON
        and not (i > 1 and words[i - 1] in _FIELDS and words[i - 2] in {"of", "for"})
        and all(w in _COMMON for w in words[i + 1 : i + n])
    )
    return qualified or generic or named_of or common


_INSTITUTION_START = {"institute", "university", "college", "academy", "school"}
_JOINS = {"and", "at", "with", "the", "also", "in", "for", "to"}
# a unit's field before a name, no word of the name: `Department of AI University of …`
_FIELDS = {"ai", "cs", "ee", "ece", "eecs", "it", "ml", "computing", "physics", "mathematics",
           "chemistry", "biology", "medicine", "informatics", "statistics"}  # fmt: skip
_COMMON = {"of", "for", "and", "the", "advanced", "technology", "science", "sciences",
           "research", "studies", "study", "engineering", "information", "applied"}  # fmt: skip


def window_key(words: list[str], i: int, n: int) -> str:
    """The key of `words[i : i + n]` inside a longer name's key: keyed again after `da`, `of`
    for other languages' "University of" at its start (`… da Universidade de Lisboa`), as
    written after a qualifier (`Vrije Universiteit Amsterdam` is not Amsterdam's)."""
    window = " ".join(words[i : i + n])
    return key(window) if i == 0 or words[i - 1] in _LINKS else window


_LINKS = {"da", "de", "do", "di", "dell", "della", "del", "degli", "des", "du", "of", "la", "der"}


def stands_inside(words: list[str], i: int, n: int, context: str) -> bool:
    """Whether a known name found at `words[i : i + n]` of a longer text stands for it: not a
    numbered university's city (`Université Paris 8`), not part of a longer name (`Technical
    University of Graz`), not a person's surname (`Mathieu Roche`), and not a short name
    (`MIT`, `IBM`) unless it leads its unit's name (`MIT Computer Science and AI Lab`)."""
    if numbered_university(words[i : i + n], context) or inside_another(words, i, n):
        return False
    surname = i == len(words) - 1 and _PERSON.fullmatch(context.strip()) is not None
    short = n == 1 and (len(words[i]) <= 3 or surname)
    return not short or (i == 0 and leads_unit(words, context))


# a person's name, whose surname may be a company's (`Mathieu Roche`, `Tom Philips`)
_PERSON = re.compile(r"(?:[A-ZÀ-ÞŁŚŠŽČ][a-zß-ÿłśšžč'’-]*\.? ){1,3}[A-Z][a-z'’-]+")
