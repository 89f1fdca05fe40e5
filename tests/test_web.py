"""The web page over HTTP (Starlette's TestClient): every route, CSRF, the token, escaping,
GET never changing state, promote and undo writing the real list."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from monitor.config import load_settings
from monitor.errors import ConfigError
from monitor.paper import Paper
from monitor.store import Store
from monitor.web.app import create_app
from monitor.web.server import server

from .conftest import TORCH, run_radar


def _client(home: Path, token: str | None = None, env: dict[str, str] | None = None) -> TestClient:
    settings = load_settings(env={"RADAR_HOME": str(home), **(env or {})})
    return TestClient(create_app(settings, token), base_url="http://127.0.0.1:8765")


def _csrf(client: TestClient) -> str:
    html = client.get("/").text
    return html.split('name="csrf-token" content="', 1)[1].split('"', 1)[0]


def _ranking(home: Path) -> list[str]:
    with Store.open(home / "data" / "radar.db") as store:
        return [r.paper_id for r in store.ranking(store.ranked_days()[0])]


def test_every_page_renders(ranked_day: Path) -> None:
    client = _client(ranked_day)
    today = client.get("/")
    assert today.status_code == 200
    assert today.text.count('<article class="card"') == 3 and "Show all 7 papers" in today.text
    assert client.get("/day/2025-08-20?all=1").text.count('<article class="card"') == 7
    assert client.get("/day/not-a-day").status_code == 404
    first = _ranking(ranked_day)[0]
    assert client.get(f"/paper/{first}").status_code == 200
    assert client.get("/paper/9999.99999").status_code == 404
    assert client.get("/shortlist").status_code == 200
    assert "2025-08-20</a>: 3 picks of 7" in client.get("/history").text
    found = client.get("/search", params={"q": "agent"})
    assert found.status_code == 200 and '<article class="card"' in found.text
    assert client.get("/search", params={"q": "zzzqqq"}).text.count("<article") == 0
    assert client.get("/static/htmx-2.0.4.min.js").status_code == 200
    assert client.get("/static/radar.js").status_code == 200
    preview = client.get(
        f"/paper/{first}/preview", params={"section": "LLM Training / RL Training"}
    )
    assert preview.status_code == 200 and preview.text.startswith("| ⬜ | ")
    bad = client.get(f"/paper/{first}/preview", params={"section": "Nope"})
    assert bad.status_code == 400


def test_a_get_never_changes_state_and_a_cross_site_post_is_refused(ranked_day: Path) -> None:
    client = _client(ranked_day)
    first = _ranking(ranked_day)[0]
    assert client.get(f"/paper/{first}/shortlist").status_code == 405
    no_token = client.post(f"/paper/{first}/shortlist", data={})
    assert no_token.status_code == 403
    forged = client.post(f"/paper/{first}/shortlist", data={"csrf": "guess"})
    assert forged.status_code == 403
    cross = client.post(f"/paper/{first}/shortlist", data={"csrf": _csrf(client)},
                        headers={"Origin": "http://evil.example"})  # fmt: skip
    assert cross.status_code == 403
    with Store.open(ranked_day / "data" / "radar.db") as store:
        assert store.triages() == {} and store.actions() == []


def test_actions_from_the_page(ranked_day: Path) -> None:
    client = _client(ranked_day)
    token = _csrf(client)
    first, second, third = _ranking(ranked_day)[:3]
    fragment = client.post(f"/paper/{first}/shortlist", data={"csrf": token},
                           headers={"HX-Request": "true"})  # fmt: skip
    assert fragment.status_code == 200 and fragment.text.startswith("<article")
    assert "new → shortlisted" in fragment.text
    plain = client.post(f"/paper/{second}/dismiss", data={"csrf": token, "reason": "weak"},
                        follow_redirects=False)  # fmt: skip
    assert plain.status_code == 303
    snoozed = client.post(f"/paper/{third}/snooze", data={"until": "2099-01-01"},
                          headers={"X-CSRF-Token": token, "HX-Request": "true"})  # fmt: skip
    assert "snoozed until 2099-01-01" in snoozed.text
    noted = client.post(f"/paper/{first}/note", data={"csrf": token, "note": "<b>hm</b>"},
                        headers={"HX-Request": "true"})  # fmt: skip
    assert "Note: &lt;b&gt;hm&lt;/b&gt;" in noted.text
    wrong = client.post(f"/paper/{first}/snooze", data={"csrf": token, "until": "2000-01-01"})
    assert wrong.status_code == 400 and "snooze until a later day" in wrong.text
    assert "shortlisted" in client.get("/shortlist").text
    with Store.open(ranked_day / "data" / "radar.db") as store:
        assert [a.who for a in store.actions()] == ["web"] * 4


def test_promote_and_undo_from_the_page_write_the_real_list(ranked_day: Path) -> None:
    client = _client(ranked_day)
    token = _csrf(client)
    path = ranked_day / "data" / "reading_list.md"
    before = path.read_text(encoding="utf-8")
    first = _ranking(ranked_day)[0]
    done = client.post(f"/paper/{first}/promote",
                       data={"csrf": token, "section": "LLM Training / RL Training", "note": "x"},
                       headers={"HX-Request": "true"})  # fmt: skip
    assert done.status_code == 200 and "promoted into reading_list.md" in done.text
    after = path.read_text(encoding="utf-8")
    added = [x for x in after.splitlines() if x not in before.splitlines()]
    assert len(added) == 1 and f"abs/{first})" in added[0]
    assert len(after.splitlines()) == len(before.splitlines()) + 1
    undone = client.post("/undo", data={"csrf": token}, follow_redirects=False)
    assert undone.status_code == 303 and path.read_text(encoding="utf-8") == before
    again = client.post("/undo", data={"csrf": token})
    assert again.status_code == 400 and "nothing to undo" in again.text


def test_every_field_is_escaped_on_the_page(ranked_day: Path) -> None:
    hostile = Paper("2508.99999", 1, "<script>alert(1)</script> & \\mathcal{O}(n)", "x <img>",
                    ("Eve <e@x>",), ("cs.DC",))  # fmt: skip
    with Store.open(ranked_day / "data" / "radar.db") as store:
        store.upsert_papers([hostile])
    page = _client(ranked_day).get("/search", params={"q": "alert"}).text
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp;" in page
    assert "Eve &lt;e@x&gt;" in page


def test_a_rebinding_host_is_refused(ranked_day: Path) -> None:
    """Without a token the page answers only to its own names (DNS rebinding)."""
    client = _client(ranked_day)
    assert client.get("/", headers={"Host": "evil.example:8765"}).status_code == 400
    assert client.get("/", headers={"Host": "localhost:8765"}).status_code == 200
    weird = client.post("/undo", data={"csrf": "é"})  # non-ASCII token: refused, not a 500
    assert weird.status_code == 403


def test_a_token_guards_every_request(ranked_day: Path) -> None:
    client = _client(ranked_day, token="s3cret")
    assert client.get("/").status_code == 401
    assert client.get("/", params={"token": "s3cret"}).status_code == 200  # sets a cookie
    assert client.get("/history").status_code == 200
    assert (
        _client(ranked_day, token="s3cret")
        .get("/", headers={"Authorization": "Bearer s3cret"})
        .status_code
        == 200
    )


def test_serving_beyond_loopback_needs_a_token(home: Path) -> None:
    settings = load_settings(env={"RADAR_HOME": str(home)})
    with pytest.raises(ConfigError, match="needs RADAR_WEB_TOKEN"):
        server(settings, "0.0.0.0", 8765)
    result = run_radar("web", "--host", "0.0.0.0", home=home)
    assert result.returncode == 2 and "refusing to serve on 0.0.0.0" in result.stderr
    guarded = load_settings(env={"RADAR_HOME": str(home), "RADAR_WEB_TOKEN": "t"})
    assert server(guarded, "0.0.0.0", 8765) is not None


def test_digest_entries_link_to_their_card(ranked_day: Path, test_data: Path) -> None:
    env = {"RADAR_RANK_EMBED_BACKEND": "torch", "RADAR_RANK_TOP_K": "3",
           "RADAR_WEB_BASE_URL": "http://127.0.0.1:8765"}  # fmt: skip
    assert (
        run_radar(
            "digest", "--date", "2025-08-20", "--offline", home=ranked_day, env=env
        ).returncode
        == 0
    )
    first = _ranking(ranked_day)[0]
    md = (ranked_day / "digests" / "2025-08-20.md").read_text(encoding="utf-8")
    html = (ranked_day / "digests" / "2025-08-20.html").read_text(encoding="utf-8")
    assert f"[triage](http://127.0.0.1:8765/paper/{first})" in md
    assert f'href="http://127.0.0.1:8765/paper/{first}"' in html


def test_the_page_reranks_the_rest_of_the_day_with_the_decisions(ranked_day: Path) -> None:
    client = _client(ranked_day, env=TORCH)  # the backend the day was ranked with: no model
    token = _csrf(client)
    before = _ranking(ranked_day)
    day = client.get("/").text
    assert 'id="rerank"' in day
    client.post(f"/paper/{before[0]}/dismiss", data={"csrf": token, "reason": "off-topic"})
    refused = client.post("/day/2025-08-20/rerank", data={"csrf": "guess"})
    assert refused.status_code == 403
    done = client.post("/day/2025-08-20/rerank", data={"csrf": token}, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == "/day/2025-08-20?all=1"
    after = _ranking(ranked_day)
    assert sorted(after) == sorted(before) and after.index(before[0]) > 0
    htmx = client.post("/day/2025-08-20/rerank", data={"csrf": token},
                       headers={"HX-Request": "true"})  # fmt: skip
    assert htmx.headers["HX-Location"] == "/day/2025-08-20?all=1"
    assert client.post("/day/nonsense/rerank", data={"csrf": token}).status_code == 404
