"""The daily job end to end: recorded day in, digest files and mail out, exactly once."""

from __future__ import annotations

import email
import email.policy
import re
import socket
import threading
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

from .conftest import DAY_FEED, TORCH, run_radar, sync_demo_list
from .smtp import Inbox, free_port

FEED = DAY_FEED


def _files(home: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((home / "digests").rglob("*")) if p.is_file()}


def test_recorded_day_writes_digest_and_outbox_once(home: Path, test_data: Path) -> None:
    sync_demo_list(home)
    feed = str(test_data / FEED)
    first = run_radar("run", "--feed", feed, "--offline", home=home, env=TORCH)
    assert first.returncode == 0, first.stderr
    assert "2025-08-20: 2 new, 5 cross-listed, 0 replaced (RSS)" in first.stdout
    assert "delivered: digest of 2025-08-20" in first.stdout
    files = _files(home)
    assert set(files) == {
        "2025-08-20.md",
        "2025-08-20.html",
        "2025-08-20.json",
        "feed.xml",
        "2025-08-20.eml",
    }
    text = files["2025-08-20.md"].decode()
    assert "3 picks of 7 new papers" in text
    assert len(re.findall(r"^- #\d · \w+ \(\d+%\) · would join: ", text, re.MULTILINE)) == 3
    mail = email.message_from_bytes(files["2025-08-20.eml"], policy=email.policy.default)
    assert mail["Subject"] == (  # the day at a glance (this home's floor is off: no likely pick)
        "arxiv-radar 2025-08-20: 3 unlikely of 7 papers · Distributed Training, "
        "Algorithm and Training Foundations"
    )
    assert [p.get_content_type() for p in mail.walk()] == [
        "multipart/alternative",
        "text/plain",
        "text/html",
    ]
    again = run_radar("run", "--feed", feed, "--offline", home=home, env=TORCH)
    assert again.returncode == 0
    assert "written:" not in again.stdout and "delivered:" not in again.stdout
    assert _files(home) == files
    rendered = run_radar("digest", "--date", "2025-08-20", "--offline", home=home, env=TORCH)
    assert rendered.returncode == 0, rendered.stderr
    assert rendered.stdout.count("written: ") == 4 and "delivered" not in rendered.stdout
    assert _files(home) == files  # rendered again from the store: the same bytes, no new mail
    missing = run_radar("digest", "--date", "2025-08-21", "--offline", home=home, env=TORCH)
    assert missing.returncode == 2
    assert "2025-08-21 has not been polled; run `radar run --date 2025-08-21` first" in (
        missing.stderr
    )


def test_quiet_day_writes_and_sends_nothing(home: Path, test_data: Path, tmp_path: Path) -> None:
    sync_demo_list(home)
    text = (test_data / FEED).read_text(encoding="utf-8")
    empty = text[: text.index("<entry>")] + "</feed>\n"
    feed = tmp_path / "empty.xml"
    feed.write_text(empty, encoding="utf-8")
    result = run_radar(
        "run", "--feed", str(feed), "--offline", "--date", "2025-08-23", home=home, env=TORCH
    )
    assert result.returncode == 0, result.stderr
    assert "quiet" in result.stdout and "delivered" not in result.stdout
    assert not (home / "digests").exists() or _files(home) == {}


def test_smtp_starttls_sends_once_to_every_recipient(
    home: Path, test_data: Path, smtp_server: Any
) -> None:
    _, inbox, env = smtp_server
    sync_demo_list(home)
    feed = str(test_data / FEED)
    result = run_radar("run", "--feed", feed, "--offline", home=home, env={**TORCH, **env})
    assert result.returncode == 0, result.stderr
    assert sorted(m["To"] for m in inbox.messages) == ["a@example.org", "b@example.org"]
    ids = {m["Message-ID"] for m in inbox.messages}
    assert len(ids) == 2  # one message per recipient, each with its own stable id
    assert inbox.envelopes == [["a@example.org"], ["b@example.org"]]
    again = run_radar("run", "--feed", feed, "--offline", home=home, env={**TORCH, **env})
    assert again.returncode == 0 and len(inbox.messages) == 2


def test_smtp_failures_keep_the_digest_and_the_next_run_sends_it(
    home: Path, test_data: Path, smtp_server: Any
) -> None:
    _, inbox, env = smtp_server
    sync_demo_list(home)
    feed = str(test_data / FEED)
    wrong = run_radar(
        "run",
        "--feed",
        feed,
        "--offline",
        home=home,
        env={**TORCH, **env, "RADAR_SMTP_PASSWORD": "nope"},
    )
    assert wrong.returncode == 4
    assert wrong.stderr.strip().startswith("radar: error: SMTP 127.0.0.1:")
    assert "rejected the login" in wrong.stderr
    assert (home / "digests" / "2025-08-20.md").exists() and inbox.messages == []
    sent = run_radar("send", home=home, env={**TORCH, **env})
    assert sent.returncode == 0, sent.stderr
    assert "delivered: digest of 2025-08-20 to a@example.org" in sent.stdout
    assert len(inbox.messages) == 2


def test_server_without_starttls_or_dropping_is_refused(home: Path, test_data: Path) -> None:
    sync_demo_list(home)
    feed = str(test_data / FEED)
    plain = Controller(Inbox(), hostname="127.0.0.1", port=free_port())
    plain.start()
    try:
        env = {
            **TORCH,
            "RADAR_SMTP_HOST": "127.0.0.1",
            "RADAR_SMTP_PORT": str(plain.port),
            "RADAR_SMTP_RECIPIENTS": "a@example.org",
        }
        result = run_radar("run", "--feed", feed, "--offline", home=home, env=env)
    finally:
        plain.stop()
    assert result.returncode == 4
    assert "offers no STARTTLS; refusing to send in plaintext" in result.stderr

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    stop = threading.Event()

    def drop() -> None:
        while not stop.is_set():
            try:
                listener.settimeout(0.2)
                conn, _ = listener.accept()
                conn.close()
            except OSError:
                continue

    thread = threading.Thread(target=drop, daemon=True)
    thread.start()
    try:
        env = {
            **TORCH,
            "RADAR_SMTP_HOST": "127.0.0.1",
            "RADAR_SMTP_PORT": str(listener.getsockname()[1]),
            "RADAR_SMTP_RECIPIENTS": "a@example.org",
        }
        dropped = run_radar("send", home=home, env=env)
    finally:
        stop.set()
        thread.join(2)
        listener.close()
    assert dropped.returncode == 4
    assert "SMTPServerDisconnected" in dropped.stderr
