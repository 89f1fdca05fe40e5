"""The fault suite: a day survives any failure after its poll, every fault is one line with
its exit code, nothing is lost and nothing is duplicated. Each test names its scenario; the
README lists them."""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from monitor.errors import StoreError
from monitor.store import Store

from .conftest import DAY_FEED, TORCH, run_radar, sync_demo_list
from .servers import Reply, http_server

FEED = DAY_FEED
DAY = "2025-08-20"


def _run(
    home: Path, feed: Path, *extra: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return run_radar(
        "run", "--feed", str(feed), "--offline", *extra, home=home, env={**TORCH, **(env or {})}
    )


def assert_whole(home: Path, days: tuple[str, ...] = (DAY,), mails_per_day: int = 1) -> None:
    """One complete digest per day, one mail per recipient, no duplicate papers, a sound
    database and no temporary file left."""
    digests = home / "digests"
    for day in days:
        data = json.loads((digests / f"{day}.json").read_text(encoding="utf-8"))
        assert data["day"] == day and data["entries"]
        for suffix in ("md", "html"):
            assert (digests / f"{day}.{suffix}").stat().st_size > 0
    assert not list(home.rglob(".*.tmp")) and not list(home.rglob("*.tmp.*"))
    conn = sqlite3.connect(home / "data" / "radar.db")
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stages = dict(conn.execute("SELECT day, stage FROM runs"))
        assert all(stages[d] == "written" for d in days), stages
        sent = conn.execute(
            "SELECT digest_date, COUNT(*) FROM deliveries WHERE status = 'sent' GROUP BY 1"
        )
        assert dict(sent) == dict.fromkeys(days, mails_per_day)
        ids = [
            r[0] for r in conn.execute("SELECT id FROM papers WHERE first_announced IS NOT NULL")
        ]
        assert len(ids) == len(set(ids)) == 7
    finally:
        conn.close()


def _killed(home: Path, stage: str, feed: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.kill_run", stage, str(feed), DAY],
        capture_output=True, text=True, timeout=300, check=False,
        env={"RADAR_HOME": str(home), "PATH": "/usr/bin:/bin", "HF_HUB_OFFLINE": "1",
             "RADAR_RANK_TOP_K": "3"},
    )  # fmt: skip


@pytest.mark.parametrize(
    "stage",
    ["polled", "embedding", "ranked", "enriching", "writing", "written", "sent"],
)
def test_sigkill_at_each_stage_then_rerun_loses_and_repeats_nothing(
    home: Path, test_data: Path, stage: str
) -> None:
    """Scenarios 1-7: SIGKILL after the poll commits, mid-ranking, after ranking, mid-enrichment,
    mid-writing, after writing, and after delivery before its ledger row."""
    sync_demo_list(home)
    killed = _killed(home, stage, test_data / FEED)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    again = _run(home, test_data / FEED)
    assert again.returncode == 0, again.stderr
    if stage not in ("written", "sent"):
        assert f"{DAY}: finished what an earlier run left (stopped after" in again.stdout
    assert_whole(home)
    assert len(list((home / "digests" / "outbox").glob("*.eml"))) == 1
    third = _run(home, test_data / FEED)
    assert "written:" not in third.stdout and "delivered:" not in third.stdout


def test_a_failure_after_the_poll_is_finished_by_the_next_run(home: Path, test_data: Path) -> None:
    """Scenario 8: the reading list saved empty mid-edit: ranking fails, the day waits."""
    sync_demo_list(home)
    lists = [home / "data" / n for n in ("reading_list.md", "classic_parallel_training.md")]
    saved = [p.read_bytes() for p in lists]
    for path in lists:
        path.write_text("", encoding="utf-8")
    failed = _run(home, test_data / FEED)
    assert failed.returncode == 2
    assert failed.stderr.strip() == "radar: error: the profile is empty: nothing to rank against"
    for path, text in zip(lists, saved, strict=True):
        path.write_bytes(text)
    assert _run(home, test_data / FEED).returncode == 0
    assert_whole(home)


def test_digest_folder_that_cannot_be_written(home: Path, test_data: Path) -> None:
    """Scenario 9: `digests` is not a writable folder: one line naming it, exit 4, nothing
    half-written; the next run writes and delivers the day once."""
    sync_demo_list(home)
    (home / "digests").write_text("not a folder", encoding="utf-8")
    result = _run(home, test_data / FEED)
    assert result.returncode == 4
    assert result.stderr.strip().startswith(f"radar: error: {home / 'digests'}: cannot write")
    (home / "digests").unlink()
    assert _run(home, test_data / FEED).returncode == 0
    assert_whole(home)


def test_disk_full_while_writing_a_digest(home: Path, test_data: Path) -> None:
    """Scenario 10: the disk fills up mid-write (the temporary file is /dev/full): exit 4,
    no temporary file left, the next run completes the day."""
    sync_demo_list(home)
    (home / "digests").mkdir()
    (home / "digests" / f".{DAY}.html.tmp").symlink_to("/dev/full")
    result = _run(home, test_data / FEED)
    assert result.returncode == 4
    assert "No space left on device" in result.stderr and len(result.stderr.splitlines()) == 1
    assert not (home / "digests" / f".{DAY}.html.tmp").exists()
    assert _run(home, test_data / FEED).returncode == 0
    assert_whole(home)


def test_an_unrelated_json_file_in_digests_is_ignored(home: Path, test_data: Path) -> None:
    """Scenario 11: the feed is built from the store, not from whatever JSON is in the folder."""
    sync_demo_list(home)
    (home / "digests").mkdir()
    (home / "digests" / "2024-01-01.json").write_text('{"not": "a digest"}', encoding="utf-8")
    assert _run(home, test_data / FEED).returncode == 0
    assert_whole(home)


def test_a_deleted_digest_file_is_rendered_again_before_sending(
    home: Path, test_data: Path
) -> None:
    """Scenario 12: the digest's files deleted before `radar send`: written again from the
    store, delivered, and no later digest blocked."""
    sync_demo_list(home)
    assert _run(home, test_data / FEED).returncode == 0
    for path in (home / "digests").glob(f"{DAY}.*"):
        path.unlink()
    (home / "digests" / "outbox" / f"{DAY}.eml").unlink()
    with Store.open(home / "data" / "radar.db") as store:  # as if it were never delivered
        store.conn.execute("DELETE FROM deliveries")
    sent = run_radar("send", home=home)
    assert sent.returncode == 0, sent.stderr
    assert f"delivered: digest of {DAY} to outbox" in sent.stdout
    assert_whole(home)


@pytest.mark.parametrize(
    ("name", "body"),
    [("empty file", b""), ("whitespace", b"  \n"), ("not a feed", b"<html>hello</html>")],
)
def test_an_unusable_feed_file_is_exit_5_and_recorded(
    home: Path, tmp_path: Path, name: str, body: bytes
) -> None:
    """Scenarios 13-15: an empty, blank or non-feed listing file."""
    feed = tmp_path / "feed.xml"
    feed.write_bytes(body)
    result = _run(home, feed, "--date", DAY)
    assert result.returncode == 5, name
    assert len(result.stderr.splitlines()) == 1 and str(feed) in result.stderr
    with Store.open(home / "data" / "radar.db") as store:
        assert store.failed_days()[0][0] == DAY


def test_an_empty_body_from_the_rss_endpoint_is_exit_5(home: Path) -> None:
    """Scenario 16: rss.arxiv.org answers 200 with nothing."""
    with http_server(lambda path: Reply(200, b"")) as (url, _):
        env = {"RADAR_ARXIV_RSS_URL": url + "/rss"}
        result = run_radar("run", "--offline", "--date", DAY, home=home, env=env)
    assert result.returncode == 5
    assert result.stderr.strip().startswith("radar: error: RSS feed is empty")
    with Store.open(home / "data" / "radar.db") as store:
        assert store.failed_days() == [(DAY, result.stderr.strip().removeprefix("radar: error: "))]


def test_an_endless_listing_is_refused(home: Path) -> None:
    """Scenarios 17-18: `--feed /dev/zero` and an endless RSS body stop at the size cap."""
    zero = run_radar("run", "--feed", "/dev/zero", "--offline", "--date", DAY, home=home)
    assert zero.returncode == 5 and "/dev/zero: larger than 32 MiB; refused" in zero.stderr
    endless = Reply(200, b"<rss>" + b" " * (33 << 20))
    with http_server(lambda path: endless) as (url, _):
        result = run_radar("run", "--offline", "--date", DAY, home=home,
                           env={"RADAR_ARXIV_RSS_URL": url + "/rss"})  # fmt: skip
    assert result.returncode == 5 and "is larger than 32 MiB; refused" in result.stderr


def test_a_full_database_is_one_line(home: Path) -> None:
    """Scenario 19: SQLite says the disk is full: one line naming the database."""
    path = home / "data" / "radar.db"
    with pytest.raises(StoreError) as caught, Store.open(path) as store:
        pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
        store.conn.execute(f"PRAGMA max_page_count = {pages}")
        store.conn.execute("CREATE TABLE filler (x)")
        store.conn.execute("INSERT INTO filler VALUES (zeroblob(1000000))")
    assert str(caught.value).startswith(
        f"{path}: cannot write the database (database or disk is full)"
    )


def test_a_damaged_database_says_so_and_how_to_recover(home: Path, test_data: Path) -> None:
    """Scenario 20: damaged pages behind an intact header: every command says so in one line;
    `radar doctor` finds it; a backup made before restores the day."""
    sync_demo_list(home)
    assert _run(home, test_data / FEED).returncode == 0
    backup = home / "backup.db"
    assert run_radar("backup", str(backup), home=home).returncode == 0
    path = home / "data" / "radar.db"
    with Store.open(path) as store:
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page:] = b"\xa5" * (len(data) - page)  # every page but the first overwritten
    path.write_bytes(bytes(data))
    for command in (("send",), ("run", "--feed", str(test_data / FEED), "--offline")):
        result = run_radar(*command, home=home, env=TORCH)
        assert result.returncode == 1, result.stderr
        assert len(result.stderr.splitlines()) == 1
        assert "the database is damaged" in result.stderr and "radar doctor" in result.stderr
    doctor = run_radar("doctor", home=home)
    assert doctor.returncode == 1 and "damaged" in doctor.stdout
    backup.replace(path)
    assert run_radar("doctor", home=home).returncode == 0
    assert_whole(home)


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("[rank]\ntop_k = -5\n", "'rank.top_k' must be at least 1, not -5"),
        ("[rank]\ntop_k = 0\n", "'rank.top_k' must be at least 1, not 0"),
        ("[rank]\nsection_quota = -1\n", "'rank.section_quota' must be 0 (no quota) or more"),
        ("[arxiv]\ncategories = []\n", "'arxiv.categories' is empty"),
        ("[arxiv]\ntimeout_seconds = 0\n", "'arxiv.timeout_seconds' must be greater than 0"),
        ("[arxiv]\npage_size = 0\n", "'arxiv.page_size' must be between 1 and 2000"),
        ("[rank]\nembed_backend = 'openvino'\n", "'rank.embed_backend' must be one of auto"),
        ("[rank]\nmodel = '/no/such/model'\n", "'rank.model' must be 'packaged:all-MiniLM-L6-v2'"),
        ("[smtp]\nca_file = '/no/ca.pem'\n", "'smtp.ca_file' names a missing file: /no/ca.pem"),
        (
            "[smtp]\nhost = 'mail.example.org'\n",
            "'smtp.recipients' is empty but 'smtp.host' is set",
        ),
        ("[schedule]\ntime = '25:00'\n", "'schedule.time' must be HH:MM"),
    ],
)
def test_settings_that_cannot_work_stop_before_anything_is_fetched(
    home: Path, test_data: Path, setting: str, message: str
) -> None:
    """Scenarios 21-31: values that parse but cannot work."""
    settings_file = home / "radar.toml"
    text = settings_file.read_text(encoding="utf-8")
    section, line = setting.split("\n", 1)
    key = line.split(" = ")[0]
    text = re.sub(rf"(?m)^{key} = .*\n", "", text)  # the test home may set it already
    text = text.replace(f"{section}\n", setting) if section in text else text + setting
    settings_file.write_text(text, encoding="utf-8")
    feed = str(test_data / FEED)
    result = run_radar("run", "--feed", feed, "--offline", home=home)
    assert result.returncode == 2
    assert result.stderr.strip().startswith(f"radar: error: {settings_file}: {message}"), (
        result.stderr
    )
    assert not (home / "data" / "radar.db").exists()  # nothing fetched, nothing stored


def test_config_check_lists_every_problem(home: Path) -> None:
    """Scenario 32: `radar config --check` reports all problems at once."""
    settings_file = home / "radar.toml"
    text = (
        settings_file.read_text(encoding="utf-8")
        .replace("[arxiv]\n", "[arxiv]\npage_size = 0\n")
        .replace("[rank]\n", "[rank]\ntop_k = 0\nsection_quota = -1\n")
    )
    settings_file.write_text(text, encoding="utf-8")
    result = run_radar("config", "--check", home=home)
    assert result.returncode == 2
    assert [line.split(": ", 1)[1][:17] for line in result.stdout.splitlines()] == [
        "'rank.top_k' must",
        "'rank.section_quo",
        "'arxiv.page_size'",
    ]
    assert "3 problem(s) in the settings" in result.stderr
    plain = run_radar("run", "--offline", home=home)
    assert "(and 2 more: `radar config --check` lists all)" in plain.stderr


def test_doctor_reports_a_stuck_day_and_backup_is_consistent(home: Path, test_data: Path) -> None:
    """Scenario 33: after a kill, `radar doctor` names the day and what to run."""
    sync_demo_list(home)
    assert _killed(home, "ranked", test_data / FEED).returncode == -signal.SIGKILL
    doctor = run_radar("doctor", home=home)
    assert doctor.returncode == 0, doctor.stdout
    assert f"warning: {DAY}: stopped after 'ranked' — run `radar run`" in doctor.stdout
    copy = home / "copy.db"
    assert run_radar("backup", str(copy), home=home).returncode == 0
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("SELECT stage FROM runs").fetchall() == [("ranked",)]
    conn.close()
    refused = run_radar("backup", str(copy), home=home)
    assert refused.returncode == 2 and "exists" in refused.stderr
