"""The reading-list parser on the real lists (converted from the seeds in tests/data/seeds)
and on bad input."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from monitor.errors import ReadingListError
from monitor.paper import Link, Status
from monitor.reading_list import (
    load_reading_lists,
    parse_markdown,
    parse_status,
    parse_venue,
    split_row,
)

from .conftest import REPO, TEST_DATA

MAIN = REPO / "data" / "reading_list.md"
CLASSIC = REPO / "data" / "classic_parallel_training.md"


def _seed_rows(name: str, header: str) -> list[list[str]]:
    path = next((TEST_DATA / "seeds").glob(name))
    rows, in_table = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(header):
            in_table = True
        elif not line.strip():
            in_table = False
        elif in_table:
            rows.append([c.strip() for c in line.split("\t")])
    return rows


@pytest.mark.parametrize(
    ("seed", "header", "markdown"),
    [("000_*.txt", "Status\t", MAIN), ("001_*.txt", "#\t", CLASSIC)],
)
def test_markdown_lists_keep_every_seed_row_verbatim(
    seed: str, header: str, markdown: Path
) -> None:
    seed_rows = _seed_rows(seed, header)
    md_rows = [
        split_row(line)
        for line in markdown.read_text(encoding="utf-8").splitlines()
        if line.startswith("| ") and not line.startswith(("| Status", "| # "))
    ]
    assert seed_rows and md_rows == seed_rows


def test_main_list_sections_and_statuses() -> None:
    entries, problems = parse_markdown(MAIN.read_text(encoding="utf-8"), "reading_list.md")
    assert problems == []
    assert len(entries) == 53  # "共 53 个清单条目；已读 8，待读 45"
    assert Counter(e.status for e in entries) == {Status.READ: 8, Status.TO_READ: 45}
    assert sum(e.noted for e in entries) == 5
    assert Counter(e.section_label for e in entries) == {
        "LLM Inference / MegaKernel": 2,
        "LLM Training / Training Numerics & Memory": 5,
        "LLM Training / Distributed Training": 18,
        "LLM Training / Mixture-of-Experts Training": 10,
        "LLM Training / RL Training": 2,
        "LLM Training / Compute-Communication Overlap": 9,
        "Deep Learning / Sparse Attention Algorithms & Training / "
        "Algorithm and Training Foundations": 3,
        "Deep Learning / On-Device / Mobile": 2,
        "分布式训练与 MoE / 分布式运行时": 2,
    }
    assert entries[0].list_title == "分布式训练与 MoE · 论文"


def test_main_list_entry_fields() -> None:
    entries, _ = parse_markdown(MAIN.read_text(encoding="utf-8"), "data/reading_list.md")
    by_title = {e.title: e for e in entries}
    sonic = by_title["SonicMoE: Accelerating MoE with IO and Tile-aware Optimizations"]
    assert (sonic.status, sonic.noted, sonic.venue, sonic.year) == (
        Status.READ,
        True,
        "arXiv",
        2025,
    )
    assert sonic.section == ("LLM Inference", "MegaKernel")
    assert sonic.note.startswith("减少 MoE 前后向激活缓存和 I/O")
    assert sonic.links == (Link("Paper"), Link("Note"))
    assert str(sonic.source) == "data/reading_list.md:23"
    pock = by_title["PockEngine: Sparse and Efficient Fine-tuning in a Pocket"]
    assert (pock.venue, pock.year) == ("MICRO", 2023)
    assert pock.links[0] == Link(
        "Paper",
        "https://hanlab.mit.edu/projects/pockengine ; https://hanlab.mit.edu/projects/tinyml",
    )
    insights = by_title[
        "Insights into DeepSeek-V3: Scaling Challenges and Reflections on Hardware for AI "
        "Architectures"
    ]
    assert insights.year == 2025
    assert insights.venue == (
        "Proceedings of the 52nd Annual International Symposium on Computer Architecture"
    )
    assert by_title[
        "FOLDMOE: Efficient Long Sequence MoE Training via Attention-MoE Pipelining"
    ].venue == ("来源待补全")


def test_classic_list_numbered_sections_without_status() -> None:
    entries, problems = parse_markdown(CLASSIC.read_text(encoding="utf-8"), "classic.md")
    assert problems == []
    assert len(entries) == 30
    assert all(e.status is Status.TO_READ and not e.noted for e in entries)
    sections = Counter(e.section_label for e in entries)
    assert sections["一、并行策略基础"] == 6 and sections["五、通信优化"] == 4
    assert len(sections) == 7  # the reading path (八) has no table
    megatron = next(e for e in entries if e.title.startswith("Megatron-LM: Training"))
    assert (megatron.venue, megatron.year, megatron.note) == (None, 2019, "张量并行(TP)，行/列切分")


def test_cross_list_duplicates_are_one_paper_with_both_sections() -> None:
    reading = load_reading_lists([MAIN, CLASSIC])
    assert len(reading.entries) == 83
    assert len(reading.papers) == 65
    shared = {p.title.split(":")[0]: p for p in reading.papers if len(p.entries) > 1}
    assert len(shared) == 18
    for name in ("GPipe", "ZeRO", "Megatron-LM", "GShard", "Switch Transformers", "Oobleck"):
        assert name in shared
    oobleck = shared["Oobleck"]  # different subtitles in the two lists, same venue and year
    assert [e.section_label for e in oobleck.entries] == [
        "LLM Training / Distributed Training",
        "六、容错与弹性训练",
    ]
    flux = shared["Flux"]  # "Flux" vs "FLUX": read in the first list, so read
    assert flux.status is Status.READ
    assert "PyTorch FSDP" not in shared and "PyTorch Distributed" not in shared


def test_malformed_rows_are_reported_with_their_line_and_the_rest_loads() -> None:
    text = (
        "# My list\n\n## Systems\n\n"
        "| Status | Paper | Venue | Why It Matters | Links |\n"
        "|---|---|---|---|---|\n"
        "| ✅ | Good One: A Paper | OSDI'22 | why | Paper |\n"
        "| ✅ | Missing Cells | OSDI'22 |\n"
        "| ❓ | Odd Status | SOSP'23 | why | Paper |\n"
        "| ⬜ |  | SOSP'23 | why | Paper |\n"
        "| ⬜ | Good Two: Another \\| Paper | 2024 | why "
        "| [Paper](https://arxiv.org/abs/2401.00001v2) |\n"
    )
    entries, problems = parse_markdown(text, "list.md")
    assert [e.title for e in entries] == ["Good One: A Paper", "Good Two: Another | Paper"]
    assert [str(p) for p in problems] == [
        "list.md:8: expected 5 cells, found 3",
        "list.md:9: unknown status '❓' (use ✅, ⬜ and/or 📝)",
        "list.md:10: empty paper title",
    ]
    reading = load_reading_lists([])
    assert reading.papers == ()


def test_arxiv_link_pins_the_id(tmp_path: Path) -> None:
    path = tmp_path / "l.md"
    path.write_text(
        "## S\n\n| Status | Paper | Venue | Why It Matters | Links |\n|---|---|---|---|---|\n"
        "| ⬜ | Some Paper | 2024 | why | [Paper](https://arxiv.org/abs/2401.00001v2) / Note |\n",
        encoding="utf-8",
    )
    reading = load_reading_lists([path], root=tmp_path)
    assert reading.papers[0].arxiv_link_id == "2401.00001"
    assert str(reading.entries[0].source) == "l.md:5"


def test_unreadable_list_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.md"
    with pytest.raises(ReadingListError, match=r"nope\.md: cannot read reading list"):
        load_reading_lists([missing])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("arXiv'25", ("arXiv", 2025)),
        ("NeurIPS 2019", ("NeurIPS", 2019)),
        ("2019", (None, 2019)),
        ("arXiv · 2018", ("arXiv", 2018)),
        ("GitHub'25（开源库）", ("GitHub（开源库）", 2025)),
        ("来源待补全", ("来源待补全", None)),
        ("", (None, None)),
    ],
)
def test_parse_venue(text: str, expected: tuple[str | None, int | None]) -> None:
    assert parse_venue(text) == expected


def test_parse_status() -> None:
    assert parse_status("✅ 📝") == {"read", "noted"}
    assert parse_status("⬜") == {"todo"}
    assert parse_status("📝") == {"todo", "noted"}
    assert parse_status("") == {"todo"}
    assert parse_status("✅ ⬜") is None
    assert parse_status("done") is None
