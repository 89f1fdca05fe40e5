"""TeX markup to text: balanced arguments, user macros, accents, commands dropped.

Pure string functions shared by the e-print reader (`eprint.py`) and the feed parser, whose
author names arrive as TeX (`Pi\\v{z}urica`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator

_ACCENTS = {"'": "\u0301", "`": "\u0300", '"': "\u0308", "^": "\u0302", "~": "\u0303",
            "c": "\u0327", "v": "\u030c", "u": "\u0306", "=": "\u0304", ".": "\u0307",
            "H": "\u030b", "k": "\u0328", "r": "\u030a", "d": "\u0323", "b": "\u0331"}  # fmt: skip
_LETTERS = {"ss": "ß", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "aa": "å", "AA": "Å",
            "l": "ł", "L": "Ł", "i": "ı", "oe": "œ"}  # fmt: skip
_DROP_ARG = ("email", "orcid", "orcidID", "thanks", "footnote", "footnotemark", "url", "href",
             "icmlcorrespondingauthor", "mlsyscorrespondingauthor", "textsuperscript",
             "IEEEauthorrefmark", "authornote", "authornotemark", "inst", "fnmark", "corref",
             "tnoteref", "ead", "printead", "printeads", "homepage", "label", "hspace", "vspace",
             # editing notes in the margin: `\fxnote[margin]{Make sure all info is hidden}`
             "fxnote", "fxwarning", "fxerror", "fxfatal", "todo", "marginpar",
             "marginnote")  # fmt: skip


def braced(text: str, start: int) -> tuple[str, int] | None:
    """The balanced `{...}` group opening at or after `start` (skipping spaces and `[...]`)."""
    i = _group_start(text, start)
    if i is None:
        return None
    depth = 0
    j = i
    while j < len(text):
        if text[j] == "\\":  # `\{` is a brace character; in `\\}` the brace closes
            j += 2
            continue
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1 : j], j + 1
        j += 1
    return None


def _group_start(text: str, start: int) -> int | None:
    """Where the `{` of a macro's argument is, past spaces and `[...]` options."""
    i = start
    while i < len(text) and text[i] in " \t\n*":
        i += 1
    while i < len(text) and text[i] == "[":
        close = text.find("]", i)
        if close < 0:
            return None
        i = close + 1
        while i < len(text) and text[i] in " \t\n":
            i += 1
    return i if i < len(text) and text[i] == "{" else None


def macro_args(text: str, name: str, count: int = 1) -> Iterator[tuple[str, ...]]:
    """The first `count` braced arguments of every `\\name` in `text`."""
    for match in re.finditer(rf"\\{name}(?![A-Za-z])", text):
        args = args_at(text, match.end(), count)
        if args is not None:
            yield args


def args_at(text: str, end: int, count: int) -> tuple[str, ...] | None:
    """The `count` braced arguments following a macro name that ends at `end`, if all there."""
    args: list[str] = []
    for _ in range(count):
        group = braced(text, end)
        if group is None:
            return None
        args.append(group[0])
        end = group[1]
    return tuple(args)


# a skip given as a bare length (`{\\vskip 1pt}`, `\\kern-2mm`): no text
_SPACING = re.compile(
    r"\\(?:vskip|hskip|kern|vspace\*?|hspace\*?)\s*-?[\d.]+\s*(?:pt|em|ex|mm|cm|in|bp|sp|mu)"
    r"(?:\s+(?:plus|minus)\s+-?[\d.]+\s*(?:pt|em|ex|mm|cm|in|bp|sp|mu|fill))*"
)
# a colour's name and model (`\\textcolor[rgb]{0,0,1}{…}`, `\\fcolorbox{red}{white}{…}`)
_COLOUR = re.compile(
    r"\\(?:textcolor|color|colorbox|fcolorbox(?:\s*\{[^{}]*\})?)(?![A-Za-z])\s*(?:\[[^\]]*\])?\s*"
    r"\{[^{}]*\}"
)
# sizes, no text: `\\rule{\\textwidth}{0.4pt}`, `\\fontsize{11}{13.6}`, a box's width
_RULE = re.compile(
    r"\\(?:rule|fontsize)\s*(?:\[[^\]]*\])?\s*\{[^{}]*\}\s*\{[^{}]*\}"
    r"|\\dimexpr\b[^{}]*?(?:\\relax\b|(?=\}))"
    r"|(?<=\\parbox)\s*(?:\[[^\]]*\]\s*)*\{[^{}]*\}"
    r"|(?<=\\makebox)\s*\[[^\]]*\](?:\s*\[[^\]]*\])?"
)
_MARK = r"(?:\\textsuperscript\s*\{[\d,\s*]+\}|\$\s*\^\s*(?:\{[\d,\s*]+\}|\d)\s*\$)"
_MARKED_COMMA = re.compile(rf"{_MARK}\s*,|,\s*{_MARK}")
_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")
_INNER_QUOTE = re.compile(r"(?<=[^\W\d_])`(?=[^\W\d_])")  # TeX's ‘ in a word, no accent
_PRIME = re.compile(
    r"(?<=[^\W\d_])\$\s*(?:'|\^\s*\{?\s*\\prime\s*\}?)\s*\$(?=[^\W\d_])"
)  # a prime in a name: `Xi$'$an`
_ESCAPED = {"\\": "\n", "{": "\ufff0", "}": "\ufff1", "&": "&"}


# a line break right before a word (an even run of backslashes, never a command's own)
_BREAK_THEN_LETTER = re.compile(r"(?<!\\)((?:\\\\)+)(?=[A-Za-z])")


def plain(tex: str, macros: dict[str, str] | None = None) -> str:
    """LaTeX markup to plain text: macros expanded, accents composed, commands dropped."""
    text = _PARAGRAPH.sub(r" \\par ", tex).replace("\n", " ")  # a blank line ends a line
    text = _BREAK_THEN_LETTER.sub(r"\1 ", text)  # `Tomaz\\AE Studio`: a break, then `AE`
    for _ in range(3):  # user macros may use each other
        for name, body in (macros or {}).items():
            flat = _PARAGRAPH.sub(r" \\par ", body).replace("\n", " ")  # a body's lines: one
            text = re.sub(rf"\\{name}(?![A-Za-z])\s*", _literal(flat), text)
    # no text of their own, not even a space: `Ře\\unexpanded{\\v{z}}`
    text = re.sub(r"\\(?:unexpanded|noexpand)(?![A-Za-z])\s*|\\protect\s*(?=\\)", "", text)
    # `Lamarr Institute\textsuperscript{1}, Fraunhofer IAIS\textsuperscript{2}`: each marked
    # part of a list is an entry of its own
    text = _MARKED_COMMA.sub("\n", text)
    text = _INNER_QUOTE.sub("‘", _PRIME.sub("'", text))  # `Xi$'$an`, `Hawai`i`: the name's
    text = re.sub(r"\$[^$]*\$|\\\((?:(?!\\\)).)*\\\)", " ", text)  # `$^1$`, `\\(^1\\)`
    text = _COLOUR.sub("", text)  # `…University\\textcolor{revise}{, and PCL}`: no text
    text = _RULE.sub(" ", text)  # a line drawn, a font's size, a box's width: no text
    text = re.sub(r"(\d)\\textsuperscript\s*\{(st|nd|rd|th)\}", r"\1\2", text)  # `12th Ave`
    # environments are markup (`\\begin{tabular}{ccc}`); an unescaped `&` parts cells
    text = re.sub(r"\\begin\s*\{(?:tabular\*?|tabularx|array|minipage)\}(?:\s*\[[^\]]*\])?\s*"
                  r"\{(?:[^{}]|\{[^{}]*\})*\}", "\n", text)  # fmt: skip
    text = re.sub(r"\\(?:begin|end)\s*\{[^{}]*\}(?:\s*\[[^\]]*\])?", "\n", text)
    text = re.sub(r"\\\\\s*\[[^\]]*\]", "\n", text)  # `\\[5pt]`
    text = re.sub(r"(?<!\\)&", "\n", text)
    text = _SPACING.sub(" ", _drop_commands_with_args(text))
    text = _compose(text)
    # read left to right as TeX does: `\\{\small X}` is a line break, then a group
    text = re.sub(r"\\([\\{}&])", lambda m: _ESCAPED[m[1]], text)  # literal braces survive
    # a run of ties sets names side by side (`Ann Lee ~~ Bo Chen`), one is a space
    text = re.sub(r"~{2,}", "\n", text).replace("~", " ").replace("--", "–")
    text = re.sub(r"\\(?:text)?copyright(?![A-Za-z])", "©", text)  # a notice, not a name
    text = re.sub(r"\\(?:q?quad|hfill)(?![A-Za-z])", "\n", text)  # names set side by side
    text = re.sub(r"\\(?:par|newline|linebreak)(?![A-Za-z])", "\n", text)
    text = re.sub(r"\\[A-Za-z@]+\*?(?:\s*\[[^\[\]]*\])?", " ", text)  # and its options
    text = re.sub(r"\\.", " ", text)
    text = re.sub(r"[{}]", "", text).replace("\ufff0", "{").replace("\ufff1", "}")
    text = re.sub(r"(?<=\w) +\)", ")", text)  # `(ECT$^*$)`: the mark's room left empty
    return unicodedata.normalize("NFC", text)


def accents(text: str) -> str:
    """TeX accents and special letters as Unicode (`Pi\\v{z}urica` → `Pižurica`, `Kra{\\ss}` →
    `Kraß`), nothing else touched: arXiv's listings write author names this way."""
    return unicodedata.normalize("NFC", re.sub(r"\{([^{}\\]*)\}", r"\1", _compose(text)))


def _compose(text: str) -> str:
    text = re.sub(r"\\([`'\"^~=.])\s*\{\s*\\i\s*\}", lambda m: "i" + _ACCENTS[m.group(1)], text)
    # TeX eats the space after `\\aa`; before a capital it was meant (`Ume\\aa University`)
    text = re.sub(r"\\([A-Za-z]{1,2})(?![A-Za-z])(?:(?=\s+[A-Z][a-z])|\s*)", _letter, text)
    text = re.sub(r"\\([`'\"^~=.])\s*\{?\s*([A-Za-z])\}?", _accent, text)
    # a letter may carry an accent already: `\\d{\\'{e}}` (Yoruba's `ẹ́`)
    return re.sub(r"\\([cvuHkrdb])\s*\{\s*([A-Za-z][\u0300-\u036f]*)\}", _accent, text)


def _literal(body: str) -> Callable[[re.Match[str]], str]:
    return lambda _match: body


def _drop_commands_with_args(text: str) -> str:
    for name in _DROP_ARG:
        while True:
            match = re.search(rf"\\{name}(?![A-Za-z])", text)
            if match is None:
                break
            group = braced(text, match.end())
            text = (
                text[: match.start()] + " " + (text[group[1] :] if group else text[match.end() :])
            )
    return text


def _letter(match: re.Match[str]) -> str:
    return _LETTERS.get(match.group(1), match.group(0))


def _accent(match: re.Match[str]) -> str:
    mark = _ACCENTS.get(match.group(1))
    return match.group(2) + mark if mark else match.group(2)
