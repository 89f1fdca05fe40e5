"""`radar serve`: the cron trigger, coalescing, one run at a time, clean shutdown."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import IO
from zoneinfo import ZoneInfo

import pytest
from apscheduler.events import EVENT_JOB_MAX_INSTANCES, EVENT_SCHEDULER_STARTED

from monitor import scheduler
from monitor.config import ScheduleSettings
from monitor.errors import ConfigError

from .smtp import free_port

NY = ZoneInfo("America/New_York")


def _next(settings: ScheduleSettings, after: datetime) -> datetime:
    fire: datetime | None = scheduler.trigger(settings).get_next_fire_time(None, after)
    assert fire is not None
    return fire.astimezone(NY)


def test_default_schedule_is_weekday_mornings_after_the_feed_turns_over() -> None:
    friday_noon = datetime(2026, 11, 27, 12, 0, tzinfo=NY)
    assert _next(ScheduleSettings(), friday_noon) == datetime(2026, 11, 30, 0, 30, tzinfo=NY)
    monday_late = datetime(2026, 11, 30, 1, 0, tzinfo=NY)
    assert _next(ScheduleSettings(), monday_late) == datetime(2026, 12, 1, 0, 30, tzinfo=NY)
    # across the spring DST change (Sunday 2026-03-08) Monday is not skipped, as APScheduler
    # 3.11's own CronTrigger does, and the wall-clock time is kept
    before_dst = datetime(2026, 3, 6, 12, 0, tzinfo=NY)
    fire = _next(ScheduleSettings(), before_dst)
    assert (fire.month, fire.day, fire.hour, fire.minute, fire.utcoffset()) == (
        3,
        9,
        0,
        30,
        timedelta(hours=-4),
    )
    mondays = ScheduleSettings(day_of_week="mon")
    assert _next(mondays, before_dst) == datetime(2026, 3, 9, 0, 30, tzinfo=NY)


def test_trigger_matches_the_calendar_for_a_year_of_wall_clock_times() -> None:
    trig = scheduler.trigger(ScheduleSettings(time="02:30"))  # inside the DST gap once a year
    now = datetime(2026, 1, 1, tzinfo=NY)
    for _ in range(520):
        day = now.date()
        while True:
            wall = datetime(day.year, day.month, day.day, 2, 30, tzinfo=NY)
            expected = wall.astimezone(ZoneInfo("UTC")).astimezone(NY)  # gap → 03:30 EDT
            if day.weekday() < 5 and expected >= now:
                break
            day += timedelta(days=1)
        assert trig.get_next_fire_time(None, now) == expected, now
        now += timedelta(hours=17)


def test_day_names_mean_what_they_say() -> None:
    sunday_evening = ScheduleSettings(day_of_week="sun,mon,tue,wed,thu", time="20:30")
    saturday = datetime(2026, 11, 28, 12, 0, tzinfo=NY)
    assert _next(sunday_evening, saturday) == datetime(2026, 11, 29, 20, 30, tzinfo=NY)


@pytest.mark.parametrize(
    "settings",
    [
        ScheduleSettings(time="25:00"),
        ScheduleSettings(day_of_week="someday"),
        ScheduleSettings(timezone="Mars/Olympus"),
    ],
)
def test_bad_schedule_is_a_config_error(settings: ScheduleSettings) -> None:
    with pytest.raises(ConfigError, match=r"\[schedule\] is invalid"):
        scheduler.trigger(settings)


def test_missed_runs_coalesce_into_one_and_never_overlap() -> None:
    calls: list[float] = []
    running, release, skipped, ready = (threading.Event() for _ in range(4))

    def job() -> str:
        calls.append(time.monotonic())
        running.set()
        release.wait(30)
        return "ok"

    sched = scheduler.build(ScheduleSettings(), job)
    sched.add_listener(lambda _: ready.set(), EVENT_SCHEDULER_STARTED)
    sched.add_listener(lambda _: skipped.set(), EVENT_JOB_MAX_INSTANCES)
    runner = threading.Thread(target=sched.start, daemon=True)
    runner.start()
    try:
        assert ready.wait(30)
        job_ = sched.get_job(scheduler.JOB_ID)
        assert (job_.coalesce, job_.max_instances) == (True, 1)
        # the machine slept through several fire times: one run, not a burst
        sched.modify_job(scheduler.JOB_ID, next_run_time=datetime.now(NY) - timedelta(hours=2))
        sched.wakeup()
        assert running.wait(30)
        sched.modify_job(scheduler.JOB_ID, next_run_time=datetime.now(NY))
        sched.wakeup()
        assert skipped.wait(30)  # the first run is still going: the second is skipped
        assert len(calls) == 1
    finally:
        release.set()
        sched.shutdown(wait=True)
        runner.join(30)


def _wait_for_line(stream: IO[str], text: str, seen: list[str], timeout: float = 120) -> None:
    """Read the child's stderr until a line contains `text` (a reader thread, so a child that
    says nothing cannot hang the test past `timeout`)."""
    found = threading.Event()

    def read() -> None:
        for line in stream:
            seen.append(line)
            if text in line:
                found.set()
                return

    threading.Thread(target=read, daemon=True).start()
    assert found.wait(timeout), "".join(seen)


def test_serve_stops_cleanly_on_sigterm(home: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "monitor", "serve"],
        env={"RADAR_HOME": str(home), "PATH": "/usr/bin:/bin", "RADAR_WEB_PORT": str(free_port())},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen: list[str] = []
    try:
        assert proc.stderr is not None
        _wait_for_line(proc.stderr, "radar serve: started", seen)  # signal handlers are set
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    finally:
        proc.kill()
    err = "".join(seen) + proc.stderr.read()
    assert proc.returncode == 0, err
    assert "radar serve: runs mon,tue,wed,thu,fri at 00:30 America/New_York" in err
    assert "received SIGTERM" in err and "radar serve: stopped" in err
