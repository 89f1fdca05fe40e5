"""An author note's sentences (`A and B are with X. C is with Y. Corresponding author: …`),
each judged alone by `author_notes.note_lines`; a name's abbreviation (`Univ. Lille`,
`St. Louis`) or a company's legal form (`Inc.`) does not end one."""

from __future__ import annotations

import re

# a sentence ends before a capital, or a note's mark and its capital (`…). 1Zihan Wu is with`)
# (`… Cambridge, MA 02139 USA. B. Jones is with`), or a postcode (`… de Mexico. 04510 Mexico
# City`), not after an initial or a legal form
_SENTENCE_END = re.compile(
    r"(?:(?<=[a-z0-9)\]])|(?<=[A-Z]{2}))(?<!\bCo)(?<!\bInc)(?<!\bLtd)(?<!\bCorp)\.\s+"
    r"(?=(?:[0-9]{1,2}|[*∗†‡§])?[A-Z]|\(|[0-9]{4,6}\s+[A-Z])"
)
# a name's abbreviation (`Univ. Grenoble Alpes`, `Washington University in St. Louis`) ends a
# sentence only when a sentence's opening follows (`Zhejiang Lab. B. Jones is with …`)
_ABBREVIATED = re.compile(r"\b(?:Univ|Dept|St|Inst|Mass|Natl|Tech|Lab|Sci|Eng|Res|Mt|Dr|Prof)$")
_OPENING = re.compile(
    r"^(?:[0-9]{1,2}|[*∗†‡§])?(?:Correspondence|This|These|The|We|Our|Part|Work|Email|E-mail|"
    r"[A-Z]\.\s|[A-Z][\w-]+(?: [A-Z][\w.-]+){0,3},? (?:is|are|was|were)\b)"
)


def sentences(text: str) -> list[str]:
    """The text's sentences (`A and B are with X. C is with Y.`), a name's abbreviation not
    taken for an end."""
    out: list[str] = []
    for piece in _SENTENCE_END.split(text):
        if out and _ABBREVIATED.search(out[-1]) and not _OPENING.match(piece):
            out[-1] = f"{out[-1]}. {piece}"
        else:
            out.append(piece)
    return out


def first_sentence(text: str) -> str:
    """The text up to its first sentence's end (`Meta AI, New York, USA. Correspondence to: …`
    → `Meta AI, New York, USA`)."""
    return sentences(text)[0]
