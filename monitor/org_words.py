"""What the words of an affiliation string say, with no gazetteer: an organisation
(`University`, `Inc.`, `Pyramidal AI`), a unit of one (a department, a key laboratory, a team
written before its company), the words that join a list (`…, and also with X`), or an address.
`affiliations.Gazetteer` reads comma lists with these; `latex_front` keeps the lines that name
an organisation.
"""

from __future__ import annotations

import re
import unicodedata


def folded(text: str) -> str:
    """Case and accents folded, so spellings meet: `Müller` = `muller`, `Montréal` = `montreal`."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


# words that say a name is an institution (free text must have one to count as an affiliation)
INSTITUTION_WORDS = re.compile(
    r"\b(universit\w*|univ\.|univ(?=\s+(?-i:[A-Z]))|institut(?!ions\b|ional\b)\w*|college|"
    r"school|academy|laborat\w*|lab|labs|"
    r"research|centre|center|hospital|inc\.?|corp\.?|corporation|company|ltd\.?|llc|gmbh|"
    r"technologies|foundation|polytechnic|polytechnique|politecnico|polit[eé]cnica|ecole|école|"
    r"hochschule|eth|epfl|kaist|initiative|observatory|council|agency|"
    # the same words in the other languages of affiliations
    r"universidad|universidade|uniwersytet|istituto|consejo|"
    r"centro(?= d[eio]| per| nacional| (?-i:[A-Z])\w+ d[eio]\b)|"  # `Centro Integral de …`
    r"consiglio|conselho|conseil|"
    r"fundaci[oó]n|funda[cç][aã]o|fondazione|fondation|escuela|escola|scuola|akademie|academia|"
    r"akademia|politechnika|instytut|\w*zentrum|stiftung|\w*anstalt|bundesamt|klinik\w*|"
    r"observatoire|osservatorio|observatorio|ospedal\w*|hogeschool|h[öo]gskola|"
    r"facilit(?:y|ies)|(?-i:Library|Museum|Museo|Mus[ée]e)|univerzit\w*|sveu[cč]ili[sš]t\w*|"
    r"egyetem\w*|yliopisto)\b",
    re.I,
)
# a company's name in this field's usual form, capitalised words and "AI": `Pyramidal AI`
_AI_COMPANY = re.compile(r"^(?:[A-Z][\w.'-]*\s+){1,3}AI$")


def names_organisation(text: str) -> bool:
    """Whether free text says it is an organisation: a word like "University" or "Inc.", a
    company's legal form (`ORS Consulting ApS`), the `… AI` form of a company's name, `X Tech`,
    or the same words in Chinese (`清华大学`)."""
    return bool(
        INSTITUTION_WORDS.search(text)
        or _CJK_ORGANISATION.search(text)
        or _LEGAL_FORM.search(text)
        or _LIMITED.match(text.strip())
        or _TU.search(text)
        or _TECH.search(text)
        or _AI_COMPANY.match(text.strip())
    )


# the same words in Chinese (simplified and traditional), which no word boundary sets apart:
# `清华大学`, `中国科学院计算技术研究所`, `阿里巴巴集团`
_CJK_ORGANISATION = re.compile(
    r"大学|大學|学院|學院|研究所|研究院|实验室|實驗室|公司|集团|集團|医院|醫院"
)
_TECH = re.compile(r"\b[A-Z][\w.-]+ Tech(?=\s*(?:,|$))")  # `Cornell Tech`, `Georgia Tech`
_TU = re.compile(r"\bTU [A-Z]")  # `TU Kaiserslautern`: a technical university
# a company's legal form, as written at the end of its name (case matters: `AS`, not `as`)
_LEGAL_FORM = re.compile(
    r"(?<=[A-Za-z0-9.] )(?:ApS|Aps|A/S|AG|BV|B\.V\.|N\.V\.|S\.A\.|SpA|S\.p\.A\.|S\.r\.l\.|Srl|"
    r"S\.R\.L\.?|SRL|SAS|Oy|Pty|PLC|plc|K\.K\.)(?=,|$)"
)


# `Lhasa Limited`: a name of a few words before it, not a title's `When Labels Are Limited`
_LIMITED = re.compile(
    r"^(?:(?!(?:Is|Are|Was|Were|Be|Been|When|If|How|Why|What|Where|Not|Too|So)\b)"
    r"(?:[A-Z][\w&.'-]*|&)\s+){1,4}Limited(?=,|$)"
)


# the joining words of an IEEE note's list: `…, with X, and also with Y`
_LEAD = re.compile(r"^(?:and\s+)?(?:also\s+)?with\s+(?:the\s+)?|^and\s+(?:the\s+)?", re.I)


def without_lead(part: str) -> str:
    """A part of a comma list without the words that join it to the list."""
    return _LEAD.sub("", part)


def has_lead(part: str) -> bool:
    """Whether words join the part to its list (`and also with X`): it starts a new one."""
    return _LEAD.match(part) is not None


# parts of an organisation, not one: dropped before the organisation they belong to
_UNIT = re.compile(
    r"^(?:the\s+)?(?:department|dept\b|school of|faculty|division|college of|office of|"
    r"fakulta|katedra|wydzia[lł]|"  # Slavic units, the field in the genitive after them
    r"(?:research )?cent(?:er|re) for|institut für|(?:[\w-]+ ){0,2}key lab\w*|"
    r"laboratory (?:of|for)|lab (?:of|for)|group|chair|section|sezione|"
    r"(?:first|second|third|fourth|fifth) faculty of|"
    # departments and faculties in other languages (`Dipartimento di …`, `Facultad de …`); not
    # their labs, which often name organisations (`Laboratoire d'Informatique de Grenoble`)
    r"(?P<other>(?:d[eé]partement|departament[ou]?|"
    r"dipartimento|facultad|faculdade|facolt[aà]|facultatea|lehrstuhl|fakult[aä]t) "
    r"(?:de|di|d'|d’|do|da|del|für|fur|of)))\b|"
    r"^(?:[A-Z][\w&-]*\s+){1,4}(?:department|departament|dept\.?|unit)$",  # `Computer … Department`
    re.I,
)


def is_unit(part: str) -> bool:
    """Whether a part names a unit of an organisation (a department, a key laboratory), not
    an organisation."""
    unit = _UNIT.match(part)
    # not `Faculdade de Ciências da Universidade de Lisboa`: a university's name is in it
    return unit is not None and not (unit["other"] and UNIVERSITY.search(part, unit.end()))


# words that make a part of a comma list an organisation of its own: a university anywhere in
# the list, an institute only after a known organisation (before one, it is part of it)
UNIVERSITY = re.compile(
    r"\b(universit\w*|universidade?|uniwersytet|univerzit\w*|sveu[cč]ili[sš]t\w*|egyetem\w*|"
    r"yliopisto|polytechnic|polytechnique|hochschule|"
    r"politecnico|politechnika)\b"  # not `Escuela Politécnica Superior`, a university's school
    r"|\bUniv\b\.?(?=\s+(?-i:[A-Z]))",  # `Univ Paris Diderot`, `Univ. Lille`
    re.I,
)
_INSTITUTE = re.compile(
    r"\b(institut(?:e|o)?|istituto|instytut|école|ecole|academy|council|consejo|consiglio|"
    r"conselho|conseil)\b",
    re.I,
)


def own(part: str, after_known: bool, before_known: bool, after_unit: bool = False) -> bool:
    """Whether an unknown part of a comma list is an organisation of its own: a university,
    or an institute after a known organisation, unless it stands just before the known one it
    belongs to (`…, with Jiaxing Research Institute, Zhejiang University`) or just after a
    unit it is part of (`Charles University, First Faculty of Medicine, Institute of …`)."""
    if is_unit(part) or STREET.search(part) or _BARE.match(part) or CAMPUS.match(part):
        return False  # `…, Cidade Universitária`: the campus, not a university
    if APPOSITIVE.match(part):
        return False
    own_institute = after_known and not before_known and not after_unit
    institute = _INSTITUTE.search(part) or _NAMED_INSTITUTION.search(part)
    university = UNIVERSITY.search(part) and not (
        before_known and _UNIVERSITY_INSTITUTE.match(part)
    )
    return bool(university or (own_institute and institute))


# a university's institute, named so (`Instituto Universitario de …`): an institute
# before the university it belongs to, a name of three words or more after its `de` (not
# `Instituto Universitário de Lisboa`, `Institut Universitaire de France`: universities)
_UNIVERSITY_INSTITUTE = re.compile(
    r"^(?:the\s+)?(?:instituto|institut|istituto)\s+universit\w*\s+(?:de|di|d')\s*(?:\S+\s+){2,}\S",
    re.I,
)
# an institution named so, by a name of its own (`Faraday Institution`, `Scripps Institution of
# Oceanography`; not `Home Institution`, `Institution Name`)
_NAMED_INSTITUTION = re.compile(
    r"\b(?!(?:Home|Host|Partner|Your|My|Our|Other|Academic|Research|Member|Affiliated|Lead|"
    r"Sending|Receiving|Each|Every|Any|Some)\b)[A-Z][\w'.-]+ Institution\b|"
    r"\bInstitution (?:of|for) [A-Z]"
)


# what the organisation before it is, not another (`GIMS, an affiliated institute of PMAS-Arid
# Agriculture University`, `…, a constituent college of …`): in lower case, as prose
APPOSITIVE = re.compile(
    r"^\s*(?:an?|the)\s+(?:[a-z-]+\s+){0,3}(?:institute|college|campus|unit|member|part|"
    r"school|cent(?:er|re)|lab(?:oratory)?|branch|division)\s+(?:[a-z-]+\s+){0,2}of\b"
)
# an institution word alone names none (`Lehigh University, University, Bethlehem, PA`: a town)
_BARE = re.compile(r"^\s*(?:the\s+)?(?:university|institute|college|school|academy)\s*$", re.I)
# a street and its number (`Universitätspl. 3`, `Universitätsstraße 10`, `1910 University
# Drive`): an address
STREET = re.compile(
    r"(?:stra(?:ss|ß)e|str\.|platz|pl\.|weg|gasse|allee)\s*\d|"
    r"^\s*\d+[a-z]?\s+(?:[\w.'-]+\s+){1,4}(?:drive|street|avenue|road|boulevard|lane|way|"
    r"parkway|dr|st|ave|rd|blvd)\.?(?:\s+[NSEW]\.?)?\s*$|"  # `200 University Ave W`
    # or a street's kind first or last, no number (`Via del Politecnico snc`, `University Road`)
    r"^\s*(?:via|viale|piazza|piazzale|corso|rue|calle|carrer|rua|avenida)\s|"
    r"\s(?:road|street|avenue|drive|boulevard|way|lane)\s*$",
    re.I,
)


def part_of_next(line: str) -> bool:
    """Whether a line of an author block names a unit of the organisation on the next line
    (`Institute for Computer Science` \\\\ `University of Bonn`): one name, no comma."""
    return "," not in line and bool(is_unit(line) or _OF_INSTITUTE.match(line))


_OF_INSTITUTE = re.compile(r"^(?:the\s+)?institute (?:of|for)\b", re.I)


# a campus after its university is its address: `…, Campus Universitário Ministro Petrônio
# Portella`, `…, Ciudad Universitaria`
CAMPUS = re.compile(
    r"(?:campus|cidade universit|ciudad universit|cit[ée] universit|\w+ university town\b)", re.I
)  # `Xili University Town`


def short_name(part: str) -> bool:
    """Whether a part is an organisation's short name: in capitals (`UTEP`, not `EECS` or
    `CTO`) or a brand's (`SimulaMet`)."""
    return SHORT_NAME.match(part.strip()) is not None and part.strip().upper() not in _TITLES


# titles, honours and societies written in brackets after a name: `John Smith (PhD)`, `(FRS)`
_TITLES = {"PHD", "ORCID", "MSC", "BSC", "MBA", "MD", "JD", "DPHIL", "FRS", "FRENG", "IEEE", "ACM",
           "FIEEE", "FACM", "AAAI", "SIAM"}  # fmt: skip


def shares_name(unit: str, organisation: str) -> bool:
    """Whether a unit carries the organisation's own name (`Warwick Mathematics Institute`,
    `University of Warwick`), not a word many names share (`Research`)."""
    own = set(re.findall(r"\b[A-Z][a-z]{3,}\b", organisation)) - GENERIC_WORDS
    return bool(own & set(re.findall(r"\b[A-Z][a-z]{3,}\b", unit)))


# a name in capitals (`TECNALIA`, `CNRS`), not a country's
ACRONYM = re.compile(
    r"^(?!(?:USA|UK|PRC|UAE|EU|EECS|ECE|CSE|CSAIL|DCS|SCS|CIS|EEE|ICT|CEO|CTO|CFO|COO|CIO|CSO|"
    r"SVP|EVP|PHD|MSC|BSC|KSA|ROC|ROK|KOR|JPN|CHN|SGP|NZL|RSA|AUS|CAN|DEU|FRA|ITA|ESP|IND|BRA|"
    r"MEX|ISR|TUR|QLD|NSW|VIC|ACT|HKSAR)$)[A-Z][A-Z0-9&-]{2,}$"
)  # not a country's, a department's (`EECS, …`) or a position's (`CTO, Lamini`)
# a place's name or code: `Russia`, `Saudi Arabia`, `Tampa`, `FL`, `USA`
PLACE = re.compile(r"^(?:[A-Z][a-z]+(?: [A-Z][a-z]+)*|[A-Z]{2}|USA|UK)$")


def short_form_and_place(line: str) -> bool:
    """Whether a line is an organisation's short form and where it is (`MIPT, Russia`, `HSE,
    Moscow, Russia`): written under an author's name, that is the affiliation."""
    parts = [p.strip() for p in line.split(",")]
    return (
        2 <= len(parts) <= 3
        and bool(ACRONYM.match(parts[0]))
        and all(PLACE.match(p) for p in parts[1:])
    )


# a name in capitals (`UTEP`) or a brand's (`SimulaMet`, `DeepMind`; not `McLean`, a town)
SHORT_NAME = re.compile(rf"{ACRONYM.pattern}|^(?!Ma?c[A-Z])[A-Z][a-z]+[A-Z][A-Za-z]*$")
TEAM = re.compile(r"(?:^|[\s-])(?:lab|labs|laboratory|team|group)$", re.I)
LEGAL = re.compile(r"^(?:inc|ltd|llc|corp|co|gmbh|s\.?a|plc|ag)(?![\w-])\.?", re.I)
_AI_LAB = re.compile(r"^(?!the\b)[A-Za-z][\w&.-]*(?: [A-Z][\w&.-]*)? AI\b")  # and `vivo AI Lab`


def says_unit(line: str) -> bool:
    """Whether a line's words say it names a unit: a department or a key laboratory, a lab,
    team or group by that word (`Cybersecurity Lab`), a centre (`… Center for X`, `Information and
    Computing Center`)."""
    if _AI_LAB.search(line):  # a company's AI lab (`NAVER AI Lab`, `Sony AI Research Center`)
        return False
    return bool(is_unit(line) or TEAM.search(line) or CENTRE.search(line))


# words many organisations' names share, none of them one organisation's own
GENERIC_WORDS = {"University", "Institute", "Research", "Foundation", "Center", "Centre",
                 "Laboratory", "Laboratories", "Technology", "Technologies", "Science",
                 "Sciences", "National", "International", "Group", "Company", "Corporation",
                 "Academy", "College", "School", "Systems"}  # fmt: skip


CENTRE = re.compile(r"\bcent(?:er|re)(?: for\b|\s*$)", re.I)  # `… Center for X`, `X Center`


# the words of a company's name (`Brave Software`, `Acme Robotics`): not a place, a position
# held, a department or another author's name
COMPANY = re.compile(
    r"\b(?:software|systems|networks|robotics|analytics|therapeutics|pharmaceuticals|electronics|"
    r"semiconductors?|ventures|capital|partners|consulting|solutions|security|cloud|dynamics|"
    r"intelligence|health|games|studios?|media|bank|telecom)\b",
    re.I,
)
