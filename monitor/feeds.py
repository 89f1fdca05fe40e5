"""The only code that talks to arXiv.

The API goes through the `arxiv` package with our own HTTP session: a descriptive User-Agent,
a timeout on every request (the package sets none), retries with exponential backoff on
429/5xx and connection errors that honour `Retry-After`, and the package's politeness delay
between requests. Base URLs come from Settings, so tests and mirrors can point anywhere.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

import arxiv
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from monitor.config import ArxivSettings
from monitor.errors import FetchError
from monitor.paper import Paper, parse_arxiv_id

log = logging.getLogger(__name__)

RETRY_STATUSES = (429, 500, 502, 503, 504)


class _PoliteAdapter(HTTPAdapter):
    """Sets our User-Agent and a timeout on every request, and counts them."""

    def __init__(self, user_agent: str, timeout: float, retries: Retry) -> None:
        super().__init__(max_retries=retries)
        self.user_agent = user_agent
        self.timeout = timeout
        self.requests = 0

    def send(  # type: ignore[override]
        self, request: requests.PreparedRequest, **kwargs: Any
    ) -> requests.Response:
        request.headers["User-Agent"] = self.user_agent
        if kwargs.get("timeout") is None:
            kwargs["timeout"] = self.timeout
        self.requests += 1
        return super().send(request, **kwargs)


def polite_session(settings: ArxivSettings) -> tuple[requests.Session, _PoliteAdapter]:
    """A requests session for arXiv: User-Agent, timeouts and Retry-After-aware retries."""
    retries = Retry(
        total=settings.max_retries,
        backoff_factor=settings.backoff_seconds,
        status_forcelist=RETRY_STATUSES,
        allowed_methods=frozenset({"GET"}),
        respect_retry_after_header=True,
        raise_on_status=False,
    )
    adapter = _PoliteAdapter(settings.user_agent, settings.timeout_seconds, retries)
    session = requests.Session()
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session, adapter


class ArxivApi:
    """Queries of the arXiv API (export.arxiv.org/api/query or a configured mirror)."""

    def __init__(self, settings: ArxivSettings) -> None:
        self.settings = settings
        self._client = arxiv.Client(
            page_size=settings.page_size, delay_seconds=settings.delay_seconds, num_retries=0
        )
        self._client.query_url_format = settings.api_url + "?{}"
        self._client._session, self._adapter = polite_session(settings)

    @property
    def requests_made(self) -> int:
        """HTTP requests sent so far, retries included."""
        return self._adapter.requests

    def search_title(self, title: str, max_results: int = 5) -> list[Paper]:
        """Papers whose title contains the words of `title` (a phrase query on `ti:`)."""
        words = re.sub(r"[^\w\s-]+", " ", title).split()
        query = 'ti:"{}"'.format(" ".join(words))
        return list(self._run(arxiv.Search(query=query, max_results=max_results)))

    def by_ids(self, ids: list[str]) -> list[Paper]:
        """The latest version of each listed paper (ids without version)."""
        return list(self._run(arxiv.Search(id_list=ids, max_results=len(ids))))

    def _run(self, search: arxiv.Search) -> Iterator[Paper]:
        try:
            for result in self._client.results(search):
                yield paper_from_result(result)
        except arxiv.HTTPError as err:
            where = err.url.split("?")[0]
            raise FetchError(f"arXiv API answered HTTP {err.status} ({where})") from err
        except arxiv.UnexpectedEmptyPageError as err:
            raise FetchError(f"arXiv API returned an unexpected empty page ({err.url})") from err
        except requests.RequestException as err:
            host = self.settings.api_url.split("//")[-1].split("/")[0]
            raise FetchError(f"arXiv API unreachable at {host} ({type(err).__name__})") from err


def paper_from_result(result: arxiv.Result) -> Paper:
    """Convert the package's `Result` into our frozen `Paper` at the edge."""
    parsed = parse_arxiv_id(result.get_short_id())
    if parsed is None:
        raise FetchError(f"arXiv API returned an unparseable id {result.entry_id!r}")
    arxiv_id, version = parsed
    categories = [result.primary_category] + [
        c for c in result.categories if c != result.primary_category
    ]
    return Paper(
        id=arxiv_id,
        version=version or 1,
        title=" ".join(result.title.split()),
        abstract=" ".join(result.summary.split()),
        authors=tuple(a.name for a in result.authors),
        categories=tuple(c for c in categories if c),
        published=result.published.isoformat() if result.published else None,
        updated=result.updated.isoformat() if result.updated else None,
        comment=result.comment or None,
        journal_ref=result.journal_ref or None,
        affiliations=tuple(tuple(a.affiliation) for a in result.authors),
    )
