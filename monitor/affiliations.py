"""Affiliations in English with their Chinese names, from a gazetteer.

The gazetteer joins ~10k universities with the companies and labs of this field and the short
names people write (`monitor/assets/institutions/`, read by `gazetteer_csv`). An affiliation
is looked up whole, then part by part (`Dept. of CS, Tsinghua University, Beijing` → Tsinghua
University); one not found stays as written, in English. Nothing is dropped or invented.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from monitor import joined_names
from monitor.chinese_names import has_chinese, latin_punctuation, names_inside
from monitor.institution import (
    UMBRELLA,
    Institution,
    field_of_university,
    under_umbrellas,
    written_once,
)
from monitor.joined_names import Place as _Place
from monitor.name_keys import (
    COUNTRY_WORDS,
    at_home,
    key,
    names_country,
    stands_inside,
    variants,
    window_key,
)
from monitor.org_words import (
    has_lead,
    is_unit,
    names_organisation,
    own,
    without_lead,
)
from monitor.places import is_place, is_town
from monitor.written_names import as_list, name_only, unknown_names

_LONGEST = 12  # words in the longest name the inside-a-string search tries
# `a PhD student at`, `is an adjunct professor at`
_ROLE_LEAD = re.compile(r"^(?:(?:is|are)\s+)?(?:an?|the)\s[^,]*?\b(?:at|with)\s+", re.I)
_ACRONYM_LAST = re.compile(r"\s[A-Z][A-Z0-9]{2,}$")  # a unit's short name: `MIT CSAIL`
_BRACKETED = re.compile(r"\(([A-Z][A-Za-z]{2,9})\)\s*$")  # a short form after the name


class _Peer(str):
    """A side of two organisations joined by `and` or `&`: an organisation, not a unit."""


class Gazetteer:
    """Lookup of institution names and aliases (some only as a whole part: `Cornell`)."""

    def __init__(
        self, entries: Iterable[tuple[str, Institution]], whole_only: Iterable[str] = ()
    ) -> None:
        self._index: dict[str, list[Institution]] = {}
        self._whole_only = frozenset(whole_only)  # names never looked for inside another
        self._countries: set[str] = set(COUNTRY_WORDS)
        for name, institution in entries:
            rows = self._index.setdefault(key(name), [])
            if institution not in rows:
                rows.append(institution)
            if institution.country:
                self._countries.add(key(institution.country))
        self._chinese = {k for k in self._index if has_chinese(k)}

    def _get(self, name_key: str, context: str, whole: bool = True) -> Institution | None:
        """The entry for a name (a whole name also as the list may word it: `University Paris
        Diderot` as `University of Paris Diderot`, `Université Paris-Saclay` as `Paris-Saclay
        University`); of homonyms (`Northeastern University`: China, Thailand, USA), the one
        whose country the affiliation names outside the name (`University of Georgia` names
        none); else one without a Chinese name unless all rows give one (never a wrong one)."""
        if not whole and name_key in self._whole_only:
            return None
        wordings = [name_key, *variants(name_key)] if whole else [name_key]
        rows = next((r for k in wordings if (r := self._index.get(k))), None)
        if not rows:
            return None
        if len(rows) == 1 or rows[0].country is None:  # one row, or a curated one
            return rows[0]
        outside = f" {key(context)} ".replace(f" {name_key} ", " ", 1)  # not in the name
        named = [r for r in rows if r.country and names_country(outside, r.country)]
        if len(named) == 1:
            return named[0]
        if len({r.chinese for r in rows}) == 1:
            return rows[0]
        return Institution(rows[0].english, None)

    def __len__(self) -> int:
        return len(self._index)

    def find(self, affiliation: str) -> list[Institution]:
        """The institutions an affiliation string names: whole, by comma-separated part (with
        the organisations co-listed beside a known one), or (for `A and B`) by the longest
        known names inside it. Empty if none is known."""
        affiliation = latin_punctuation(affiliation)
        whole = self.named(affiliation)
        if whole:
            return [whole]
        return (
            self._by_parts(affiliation)
            or self._inside(key(affiliation).split(), affiliation)
            or self._in_chinese(affiliation)
        )

    def _in_chinese(self, text: str) -> list[Institution]:
        """The known Chinese names inside a text written in Chinese (`清华大学计算机系`)."""
        if not has_chinese(text):
            return []
        names = names_inside(key(text), self._chinese)
        return [hit for name in names if (hit := self._get(name, text))]

    def named(self, name: str) -> Institution | None:
        """The entry a whole name stands for (`MIT`, `Univ. of Tokyo`, `University of
        Illinois (UIUC)`), looked up in no part of it."""
        return self._get(key(name), name) or self._short_form(name)

    def _short_form(self, affiliation: str) -> Institution | None:
        """The organisation a name's short form in brackets names (`University of Illinois
        (UIUC)`: the University of Illinois at Urbana-Champaign)."""
        short = _BRACKETED.search(affiliation)
        before = affiliation[: short.start()] if short else ""
        name = key(before)
        if not short or not name or re.search(r",|;| and | & ", affiliation):
            return None  # one name only: `PKU and BAAI (BAAI)` names two
        hit = self._get(key(short[1]), affiliation)
        # the short form's organisation, when the name is the start of its own (not `Kyoto
        # Institute of Technology (KIT)` for Karlsruhe's, nor an academy above the name), or
        # no organisation's (`Arpit Gupta (UCSB)`: an author's)
        if hit is None or (names_organisation(before) and not key(hit.english).startswith(name)):
            return None
        return None if UMBRELLA.fullmatch(key(hit.english)) else hit

    def _inside(self, words: list[str], context: str) -> list[Institution]:
        found: list[Institution] = []
        i = 0
        while i < len(words):
            for n in range(min(_LONGEST, len(words) - i), 0, -1):
                hit = self._get(window_key(words, i, n), context, whole=False)
                if hit and stands_inside(words, i, n, context):
                    if self._abroad(hit, words[i + n :]):
                        continue
                    found.append(hit)
                    i += n
                    break
            else:
                i += 1
        return found

    def _by_parts(self, affiliation: str) -> list[Institution]:
        """For a comma list naming a known institution, every organisation in it in order: the
        known ones (two parts read together first: `University of California, Berkeley`), and
        unknown parts whose name says university, or institute after a known one (`Université
        Paris-Saclay, CentraleSupélec, Inria, …`; an institute before one, or just after a
        department, is part of it unless `and also with` or `;` starts it; before an academy
        it is one of its own: `Institute of Software, Chinese Academy of Sciences`).
        Departments, labs and places are left out. Empty when no part is known."""
        out = under_umbrellas(self._parts(affiliation))
        known = [n for n, item in enumerate(out) if isinstance(item, Institution)]
        if not known:
            return []
        kept: list[Institution] = []
        for n, item in enumerate(out):
            if isinstance(item, _Place) or (isinstance(item, str) and is_town(item)):
                continue  # the town of the organisation before it (`…, University Park, PA`)
            if isinstance(item, Institution):
                kept.append(item)
                continue
            if isinstance(item, _Peer) and not is_unit(without_lead(item)):
                kept.append(Institution(without_lead(item), None))  # `H2O.ai and GWU`
                continue
            before, after = _at(out, n - 1), _at(out, n + 1)
            in_unit = (
                isinstance(before, str) and is_unit(without_lead(before)) and not has_lead(item)
            ) or field_of_university(out, n)
            if own(without_lead(item), n > known[0], isinstance(after, Institution), in_unit):
                kept.append(Institution(without_lead(item), None))
        return _distinct(kept)

    def _parts(self, affiliation: str) -> list[Institution | str]:
        """The list's parts, each the gazetteer's entry or the text as written (with the words
        that join it to the list: `and also with X`; a `;` starts a new one like `and`)."""
        pieces = re.split(r",|\s[–—-]\s", affiliation.replace(";", ", and"))
        joined: list[list[str]] = []
        for piece in pieces:
            after_known = bool(joined) and self._get(key(joined[-1][-1]), affiliation) is not None
            joined.append(self._joined(" ".join(piece.split()), after_known))
        parts = [p for sides in joined for p in sides]
        piece_of = [k for k, sides in enumerate(joined) for _ in sides]
        names = [without_lead(p) for p in parts]
        out: list[Institution | str] = []
        out_piece: list[int] = []
        i = 0
        while i < len(parts):
            pair = (
                self._get(key(", ".join(names[i : i + 2])), affiliation)
                if i + 1 < len(parts)
                else None
            )
            hit = pair or self._get(key(names[i]), affiliation) or self._countryless(names[i])
            # a side of `A and B` may be a known one's unit (`UC Berkeley Sky Lab and Anyscale`)
            inside = [] if hit else self._in_chinese(names[i])
            if not hit and not inside and len(joined[piece_of[i]]) == 2:
                inside = self._inside_side(names[i])
            elif not hit and not inside:
                inside = self._named_last(names[i])
            out += inside or [hit or parts[i]]
            out_piece += [piece_of[i]] * max(len(inside), 1)
            i += 2 if pair else 1
        # the sides of `A and B` are organisations, unless a known one after them has them as
        # its units (`Inria and LIRMM, University of Montpellier`)
        parent = [isinstance(x, Institution) or own(without_lead(x), False, False) for x in out]
        later = [any(p for p, j in zip(parent, out_piece, strict=True) if j > k) for k in out_piece]
        return [
            _Peer(x) if type(x) is str and len(joined[k]) == 2 and not after else x  # not a _Place
            for x, k, after in zip(out, out_piece, later, strict=True)
        ]

    def _inside_side(self, side: str) -> list[Institution]:
        """The known organisations inside one side of `A and B`, whose words say it is a unit
        or name it (`Department of CS at Stanford University`), with a role's lead removed
        (`a PhD student at Stanford University`)."""
        return self._inside(key(_ROLE_LEAD.sub("", side)).split(), side)

    def _named_last(self, part: str) -> list[Institution]:
        """The known organisations of a part that names one last, after other words or before
        its unit's short name (`Investigadores por México-CONACYT`, `MIT CSAIL`, `Inria
        CNRS`), in a part that is a name: no organisation's word of its own, no two joined, no
        address's number, no prose (`formerly at Google`), no town last (`… Hitachi`); not
        one a unit's name follows (`NYU Department of …`: the list reads it as a unit)."""
        words = key(part).split()
        if len(words) < 2 or names_organisation(part) or not name_only(part):
            return []
        ends = [len(words), len(words) - 1][: 2 if _ACRONYM_LAST.search(part) else 1]
        windows = [(i, end - i) for end in ends for i in range(max(0, end - _LONGEST), end)]
        last = any(
            (hit := self._get(window_key(words, i, n), part, False))
            and stands_inside(words, i, n, part)
            and not is_place(hit.english if n > 1 else words[i])
            for i, n in windows
        )
        return self._inside(words, part) if last else []

    def _abroad(self, hit: Institution, after: list[str]) -> bool:
        """Whether the words after a known name inside a longer one name another country
        than its own: its campus there (`Texas A&M University at Qatar`, `Monash University
        Malaysia`), another institution with another Chinese name."""
        after = after[1:] if after[:1] == ["in"] else after
        for n in (2, 1):
            country, rest = " ".join(after[:n]), after[n : n + 1]
            # the name's end: no organisation's words follow (`… Singapore Management Univ…`)
            if country in self._countries and (not rest or is_place(rest[0])):
                return hit.country is not None and not at_home(country, hit.country)
        return False

    def _countryless(self, name: str) -> Institution | None:
        """A known name with its country after it in the same part (`SICS Sweden`), not
        another country's (`Texas A&M University at Qatar` is its campus there)."""
        words = key(name).split()
        for n in (1, 2):
            country = " ".join(words[-n:])
            if len(words) > n and country in self._countries:
                hit = self._get(" ".join(words[:-n]), name)
                mine = hit is None or not hit.country or at_home(country, hit.country)
                return hit if mine else None
        return None

    def _joined(self, part: str, after_known: bool = False) -> list[str]:
        """The organisations one part of a comma list joins (`joined_names.joined`)."""
        known = lambda name: self._get(key(name), part) is not None  # noqa: E731
        return joined_names.joined(part, after_known, known, self._countries)

    def knows(self, text: str) -> bool:
        return bool(self.find(text))

    def labels(self, affiliations: Sequence[str]) -> list[str]:
        """Each distinct affiliation once, in order, as `English(中文)` or as written."""
        return [i.label() for i in self.institutions(affiliations)]

    def institutions(self, affiliations: Sequence[str]) -> list[Institution]:
        """Each distinct institution once, in order: the gazetteer's (with its Chinese name)
        where it knows one, else the string as written without its address (no Chinese); a
        name written twice, or by its short form, is one (`institution.written_once`)."""
        raws = [as_list(latin_punctuation(a)) for a in affiliations]
        found = [
            self.find(raw) or [Institution(n, None) for n in unknown_names(raw)] for raw in raws
        ]
        return written_once(list(zip(raws, found, strict=True)))


def _at(items: list[Institution | str], n: int) -> Institution | str | None:
    return items[n] if 0 <= n < len(items) else None


def _distinct(items: list[Institution]) -> list[Institution]:
    return list(dict.fromkeys(items))
