"""`radar doctor` and `radar backup`: the operator's commands, loaded by `cli.py` when used.

Like `cli.py`, they only parse arguments, call one function and print.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from monitor.errors import RadarError

if TYPE_CHECKING:
    from monitor.cli import Context


class UnhealthyError(RadarError):
    """`radar doctor` found something that needs fixing."""


@click.command("doctor")
@click.pass_obj
def doctor_cmd(obj: Context) -> None:
    """Check the settings, reading lists, database, stages, deliveries and leftover files, and
    say what to run. Changes nothing; exit 1 when something needs fixing."""
    from monitor.config import load_settings
    from monitor.doctor import check

    findings = check(load_settings(obj.config, validate=False))
    for finding in findings:
        click.echo(str(finding))
    errors = sum(1 for f in findings if f.level == "error")
    if errors:
        raise UnhealthyError(f"{errors} problem(s) need fixing (see above)")


@click.command("backup")
@click.argument("target", type=click.Path(path_type=Path))
@click.pass_obj
def backup_cmd(obj: Context, target: Path) -> None:
    """Write a consistent copy of the database to TARGET (safe while radar runs)."""
    from monitor.doctor import backup

    click.echo(f"backup written: {backup(obj.settings, target)}")


@click.command("affiliations")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "jsonl"]), default="text",
              show_default=True)  # fmt: skip
def affiliations_cmd(path: Path, fmt: str) -> None:
    """The institutions of a local paper (e-print .tar.gz or .gz, folder, .tex or .pdf), in
    order of first appearance, as the digest finds them: `English(中文)` per line, or JSONL
    {name, zh, source}. Offline."""
    import json

    from monitor.daily import gazetteer
    from monitor.local_paper import institutions

    located = institutions(path, gazetteer())
    if not located:  # said on stderr, so a script reading stdout gets nothing
        click.echo(f"radar: no institution found in {path}", err=True)
    for found in located:
        i = found.institution
        if fmt == "jsonl":
            record = {"name": i.english, "zh": i.chinese, "source": found.source}
            click.echo(json.dumps(record, ensure_ascii=False))
        else:
            click.echo(i.label())


@click.command("web")
@click.option("--host", help="Address to listen on (default: [web] host, 127.0.0.1).")
@click.option("--port", type=int, help="Port (default: [web] port, 8765).")
@click.pass_obj
def web_cmd(obj: Context, host: str | None, port: int | None) -> None:
    """Serve the triage page: today's picks as cards, the rest of the day, shortlist, history,
    search. Loopback only unless RADAR_WEB_TOKEN is set."""
    from monitor.web.server import serve_forever

    settings = obj.settings
    host, port = host or settings.web.host, port or settings.web.port
    click.echo(f"radar web: http://{host}:{port}/  (Ctrl-C stops it)", err=True)
    serve_forever(settings, host, port)
