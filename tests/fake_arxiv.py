"""A local stand-in for arXiv: RSS replies queued by the test, API answers rendered from real
records (excerpts in tests/data/corpus) in the 2026 API format, with paging and submittedDate
windows.

The records are real arXiv metadata; only the Atom envelope is re-serialised here, so the poller
meets real titles, abstracts, categories and dates through the same parser as in production.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse
from xml.sax.saxutils import escape

from .servers import Reply

ATOM = "application/atom+xml"
_WINDOW = re.compile(r"submittedDate:\[(\d{12}) TO (\d{12})\]")
_CATS = re.compile(r"cat:([\w.\-]+)")


def corpus_records(test_data: Path, year: int) -> list[dict[str, Any]]:
    name = next((test_data / "corpus" / "daydayarxiv").glob(f"csAI_listing_{year}_*.jsonl.gz"))
    with gzip.open(name, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def _stamp(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S UTC").replace(tzinfo=UTC)


def _entry(r: dict[str, Any]) -> str:
    iso = _stamp(r["published"]).strftime("%Y-%m-%dT%H:%M:%SZ")
    upd = _stamp(r.get("updated") or r["published"]).strftime("%Y-%m-%dT%H:%M:%SZ")
    vid = r.get("arxiv_id") or f"{r['id']}v1"
    authors = "".join(
        f"<author><name>{escape(a)}</name>"
        + "".join(
            f"<arxiv:affiliation>{escape(x)}</arxiv:affiliation>"
            for x in r.get("affiliations", {}).get(a, [])
        )
        + "</author>"
        for a in r["authors"]
    )
    cats = "".join(
        f'<category term="{c}" scheme="http://arxiv.org/schemas/atom"/>' for c in r["categories"]
    )
    comment = f"<arxiv:comment>{escape(r['comment'])}</arxiv:comment>" if r.get("comment") else ""
    return (
        f"<entry><id>http://arxiv.org/abs/{vid}</id><title>{escape(r['title'])}</title>"
        f"<updated>{upd}</updated>"
        f'<link href="https://arxiv.org/abs/{vid}" rel="alternate" type="text/html"/>'
        f'<link href="https://arxiv.org/pdf/{vid}" rel="related" type="application/pdf" '
        f'title="pdf"/><summary>{escape(r["abstract"])}</summary>{cats}<published>{iso}</published>'
        f'<arxiv:primary_category term="{r["categories"][0]}"/>{comment}{authors}</entry>'
    )


def api_feed(records: Iterable[dict[str, Any]], total: int, start: int) -> bytes:
    entries = list(records)
    return (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        '<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" '
        'xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">'
        "<id>https://arxiv.org/api/test</id><title>arXiv Query</title>"
        "<updated>2026-07-13T14:09:59Z</updated>"
        f"<opensearch:itemsPerPage>{len(entries)}</opensearch:itemsPerPage>"
        f"<opensearch:totalResults>{total}</opensearch:totalResults>"
        f"<opensearch:startIndex>{start}</opensearch:startIndex>"
        + "".join(_entry(r) for r in entries)
        + "</feed>"
    ).encode()


@dataclass
class FakeArxiv:
    """Route requests: `/rss/…` from `rss` (the last reply repeats), `/e-print/…` and `/pdf/…`
    from `files` (404 when absent), `/api/query` from `api_replies` first (for errors), else
    rendered from `records`."""

    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    rss: deque[Reply] = field(default_factory=deque)
    api_replies: deque[Reply] = field(default_factory=deque)
    files: dict[str, bytes] = field(default_factory=dict)

    def add(self, records: Iterable[dict[str, Any]]) -> None:
        for r in records:
            self.records[r["id"]] = r

    def __call__(self, path: str) -> Reply:
        if path.startswith("/rss"):
            return self.rss.popleft() if len(self.rss) > 1 else self.rss[0]
        if path.startswith(("/e-print/", "/pdf/")):
            body = self.files.get(path)
            return Reply(200, body) if body is not None else Reply(404, b"not found")
        if self.api_replies:
            return self.api_replies.popleft()
        return self._api(parse_qs(urlparse(path).query))

    def _api(self, query: dict[str, list[str]]) -> Reply:
        start = int(query.get("start", ["0"])[0])
        size = int(query.get("max_results", ["100"])[0])
        ids = [i for i in query.get("id_list", [""])[0].split(",") if i]
        if ids:
            found = [self.records[i] for i in ids if i in self.records]
            return Reply(200, api_feed(found, len(found), 0), (("Content-Type", ATOM),))
        matched = self._search(query.get("search_query", [""])[0])
        page = matched[start : start + size]
        return Reply(200, api_feed(page, len(matched), start), (("Content-Type", ATOM),))

    def _search(self, text: str) -> list[dict[str, Any]]:
        window = _WINDOW.search(text)
        if not window:
            return []
        lo, hi = (datetime.strptime(w, "%Y%m%d%H%M").replace(tzinfo=UTC) for w in window.groups())
        cats = set(_CATS.findall(text))
        hits = [
            r
            for r in self.records.values()
            if lo <= _stamp(r["published"]).replace(second=0) <= hi and cats & set(r["categories"])
        ]
        return sorted(hits, key=lambda r: (r["published"], r["id"]))
