"""Affiliations written in Chinese (`清华大学计算机科学与技术系，北京 100084`): their punctuation
read as the Latin one, and the known Chinese names inside a string that has no spaces between
an organisation and its department. Pure string functions for `affiliations.Gazetteer`, which
keys its rows by their Chinese names too.
"""

from __future__ import annotations

import re
from collections.abc import Collection

# full-width punctuation as the comma lists, brackets and semicolons it stands for
_PUNCTUATION = str.maketrans(
    {"，": ", ", "、": ", ", "；": "; ", "（": " (", "）": ") ", "：": ": "}
)
_CJK = re.compile(r"[\u3400-\u9fff]")
_LONGEST = 24  # characters in the longest Chinese name looked for inside a string


def latin_punctuation(text: str) -> str:
    """The text with Chinese punctuation as Latin (`北京大学，北京` → `北京大学, 北京`)."""
    return text.translate(_PUNCTUATION) if _CJK.search(text) else text


def has_chinese(text: str) -> bool:
    return _CJK.search(text) is not None


def names_inside(text: str, names: Collection[str]) -> list[str]:
    """The known Chinese names inside `text`, longest first at each place, left to right
    (`清华大学计算机科学与技术系` → `清华大学`; `中国科学院计算技术研究所` is one name,
    not `中国科学院`)."""
    found: list[str] = []
    i = 0
    while i < len(text):
        for n in range(min(_LONGEST, len(text) - i), 1, -1):
            if text[i : i + n] in names:
                found.append(text[i : i + n])
                i += n
                break
        else:
            i += 1
    return found
