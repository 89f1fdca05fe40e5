"""Triage: the reader's decision on each candidate paper, and the rules between them (pure).

States: new → shortlisted → promoted, or dismissed (with a reason), or snoozed until a day
(on that day it comes back as new). Promoted is final except through `radar undo`, because
it wrote a row into the reader's list. Every change is one journal row (see `actions.py`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import date
from enum import Enum

from monitor.errors import InputError

REASONS = ("off-topic", "weak", "known")


class TriageState(Enum):
    NEW = "new"
    SHORTLISTED = "shortlisted"
    PROMOTED = "promoted"
    DISMISSED = "dismissed"
    SNOOZED = "snoozed"


@dataclass(frozen=True)
class Triage:
    """A paper's current decision; `until` only when snoozed, `reason` only when dismissed."""

    state: TriageState = TriageState.NEW
    until: date | None = None
    reason: str | None = None
    note: str = ""

    def to_json(self) -> str:
        return json.dumps(
            {
                "state": self.state.value,
                "until": self.until.isoformat() if self.until else None,
                "reason": self.reason,
                "note": self.note,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Triage:
        data = json.loads(text)
        until = date.fromisoformat(data["until"]) if data.get("until") else None
        return cls(TriageState(data["state"]), until, data.get("reason"), data.get("note", ""))

    def label(self) -> str:
        if self.state is TriageState.SNOOZED and self.until:
            return f"snoozed until {self.until}"
        if self.state is TriageState.DISMISSED and self.reason:
            return f"dismissed ({self.reason})"
        return self.state.value


def _open(current: Triage, paper_id: str) -> None:
    if current.state is TriageState.PROMOTED:
        raise InputError(f"{paper_id} is already promoted; `radar undo` reverts a promotion")


def shortlist(current: Triage, paper_id: str) -> Triage:
    _open(current, paper_id)
    return replace(current, state=TriageState.SHORTLISTED, until=None, reason=None)


def dismiss(current: Triage, paper_id: str, reason: str | None) -> Triage:
    _open(current, paper_id)
    if reason is not None and reason not in REASONS:
        raise InputError(f"unknown reason {reason!r}: use one of {', '.join(REASONS)}")
    return replace(current, state=TriageState.DISMISSED, until=None, reason=reason)


def snooze(current: Triage, paper_id: str, until: date, today: date) -> Triage:
    _open(current, paper_id)
    if until <= today:
        raise InputError(f"snooze until a later day than {today}, not {until}")
    return replace(current, state=TriageState.SNOOZED, until=until, reason=None)


def annotate(current: Triage, text: str) -> Triage:
    return replace(current, note=" ".join(text.split()))


def promote(current: Triage, paper_id: str) -> Triage:
    _open(current, paper_id)
    return replace(current, state=TriageState.PROMOTED, until=None, reason=None)


def may_be_picked(current: Triage, day: date) -> bool:
    """Whether a digest of `day` may pick the paper: never once promoted or dismissed; a
    snoozed paper only from its day on."""
    if current.state in (TriageState.PROMOTED, TriageState.DISMISSED):
        return False
    return not (current.state is TriageState.SNOOZED and current.until and current.until > day)


def updated_label_kept(current: Triage) -> bool:
    """A new version of a known paper is shown as 'updated' only if the reader cared."""
    return current.state in (TriageState.SHORTLISTED, TriageState.PROMOTED)
