"""`radar serve`: APScheduler 3.x running the daily job on arXiv's schedule.

One job, a cron trigger with day *names* (in APScheduler 3.x `day_of_week=0` is Monday, not
Sunday), missed runs coalesced into one, never two at a time, and a clean stop on SIGTERM or
SIGINT. Each run's result or error is logged; an error never stops the service.
"""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Callable
from datetime import datetime, timedelta
from datetime import time as dt_time
from types import FrameType
from zoneinfo import ZoneInfo

from apscheduler.events import (
    EVENT_JOB_ERROR,
    EVENT_JOB_EXECUTED,
    JobExecutionEvent,
)
from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.triggers.cron import CronTrigger

from monitor.config import ScheduleSettings
from monitor.errors import ConfigError

log = logging.getLogger(__name__)
JOB_ID = "radar-run"


class DstSafeCronTrigger(CronTrigger):  # type: ignore[misc]
    """CronTrigger that does not skip the first matching day after a spring-forward change.

    APScheduler 3.11's CronTrigger, asked from before the change, answers a day late
    (weekdays at 00:30 New York: Tuesday 2026-03-10 instead of Monday the 9th; a Monday-only
    job loses a week). Asking again from each local midnight in between finds the right one.
    """

    def get_next_fire_time(
        self, previous_fire_time: datetime | None, now: datetime
    ) -> datetime | None:
        fire: datetime | None = super().get_next_fire_time(previous_fire_time, now)
        start = (
            now
            if previous_fire_time is None
            else max(now, previous_fire_time + timedelta(microseconds=1))
        )
        day = start.astimezone(self.timezone).date() + timedelta(days=1)
        while fire is not None and day <= fire.astimezone(self.timezone).date():
            midnight = datetime.combine(day, dt_time(), self.timezone)
            candidate: datetime | None = super().get_next_fire_time(None, midnight)
            if candidate is not None and start <= candidate < fire:
                return candidate
            day += timedelta(days=1)
        return fire


def trigger(settings: ScheduleSettings) -> CronTrigger:
    """The cron trigger for `settings`; a bad day list, time or zone is a ConfigError."""
    try:
        hour, minute = (int(part) for part in settings.time.split(":"))
        return DstSafeCronTrigger(
            day_of_week=settings.day_of_week,
            hour=hour,
            minute=minute,
            timezone=ZoneInfo(settings.timezone),
        )
    except (ValueError, KeyError) as err:
        raise ConfigError(f"[schedule] is invalid: {err}") from err


def build(settings: ScheduleSettings, job: Callable[[], object]) -> BackgroundScheduler:
    """A scheduler with the daily job added, not yet started."""
    scheduler = BackgroundScheduler(
        job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": 6 * 3600}
    )
    scheduler.add_job(job, trigger(settings), id=JOB_ID, name="radar run")
    scheduler.add_listener(_log_result, EVENT_JOB_EXECUTED | EVENT_JOB_ERROR)
    log.info(
        "radar serve: runs %s at %s %s", settings.day_of_week, settings.time, settings.timezone
    )
    return scheduler


def serve(scheduler: BackgroundScheduler) -> None:
    """Run until SIGTERM or SIGINT, letting a running job finish first.

    The handlers do nothing but let Python's C-level handler write the signal's number to a
    pipe (`signal.set_wakeup_fd`), which the main thread reads: no Python code runs in the
    middle of the scheduler's locking (stopping it from a handler can deadlock), and a
    signal sent at any moment, even while the service starts, is taken."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    signal.set_wakeup_fd(write_end)
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, _noted)
    scheduler.start()
    job = scheduler.get_job(JOB_ID)
    upcoming = job.next_run_time.isoformat() if job and job.next_run_time else "none"
    log.info("radar serve: started; next run %s", upcoming)
    received = os.read(read_end, 1)[0]
    for signum in (signal.SIGTERM, signal.SIGINT):  # a second signal stops at once
        signal.signal(signum, signal.SIG_DFL)
    log.info("received %s; stopping after the current run", signal.Signals(received).name)
    scheduler.shutdown(wait=True)
    log.info("radar serve: stopped")


def _noted(signum: int, frame: FrameType | None) -> None:
    """The signal is taken through the wakeup pipe; nothing to do here."""


def _log_result(event: JobExecutionEvent) -> None:
    if event.exception is not None:
        log.error("scheduled run failed: %s", event.exception)
    else:
        log.info("scheduled run finished: %s", event.retval)
