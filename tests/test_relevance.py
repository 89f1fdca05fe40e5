"""Relevance a person reads: the calibrated chance, its tiers, the floor that stops padding."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import date
from pathlib import Path

from monitor.relevance import TIERS, chance, label, tier
from monitor.store import Store

from .conftest import TORCH, run_radar, sync_demo_list

DAY = "2025-08-20"


def test_chance_grows_with_score_and_nearness_and_tiers_read_as_words() -> None:
    scores = [-2.0, -0.9, -0.6, -0.5, -0.4, -0.2, 0.5]
    chances = [chance(s, 0.5) for s in scores]
    assert chances == sorted(chances) and 0.0 <= chances[0] < chances[-1] <= 1.0
    nearer = [chance(-0.5, c) for c in (0.2, 0.4, 0.6, 0.8)]
    assert nearer == sorted(nearer)
    assert [tier(p) for p in (0.9, 0.6, 0.5, 0.35, 0.2, 0.15, 0.1)] == [
        "strong", "strong", "likely", "likely", "possible", "possible", "unlikely"
    ]  # fmt: skip
    assert label(0.866) == "strong (87%)"
    assert [name for name, _ in TIERS] == ["strong", "likely", "possible"]
    assert chance(-1e6, 0.0) == 0.0


def _run(home: Path, test_data: Path, **env: str) -> tuple[str, list[Path]]:
    feed = str(test_data / "arxiv_rss/2025-08-20_rss.arxiv.org_atom_cs.AI_7entries.xml")
    result = run_radar("run", "--feed", feed, "--offline", home=home, env={**TORCH, **env})
    assert result.returncode == 0, result.stderr
    outbox = sorted((home / "digests" / "outbox").glob("*.eml"))
    return (home / "digests" / f"{DAY}.md").read_text(encoding="utf-8"), outbox


def test_a_day_with_nothing_likely_sends_no_padding(home: Path, test_data: Path) -> None:
    """The recorded day (7 cs.AI papers, none for this list) at the default floor: the
    digest says so and nothing is mailed; run again, still nothing."""
    sync_demo_list(home)
    floor = {"RADAR_RANK_MIN_RELEVANCE": "0.35"}
    text, outbox = _run(home, test_data, **floor)
    assert text.splitlines()[0].startswith(f"# arxiv-radar · {DAY}: no picks (none of the 7 ")
    assert "No picks today: none of the 7 papers is a likely pick for your list." in text
    assert outbox == []
    assert _run(home, test_data, **floor)[1] == []


def test_the_quiet_note_is_mailed_when_asked(home: Path, test_data: Path) -> None:
    sync_demo_list(home)
    _, outbox = _run(home, test_data, RADAR_RANK_MIN_RELEVANCE="0.35",
                     RADAR_DIGEST_QUIET_DAY_MAIL="true")  # fmt: skip
    assert len(outbox) == 1
    mail = email.message_from_bytes(outbox[0].read_bytes(), policy=email.policy.default)
    assert mail["Subject"].startswith(f"arxiv-radar {DAY}: no picks (none of the 7 papers")


def test_every_output_shows_the_tier_and_only_json_the_score(home: Path, test_data: Path) -> None:
    sync_demo_list(home)
    text, _ = _run(home, test_data)  # this home's floor is 0: three unlikely picks
    html = (home / "digests" / f"{DAY}.html").read_text(encoding="utf-8")
    feed = (home / "digests" / "feed.xml").read_text(encoding="utf-8")
    body = (home / "digests" / f"{DAY}.json").read_text(encoding="utf-8")
    for out in (text, html, feed):
        assert "unlikely (" in out and "Score" not in out
    assert '"score": -' in body and '"tier": "unlikely"' in body and '"relevance": 0.' in body
    assert 'term="relevance:unlikely"' in feed
    listed = run_radar("triage", home=home)
    assert "unlikely (" in listed.stdout
    from starlette.testclient import TestClient

    from monitor.config import load_settings
    from monitor.web.app import create_app

    settings = load_settings(env={"RADAR_HOME": str(home), **TORCH}, home=home)
    page = TestClient(create_app(settings), base_url="http://127.0.0.1:8765").get("/").text
    assert 'class="tier tier-unlikely">unlikely (' in page and "score " not in page


def test_rerendering_a_day_never_mails_it_late_and_never_keeps_old_picks(
    home: Path, test_data: Path
) -> None:
    """A day that mailed nothing stays unmailed when a re-render gives it picks; a day
    re-rendered down to no picks leaves no old pick in the store's digest or the feed."""
    sync_demo_list(home)
    _run(home, test_data, RADAR_RANK_MIN_RELEVANCE="0.35")  # no picks, no mail
    again = run_radar("digest", "--date", DAY, "--offline", home=home, env=TORCH)  # floor 0
    assert again.returncode == 0, again.stderr
    assert "#1 · unlikely" in (home / "digests" / f"{DAY}.md").read_text(encoding="utf-8")
    sent = run_radar("send", home=home, env=TORCH)
    assert sent.stdout.strip() == "nothing to deliver"
    quiet = run_radar("digest", "--date", DAY, "--offline", home=home,
                      env={**TORCH, "RADAR_RANK_MIN_RELEVANCE": "0.35"})  # fmt: skip
    assert quiet.returncode == 0, quiet.stderr
    feed = (home / "digests" / "feed.xml").read_text(encoding="utf-8")
    assert "<entry>" not in feed
    with Store.open(home / "data" / "radar.db") as store:
        body, _ = store.digest_body(date(2025, 8, 20))
    assert body is not None and json.loads(body)["entries"] == []


def test_days_ranked_before_relevance_was_kept_still_show_it(ranked_day: Path) -> None:
    with Store.open(ranked_day / "data" / "radar.db") as store:
        store.conn.execute("UPDATE ranked SET relevance = NULL")
        store.conn.commit()
    listed = run_radar("triage", home=ranked_day)
    assert "score -" in listed.stdout  # no relevance stored: the score, as before
    from starlette.testclient import TestClient

    from monitor.config import load_settings
    from monitor.web.app import create_app

    settings = load_settings(env={"RADAR_HOME": str(ranked_day), **TORCH}, home=ranked_day)
    page = TestClient(create_app(settings), base_url="http://127.0.0.1:8765").get("/").text
    assert page.count('class="tier tier-') == 3  # the picks, from their digest
