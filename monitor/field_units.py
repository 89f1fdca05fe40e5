"""Whether a line names a unit of the organisation beside it by its field or its kind
(`Institute of Computing`, `Heinz College`, `Operations Research and Information
Engineering` above a university), rather than an organisation of its own."""

from __future__ import annotations

import re

from monitor.org_words import UNIVERSITY, folded, says_unit, shares_name


def field_named(part: str) -> bool:
    """Whether an institute is named by its field alone (`Institute of Computing`, `Instytut
    Informatyki`, `Electrical and Electronics Engineering Institute`): beside a university, one
    of its units; a proper name (`Harbin Institute of Technology`, `Allen Institute for AI`)
    makes an organisation of its own."""
    named = _FIELD_INSTITUTE.match(part.strip()) or _INSTITUTE_OF_FIELD.match(part.strip())
    words = re.findall(r"[^\W\d_]+|&", named[1]) if named else []
    return bool(words) and all(folded(w) in _FIELD_WORDS for w in words)


_FIELD_INSTITUTE = re.compile(
    r"^(?:the\s+)?(?:institute|institut|instytut|istituto|instituto)\b\s*(.*)$", re.I
)
_INSTITUTE_OF_FIELD = re.compile(r"^(?:the\s+)?(.+?)\s+(?:institute|institut)$", re.I)
# the words of a field of study, and those that join them, in the languages of affiliations
_FIELD_TEXT = (
    "of for fur de di da do del der i and & e y und in the "
    "computing computer computers computation computational informatics informatik informatyki "
    "informatica informatique information mathematics mathematical matematyki mathematik "
    "matematica physics physik fizyki fisica physique chemistry biology engineering technology "
    "sciences science nauk artificial intelligence data statistics electronics electronic "
    "electrical communication communications software systems automation control cybernetics "
    "robotics applied advanced study studies medical medicine neuroscience cognitive economics "
    "management mechanics energy materials telecommunications network networks security "
    "learning machine theoretical digital quantum interdisciplinary research operations "
    "language languages linguistics technologies speech vision natural social humanities life "
    "earth environmental health "
    "ciencia ciencias tecnologia tecnologias inovacao innovacion innovazione scienze ingenieria "
    "engenharia ingegneria quimica tecnologica"
)
_FIELD_WORDS = frozenset(_FIELD_TEXT.split())


def unit_of(line: str, organisation: str) -> bool:
    """Whether a line written above an organisation's names one of its units: a department
    or a key laboratory, a lab, team or centre by that word (`Cybersecurity Lab`, `MathSys
    Centre for Doctoral Training`; `AIML Lab, School of Computer Science`, each part one), an
    institute a university names by its field (`Instytut Informatyki` above `Politechnika
    Warszawska`), a college or initiative above a university (`Heinz College` above `Carnegie
    Mellon University`, `Data Science Initiative` above `Brown University`), a department named
    by its fields alone (`Operations Research and Information Engineering`), or a unit carrying
    the organisation's own name (`Warwick Mathematics Institute` above `University of
    Warwick`)."""
    parts = line.split(",")
    if says_unit(line) or all(says_unit(p.strip()) for p in parts):
        return True
    fields = field_named(parts[0]) or _college(line) or fields_only(parts[0])
    if fields and UNIVERSITY.search(organisation):
        return True
    named = [p for p in organisation.split(",") if UNIVERSITY.search(p)] or [organisation]
    return shares_name(line.split(",")[0], named[0])


def field_list_goes_on(part: str, after: str) -> bool:
    """Whether a comma inside a name sets a list of its fields (`Centro de Ciência, Tecnologia
    e Inovação do Pólo …`): the part ends in the list's first field after its joining word
    (`de Ciência`, `for Computing`; not `… of Science and Technology`), and the next part goes
    on with fields joined by `and` (`e`, `y`, `et`, `&`), no unit's."""
    words = part.split()
    listed = _FIELDS_JOINED.match(after.strip())
    first = len(words) > 1 and words[-2] in _JOINING and field_word(words[-1])
    if not first or not listed or says_unit(after):
        return False
    return all(field_word(w) for w in re.findall(r"[^\W\d_]+", listed[0]))


def field_word(word: str) -> bool:
    """Whether a word is a field's or joins fields (`Computing`, `Ciência`, `and`)."""
    return folded(word) in _FIELD_WORDS


_JOINING = {"de", "of", "for", "di", "du", "des", "da", "do", "en", "in", "für"}


_FIELDS_JOINED = re.compile(r"[A-Z]\w+(?:\s+[A-Z]\w+)?\s+(?:and|e|y|et|&)\s+[A-Z]\w+")


def fields_only(part: str) -> bool:
    """Whether a part is a department's name without the word (`Operations Research and
    Information Engineering` above `Cornell University`): the words of fields alone."""
    words = re.findall(r"[^\W\d_]+|&", part)
    return len(words) > 1 and all(folded(w) in _FIELD_WORDS for w in words)


def _college(line: str) -> bool:
    """Whether a line names a college by a name (`Heinz College`, `Lyman Briggs College`), a
    school by a name and its fields (`Siebel School of Computing …`) or a programme by its
    field (`Data Science Initiative`; not `Chan Zuckerberg Initiative`)."""
    school = _NAMED_SCHOOL.match(line)  # `Siebel School of Computing and Data Science`
    if school and all(field_word(w) for w in re.findall(r"[^\W\d_]+|&", school[1])):
        return True
    named = _COLLEGE.match(line)
    if named is None:
        return False
    return named[2] == "College" or all(folded(w) in _FIELD_WORDS for w in named[1].split())


_NAMED_SCHOOL = re.compile(r"^(?:the\s+)?(?:[A-Z][\w'.&-]*\s+){1,3}School of (.+)$")
_COLLEGE = re.compile(r"^(?:the\s+)?((?:[A-Z][\w'.&-]*\s+){1,3})(College|Initiative)$")
