"""Enrichment of the day's picks, and only of them: affiliations and summaries.

Affiliations come from the API's `arxiv:affiliation` when it has any; otherwise from the
paper's LaTeX source, else from the first page of its PDF (`ArxivFiles`; none when offline).
Summaries are extractive unless an LLM endpoint is configured; an LLM failure falls back to
the extractive summary and is logged. Both are cached in the store per paper version, so a
re-rendered day fetches and asks nothing again. A fetch that failed is not cached: the next
run tries again.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass

from monitor import eprint, latex_front, pdf_header, pdf_page
from monitor.affiliations import Gazetteer
from monitor.errors import FetchError, InputError, LlmError, LlmUnavailable
from monitor.feeds import ArxivFiles
from monitor.llm import ChatSummarizer
from monitor.paper import Paper
from monitor.store import Store
from monitor.summarize import summarize

log = logging.getLogger(__name__)
# Bump when the LaTeX or PDF extraction (latex_front.py, author_blocks.py, affiliation_lines.py,
# author_notes.py, eprint.py, tex.py, pdf_header.py, pdf_page.py, org_words.py,
# mail_domains.py, name_keys.py, affiliations.py's name cleaning, and the gazetteer, whose known
# names decide which lines are read) changes what it finds: the cache kind names the version,
# so a paper enriched by an older extractor is read again once, and its result cached per
# version.
EXTRACTOR_VERSION = 113
AFFILIATIONS = f"affiliations-v{EXTRACTOR_VERSION}"
LLM_GIVE_UP = 2  # endpoint failures in a row after which the run stops asking it


@dataclass(frozen=True)
class Found:
    """Affiliation strings as written in their source, and where they came from."""

    names: tuple[str, ...]
    source: str  # api / latex / pdf / none / unknown (not looked up, or a fetch failed)


class Enricher:
    """Affiliations and summaries for picks, through the store's cache."""

    def __init__(
        self,
        store: Store,
        places: Gazetteer,
        files: ArxivFiles | None,
        llm: ChatSummarizer | None,
    ) -> None:
        self.store = store
        self.places = places
        self.files = files
        self.llm = llm
        self._llm_down = 0  # endpoint failures in a row

    def affiliations(self, paper: Paper) -> list[str]:
        """`English(中文)` labels (or the name as written) in the order the paper gives them."""
        return self.places.labels(list(self.find(paper).names))

    def find(self, paper: Paper) -> Found:
        api = [a for per_author in paper.affiliations for a in per_author]
        if api:
            return Found(tuple(api), "api")
        cached = self.store.enrichment(paper.id, paper.version, AFFILIATIONS)
        if cached is not None:
            source, names = cached
            return Found(tuple(str(n) for n in names) if isinstance(names, list) else (), source)
        if self.files is None:
            return Found((), "unknown")
        found = self._from_files(paper, self.files)
        if found.source != "unknown":
            self.store.save_enrichment(
                paper.id, paper.version, AFFILIATIONS, found.source, list(found.names)
            )
        return found

    def _from_files(self, paper: Paper, files: ArxivFiles) -> Found:
        name = f"{paper.id}v{paper.version}"
        try:
            blob = files.eprint(paper.id, paper.version)
            tex = eprint.unpack(blob, f"e-print {name}")
        except (FetchError, InputError) as err:
            log.warning("%s: no usable LaTeX source (%s)", name, err)
            blob, tex = b"", {}
        names = latex_front.affiliations(tex, self.places.knows) if tex else []
        if names:
            return Found(tuple(names), "latex")
        failed = not blob
        if not blob.startswith(b"%PDF"):  # a PDF-only submission's e-print is the PDF
            try:
                blob = files.pdf(paper.id, paper.version)
            except FetchError as err:
                log.warning("%s: no PDF either (%s)", name, err)
                return Found((), "unknown")
        try:
            text = pdf_page.first_page_text(blob, f"PDF {name}")
        except InputError as err:
            log.warning("%s", err)
            return Found((), "unknown" if failed else "none")
        names = pdf_header.affiliations(text, paper.title, paper.authors, self.places.knows)
        return Found(tuple(names), "pdf" if names else ("unknown" if failed else "none"))

    def summary(self, paper: Paper, df: Counter[str], n_docs: int) -> str:
        """The LLM's summary if configured and it answers well, else the extractive one. After
        `LLM_GIVE_UP` unanswered requests in a row the run stops asking (no ten timeouts)."""
        fallback = summarize(paper.abstract, df, n_docs)
        if self.llm is None:
            return fallback
        cached = self.store.enrichment(paper.id, paper.version, self.llm.cache_kind)
        if cached is not None:
            return str(cached[1])
        if self._llm_down >= LLM_GIVE_UP:
            return fallback
        try:
            text = self.llm.summarize(paper)
        except LlmError as err:
            log.warning("%s: LLM summary failed (%s); using the extractive summary", paper.id, err)
            self._llm_down = self._llm_down + 1 if isinstance(err, LlmUnavailable) else 0
            if self._llm_down == LLM_GIVE_UP:
                log.warning(
                    "the LLM failed %d times in a row; not asked again this run", LLM_GIVE_UP
                )
            return fallback
        self._llm_down = 0
        self.store.save_enrichment(paper.id, paper.version, self.llm.cache_kind, "llm", text)
        return text
