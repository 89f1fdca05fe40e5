"""The page in a real browser: Playwright driving Debian's Chromium (/usr/bin/chromium, never
a downloaded browser) against the real server on 127.0.0.1 with a real store and list."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, expect, sync_playwright

from monitor.config import load_settings
from monitor.store import Store
from monitor.web.app import create_app

CHROMIUM = Path("/usr/bin/chromium")
# upper bounds on waiting for the page to change (events, not sleeps): generous, so a busy
# machine slows the tests down instead of failing them
expect.set_options(timeout=60_000)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} missing: `make test` installs Debian's chromium first")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def live(ranked_day: Path) -> Iterator[str]:
    """The page served by uvicorn on a socket that listens before the server starts."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    settings = load_settings(env={"RADAR_HOME": str(ranked_day)})
    config = uvicorn.Config(create_app(settings), log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


def test_keyboard_triage_and_undo(browser: Browser, live: str, ranked_day: Path) -> None:
    page = browser.new_page()
    page.goto(live)
    expect(page.locator("article.card")).to_have_count(3)
    page.keyboard.press("j")
    page.keyboard.press("s")
    expect(page.locator("article.card").nth(0)).to_contain_text("shortlisted")
    page.keyboard.press("j")
    page.keyboard.press("d")
    expect(page.locator("article.card").nth(1)).to_contain_text("dismissed (off-topic)")
    page.keyboard.press("u")  # the page reloads with the dismissal undone
    # the state label itself (a summary may contain the word "new"): the reload is done
    expect(page.locator("article.card").nth(1).locator(".state")).to_have_text("new")
    expect(page.locator("article.card").nth(0).locator(".state")).to_have_text("shortlisted")
    page.wait_for_load_state("load")
    page.keyboard.press("?")
    expect(page.locator("#help")).to_be_visible()
    with Store.open(ranked_day / "data" / "radar.db") as store:
        assert [(a.action, a.who) for a in store.actions()] == [
            ("shortlist", "web"),
            ("dismiss", "web"),
        ]
        last = store.last_action()
        assert last is not None and last.action == "shortlist"  # the dismissal was undone
        states = sorted(t.state.value for t in store.triages().values() if t.state.value != "new")
    assert states == ["shortlisted"]


def test_promote_from_the_page_writes_exactly_the_row(
    browser: Browser, live: str, ranked_day: Path
) -> None:
    path = ranked_day / "data" / "reading_list.md"
    before = path.read_text(encoding="utf-8")
    page = browser.new_page()
    page.goto(live)
    page.keyboard.press("j")
    page.keyboard.press("p")
    card = page.locator("article.card").nth(0)
    section = card.locator("details.promote select")
    expect(section).to_be_focused()
    section.select_option("LLM Training / RL Training")
    expect(card.locator("pre.preview")).to_contain_text("| ⬜ | ")
    card.locator("button.act-promote").click()
    expect(page.locator("article.card").nth(0)).to_contain_text("promoted")
    after = path.read_text(encoding="utf-8")
    assert len(after.splitlines()) == len(before.splitlines()) + 1
    added = [x for x in after.splitlines() if x not in before.splitlines()]
    assert len(added) == 1 and added[0].startswith("| ⬜ | ")
    lines = after.splitlines()
    heading = max(i for i, x in enumerate(lines[: lines.index(added[0])]) if x.startswith("## "))
    assert lines[heading] == "## LLM Training / RL Training"
    page.locator("#undo").click()
    expect(page.locator("article.card").nth(0)).to_contain_text("new")
    assert path.read_text(encoding="utf-8") == before


def test_search_from_the_keyboard(browser: Browser, live: str) -> None:
    page = browser.new_page()
    page.goto(live)
    page.keyboard.press("/")
    expect(page.locator("#search")).to_be_focused()
    page.keyboard.type("agent")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live}/search?q=agent")
    expect(page.locator("article.card").first).to_be_visible()


def test_readable_on_a_phone(browser: Browser, live: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)  # fmt: skip
    page = context.new_page()
    page.goto(live)
    expect(page.locator("article.card")).to_have_count(3)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390  # one column
    box = page.locator("button.act-shortlist").first.bounding_box()
    assert box is not None and box["height"] >= 44  # a thumb-sized target
    page.locator("button.act-shortlist").first.tap()
    expect(page.locator("article.card").nth(0)).to_contain_text("shortlisted")
    context.close()
