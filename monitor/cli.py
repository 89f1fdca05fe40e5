"""The `radar` command: parse arguments, load Settings, call one function, print.

With `lab/cli.py` (rank, eval, bench; loaded only when asked for) this is the only code that
prints, and `main` is the only place errors become exit codes: 0 ok (a quiet day included),
1 other radar error, 2 bad settings or input, 3 arXiv fetch failure, 4 delivery failure,
5 feed unusable.
"""

from __future__ import annotations

import importlib
import json
import logging
import sys
from collections.abc import Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import ClassVar

import click

from monitor import daily, scheduler, sync
from monitor.announce import feed_day
from monitor.assets import demo_curated, demo_feed
from monitor.config import Settings, load_settings, masked
from monitor.daily import RunReport
from monitor.deliver import deliver
from monitor.errors import ConfigError, InputError, RadarError
from monitor.feeds import ArxivApi, ArxivFiles, ArxivRss, ListingFile
from monitor.home import default_home, init_home
from monitor.paper import DayResult, ReadingList, ReadingPaper, Resolution, RunStatus, Status
from monitor.poll import PollReport, backfill, poll
from monitor.progress import bar
from monitor.ranker import make_embedder
from monitor.store import Store
from monitor.validate import problems


class Context:
    def __init__(self, config: Path | None) -> None:
        self.config = config
        self._settings: Settings | None = None

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = load_settings(self.config)
        return self._settings

    def store(self) -> Store:
        return Store.open(self.settings.database_path)


class _Commands(click.Group):
    """The daily commands, plus the operator's and the lab's, imported only when used."""

    LAZY: ClassVar[dict[str, tuple[str, str]]] = {
        "rank": ("monitor.lab.cli", "rank_cmd"),
        "eval": ("monitor.lab.cli", "eval_cmd"),
        "bench": ("monitor.lab.cli", "bench_cmd"),
        "doctor": ("monitor.cli_ops", "doctor_cmd"),
        "backup": ("monitor.cli_ops", "backup_cmd"),
        "web": ("monitor.cli_ops", "web_cmd"),
        "triage": ("monitor.cli_triage", "triage_cmd"),
        "promote": ("monitor.cli_triage", "promote_cmd"),
        "undo": ("monitor.cli_triage", "undo_cmd"),
        "export": ("monitor.cli_triage", "export_cmd"),
    }

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.LAZY])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.LAZY:
            module, name = self.LAZY[cmd_name]
            command: click.Command = getattr(importlib.import_module(module), name)
            return command
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Commands)
@click.option(
    "--config",
    type=click.Path(path_type=Path),
    help="Settings file (default: RADAR_HOME/radar.toml).",
)
@click.option("-v", "--verbose", count=True, help="Log more (-v info, -vv debug).")
@click.version_option(package_name="arxiv-radar")
@click.pass_context
def cli(ctx: click.Context, config: Path | None, verbose: int) -> None:
    """arxiv-radar: new arXiv papers ranked against your reading list."""
    level = [logging.WARNING, logging.INFO, logging.DEBUG][min(verbose, 2)]
    logging.basicConfig(level=level, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    ctx.obj = Context(config)


def _day(value: datetime | None) -> date:
    return value.date() if value else feed_day(datetime.now(UTC))


def _poll_once(obj: Context, day: date) -> PollReport:
    settings = obj.settings
    rss, api = ArxivRss(settings.arxiv), ArxivApi(settings.arxiv)
    with obj.store() as store:
        return poll(settings, store, rss, api, day, bar)


def _print_poll(report: PollReport) -> None:
    for result in report.days:
        click.echo(describe_day(result))
    click.echo(f"{report.requests} requests to arXiv in {report.seconds:.1f} s")


def describe_day(result: DayResult) -> str:
    """One line per polled day, the same in the terminal and in `radar serve`'s log."""
    if result.status is RunStatus.DONE_BEFORE:
        return f"{result.day}: already polled; nothing to do"
    if result.status is RunStatus.QUIET:
        return f"{result.day}: quiet, {result.note}"
    via = "RSS" if result.source == "rss" else "API catch-up"
    return (
        f"{result.day}: {result.new} new, {result.cross} cross-listed, "
        f"{result.replaced} replaced ({via})"
    )


_DATE = click.DateTime(["%Y-%m-%d"])


def _days(days: Sequence[date]) -> str:
    return ", ".join(d.isoformat() for d in days)


def _clients(settings: Settings, listing: ArxivRss | ListingFile, offline: bool) -> daily.Clients:
    sources = settings.digest.source_affiliations and not offline
    llm = daily.summarizer(settings)
    if offline and llm is not None:
        logging.getLogger("monitor").warning(
            "offline: the LLM is not asked; summaries are extractive and in English"
        )
    return daily.Clients(
        listing=listing,
        api=None if offline else ArxivApi(settings.arxiv),
        files=ArxivFiles(settings.arxiv) if sources else None,
        llm=None if offline else llm,
        load_model=lambda: make_embedder(settings),
    )


def _run_once(obj: Context, day: date | None, feed: Path | None, offline: bool) -> RunReport:
    settings = obj.settings
    source = ListingFile(feed) if feed else ArxivRss(settings.arxiv)
    if day is None:
        day = (source.listing(settings.arxiv.categories).day if feed else None) or feed_day(
            datetime.now(UTC)
        )
    with obj.store() as store:
        return daily.run(settings, store, _clients(settings, source, offline), day, bar)


def _print_run(report: RunReport) -> None:
    _print_poll(report.poll)
    for item in report.resumed:
        click.echo(f"{item.day}: finished what an earlier run left (stopped after {item.stage})")
    for path in report.written:
        click.echo(f"written: {path}")
    for claim in report.delivered:
        click.echo(f"delivered: digest of {claim.day} to {claim.recipient}")


@cli.command("run")
@click.option("--date", "when", type=_DATE, help="Announcement day (default: today in New York).")
@click.option(
    "--feed",
    type=click.Path(path_type=Path),
    help="Read the day's listing from this saved RSS/Atom file instead of arXiv.",
)
@click.option(
    "--offline",
    is_flag=True,
    help="No network but the listing: no API catch-up or metadata, no paper sources, no LLM "
    "(with --feed: no network at all).",
)
@click.pass_obj
def run_cmd(obj: Context, when: datetime | None, feed: Path | None, offline: bool) -> None:
    """The daily job, once: poll, rank, write the digest, deliver. Safe to repeat; a quiet
    day exits 0."""
    _print_run(_run_once(obj, when.date() if when else None, feed, offline))


@cli.command("digest")
@click.option("--date", "when", type=_DATE, help="Announcement day (default: the last polled).")
@click.option("--offline", is_flag=True, help="Use only what the store has: no arXiv, no LLM.")
@click.pass_obj
def digest_cmd(obj: Context, when: datetime | None, offline: bool) -> None:
    """Render a polled day's digest again (Markdown, HTML, JSON, feed) without polling or
    sending: after editing the reading list, say."""
    settings = obj.settings
    with obj.store() as store:
        day = when.date() if when else store.last_polled(date.max)
        if day is None:
            raise InputError("nothing polled yet; run `radar run` first")
        clients = _clients(settings, ArxivRss(settings.arxiv), offline)
        for path in daily.render_again(settings, store, clients, day, bar):
            click.echo(f"written: {path}")


@cli.command("send")
@click.pass_obj
def send_cmd(obj: Context) -> None:
    """Deliver every written digest not yet delivered (after an SMTP failure, say)."""
    with obj.store() as store:
        done = deliver(obj.settings, store)
    for claim in done:
        click.echo(f"delivered: digest of {claim.day} to {claim.recipient}")
    if not done:
        click.echo("nothing to deliver")


@cli.command("poll")
@click.option("--date", "when", type=_DATE, help="Announcement day (default: today in New York).")
@click.pass_obj
def poll_cmd(obj: Context, when: datetime | None) -> None:
    """Fetch the day's new papers (and any missed days) into the store, nothing else."""
    _print_poll(_poll_once(obj, _day(when)))


@cli.command("backfill")
@click.option("--from", "first", type=_DATE, required=True, help="First announcement day.")
@click.option("--to", "last", type=_DATE, required=True, help="Last announcement day.")
@click.pass_obj
def backfill_cmd(obj: Context, first: datetime, last: datetime) -> None:
    """Fetch history day by day through the API; resumable after an interruption."""
    with obj.store() as store:
        report = backfill(
            obj.settings, store, ArxivApi(obj.settings.arxiv), first.date(), last.date(), bar
        )
    _print_poll(report)


@cli.command("serve")
@click.pass_obj
def serve_cmd(obj: Context) -> None:
    """Run the daily job on the configured schedule until SIGTERM/SIGINT."""
    logging.getLogger("monitor").setLevel(logging.INFO)

    def job() -> str:
        try:
            report = _run_once(obj, None, None, offline=False)
        except RadarError as err:
            return f"failed: {err}"
        days = "; ".join(describe_day(r) for r in report.poll.days)
        sent = ", ".join(f"{c.day} to {c.recipient}" for c in report.delivered)
        return f"{days}; delivered: {sent or 'nothing'}"

    from monitor.web.server import serve_in_thread

    serve_in_thread(obj.settings)
    scheduler.serve(scheduler.build(obj.settings.schedule, job))


@cli.command("config")
@click.option("--check", is_flag=True, help="List every problem of the settings; exit 2 if any.")
@click.pass_obj
def config_cmd(obj: Context, check: bool) -> None:
    """Print the effective settings (secrets masked), or check them."""
    if check:
        settings = load_settings(obj.config, validate=False)
        found = problems(settings)
        for problem in found:
            click.echo(f"{settings.config_file}: {problem}")
        if found:
            raise ConfigError(f"{len(found)} problem(s) in the settings (listed above)")
        click.echo(f"{settings.config_file}: settings ok")
        return
    settings = obj.settings
    click.echo(f"# settings file: {settings.config_file}")
    click.echo(f"# RADAR_HOME: {settings.home}")
    for section, values in masked(settings).items():
        click.echo(f"\n[{section}]")
        for key, value in values.items():
            click.echo(f"{key} = {json.dumps(value, ensure_ascii=False)}")


@cli.command("list")
@click.pass_obj
def list_cmd(obj: Context) -> None:
    """Show the reading lists by section, with counts per status."""
    with obj.store() as store:
        reading = sync.load_reading(obj.settings)
        resolutions = store.resolutions()
    _print_problems(reading)
    _print_sections(reading, resolutions)
    _print_totals(reading, resolutions)


@cli.command("sync")
@click.option(
    "--from-jsonl",
    "curated",
    type=click.Path(path_type=Path),
    help="JSONL of already-resolved papers (title, arxiv_id, abstract, …), used first.",
)
@click.option("--offline", is_flag=True, help="Do not query arXiv; use the cache and file only.")
@click.option("--refresh", is_flag=True, help="Ignore cached resolutions.")
@click.pass_obj
def sync_cmd(obj: Context, curated: Path | None, offline: bool, refresh: bool) -> None:
    """Resolve reading-list papers to arXiv ids and abstracts (cached in the store)."""
    api = None if offline else ArxivApi(obj.settings.arxiv)
    with obj.store() as store:
        report = sync.sync(obj.settings, store, api, curated, refresh, bar)
    _print_problems(report.reading)
    found = sum(1 for r in report.resolutions.values() if r.paper)
    click.echo(
        f"{len(report.reading.papers)} reading-list papers: {found} resolved to arXiv "
        f"({report.cached} from cache), {len(report.unresolved)} without an arXiv version, "
        f"{len(report.pending)} not looked up; {report.requests} arXiv requests."
    )
    for paper in report.unresolved:
        click.echo(f"  no arXiv version: {paper.title}  ({paper.entries[0].source})")
    for paper in report.pending:
        click.echo(f"  not looked up (offline): {paper.title}  ({paper.entries[0].source})")


def _print_problems(reading: ReadingList) -> None:
    for problem in reading.problems:
        click.echo(f"warning: {problem}", err=True)


def _marks(paper: ReadingPaper) -> str:
    return ("✅" if paper.status is Status.READ else "⬜") + ("📝" if paper.noted else "  ")


def _print_sections(reading: ReadingList, resolutions: dict[str, Resolution]) -> None:
    by_section: dict[tuple[str, str], list[ReadingPaper]] = {}
    files = list(dict.fromkeys(e.source.file for e in reading.entries))
    rows = sorted(
        ((e, p) for p in reading.papers for e in p.entries),
        key=lambda r: (files.index(r[0].source.file), r[0].source.line),
    )
    for entry, paper in rows:
        by_section.setdefault((entry.list_title, entry.section_label), []).append(paper)
    current_list = None
    for (list_title, section), papers in by_section.items():
        if list_title != current_list:
            click.echo(f"\n{list_title}")
            current_list = list_title
        read = sum(1 for p in papers if p.status is Status.READ)
        noted = sum(1 for p in papers if p.noted)
        click.echo(
            f"\n  {section or '(no section)'}  — {len(papers)}: {read} read, "
            f"{len(papers) - read} to read, {noted} noted"
        )
        for paper in papers:
            resolution = resolutions.get(paper.key)
            arxiv_id = resolution.paper.id if resolution and resolution.paper else "-"
            click.echo(f"    {_marks(paper)} {arxiv_id:<11} {paper.title}")


def _print_totals(reading: ReadingList, resolutions: dict[str, Resolution]) -> None:
    papers = reading.papers
    read = sum(1 for p in papers if p.status is Status.READ)
    noted = sum(1 for p in papers if p.noted)
    shared = sum(1 for p in papers if len({e.list_title for e in p.entries}) > 1)
    resolved = sum(1 for p in papers if p.key in resolutions and resolutions[p.key].paper)
    click.echo(
        f"\n{len(papers)} papers in {len(reading.entries)} rows ({shared} in more than one "
        f"list): {read} read, {len(papers) - read} to read, {noted} with notes; "
        f"{resolved} resolved to arXiv."
    )


@cli.command("init")
@click.argument("directory", type=click.Path(path_type=Path), required=False)
@click.option(
    "--from",
    "from_list",
    type=click.Path(path_type=Path),
    help="Start the reading list as a copy of this Markdown file.",
)
def init_cmd(directory: Path | None, from_list: Path | None) -> None:
    """Make a home: radar.toml (every key documented), data/reading_list.md, digests/.
    Default: RADAR_HOME, else the platform's user data folder. Existing files are kept."""
    target = (directory or default_home()).expanduser().resolve()
    report = init_home(target, from_list)
    for path in report.created:
        click.echo(f"created: {path}")
    if not report.created:
        click.echo(f"{target} is already a radar home; nothing changed")
    click.echo(
        f"\nEdit {report.reading_list}, then use this home with\n"
        f"  export RADAR_HOME={target}\n"
        "Try it offline on a recorded arXiv day:\n"
        f"  radar sync --offline --from-jsonl {demo_curated()}\n"
        f"  radar run --offline --feed {demo_feed()}"
    )


def run_cli(args: Sequence[str] | None = None) -> int:
    """Run one `radar` command line and return its exit code (errors become one line)."""
    try:
        result = cli.main(args=args, standalone_mode=False, prog_name="radar")
    except click.exceptions.Abort:
        click.echo("radar: aborted", err=True)
        return 130
    except click.ClickException as err:
        err.show()
        return err.exit_code
    except RadarError as err:
        click.echo(f"radar: error: {err}", err=True)
        return err.exit_code
    return result if isinstance(result, int) else 0


def main() -> None:
    """Entry point of the `radar` console script."""
    sys.exit(run_cli())
