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
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import click

from monitor.assets import demo_curated, demo_feed
from monitor.config import Settings, load_settings, masked
from monitor.errors import ConfigError, RadarError
from monitor.home import default_home, init_home
from monitor.paper import ReadingList, ReadingPaper, Resolution, Status
from monitor.reading_list import load_reading_lists
from monitor.validate import problems

if TYPE_CHECKING:
    from monitor.store import Store


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
        from monitor.store import Store

        return Store.open(self.settings.database_path)


class _Commands(click.Group):
    """The daily commands, plus the operator's and the lab's, imported only when used."""

    # name: (module, attribute, the one-line help `radar --help` shows without importing it)
    LAZY: ClassVar[dict[str, tuple[str, str, str]]] = {
        "run": ("monitor.cli_daily", "run_cmd", "The daily job, once: poll, rank, write, deliver."),
        "digest": ("monitor.cli_daily", "digest_cmd", "Render a polled day's digest again."),
        "send": (
            "monitor.cli_daily",
            "send_cmd",
            "Deliver every written digest not yet delivered.",
        ),
        "poll": ("monitor.cli_daily", "poll_cmd", "Fetch the day's new papers into the store."),
        "backfill": ("monitor.cli_daily", "backfill_cmd", "Fetch history day by day (resumable)."),
        "serve": ("monitor.cli_daily", "serve_cmd", "The daily job on a schedule, and the page."),
        "sync": ("monitor.cli_daily", "sync_cmd", "Resolve reading-list papers to arXiv."),
        "rank": ("monitor.lab.cli", "rank_cmd", "Rank candidate papers against a profile (JSONL)."),
        "eval": ("monitor.lab.cli", "eval_cmd", "The ranking benchmark on real data (--data)."),
        "bench": ("monitor.lab.cli", "bench_cmd", "Speed and memory benchmarks (--data)."),
        "doctor": ("monitor.cli_ops", "doctor_cmd", "Check this home and say what to run."),
        "backup": ("monitor.cli_ops", "backup_cmd", "A consistent copy of the database."),
        "web": ("monitor.cli_ops", "web_cmd", "Serve the triage page (127.0.0.1:8765)."),
        "affiliations": (
            "monitor.cli_ops",
            "affiliations_cmd",
            "Institutions of a local paper's LaTeX or PDF.",
        ),
        "triage": ("monitor.cli_triage", "triage_cmd", "List the day's papers, or decide on one."),
        "promote": ("monitor.cli_triage", "promote_cmd", "Add a paper to your reading list."),
        "undo": ("monitor.cli_triage", "undo_cmd", "Revert the last triage action."),
        "export": ("monitor.cli_triage", "export_cmd", "Shortlisted papers as BibTeX."),
        "feedback": (
            "monitor.cli_triage",
            "feedback_cmd",
            "What the ranker learned from you; --reset clears it.",
        ),
    }

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the table above: `radar --help` imports none of them."""
        rows = [(name, self.LAZY[name][2]) for name in self.LAZY]
        for name in super().list_commands(ctx):
            command = super().get_command(ctx, name)
            rows.append((name, command.get_short_help_str(60) if command else ""))
        with formatter.section("Commands"):
            formatter.write_dl(sorted(rows))

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.LAZY])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.LAZY:
            module, name, _ = self.LAZY[cmd_name]
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
        reading = load_reading_lists(obj.settings.reading_list_paths, obj.settings.home)
        resolutions = store.resolutions()
    print_problems(reading)
    _print_sections(reading, resolutions)
    _print_totals(reading, resolutions)


def print_problems(reading: ReadingList) -> None:
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
