"""The web page's HTTP side (Starlette): routes, CSRF, the access token, rendering.

Every state change is a POST carrying the page's CSRF token (a header from htmx, or a form
field) and, when the browser says where it comes from, an Origin of this very page; a GET
never changes anything (mail scanners open links). Bound to 127.0.0.1 unless a token is set.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable
from datetime import date, timedelta
from functools import partial
from pathlib import Path
from urllib.parse import urlparse

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from monitor import actions
from monitor.config import Settings
from monitor.errors import RadarError
from monitor.reading_list_write import insert_row, sections
from monitor.store import Store
from monitor.web import views

STATIC = Path(__file__).parent / "static"
SNOOZE = timedelta(days=7)  # the snooze form's default: a week
Handler = Callable[[Request], Awaitable[Response]]


class Page:
    """The app's state: settings, the CSRF token of this process, the templates."""

    def __init__(self, settings: Settings, token: str | None) -> None:
        self.settings = settings
        self.token = token
        self.csrf = secrets.token_urlsafe(32)
        self.env = Environment(
            loader=PackageLoader("monitor.web", "templates"),
            autoescape=select_autoescape(enabled_extensions=("html",), default=True),
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )

    def store(self) -> Store:
        return Store.open(self.settings.database_path)

    def render(self, name: str, status: int = 200, **context: object) -> HTMLResponse:
        common = {"sections": _sections(self), "snooze_default": date.today() + SNOOZE}
        html = self.env.get_template(name).render(csrf=self.csrf, **common, **context)
        return HTMLResponse(html, status_code=status)


def create_app(settings: Settings, token: str | None = None) -> Starlette:
    """The page for this home; with `token`, every request must carry it."""
    page = Page(settings, token)
    routes = [
        Route("/", partial(_day, page)),
        Route("/day/{day}", partial(_day, page)),
        Route("/paper/{paper_id}", partial(_paper, page)),
        Route("/paper/{paper_id}/preview", partial(_preview, page)),
        Route("/shortlist", partial(_shortlist, page)),
        Route("/history", partial(_history, page)),
        Route("/search", partial(_search, page)),
        Route("/paper/{paper_id}/{action}", partial(_act, page), methods=["POST"]),
        Route("/undo", partial(_undo, page), methods=["POST"]),
        Route("/day/{day}/rerank", partial(_rerank, page), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    hosts = ["127.0.0.1", "localhost", "[::1]", settings.web.host]
    if settings.web.base_url:
        hosts.append(urlparse(settings.web.base_url).hostname or "")
    middleware = [
        # a page on loopback answers only to its own names: no DNS-rebinding site reaches it
        Middleware(
            TrustedHostMiddleware, allowed_hosts=["*"] if token else [h for h in hosts if h]
        ),
        Middleware(BaseHTTPMiddleware, dispatch=_guard(page)),
    ]
    return Starlette(routes=routes, middleware=middleware)


def _guard(page: Page) -> Callable[[Request, Handler], Awaitable[Response]]:
    async def guard(request: Request, call_next: Handler) -> Response:
        if page.token is not None and not _has_token(request, page.token):
            return PlainTextResponse("a token is required (RADAR_WEB_TOKEN)", status_code=401)
        origin = request.headers.get("origin")
        if request.method == "POST" and origin and _host(origin) != request.headers.get("host"):
            return _refused()
        response = await call_next(request)
        if page.token is not None and request.query_params.get("token") == page.token:
            response.set_cookie("radar_token", page.token, httponly=True, samesite="strict")
        return response

    return guard


def _has_token(request: Request, token: str) -> bool:
    given = (
        request.query_params.get("token")
        or request.cookies.get("radar_token")
        or request.headers.get("authorization", "").removeprefix("Bearer ")
    )
    return _same(given or "", token)


def _host(origin: str) -> str:
    return urlparse(origin).netloc


def _refused() -> Response:
    return PlainTextResponse("refused: cross-site request or missing CSRF token", 403)


async def _checked_form(page: Page, request: Request) -> dict[str, str] | None:
    """The POST's fields, or None when it lacks this page's CSRF token (header or field)."""
    form = await request.form()
    fields = {k: v for k, v in form.items() if isinstance(v, str)}
    given = request.headers.get("x-csrf-token") or fields.get("csrf") or ""
    return fields if _same(given, page.csrf) else None


def _same(given: str, secret: str) -> bool:
    """Constant-time comparison that also copes with non-ASCII input (no 500)."""
    return hmac.compare_digest(given.encode("utf-8"), secret.encode("utf-8"))


def _date(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


async def _day(page: Page, request: Request) -> Response:
    day = _date(request.path_params["day"]) if "day" in request.path_params else None
    if "day" in request.path_params and day is None:
        return page.render("message.html", 404, title="Not found", text="not a day")
    with page.store() as store:
        view = views.day_view(store, day)
    show_all = request.query_params.get("all") == "1"
    return page.render("day.html", view=view, show_all=show_all)


async def _paper(page: Page, request: Request) -> Response:
    with page.store() as store:
        card = views.card_for(store, request.path_params["paper_id"])
    if card is None:
        return page.render("message.html", 404, title="Not found", text="unknown paper")
    return page.render("paper.html", card=card)


async def _shortlist(page: Page, request: Request) -> Response:
    with page.store() as store:
        found = views.state_view(store, "shortlisted")
    return page.render("list.html", title="Shortlist", cards=found)


async def _history(page: Page, request: Request) -> Response:
    with page.store() as store:
        days = views.history(store)
    return page.render("history.html", days=days)


async def _search(page: Page, request: Request) -> Response:
    query = request.query_params.get("q", "").strip()
    with page.store() as store:
        found = views.search_view(store, query) if query else []
    return page.render("list.html", title=f"Search: {query}" if query else "Search",
                       cards=found, query=query)  # fmt: skip


def _sections(page: Page) -> list[str]:
    path = page.settings.reading_list_paths[0]
    try:
        return sections(path.read_text(encoding="utf-8"))
    except OSError:
        return []


async def _preview(page: Page, request: Request) -> Response:
    """The row a promotion would write (nothing is written)."""
    section = request.query_params.get("section", "")
    note = request.query_params.get("note", "")
    path = page.settings.reading_list_paths[0]
    with page.store() as store:
        paper = store.paper(request.path_params["paper_id"])
    if paper is None:
        return PlainTextResponse("unknown paper", 404)
    try:
        _, row = insert_row(path.read_text(encoding="utf-8"), section, paper, note or "…", False)
    except RadarError as err:
        return PlainTextResponse(str(err), 400)
    return PlainTextResponse(row)


async def _act(page: Page, request: Request) -> Response:
    paper_id, action = request.path_params["paper_id"], request.path_params["action"]
    value = await _checked_form(page, request)
    if value is None:
        return _refused()
    try:
        with page.store() as store:
            if action == "promote":
                done = actions.promote_paper(page.settings, store, paper_id,
                                             section=value.get("section") or None,
                                             note=value.get("note") or None, who="web")  # fmt: skip
            else:
                until = _date(value.get("until", "")) if action == "snooze" else None
                note = value.get("note") if action == "note" else None
                reason = value.get("reason") or None
                done = actions.act(store, paper_id, action, reason=reason, until=until,
                                   note=note, today=date.today(), who="web")  # fmt: skip
            card = views.card_for(store, paper_id)
    except RadarError as err:
        return page.render("message.html", 400, title="Not done", text=str(err))
    return _answer(page, request, card, done.message)


async def _rerank(page: Page, request: Request) -> Response:
    """Order the rest of the day again with every decision made so far (picks stay picks)."""
    day = _date(request.path_params["day"])
    if day is None:
        return page.render("message.html", 404, title="Not found", text="not a day")
    if await _checked_form(page, request) is None:
        return _refused()

    def rerank() -> int:
        from monitor.ranker import rerank_day

        with page.store() as store:
            return rerank_day(page.settings, store, day)

    try:
        await run_in_threadpool(rerank)
    except RadarError as err:
        return page.render("message.html", 400, title="Not re-ranked", text=str(err))
    target = f"/day/{day.isoformat()}?all=1"
    if request.headers.get("hx-request"):
        return HTMLResponse("", headers={"HX-Location": target})
    return RedirectResponse(target, status_code=303)


async def _undo(page: Page, request: Request) -> Response:
    if await _checked_form(page, request) is None:
        return _refused()
    try:
        with page.store() as store:
            message = actions.undo(page.settings, store)
    except RadarError as err:
        return page.render("message.html", 400, title="Not undone", text=str(err))
    if request.headers.get("hx-request"):
        return HTMLResponse(f'<div id="flash" role="status">{_escape(message)}</div>',
                            headers={"HX-Refresh": "true"})  # fmt: skip
    return RedirectResponse(request.headers.get("referer") or "/", status_code=303)


def _answer(page: Page, request: Request, card: views.Card | None, message: str) -> Response:
    if request.headers.get("hx-request") and card is not None:
        return page.render("card.html", card=card, flash=message)
    return RedirectResponse(request.headers.get("referer") or "/", status_code=303)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
