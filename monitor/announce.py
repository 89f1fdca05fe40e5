"""arXiv's announcement calendar: pure date arithmetic, no I/O.

arXiv announces new submissions Sunday to Thursday at 20:00 New York time; the RSS feed is
rebuilt at midnight with that announcement, dated the next day (Monday to Friday). Papers
submitted before the 14:00 cut-off of a weekday are announced that evening, so the feed dated D
carries the submissions between the cut-offs of the two weekdays before D. Holidays are not
known in advance: a weekday with an empty feed is a quiet day.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

NEW_YORK = ZoneInfo("America/New_York")
CUTOFF = time(14, 0)


def is_announcement_day(day: date) -> bool:
    """Feed dates are Monday to Friday."""
    return day.weekday() < 5


def previous_weekday(day: date) -> date:
    day -= timedelta(days=1)
    while day.weekday() >= 5:
        day -= timedelta(days=1)
    return day


def announcement_days(after: date, until: date) -> list[date]:
    """Announcement days strictly after `after` and strictly before `until`, oldest first."""
    days, day = [], after + timedelta(days=1)
    while day < until:
        if is_announcement_day(day):
            days.append(day)
        day += timedelta(days=1)
    return days


def days_between(first: date, last: date) -> list[date]:
    """Announcement days from `first` to `last`, both included."""
    return announcement_days(first - timedelta(days=1), last + timedelta(days=1))


def submission_window(day: date) -> tuple[datetime, datetime]:
    """UTC bounds [start, end) of the submissions announced in the feed dated `day`."""
    closes = previous_weekday(day)
    opens = previous_weekday(closes)
    start = datetime.combine(opens, CUTOFF, NEW_YORK).astimezone(UTC)
    end = datetime.combine(closes, CUTOFF, NEW_YORK).astimezone(UTC)
    return start, end


def feed_day(now: datetime) -> date:
    """The date of the feed arXiv serves at `now` (it turns over at midnight New York time)."""
    return now.astimezone(NEW_YORK).date()
