"""An author's position written before the organisation in an affiliation line (`Senior
developer in the Demand-Side Platform team, Adform`, `Jansky fellow of the National Radio
Astronomy Observatory`, `Head of Product Research, Acme Robotics`), taken off so that the
organisation is read. Pure functions for the author blocks and the author notes.
"""

from __future__ import annotations

import re

from monitor.affiliation_lines import FUNDING, NAME_WORDS, POSITION, Known, placeholder
from monitor.org_words import GENERIC_WORDS, UNIVERSITY, is_unit, names_organisation, short_name
from monitor.places import is_town


def without_position(line: str, known: Known) -> str:
    """A line without the author's position written as its first part, before the
    organisation (`Senior developer in the Demand-Side Platform team, Adform Lithuania`); not
    a part that names one (`Graduate University for Advanced Studies`, `… in Google Brain`)."""
    held = _ROLE_OF.match(line)  # `Jansky fellow of the National Radio Astronomy Observatory`
    if held and not UNIVERSITY.search(held[0]) and not is_unit(line.split(",")[0]):
        first = line[held.end() :].split(",")[0].strip()
        words = set(re.findall(r"\b(?:[A-Z][a-z]{2,}|[A-Z]{2,}\w*)\b", first))  # `SETI`
        own = words - GENERIC_WORDS - _UNIT_WORDS
        # a name of its own, not a word for a unit (`Director of Research, Voryx Robotics`),
        # nor a function a named organisation follows (`Head of Product Research, Acme AI`)
        if known(first) or (names_organisation(first) and own and not _function_of(line, known)):
            return line[held.end() :]
    role = _ROLE_PART.match(line)
    if role is None or known(role[0]) or _NAMED_IN_ROLE.search(role[0]) or FUNDING.search(role[0]):
        return line  # `Mayo Graduate School of Medicine, …` names a school, no role
    rest = line[role.end() :]
    first = rest.split(",")[0].strip()  # a name follows (not `Independent Researcher, USA`)
    named = known(first) or NAME_WORDS.fullmatch(first) or short_name(first)
    town = is_town(first)  # `Adform Lithuania`, `Cambridge Quantum` are names
    return rest if named and not town and not placeholder(role[0]) else line


def _function_of(line: str, known: Known) -> bool:
    """`Head of Product Research, Acme Robotics`: a leader's title over a function (`of`, no
    `the`), then a part written as an organisation's name."""
    head = _LEADER_OF.match(line)
    parts = [p.strip() for p in line.split(",")]
    if head is None or len(parts) < 2 or known(parts[0]) or is_town(parts[1]):
        return False  # `Director of Qwerty AI Lab, San Diego`: the lab's town follows
    return bool(known(parts[1]) or NAME_WORDS.fullmatch(parts[1]) or short_name(parts[1]))


_LEADER_OF = re.compile(
    r"^(?:[\w-]+\s+){0,2}?(?:head|director|chief|vice president|president|manager|officer|lead)"
    r"\s+of\s+(?!the\b)",
    re.I,
)


# a note's first part that is the author's position (`Senior developer in the Demand-Side
# Platform team, Adform Lithuania, …`): the organisation follows it
_ROLE_PART = re.compile(
    rf"^(?:[\w-]+\s+){{0,3}}?{POSITION.pattern}(?:(?!\b(?:at|with)\b)[^,]){{0,60}},\s+(?=[A-Z])",
    re.I,
)
# … or a position held at it, written before its name: `Jansky fellow of the National …`
_ROLE_OF = re.compile(
    rf"^(?:[\w-]+\s+){{0,3}}?{POSITION.pattern}\s+(?:of|at|with|in)\s+(?:the\s+)?(?=(?-i:[A-Z]))",
    re.I,
)
# an organisation's capitalised word in a role's part (`Mayo Graduate School of Medicine`; not
# `engineer in the hospital informatics group`)
_NAMED_IN_ROLE = re.compile(
    r"\b(?:Universi\w*|Univ\.|Politecnico|Polytechnic|Hochschule|School|College|Institut\w*|"
    r"Istituto|Instituto|Hospital|Academy|Laborator\w*)\b"
)
_UNIT_WORDS = {"Lab", "Labs", "Development", "Department", "Division", "Engineering", "Team"}
