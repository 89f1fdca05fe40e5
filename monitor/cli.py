"""The `radar` command: parse arguments, load Settings, call one pipeline function, print.

This is the only module that prints and the only place errors become exit codes:
0 ok (a quiet day included), 1 unexpected radar error, 2 bad settings or input,
3 arXiv fetch failure, 4 delivery failure.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

import click
from tqdm import tqdm

from monitor import pipeline
from monitor.config import Settings, load_settings, masked
from monitor.errors import RadarError
from monitor.feeds import ArxivApi
from monitor.paper import ReadingList, ReadingPaper, Resolution, Status
from monitor.store import Store

T = TypeVar("T")


def _progress(items: Iterable[T], label: str, total: int) -> Iterable[T]:
    return tqdm(
        items, desc=label, total=total, unit="paper", file=sys.stderr, leave=False, disable=None
    )


class _Context:
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


@click.group()
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
    ctx.obj = _Context(config)


@cli.command("config")
@click.pass_obj
def config_cmd(obj: _Context) -> None:
    """Print the effective settings (secrets masked)."""
    settings = obj.settings
    click.echo(f"# settings file: {settings.config_file}")
    click.echo(f"# RADAR_HOME: {settings.home}")
    for section, values in masked(settings).items():
        click.echo(f"\n[{section}]")
        for key, value in values.items():
            click.echo(f"{key} = {json.dumps(value, ensure_ascii=False)}")


@cli.command("list")
@click.pass_obj
def list_cmd(obj: _Context) -> None:
    """Show the reading lists by section, with counts per status."""
    with obj.store() as store:
        reading = pipeline.load_reading(obj.settings, store)
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
def sync_cmd(obj: _Context, curated: Path | None, offline: bool, refresh: bool) -> None:
    """Resolve reading-list papers to arXiv ids and abstracts (cached in the store)."""
    api = None if offline else ArxivApi(obj.settings.arxiv)
    with obj.store() as store:
        report = pipeline.sync(obj.settings, store, api, curated, refresh, _progress)
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


def main() -> None:
    """Entry point of the `radar` console script."""
    try:
        cli.main(standalone_mode=False, prog_name="radar")
    except click.exceptions.Abort:
        click.echo("radar: aborted", err=True)
        sys.exit(130)
    except click.ClickException as err:
        err.show()
        sys.exit(err.exit_code)
    except RadarError as err:
        click.echo(f"radar: error: {err}", err=True)
        sys.exit(err.exit_code)
