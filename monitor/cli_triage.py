"""`radar triage`, `radar promote`, `radar undo`, `radar export`: the reader's commands, loaded
by `cli.py` when used. Like it, they parse, call one function in `actions.py`, print."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

from monitor.relevance import label
from monitor.triage import REASONS, TriageState

if TYPE_CHECKING:
    from monitor.actions import Row
    from monitor.cli import Context

_DATE = click.DateTime(["%Y-%m-%d"])
_STATES = click.Choice([s.value for s in TriageState])


def _today() -> date:
    """The reader's calendar day (local time), as the web page takes it."""
    return date.today()


@click.command("triage")
@click.argument("paper_id", required=False)
@click.option("--date", "when", type=_DATE, help="Digest day to list (default: the last).")
@click.option("--state", type=_STATES, help="List only papers in this state.")
@click.option("--shortlist", "action", flag_value="shortlist", help="Keep it for later.")
@click.option("--dismiss", "action", flag_value="dismiss", help="Not for me.")
@click.option("--reason", type=click.Choice(REASONS), help="Why it was dismissed.")
@click.option("--snooze", "until", type=_DATE, help="Hide it until this day.")
@click.option("--note", help="A note on the paper (kept with it; used when promoted).")
@click.pass_obj
def triage_cmd(obj: Context, paper_id: str | None, when: datetime | None, state: str | None,
               action: str | None, reason: str | None, until: datetime | None,
               note: str | None) -> None:  # fmt: skip
    """List the day's picks and candidates with their state, or act on one paper."""
    from monitor import actions

    with obj.store() as store:
        if paper_id is None:
            day, rows = actions.day_rows(store, when.date() if when else None, state)
            _print_rows(day, rows)
            return
        kind = action or ("snooze" if until else "note" if note is not None else None)
        if kind is None:
            raise click.UsageError("give --shortlist, --dismiss, --snooze DAY or --note TEXT")
        done = actions.act(store, paper_id, kind, reason=reason, note=note,
                           until=until.date() if until else None, today=_today())  # fmt: skip
    click.echo(done.message)


def _print_rows(day: date | None, rows: list[Row]) -> None:
    click.echo(f"# {day}: {len(rows)} papers" if day else f"# {len(rows)} papers")
    for row in rows:
        ranked = row.ranked
        mark = "*" if ranked and ranked.picked else " "
        chance = ranked.relevance if ranked else None
        score = (f"{label(chance):<15}" if chance is not None
                 else f"score {ranked.score:<9.2f}" if ranked else f"{'-':<15}")  # fmt: skip
        section = ranked.section if ranked else ""
        click.echo(f"{mark} {row.paper.id:<11} {row.triage.label():<22} {score}  "
                   f"{section[:34]:<34}  {row.paper.title[:70]}")  # fmt: skip


@click.command("promote")
@click.argument("paper_id")
@click.option("--section", help='Section to add it to, e.g. "LLM Training / Distributed Training" '
              "(default: the one the ranker suggests).")  # fmt: skip
@click.option("--list", "list_name", help="Reading list file (default: the first configured).")
@click.option("--note", help="Why it matters (default: its note, else its summary).")
@click.option("--new-section", is_flag=True, help="Create the section if the list lacks it.")
@click.pass_obj
def promote_cmd(obj: Context, paper_id: str, section: str | None, list_name: str | None,
                note: str | None, new_section: bool) -> None:  # fmt: skip
    """Add the paper to your reading list (one new row; nothing else in the file changes)."""
    from monitor import actions

    with obj.store() as store:
        done = actions.promote_paper(obj.settings, store, paper_id, section=section,
                                     list_name=list_name, note=note,
                                     new_section=new_section)  # fmt: skip
    click.echo(done.message)


@click.command("undo")
@click.pass_obj
def undo_cmd(obj: Context) -> None:
    """Revert the last triage action (a promotion's row leaves the list again)."""
    from monitor import actions

    with obj.store() as store:
        click.echo(actions.undo(obj.settings, store))


@click.command("export")
@click.option("--bibtex", is_flag=True, required=True, help="BibTeX as arXiv recommends it.")
@click.option("--state", type=click.Choice(["shortlisted", "promoted"]), default="shortlisted",
              show_default=True)  # fmt: skip
@click.option("--date", "when", type=_DATE, help="Only papers of this digest day.")
@click.option("--output", type=click.Path(path_type=Path), help="Write here instead of stdout.")
@click.pass_obj
def export_cmd(obj: Context, bibtex: bool, state: str, when: datetime | None,
               output: Path | None) -> None:  # fmt: skip
    """Export shortlisted (or promoted) papers as BibTeX."""
    from monitor import actions
    from monitor.bibtex import entry
    from monitor.digest import write_atomic

    with obj.store() as store:
        _, rows = actions.day_rows(store, when.date() if when else None, state)
    text = "\n".join(entry(r.paper) for r in rows)
    if output:
        write_atomic(output, text)
        click.echo(f"written: {output} ({len(rows)} entries)")
    else:
        click.echo(text, nl=False)


@click.command("feedback")
@click.option("--reset", is_flag=True, help="Forget what the ranker learned from your decisions "
              "so far (the decisions stay; `radar undo` brings the lessons back).")  # fmt: skip
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@click.pass_obj
def feedback_cmd(obj: Context, reset: bool, yes: bool) -> None:
    """What the ranker learns from your triage decisions; --reset clears it."""
    from monitor import actions
    from monitor.ranker import store_judged

    with obj.store() as store:
        if reset:
            count = len(store_judged(store))
            if not yes:
                click.confirm(f"Forget what was learned from {count} decisions?", abort=True)
            click.echo(actions.reset_feedback(store, count))
        for line in actions.feedback_summary(obj.settings, store):
            click.echo(line)
