"""The only code that talks to arXiv.

The API goes through the `arxiv` package with our own HTTP session: a descriptive User-Agent,
a timeout on every request (the package sets none), retries with exponential backoff on
429/5xx and connection errors that honour `Retry-After`, and the package's politeness delay
between requests. Base URLs come from Settings, so tests and mirrors can point anywhere.
"""

from __future__ import annotations

import calendar
import logging
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import arxiv
import feedparser
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from monitor.announce import NEW_YORK
from monitor.config import ArxivSettings
from monitor.errors import FeedError, FetchError
from monitor.paper import Announcement, Paper, parse_arxiv_id
from monitor.tex import accents

log = logging.getLogger(__name__)

RETRY_STATUSES = (429, 500, 502, 503, 504)
# A day's cs.DC + cs.LG listing is 1-3 MB; anything past this is not a listing (or is endless).
MAX_LISTING_BYTES = 32 * 1024 * 1024
ANNOUNCE_TYPES = ("new", "cross", "replace", "replace-cross")
_SUMMARY_HEAD = re.compile(r"^arXiv:\S+\s+Announce Type:\s*\S+\s*Abstract:\s*", re.S)


@dataclass(frozen=True)
class Listing:
    """A day's RSS/Atom listing; `day` is None only for an empty feed without a date."""

    day: date | None
    items: tuple[Announcement, ...]


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

    def by_ids(self, ids: Sequence[str]) -> list[Paper]:
        """The latest version of each listed paper, in batches of one page each."""
        size = self.settings.page_size
        papers: list[Paper] = []
        for start in range(0, len(ids), size):
            batch = list(ids[start : start + size])
            papers.extend(self._run(arxiv.Search(id_list=batch, max_results=len(batch))))
        return papers

    def submitted_between(
        self, categories: Sequence[str], start: datetime, end: datetime
    ) -> list[Paper]:
        """Every paper in `categories` first submitted in [start, end) UTC, paged."""
        stamp = "%Y%m%d%H%M"
        cats = " OR ".join(f"cat:{c}" for c in categories)
        # submittedDate bounds are inclusive to the minute: end one minute early.
        last = datetime.fromtimestamp(end.timestamp() - 60, UTC)
        query = f"({cats}) AND submittedDate:[{start:{stamp}} TO {last:{stamp}}]"
        search = arxiv.Search(
            query=query,
            max_results=None,
            sort_by=arxiv.SortCriterion.SubmittedDate,
            sort_order=arxiv.SortOrder.Ascending,
        )
        return list(self._run(search))

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
            raise FetchError(
                f"arXiv API unreachable at {host} ({_why(err, self.settings)})"
            ) from err


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


class ArxivRss:
    """The daily listing from rss.arxiv.org (or a configured mirror)."""

    def __init__(self, settings: ArxivSettings) -> None:
        self.settings = settings
        self._session, self._adapter = polite_session(settings)

    @property
    def requests_made(self) -> int:
        return self._adapter.requests

    def listing(self, categories: Sequence[str]) -> Listing:
        """Fetch and parse today's listing for `categories` (one combined feed)."""
        url = f"{self.settings.rss_url.rstrip('/')}/{'+'.join(categories)}"
        try:
            with self._session.get(url, stream=True) as response:
                if response.status_code != 200:
                    raise FetchError(f"RSS feed answered HTTP {response.status_code} ({url})")
                content = _read_capped(response, MAX_LISTING_BYTES, url, FeedError)
        except requests.RequestException as err:
            raise FetchError(f"RSS feed unreachable at {url} ({_why(err, self.settings)})") from err
        return parse_listing(content, url)


def _read_capped(response: requests.Response, cap: int, url: str, error: type[FetchError]) -> bytes:
    """The body, refused past `cap` bytes (a runaway or endless answer cannot fill memory)."""
    body = bytearray()
    for chunk in response.iter_content(chunk_size=1 << 16):
        body += chunk
        if len(body) > cap:
            raise error(f"{url} is larger than {cap >> 20} MiB; refused")
    return bytes(body)


def _why(err: requests.RequestException, settings: ArxivSettings) -> str:
    """A short cause: a timeout (urllib3 wraps it in a ConnectionError) or the error type."""
    if isinstance(err, requests.Timeout) or "timed out" in str(err).lower():
        return f"no answer within {settings.timeout_seconds:g} s, {settings.max_retries} retries"
    return type(err).__name__


def parse_listing(content: bytes, source: str) -> Listing:
    """Parse an arXiv RSS 2.0 or Atom listing; an empty, truncated or broken feed is a
    `FeedError`."""
    if not content.strip():
        raise FeedError(f"RSS feed is empty ({source}: {len(content)} bytes, no document)")
    parsed = feedparser.parse(content)
    if parsed.bozo and not isinstance(parsed.bozo_exception, feedparser.CharacterEncodingOverride):
        reason = str(parsed.bozo_exception).splitlines()[0]
        raise FeedError(f"RSS feed is truncated or malformed ({source}: {reason})")
    if parsed.get("version") not in ("rss20", "atom10", "atom03"):
        raise FeedError(f"RSS feed is not an RSS/Atom document ({source})")
    items = tuple(_announcement(entry, source) for entry in parsed.entries)
    stamp = (
        parsed.feed.get("published_parsed")
        or (parsed.entries[0].get("published_parsed") if parsed.entries else None)
        or parsed.feed.get("updated_parsed")
    )
    day = _ny_date(stamp) if stamp else None
    return Listing(day=day, items=items)


def _ny_date(stamp: Any) -> date:
    return datetime.fromtimestamp(calendar.timegm(stamp), UTC).astimezone(NEW_YORK).date()


def _announcement(entry: Any, source: str) -> Announcement:
    parsed = parse_arxiv_id(str(entry.get("id", "")).rsplit(":", 1)[-1])
    kind = str(entry.get("arxiv_announce_type", "")).strip()
    if parsed is None or kind not in ANNOUNCE_TYPES:
        raise FeedError(f"RSS item without arXiv id or announce type ({source}: {entry.get('id')})")
    arxiv_id, version = parsed
    authors = [accents(a.strip()) for a in str(entry.get("author", "")).split(",") if a.strip()]
    paper = Paper(
        id=arxiv_id,
        version=version or 1,
        title=" ".join(str(entry.get("title", "")).split()),
        abstract=" ".join(_SUMMARY_HEAD.sub("", str(entry.get("summary", ""))).split()),
        authors=tuple(authors),
        categories=tuple(t["term"] for t in entry.get("tags", []) if t.get("term")),
    )
    return Announcement(paper=paper, kind=kind)


class ArxivFiles:
    """A paper's files from arxiv.org: the e-print (LaTeX source) and the PDF.

    Only for the day's picks (a handful a day), paced by `delay_seconds` like the API, and
    capped at `MAX_DOWNLOAD` bytes so a huge source cannot stall the morning run.
    """

    MAX_DOWNLOAD = 50 * 1024 * 1024

    def __init__(self, settings: ArxivSettings) -> None:
        self.settings = settings
        self._session, self._adapter = polite_session(settings)
        self._last = -float("inf")

    @property
    def requests_made(self) -> int:
        return self._adapter.requests

    def eprint(self, arxiv_id: str, version: int) -> bytes:
        """The submission source as arXiv serves it (gzipped tar, gzipped TeX, or a PDF)."""
        return self._get(f"{self.settings.eprint_url.rstrip('/')}/{arxiv_id}v{version}")

    def pdf(self, arxiv_id: str, version: int) -> bytes:
        return self._get(f"{self.settings.pdf_url.rstrip('/')}/{arxiv_id}v{version}")

    def _get(self, url: str) -> bytes:
        wait = self._last + self.settings.delay_seconds - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        try:
            with self._session.get(url, stream=True) as response:
                if response.status_code != 200:
                    raise FetchError(f"arXiv answered HTTP {response.status_code} ({url})")
                return _read_capped(response, self.MAX_DOWNLOAD, url, FetchError)
        except requests.RequestException as err:
            raise FetchError(f"{url} unreachable ({_why(err, self.settings)})") from err
        finally:
            self._last = time.monotonic()


class ListingFile:
    """A saved listing read from disk instead of rss.arxiv.org (`radar run --feed FILE`)."""

    requests_made = 0

    def __init__(self, path: Path) -> None:
        self.path = path
        self._parsed: Listing | None = None

    def listing(self, categories: Sequence[str]) -> Listing:
        """The file's listing, read and parsed once (the CLI asks for its date first)."""
        if self._parsed is None:
            try:
                with self.path.open("rb") as handle:
                    content = handle.read(MAX_LISTING_BYTES + 1)
            except OSError as err:
                raise FeedError(f"{self.path}: cannot read the listing ({err.strerror})") from err
            if len(content) > MAX_LISTING_BYTES:
                raise FeedError(f"{self.path}: larger than {MAX_LISTING_BYTES >> 20} MiB; refused")
            self._parsed = parse_listing(content, str(self.path))
        return self._parsed
