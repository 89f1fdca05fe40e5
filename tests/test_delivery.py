"""Delivery exactly once per recipient, against a real SMTP server on 127.0.0.1, and every
field escaped in every output. Scenario numbers continue the fault suite's (test_faults.py)."""

from __future__ import annotations

import email
import email.policy
import json
import signal
import subprocess
import sys
import xml.dom.minidom
from collections import Counter
from pathlib import Path
from typing import Any

from monitor.store import Store

from .conftest import DAY_FEED, TEST_DATA, TORCH, run_radar, sync_demo_list

FEED = DAY_FEED


def _next_day(tmp_path: Path) -> Path:
    """The recorded 7-paper listing moved to the day after, its ids changed (7 new papers)."""
    text = (TEST_DATA / FEED).read_text(encoding="utf-8").replace("2025-08-20T", "2025-08-21T")
    text = text.replace("arXiv.org:2508.", "arXiv.org:2509.").replace("arXiv:2508.", "arXiv:2509.")
    path = tmp_path / "2025-08-21.xml"
    path.write_text(text, encoding="utf-8")
    return path


def _run(home: Path, feed: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    result = run_radar("run", "--feed", str(feed), "--offline", home=home, env={**TORCH, **env})
    assert result.returncode == 0, result.stderr
    return result


def _received(inbox: Any) -> Counter[tuple[str, str]]:
    """(recipient, subject day) of every message the server accepted."""
    return Counter((m["To"], m["Subject"].split()[1].rstrip(":")) for m in inbox.messages)


def test_reordering_recipients_resends_nothing_and_a_new_one_gets_only_new_digests(
    home: Path, test_data: Path, tmp_path: Path, smtp_server: Any
) -> None:
    """Scenarios 34-35."""
    _, inbox, env = smtp_server
    sync_demo_list(home)
    _run(home, test_data / FEED, env)
    assert _received(inbox) == {
        ("a@example.org", "2025-08-20"): 1,
        ("b@example.org", "2025-08-20"): 1,
    }
    swapped = {**env, "RADAR_SMTP_RECIPIENTS": "b@example.org,a@example.org"}
    assert "delivered" not in run_radar("send", home=home, env=swapped).stdout
    added = {**env, "RADAR_SMTP_RECIPIENTS": "b@example.org,a@example.org,c@example.org"}
    _run(home, _next_day(tmp_path), added)
    assert _received(inbox) == {
        ("a@example.org", "2025-08-20"): 1,
        ("b@example.org", "2025-08-20"): 1,
        ("a@example.org", "2025-08-21"): 1,
        ("b@example.org", "2025-08-21"): 1,
        ("c@example.org", "2025-08-21"): 1,  # from the day it was added, not the history
    }
    late = {
        **added,
        "RADAR_SMTP_RECIPIENTS": "d@example.org",
        "RADAR_SMTP_NEW_RECIPIENT_BACKLOG": "1",
    }
    run_radar("send", home=home, env=late)
    assert _received(inbox)[("d@example.org", "2025-08-21")] == 1  # the backlog: the last one
    assert _received(inbox)[("d@example.org", "2025-08-20")] == 0


def test_switching_from_the_outbox_to_smtp_resends_nothing(
    home: Path, test_data: Path, tmp_path: Path, smtp_server: Any
) -> None:
    """Scenario 36."""
    _, inbox, env = smtp_server
    sync_demo_list(home)
    _run(home, test_data / FEED, {})
    assert (home / "digests" / "outbox" / "2025-08-20.eml").is_file()
    assert "delivered" not in run_radar("send", home=home, env=env).stdout
    assert inbox.messages == []
    _run(home, _next_day(tmp_path), env)
    assert sorted(_received(inbox)) == [
        ("a@example.org", "2025-08-21"),
        ("b@example.org", "2025-08-21"),
    ]


def test_two_senders_at_once_send_each_mail_once(
    home: Path, test_data: Path, smtp_server: Any
) -> None:
    """Scenario 37: two `radar send` processes race for the same undelivered digest."""
    _, inbox, env = smtp_server
    sync_demo_list(home)
    down = {**env, "RADAR_SMTP_PORT": "9"}  # nothing listens: the digest waits, undelivered
    failed = run_radar(
        "run", "--feed", str(test_data / FEED), "--offline", home=home, env={**TORCH, **down}
    )
    assert failed.returncode == 4
    full = {k: v for k, v in __import__("os").environ.items() if not k.startswith("RADAR_")}
    full |= {"RADAR_HOME": str(home), **env}
    senders = [
        subprocess.Popen([sys.executable, "-m", "monitor", "send"], env=full, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(2)
    ]  # fmt: skip
    outputs = [p.communicate(timeout=120) for p in senders]
    assert all(p.returncode == 0 for p in senders), outputs
    assert _received(inbox) == {
        ("a@example.org", "2025-08-20"): 1,
        ("b@example.org", "2025-08-20"): 1,
    }


def test_a_crash_between_acceptance_and_the_ledger_resends_the_same_message(
    home: Path, test_data: Path, smtp_server: Any
) -> None:
    """Scenario 38: SIGKILL after the server accepted the mail, before the ledger row: the
    next run sends it again under the same Message-ID, so the reader's client merges them."""
    _, inbox, env = smtp_server
    sync_demo_list(home)
    killed = subprocess.run(
        [sys.executable, "-m", "tests.kill_run", "sent", str(test_data / FEED), "2025-08-20"],
        capture_output=True, text=True, timeout=300, check=False,
        env={"RADAR_HOME": str(home), "PATH": "/usr/bin:/bin", **env},
    )  # fmt: skip
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert len(inbox.messages) == 1
    run_radar("send", home=home, env=env)
    ids = Counter((m["To"], m["Message-ID"]) for m in inbox.messages)
    assert sorted(ids.values()) == [1, 2] and len({to for to, _ in ids}) == 2


HOSTILE = "<script>alert(1)</script> &amp; ]]> \u202eevil\u202c\nline"


def test_every_field_is_escaped_in_every_output(home: Path, test_data: Path) -> None:
    """Scenario 39: a listing whose every field carries markup, `&`, `]]>`, newlines and
    bidi controls: Markdown, HTML, JSON, Atom and the mail stay inert and well-formed."""
    sync_demo_list(home)
    text = (test_data / FEED).read_text(encoding="utf-8")
    escaped = HOSTILE.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for tag in ("title", "summary", "dc:creator"):
        text = text.replace(f"<{tag}>", f"<{tag}>{escaped} ")
    text = text.replace(
        '<category term="cs.AI"', f'<category term="{escaped.replace(chr(10), " ")}"', 1
    )
    feed = home / "hostile.xml"
    feed.write_text(text, encoding="utf-8")
    env = {**TORCH, "RADAR_RANK_TOP_K": "7", "RADAR_RANK_MIN_SCORE": "-100"}
    result = run_radar("run", "--feed", str(feed), "--offline", home=home, env=env)
    assert result.returncode == 0, result.stderr
    digests = home / "digests"
    for name in ("2025-08-20.md", "2025-08-20.html", "feed.xml", "outbox/2025-08-20.eml"):
        out = (digests / name).read_text(encoding="utf-8")
        assert "<script>" not in out and "\u202e" not in out, name
    xml.dom.minidom.parseString((digests / "feed.xml").read_bytes())
    md = (digests / "2025-08-20.md").read_text(encoding="utf-8")
    assert "&lt;script&gt;" in md
    data = json.loads((digests / "2025-08-20.json").read_text(encoding="utf-8"))
    assert any("<script>" in e["title"] for e in data["entries"])  # JSON keeps the text itself
    raw = (digests / "outbox" / "2025-08-20.eml").read_bytes()
    mail = email.message_from_bytes(raw, policy=email.policy.default)
    parts = {p.get_content_type(): p.get_content() for p in mail.walk() if not p.is_multipart()}
    assert "&lt;script&gt;" in parts["text/html"] and "<script>" not in parts["text/plain"]


def test_one_failing_address_does_not_hold_up_the_others(
    home: Path, test_data: Path, smtp_server: Any
) -> None:
    """Scenario 40: the server refuses one recipient: the others get the digest, the run
    exits 4 naming it, and the next send retries that address alone."""
    _, inbox, env = smtp_server
    sync_demo_list(home)
    three = {**env, "RADAR_SMTP_RECIPIENTS": "a@example.org,bounce@example.org,b@example.org"}
    result = run_radar("run", "--feed", str(test_data / FEED), "--offline", home=home,
                       env={**TORCH, **three})  # fmt: skip
    assert result.returncode == 4 and "no such mailbox" in result.stderr
    assert sorted(_received(inbox)) == [
        ("a@example.org", "2025-08-20"),
        ("b@example.org", "2025-08-20"),
    ]
    again = run_radar("send", home=home, env=three)
    assert again.returncode == 4 and len(inbox.messages) == 2  # only the bouncing one retried


def test_a_failed_poll_still_delivers_what_earlier_runs_wrote(
    home: Path, test_data: Path, smtp_server: Any
) -> None:
    """Scenario 41: yesterday's digest waits for a server that was down; today arXiv fails
    (exit 3), but the waiting digest still goes out in the same run."""
    _, inbox, env = smtp_server
    sync_demo_list(home)
    down = {**env, "RADAR_SMTP_PORT": "9"}
    first = run_radar(
        "run", "--feed", str(test_data / FEED), "--offline", home=home, env={**TORCH, **down}
    )
    assert first.returncode == 4 and inbox.messages == []
    broken = {**env, "RADAR_ARXIV_RSS_URL": "http://127.0.0.1:9/rss"}
    second = run_radar(
        "run", "--date", "2025-08-21", "--offline", home=home, env={**TORCH, **broken}
    )
    assert second.returncode == 3, second.stderr
    assert sorted(_received(inbox)) == [
        ("a@example.org", "2025-08-20"),
        ("b@example.org", "2025-08-20"),
    ]


def test_rendering_a_day_that_was_never_mailed_mails_nothing(home: Path, test_data: Path) -> None:
    """Scenario 42: `radar digest` on a history day (backfilled, never mailed) writes its files
    but `radar send` does not mail the past."""
    sync_demo_list(home)
    assert (
        run_radar(
            "run", "--feed", str(test_data / FEED), "--offline", home=home, env=TORCH
        ).returncode
        == 0
    )
    with Store.open(home / "data" / "radar.db") as store:
        store.conn.execute("UPDATE runs SET stage = 'history'")
        store.conn.execute("DELETE FROM deliveries")
        store.conn.execute("DELETE FROM digests")
    rendered = run_radar("digest", "--date", "2025-08-20", "--offline", home=home, env=TORCH)
    assert rendered.returncode == 0 and (home / "digests" / "2025-08-20.md").is_file()
    assert run_radar("send", home=home).stdout.strip() == "nothing to deliver"
