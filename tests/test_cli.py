"""The `radar` entry point end to end: list, sync offline, sync against a local arXiv API."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from monitor.assets import demo_curated

from .conftest import run_radar
from .servers import Reply, http_server

CURATED = demo_curated()
API_SAMPLE = "arxiv_api/misc_2025_2026/2026-07-13_cat-csAI-OR-csLG_max50.xml"


def _resolved(home: Path) -> dict[str, tuple[str | None, str]]:
    conn = sqlite3.connect(home / "data" / "radar.db")
    rows = conn.execute("SELECT title, arxiv_id, method FROM resolved").fetchall()
    conn.close()
    return {t: (i, m) for t, i, m in rows}


def test_list_shows_sections_with_status_counts(home: Path) -> None:
    result = run_radar("list", home=home)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "LLM Training / Distributed Training  — 18: 1 read, 17 to read, 1 noted" in out
    assert "一、并行策略基础  — 6: 0 read, 6 to read, 0 noted" in out
    assert (
        "65 papers in 83 rows (18 in more than one list): 8 read, 57 to read, 5 with notes" in out
    )
    assert out.index("分布式训练与 MoE · 论文") < out.index("分布式并行训练必读经典论文")


def test_python_dash_m_and_console_script_agree(home: Path) -> None:
    import subprocess
    import sys

    script = Path(sys.executable).parent / "radar"
    via_script = subprocess.run(
        [str(script), "list"],
        capture_output=True,
        text=True,
        check=False,
        env={"RADAR_HOME": str(home), "PATH": "/usr/bin:/bin"},
    )
    assert via_script.returncode == 0, via_script.stderr
    assert via_script.stdout == run_radar("list", home=home).stdout


def test_malformed_row_is_a_warning_and_the_rest_loads(home: Path) -> None:
    path = home / "data" / "reading_list.md"
    lines = path.read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("| ⬜ | Mixed Precision"))
    lines[row] = "| ⬜ | Mixed Precision Training | ICLR'18 |"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_radar("list", home=home)
    assert result.returncode == 0
    assert f"warning: data/reading_list.md:{row + 1}: expected 5 cells, found 3" in result.stderr
    assert "65 papers in 82 rows" in result.stdout  # still listed in the classic list


def test_offline_sync_from_curated_jsonl(home: Path) -> None:
    result = run_radar("sync", "--offline", "--from-jsonl", str(CURATED), home=home)
    assert result.returncode == 0, result.stderr
    assert (
        "65 reading-list papers: 44 resolved to arXiv (0 from cache), 2 without an arXiv "
        "version, 19 not looked up; 0 arXiv requests." in result.stdout
    )
    assert "no arXiv version: FasterMoE" in result.stdout
    assert "no arXiv version: Centauri" in result.stdout
    resolved = _resolved(home)
    assert resolved["PipeDream: Generalized Pipeline Parallelism for DNN Training"] == (
        "1806.03377",
        "jsonl",  # arXiv title differs ("Fast and Efficient …"): matched by name
    )
    flux = "Flux: Fast Software-based Communication Overlap on GPUs through Kernel Fusion"
    assert resolved[flux] == ("2406.06858", "jsonl")  # the curated title is "FLUX: … On GPUs …"
    again = run_radar("sync", "--offline", home=home)
    assert "44 resolved to arXiv (46 from cache)" in again.stdout
    listed = run_radar("list", home=home)
    assert "1811.06965  GPipe" in listed.stdout


def test_bad_curated_jsonl_names_the_line(home: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"title": "GPipe", "arxiv_id": "1811.06965"}\n{not json\n', encoding="utf-8")
    result = run_radar("sync", "--offline", "--from-jsonl", str(bad), home=home)
    assert result.returncode == 2
    assert (
        result.stderr.strip() == f"radar: error: {bad}:2: invalid JSON (Expecting property name "
        "enclosed in double quotes)"
    )
    assert not (home / "data" / "radar.db").exists() or _resolved(home) == {}


def test_online_sync_queries_the_api_once_per_paper_then_caches(
    home: Path, test_data: Path
) -> None:
    body = (test_data / API_SAMPLE).read_bytes()
    path = home / "data" / "reading_list.md"
    path.write_text(
        path.read_text(encoding="utf-8")
        + "\n## Extra\n\n| Status | Paper | Venue | Why It Matters | Links |\n"
        "|---|---|---|---|---|\n"
        "| ⬜ | Scalable Visual Pretraining for Language Intelligence | arXiv'26 | t | Paper |\n",
        encoding="utf-8",
    )
    with http_server(lambda p: Reply(200, body, (("Content-Type", "application/atom+xml"),))) as (
        url,
        seen,
    ):
        env = {"RADAR_ARXIV_API_URL": f"{url}/api/query"}
        first = run_radar("sync", "--from-jsonl", str(CURATED), home=home, env=env)
        assert first.returncode == 0, first.stderr
        assert "20 arXiv requests" in first.stdout  # the 20 papers the curated file lacks
        queries = [parse_qs(urlparse(p).query)["search_query"][0] for p in seen.paths]
        assert (
            'ti:"Seer Online Context Learning for Fast Synchronous LLM Reinforcement Learning"'
            in queries
        )
        assert all(h["User-Agent"].startswith("arxiv-radar/") for _, h in seen.requests)
        second = run_radar("sync", home=home, env=env)
        assert second.returncode == 0, second.stderr
        assert "0 arXiv requests" in second.stdout
        assert len(seen.requests) == 20
    resolved = _resolved(home)
    assert resolved["Scalable Visual Pretraining for Language Intelligence"] == (
        "2607.09657",
        "api-title",
    )
    assert resolved[
        "Seer: Online Context Learning for Fast Synchronous LLM Reinforcement Learning"
    ] == (None, "not-found")  # the recorded answer has no such paper: not guessed


def test_api_failure_exits_3_and_keeps_what_was_resolved(home: Path) -> None:
    with http_server(lambda p: Reply(503, b"busy", (("Retry-After", "0"),))) as (url, seen):
        env = {
            "RADAR_ARXIV_API_URL": f"{url}/api/query",
            "RADAR_ARXIV_MAX_RETRIES": "2",
            "RADAR_ARXIV_BACKOFF_SECONDS": "0",
        }
        result = run_radar("sync", "--from-jsonl", str(CURATED), home=home, env=env)
    assert result.returncode == 3
    assert result.stderr.strip().startswith("radar: error: arXiv API answered HTTP 503")
    assert len(result.stderr.strip().splitlines()) == 1
    assert len(seen.requests) == 3  # one try and two retries
    assert len(_resolved(home)) == 46  # the curated resolutions were committed before
