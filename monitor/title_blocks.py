"""The blocks a paper sets its title and authors in when no author macro names an
organisation: `center` and `flushleft` blocks (PLoS), `\\centerline{…}`, a thesis's
`titlepage` without its examiners, and a `minipage` beside the logos. Pure text functions for
`author_blocks`, which reads their lines.
"""

from __future__ import annotations

import re

from monitor.tex import macro_args


def title_block_texts(front: str) -> list[str]:
    """The TeX of each title block in order, a teaser's caption left out (a logo beside the
    authors is fine), then each `\\centerline` argument."""
    found = [(m[1], m[2]) for m in _TITLE_BLOCK.finditer(front)]
    texts = [
        _without_committee(body) if kind == "titlepage" else _without_box_size(kind, body)
        for kind, body in found
        if not _FIGURE.search(body)
    ]
    return texts + [args[0] for args in macro_args(front, "centerline")]


def _without_box_size(kind: str, body: str) -> str:
    """A `minipage`'s text without its position and width (`[b]{0.7\\textwidth}`)."""
    return _BOX_ARGS.sub("", body, 1) if kind == "minipage" else body


def _without_committee(page: str) -> str:
    """A title page without its examiners and supervisors, whose organisations are theirs, not
    the thesis's: from the word that names them to the end of the table that lists them (`Work
    carried out in collaboration with KAUST` may follow it), or to the page's end."""
    named = _COMMITTEE.search(page)
    if named is None:
        return page
    table = _COMMITTEE_TABLE.match(page, named.end())
    before = page[: named.start()]
    return before + page[table.end() :] if table else before


# the table right after the word (`Supervisors}\\\\[.2cm] \\begin{tabular}{ll} … \\end{tabular}`)
_COMMITTEE_TABLE = re.compile(
    r"[\s}]*(?:\\\\(?:\[[^\]]*\])?\s*)?\\begin\{tabular\}.*?\\end\{tabular\}", re.S
)
_TITLE_BLOCK = re.compile(r"\\begin\{(center|flushleft|titlepage|minipage)\}(.*?)\\end\{\1\}", re.S)
_BOX_ARGS = re.compile(r"^\s*(?:\[[^\]]*\]\s*)*\{[^{}]*\}")  # a minipage's `[b]{0.7\\textwidth}`
# a title page's examiners and supervisors, whose organisations are theirs, not the thesis's
_COMMITTEE = re.compile(
    r"\b(?:(?:thesis\s+)?(?:supervisors?|advisors?|advisers?|examiners?|committee|opponent|"
    r"reviewers?|betreuer\w*|gutachter\w*|promotor|jury|directeur|director)\b)",
    re.I,
)
_FIGURE = re.compile(r"\\(?:caption|captionof)(?![A-Za-z])")  # a logo beside the authors is fine
