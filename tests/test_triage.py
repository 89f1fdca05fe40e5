"""Triage and promote from the terminal: states, the journal, undo, the reading list written
back byte-exact, BibTeX export."""

from __future__ import annotations

import difflib
import stat
from pathlib import Path

import pytest

from monitor.paper import Paper
from monitor.reading_list import load_reading_lists
from monitor.reading_list_write import insert_row, remove_block, rewrite, sections
from monitor.store import Store

from .conftest import DAY_FEED, TORCH, run_radar

FEED = DAY_FEED
MAIN = "reading_list.md"


@pytest.fixture
def day(ranked_day: Path) -> Path:
    """A home whose store holds the recorded 2025-08-20 day, ranked (3 picks of 7)."""
    return ranked_day


def _ids(home: Path) -> list[str]:
    with Store.open(home / "data" / "radar.db") as store:
        return [r.paper_id for r in store.ranking(store.ranked_days()[0])]


def _added_lines(before: str, after: str) -> list[str]:
    diff = list(difflib.ndiff(before.splitlines(keepends=True), after.splitlines(keepends=True)))
    assert not [d for d in diff if d.startswith("- ")], "a line of the reader's file changed"
    return [d[2:] for d in diff if d.startswith("+ ")]


def test_triage_lists_the_day_and_records_each_decision(day: Path) -> None:
    listed = run_radar("triage", home=day)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines()[0] == "# 2025-08-20: 7 papers"
    assert sum(line.startswith("*") for line in listed.stdout.splitlines()) == 3
    first, second, third = _ids(day)[:3]
    assert "new → shortlisted" in run_radar("triage", first, "--shortlist", home=day).stdout
    dismissed = run_radar("triage", second, "--dismiss", "--reason", "off-topic", home=day)
    assert "→ dismissed (off-topic)" in dismissed.stdout
    snoozed = run_radar("triage", third, "--snooze", "2099-01-01", home=day)
    assert "→ snoozed until 2099-01-01" in snoozed.stdout
    noted = run_radar("triage", first, "--note", "read  the   overlap part", home=day)
    assert noted.returncode == 0
    only = run_radar("triage", "--state", "shortlisted", home=day)
    assert first in only.stdout and second not in only.stdout
    with Store.open(day / "data" / "radar.db") as store:
        assert store.triage(first).note == "read the overlap part"
        journal = [(a.paper_id, a.action) for a in store.actions()]
    assert journal == [
        (first, "shortlist"),
        (second, "dismiss"),
        (third, "snooze"),
        (first, "note"),
    ]
    assert "undone: note of" in run_radar("undo", home=day).stdout
    with Store.open(day / "data" / "radar.db") as store:
        assert store.triage(first).note == "" and store.triage(first).state.value == "shortlisted"


def test_bad_ids_reasons_and_days_are_one_line_and_change_nothing(day: Path) -> None:
    unknown = run_radar("triage", "9999.99999", "--shortlist", home=day)
    assert unknown.returncode == 2
    assert unknown.stderr.strip() == (
        "radar: error: unknown paper '9999.99999': not in the store (see `radar triage`)"
    )
    past = run_radar("triage", _ids(day)[0], "--snooze", "2000-01-01", home=day)
    assert past.returncode == 2 and "snooze until a later day" in past.stderr
    assert run_radar("promote", "9999.99999", home=day).returncode == 2
    with Store.open(day / "data" / "radar.db") as store:
        assert store.actions() == [] and store.triages() == {}
    assert run_radar("undo", home=day).stderr.strip() == "radar: error: nothing to undo"


def test_promote_adds_exactly_one_row_in_the_suggested_section_and_undo_removes_it(
    day: Path,
) -> None:
    path = day / "data" / MAIN
    before = path.read_text(encoding="utf-8")
    path.chmod(0o640)
    pick = _ids(day)[0]
    result = run_radar("promote", pick, home=day)
    assert result.returncode == 0, result.stderr
    after = path.read_text(encoding="utf-8")
    [line] = _added_lines(before, after)
    assert line.startswith("| ⬜ | ") and f"[Paper](https://arxiv.org/abs/{pick}) |" in line
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    reading = load_reading_lists([path])
    promoted = next(p for p in reading.papers if p.arxiv_link_id == pick)
    with Store.open(day / "data" / "radar.db") as store:
        suggested = store.last_ranking_of(pick)
        assert suggested is not None and promoted.entries[0].section_label == suggested.section
        assert store.triage(pick).state.value == "promoted"
        assert store.profile_resolutions(reading)[promoted.key].paper is not None  # no sync
    again = run_radar("promote", pick, home=day)
    assert (
        "is already in the reading list" in again.stdout
        and path.read_text(encoding="utf-8") == after
    )
    assert run_radar("triage", pick, "--dismiss", home=day).returncode == 2  # promoted is final
    undone = run_radar("undo", home=day)
    assert undone.returncode == 0 and "undone: promote of" in undone.stdout
    assert path.read_text(encoding="utf-8") == before


def test_undo_refuses_when_the_reader_edited_the_row(day: Path) -> None:
    path = day / "data" / MAIN
    pick = _ids(day)[0]
    assert run_radar("promote", pick, "--note", "mine", home=day).returncode == 0
    edited = path.read_text(encoding="utf-8").replace("| mine |", "| mine, edited |")
    path.write_text(edited, encoding="utf-8")
    refused = run_radar("undo", home=day)
    assert refused.returncode == 2 and "no longer as written" in refused.stderr
    assert path.read_text(encoding="utf-8") == edited
    with Store.open(day / "data" / "radar.db") as store:
        assert store.triage(pick).state.value == "promoted"


def test_promote_into_the_classic_list_and_a_new_section(day: Path) -> None:
    classic = day / "data" / "classic_parallel_training.md"
    before = classic.read_text(encoding="utf-8")
    first, second = _ids(day)[:2]
    result = run_radar("promote", first, "--list", classic.name, "--section", "一、并行策略基础",
                       "--note", "核心贡献 | 一句话", home=day)  # fmt: skip
    assert result.returncode == 0, result.stderr
    [line] = _added_lines(before, classic.read_text(encoding="utf-8"))
    last = max(int(r.split("|")[1]) for r in before.splitlines() if r[:3].strip("| ").isdigit())
    assert line.startswith(f"| {last + 1} | ") and "核心贡献 \\| 一句话" in line
    unknown = run_radar("promote", second, "--section", "No Such Section", home=day)
    assert unknown.returncode == 2 and "no section 'No Such Section'" in unknown.stderr
    main = day / "data" / MAIN
    main_before = main.read_text(encoding="utf-8")
    created = run_radar("promote", second, "--section", "LLM Training / Fault Tolerance",
                        "--new-section", home=day)  # fmt: skip
    assert created.returncode == 0, created.stderr
    main_after = main.read_text(encoding="utf-8")
    assert len(_added_lines(main_before, main_after)) == 6  # blank, heading, blank, table
    block = (
        "\n## LLM Training / Fault Tolerance\n\n| Status | Paper | Venue | Why It Matters | Links |"
        "\n|---|---|---|---|---|\n| ⬜ | "
    )
    assert block in main_after
    section = load_reading_lists([main]).papers
    assert any(p.entries[0].section_label == "LLM Training / Fault Tolerance" for p in section)
    bad_list = run_radar("promote", second, "--list", "nope.md", home=day)
    assert bad_list.returncode == 2 and "unknown reading list 'nope.md'" in bad_list.stderr


def test_promoted_and_dismissed_papers_are_not_picked_again(day: Path) -> None:
    picks = [r for r in _ids(day)][:3]
    assert run_radar("triage", picks[0], "--dismiss", "--reason", "weak", home=day).returncode == 0
    assert run_radar("promote", picks[1], home=day).returncode == 0
    rendered = run_radar("digest", "--date", "2025-08-20", "--offline", home=day, env=TORCH)
    assert rendered.returncode == 0, rendered.stderr
    text = (day / "digests" / "2025-08-20.md").read_text(encoding="utf-8")
    assert f"abs/{picks[0]})" not in text and f"abs/{picks[1]})" not in text
    assert f"abs/{picks[2]})" in text


def test_a_snoozed_paper_comes_back_as_new_on_its_day(
    day: Path, tmp_path: Path, test_data: Path
) -> None:
    paper = _ids(day)[0]
    assert run_radar("triage", paper, "--snooze", "2099-08-05", home=day).returncode == 0
    text = (test_data / FEED).read_text(encoding="utf-8").replace("2025-08-20T", "2099-08-05T")
    text = text.replace("arXiv.org:2508.", "arXiv.org:9901.").replace("arXiv:2508.", "arXiv:9901.")
    feed = tmp_path / "next.xml"
    feed.write_text(text, encoding="utf-8")
    assert run_radar("run", "--feed", str(feed), "--offline", home=day, env=TORCH).returncode == 0
    with Store.open(day / "data" / "radar.db") as store:
        assert paper in [r.paper_id for r in store.ranking(store.ranked_days()[0])]
        assert store.triage(paper).state.value == "new"


def test_export_bibtex_follows_arxiv(day: Path) -> None:
    pick = _ids(day)[0]
    assert run_radar("triage", pick, "--shortlist", home=day).returncode == 0
    out = run_radar("export", "--bibtex", home=day)
    assert out.returncode == 0, out.stderr
    fields = ["archivePrefix={arXiv}", f"eprint={{{pick}}}", "primaryClass={cs."]
    fields += [f"doi={{10.48550/arXiv.{pick}}}", f"url={{https://arxiv.org/abs/{pick}}}"]
    assert all(field in out.stdout for field in fields), out.stdout
    assert out.stdout.startswith("@misc{")


def _paper() -> Paper:
    return Paper("2508.00001", 1, "A | B & <C>", "x", ("Ada Lovelace",), ("cs.DC",))


def test_the_file_changed_meanwhile_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "list.md"
    original = "\r\n".join(
        ["# L", "", "## S", "", "| Status | Paper | Venue | Why It Matters | Links |",
         "|---|---|---|---|---|", "| ⬜ | Old | 2020 | x | Paper |"]
    )  # fmt: skip
    path.write_bytes(original.encode())
    calls = []

    def change(text: str) -> str:
        calls.append(text)
        if len(calls) == 1:  # the reader saves while radar works
            path.write_bytes((text + "\r\nreader's line").encode())
        return insert_row(text, "S", _paper(), "note", False)[0]

    rewrite(path, change)
    final = path.read_bytes().decode()
    assert len(calls) == 2 and final.endswith("reader's line")
    assert (
        "| ⬜ | A \\| B & <C> | arXiv'25 | note | [Paper](https://arxiv.org/abs/2508.00001) |\r\n"
        in final
    )
    block = insert_row(original, "S", _paper(), "note", False)[1]
    assert remove_block(insert_row(original, "S", _paper(), "note", False)[0], block) == original


HEADER = "| Status | Paper | Venue | Why It Matters | Links |\n|---|---|---|---|---|"


def test_a_new_section_in_a_nested_list_goes_under_its_parent() -> None:
    text = (
        f"# L\n\n## Agents\n\n### Tools\n\n{HEADER}\n| ⬜ | Old | 2020 | x | Paper |\n\n"
        f"notes under Tools\n\n## Other\n\n{HEADER}\n| ⬜ | Z | 2020 | x | Paper |\n"
    )
    after, block = insert_row(text, "Agents / Planning", _paper(), "n", True)
    assert block.splitlines()[1] == "### Planning"
    assert after.index("notes under Tools") < after.index("### Planning") < after.index("## Other")
    again, row = insert_row(after, "Agents / Planning", _paper(), "n2", False)
    assert again.index(row) < again.index("## Other")
    assert sections(again) == ["Agents / Tools", "Agents / Planning", "Other"]
