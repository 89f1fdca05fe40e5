"""BibTeX in the form arXiv recommends for its papers (pure)."""

from __future__ import annotations

import re
import unicodedata

from monitor.paper import Paper

_SPECIAL = re.compile(r"([&%$#_])")
_STOP = {"a", "an", "the", "on", "of", "for", "and", "to", "in", "with", "towards", "toward"}


def _escape(text: str) -> str:
    """Text safe inside braces: TeX specials escaped, braces balanced."""
    text = " ".join(text.split())
    text = _SPECIAL.sub(r"\\\1", text)
    if text.count("{") != text.count("}"):
        text = text.replace("{", "").replace("}", "")
    return text


def _ascii(word: str) -> str:
    folded = unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", folded.lower())


def key(paper: Paper) -> str:
    """`makin2025sustainable`: first author's surname, year, first significant title word."""
    surname = _ascii(paper.authors[0].split()[-1]) if paper.authors else "anon"
    words = [_ascii(w) for w in paper.title.split()]
    first = next((w for w in words if w and w not in _STOP), "paper")
    return f"{surname or 'anon'}{year(paper)}{first}"


def year(paper: Paper) -> int:
    if paper.published:
        return int(paper.published[:4])
    return 2000 + int(paper.id[:2]) if paper.id[:4].isdigit() else 0


def entry(paper: Paper) -> str:
    authors = " and ".join(_escape(a) for a in paper.authors) or "Anonymous"
    return (
        f"@misc{{{key(paper)},\n"
        f"      title={{{_escape(paper.title)}}},\n"
        f"      author={{{authors}}},\n"
        f"      year={{{year(paper)}}},\n"
        f"      eprint={{{paper.id}}},\n"
        "      archivePrefix={arXiv},\n"
        f"      primaryClass={{{paper.primary_category}}},\n"
        f"      doi={{10.48550/arXiv.{paper.id}}},\n"
        f"      url={{https://arxiv.org/abs/{paper.id}}},\n"
        "}\n"
    )
