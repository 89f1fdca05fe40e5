"""Learning from the reader: which decisions teach, how they move a ranking, explanations,
undo and reset, `radar rank --feedback/--history`, the web page's re-rank, and the graded-day
measures of `radar eval`."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import numpy as np
import pytest

from monitor import ranker
from monitor.config import load_settings
from monitor.errors import InputError
from monitor.lab.graded import (
    DayCase,
    GradedDay,
    grade_files,
    history_before,
    ndcg_at,
    precision_at,
    replay,
)
from monitor.learn import OFF_TOPIC, PROMOTED, SHORTLISTED, Judged, Weights, signal
from monitor.paper import Paper
from monitor.profile import ProfileItem
from monitor.ranker import Lessons, rank_papers, rerank_day, store_lessons
from monitor.store import Store

from .conftest import TORCH, run_radar
from .fakes import HashingEmbedder


def _paper(pid: str, title: str, abstract: str) -> Paper:
    return Paper(id=pid, version=1, title=title, abstract=abstract, authors=(), categories=())


LIST = [
    ProfileItem(_paper(f"l{i}", t, a), "Distributed Training", 1.0, 2024)
    for i, (t, a) in enumerate(
        [
            ("Pipeline parallel training", "pipeline parallelism microbatch schedule bubbles"),
            ("Tensor parallel training", "tensor parallelism sharding gpus communication"),
            ("Sharded data parallel", "zero sharding optimizer states data parallel gpus"),
        ]
    )
]
DAY = [
    _paper("c-moe", "Expert routing kernels", "mixture of experts routing all to all kernels"),
    _paper("c-graph", "Graph molecules", "graph neural network molecules chemistry property"),
    _paper("c-pipe", "Zero bubble pipeline", "pipeline parallelism schedule bubbles microbatch"),
    _paper("c-vision", "Image segmentation", "vision segmentation images pixels masks"),
    _paper("c-moe2", "Expert load balance", "mixture of experts load balance routing tokens"),
    _paper("c-bio", "Protein folding", "protein folding biology molecules structure"),
]
MOE = _paper("j-moe", "Expert parallel all-to-all", "mixture of experts all to all routing tokens")
GRAPH = _paper("j-graph", "Molecule graphs", "graph neural network molecules chemistry")


def _rank(lessons: Lessons = Lessons()) -> dict[str, ranker.Ranked]:  # noqa: B008
    ranked = rank_papers(LIST, DAY, HashingEmbedder(), None, lessons=lessons)
    return {r.paper.id: r for r in ranked}


def test_which_decisions_teach() -> None:
    assert signal("promoted", None) == PROMOTED
    assert signal("shortlisted", None) == SHORTLISTED
    assert signal("dismissed", "off-topic") == OFF_TOPIC
    assert signal("dismissed", "weak") is None
    assert signal("dismissed", "known") is None
    assert signal("dismissed", None) is None
    assert signal("snoozed", None) is None
    assert signal("new", None) is None


def test_a_promoted_paper_lifts_its_kind_and_says_so() -> None:
    before = _rank()
    after = _rank(Lessons(judged=(Judged(MOE, PROMOTED),)))
    assert after["c-moe"].rank < before["c-moe"].rank
    assert before["c-moe2"].rank > before["c-bio"].rank
    assert after["c-moe2"].rank < after["c-bio"].rank, "its kind overtakes an unrelated paper"
    assert after["c-moe"].why.learned[0].startswith("like a paper you promoted: Expert parallel")
    assert before["c-moe"].why.learned == ()
    assert after["c-pipe"].why.learned == ()  # the list explains it better than the feedback


def test_an_off_topic_dismissal_pushes_its_kind_down() -> None:
    before = _rank()
    after = _rank(Lessons(judged=(Judged(GRAPH, OFF_TOPIC),)))
    assert after["c-graph"].score < before["c-graph"].score
    assert after["c-graph"].rank == len(DAY) > before["c-graph"].rank
    assert any("dismissed as off-topic: Molecule graphs" in n for n in after["c-graph"].why.learned)


def test_a_shortlist_teaches_less_than_a_promotion() -> None:
    promoted = _rank(Lessons(judged=(Judged(MOE, PROMOTED),)))
    shortlisted = _rank(Lessons(judged=(Judged(MOE, SHORTLISTED),)))
    plain = _rank()
    assert plain["c-moe"].score < shortlisted["c-moe"].score < promoted["c-moe"].score


def test_a_paper_judged_today_teaches_the_rest_of_the_day_not_itself() -> None:
    judged_today = Judged(DAY[0], PROMOTED)  # c-moe, judged on the day it is a candidate
    after = _rank(Lessons(judged=(judged_today,)))
    assert after["c-moe2"].rank < after["c-bio"].rank  # below it without the decision
    assert not any("Expert routing kernels" in n for n in after["c-moe"].why.learned)
    assert any("Expert routing kernels" in n for n in after["c-moe2"].why.learned)


def test_background_weighs_as_much_as_the_day() -> None:
    from monitor.learn import make_teaching

    background = [_paper(f"b{i}", f"Old {i}", "some earlier paper text") for i in range(30)]
    vectors = np.zeros((31, 4))
    teaching = make_teaching(
        [Judged(MOE, OFF_TOPIC)], background, ["t"] * 31, vectors, Weights(), ["a"] * 6
    )
    assert teaching.weights[0] == 2.0
    assert teaching.weights[1:].sum() == pytest.approx(6.0)
    assert teaching.judged == 1 and list(teaching.selves) == [-1] * 6


def _day_home(ranked_day: Path) -> tuple[Path, list[str]]:
    with Store.open(ranked_day / "data" / "radar.db") as store:
        ids = [r.paper_id for r in store.ranking(store.ranked_days()[0])]
    return ranked_day, ids


def _lessons(home: Path) -> Lessons:
    settings = load_settings(env={"RADAR_HOME": str(home), **TORCH}, home=home)
    with Store.open(home / "data" / "radar.db") as store:
        return store_lessons(settings, store, None)


def test_the_store_teaches_what_the_reader_decided_until_undone_or_reset(
    ranked_day: Path,
) -> None:
    home, ids = _day_home(ranked_day)
    run_radar("triage", ids[0], "--shortlist", home=home)
    run_radar("triage", ids[1], "--dismiss", "--reason", "off-topic", home=home)
    run_radar("triage", ids[2], "--dismiss", "--reason", "weak", home=home)
    run_radar("triage", ids[3], "--snooze", "2099-01-01", home=home)
    assert [(j.paper.id, j.kind) for j in _lessons(home).judged] == [
        (ids[0], SHORTLISTED),
        (ids[1], OFF_TOPIC),
    ]
    assert "undone: snooze" in run_radar("undo", home=home).stdout
    assert "undone: dismiss" in run_radar("undo", home=home).stdout  # the weak one
    assert len(_lessons(home).judged) == 2, "neither taught anything"
    assert "undone: dismiss" in run_radar("undo", home=home).stdout  # the off-topic one
    undone = [(j.paper.id, j.kind) for j in _lessons(home).judged]
    assert undone == [(ids[0], SHORTLISTED)], "undoing the off-topic dismissal takes it back"

    shown = run_radar("feedback", home=home)
    assert shown.returncode == 0, shown.stderr
    assert "shortlisted      1" in shown.stdout and "off-topic        0" in shown.stdout
    refused = run_radar("feedback", "--reset", home=home, input="n\n")
    assert refused.returncode != 0 and len(_lessons(home).judged) == 1
    reset = run_radar("feedback", "--reset", "--yes", home=home)
    assert reset.returncode == 0, reset.stderr
    assert "forgot what was learned from 1 decisions" in reset.stdout
    assert _lessons(home).judged == ()
    with Store.open(home / "data" / "radar.db") as store:
        assert store.actions()[-1].action == "feedback-reset"
        assert store.triage(ids[0]).state.value == "shortlisted", "the decision itself stays"
    run_radar("triage", ids[4], "--shortlist", home=home)
    assert [j.paper.id for j in _lessons(home).judged] == [ids[4]], "decisions after count"
    run_radar("undo", home=home)  # the shortlist of ids[4]
    assert "undone: feedback-reset" in run_radar("undo", home=home).stdout
    assert [j.paper.id for j in _lessons(home).judged] == [ids[0]]


def test_learning_can_be_switched_off(ranked_day: Path) -> None:
    home, ids = _day_home(ranked_day)
    run_radar("triage", ids[0], "--shortlist", home=home)
    settings = load_settings(
        env={"RADAR_HOME": str(home), "RADAR_LEARN_ENABLED": "false", **TORCH}, home=home
    )
    with Store.open(home / "data" / "radar.db") as store:
        assert store_lessons(settings, store, None).judged == ()
    shown = run_radar("feedback", home=home, env={"RADAR_LEARN_ENABLED": "false"})
    assert "learning from your decisions: off" in shown.stdout


def test_rerank_after_a_decision_uses_cached_vectors_only(
    ranked_day: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The day's vectors are cached: re-ranking it after a decision loads no model."""
    home, ids = _day_home(ranked_day)
    settings = load_settings(env={"RADAR_HOME": str(home), **TORCH}, home=home)
    with Store.open(home / "data" / "radar.db") as store:
        before = {r.paper_id: r for r in store.ranking(store.ranked_days()[0])}
    top = ids[0]
    run_radar("triage", top, "--dismiss", "--reason", "off-topic", home=home)

    def no_model(_: object) -> None:
        raise AssertionError("a model was loaded")

    monkeypatch.setattr(ranker, "make_embedder", no_model)
    with Store.open(home / "data" / "radar.db") as store:
        day = store.ranked_days()[0]
        assert rerank_day(settings, store, day) == len(ids)
        after = {r.paper_id: r for r in store.ranking(day)}
    assert set(after) == set(before)
    assert after[top].score < before[top].score
    assert {p for p, r in after.items() if r.picked} == {p for p, r in before.items() if r.picked}


def _jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _record(p: Paper, **extra: object) -> dict[str, object]:
    return {"id": p.id, "title": p.title, "abstract": p.abstract, **extra}


def test_rank_contract_with_feedback_and_history(home: Path, tmp_path: Path) -> None:
    """`radar rank --feedback --history` with the real model: same output format, the
    feedback moves papers and says so; without the files, the output is as before."""
    profile = _jsonl(tmp_path / "profile.jsonl", [_record(i.paper) for i in LIST])
    candidates = _jsonl(tmp_path / "candidates.jsonl", [_record(p) for p in DAY])
    feedback = _jsonl(
        tmp_path / "feedback.jsonl",
        [_record(MOE, decision="promoted", section="MoE"),
         _record(GRAPH, decision="dismissed", reason="off-topic"),
         _record(DAY[3], decision="dismissed", reason="weak")],
    )  # fmt: skip
    history = _jsonl(tmp_path / "history.jsonl", [_record(DAY[5])])
    args = ("rank", "--profile", str(profile), "--candidates", str(candidates))
    plain = run_radar(*args, home=home, env=TORCH)
    taught = run_radar(*args, "--feedback", str(feedback), "--history", str(history),
                       home=home, env=TORCH)  # fmt: skip
    assert plain.returncode == 0 and taught.returncode == 0, taught.stderr
    before = {r["id"]: r for r in map(json.loads, plain.stdout.splitlines())}
    after = {r["id"]: r for r in map(json.loads, taught.stdout.splitlines())}
    assert set(after) == set(before) == {p.id for p in DAY}
    assert set(next(iter(after.values()))) == set(next(iter(before.values())))
    assert all(r["learned"] == [] for r in before.values())
    assert after["c-moe2"]["rank"] < before["c-moe2"]["rank"]
    assert after["c-graph"]["score"] < before["c-graph"]["score"]
    assert any("you promoted" in n for n in after["c-moe"]["learned"])


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"id": "x", "title": "T", "decision": "liked"}, "'decision' must be one of promoted"),
        ({"id": "x", "title": "T", "decision": "dismissed", "reason": "boring"}, "'reason'"),
        ({"title": "T", "decision": "promoted"}, "a paper needs 'id' and 'title'"),
    ],
)
def test_bad_feedback_names_the_line(
    home: Path, tmp_path: Path, row: dict[str, object], message: str
) -> None:
    profile = _jsonl(tmp_path / "profile.jsonl", [_record(i.paper) for i in LIST])
    candidates = _jsonl(tmp_path / "candidates.jsonl", [_record(p) for p in DAY])
    feedback = _jsonl(tmp_path / "feedback.jsonl", [_record(MOE, decision="promoted"), row])
    result = run_radar("rank", "--profile", str(profile), "--candidates", str(candidates),
                       "--feedback", str(feedback), home=home, env=TORCH)  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.startswith(f"radar: error: {feedback}:2: ")
    assert message in result.stderr


def test_graded_measures() -> None:
    grades = np.array([0, 2, 1, 0])
    assert ndcg_at(np.array([0.0, 3.0, 2.0, 1.0]), grades) == pytest.approx(1.0)
    assert ndcg_at(np.array([3.0, 0.0, 1.0, 2.0]), grades) < 0.6
    assert ndcg_at(np.zeros(3), np.zeros(3, dtype=int)) == 0.0
    assert precision_at(np.array([0.0, 3.0, 2.0, 1.0]), grades, k=2) == 1.0
    assert precision_at(np.array([3.0, 0.0, 1.0, 2.0]), grades, k=2) == 0.0


def test_the_simulated_reader_judges_what_it_was_shown() -> None:
    days = [
        GradedDay("2026-01-01", tuple(DAY[:3]), np.array([2, 0, 1])),
        GradedDay("2026-01-02", tuple(DAY[3:]), np.array([0, 2, 0])),
    ]
    seen: list[tuple[tuple[str, str], ...]] = []

    def method(case: DayCase) -> np.ndarray:
        seen.append(tuple((j.paper.id, j.kind) for j in case.judged))
        return -np.arange(len(case.papers), dtype=float)  # the input order

    def make(day: GradedDay) -> DayCase:
        return DayCase(None, (), day.papers, lambda t: np.zeros((len(t), 2)))  # type: ignore[arg-type]

    scores = replay(days, make, method, shown=2)
    assert seen == [(), (("c-moe", PROMOTED), ("c-graph", OFF_TOPIC))]
    assert scores.precision == pytest.approx((2 / 3, 1 / 3))


def test_history_is_the_days_just_before() -> None:
    records = [("2026-01-01", DAY[0]), ("2026-01-02", DAY[1]), ("2026-01-03", DAY[2]),
               ("2026-01-03", DAY[3]), ("2026-01-04", DAY[4])]  # fmt: skip
    assert [p.id for p in history_before(records, "2026-01-04", 3)] == [
        "c-pipe", "c-vision", "c-graph"
    ]  # fmt: skip
    assert history_before(records, "2026-01-01", 5) == []


def test_the_shipped_grades_are_complete() -> None:
    """Seven consecutive listing days, every paper graded once, with the rubric beside them."""
    files = grade_files()
    assert [f.stem for f in files] == ["2026-01-27", "2026-01-28", "2026-01-29", "2026-01-30",
                                       "2026-02-02", "2026-02-03", "2026-02-04"]  # fmt: skip
    rows = [json.loads(line) for f in files for line in f.read_text("utf-8").splitlines()]
    assert len(rows) == 800 and len({r["id"] for r in rows}) == 800
    assert all(set(r) == {"id", "grade", "title", "why"} and r["grade"] in (0, 1, 2) for r in rows)
    assert (files[0].parent / "RUBRIC.md").is_file()


def test_feedback_notes_reach_every_output_escaped() -> None:
    from dataclasses import replace
    from datetime import date

    from monitor.digest import (
        Digest,
        Entry,
        digest_from_json,
        render_html,
        render_json,
        render_markdown,
    )

    entry = Entry(rank=1, id="2501.00001", title="T", authors=(), affiliations=(), summary="S",
                  date="2025-01-02", categories=("cs.DC",), kind="new", score=0.1, section="S",
                  nearest=(), terms=())  # fmt: skip
    note = "like a paper you promoted: <b>MoE</b> & $x_1$"
    digest = Digest(date(2025, 1, 2), (replace(entry, learned=(note,)),), 5)
    markdown, html = render_markdown(digest), render_html(digest)
    assert "- From your decisions: like a paper you promoted: &lt;b&gt;MoE&lt;/b&gt;" in markdown
    assert "<b>MoE</b>" not in html and "&lt;b&gt;MoE&lt;/b&gt; &amp; $x_1$" in html
    assert digest_from_json(render_json(digest)).entries[0].learned == (note,)
    stored = json.loads(render_json(digest))
    del stored["entries"][0]["learned"]  # a digest stored before this field existed
    assert digest_from_json(json.dumps(stored)).entries[0].learned == ()


def test_radar_digest_ranks_again_with_the_decisions(ranked_day: Path) -> None:
    """No batch job: the next command that ranks (here `radar digest`) uses the decisions."""
    home, ids = _day_home(ranked_day)
    with Store.open(home / "data" / "radar.db") as store:
        before = {r.paper_id: r.score for r in store.ranking(store.ranked_days()[0])}
    run_radar("triage", ids[-1], "--shortlist", home=home)
    run_radar("triage", ids[0], "--dismiss", "--reason", "off-topic", home=home)
    again = run_radar("digest", "--date", "2025-08-20", "--offline", home=home, env=TORCH)
    assert again.returncode == 0, again.stderr
    with Store.open(home / "data" / "radar.db") as store:
        after = {r.paper_id: r.score for r in store.ranking(store.ranked_days()[0])}
    order = sorted(after, key=lambda pid: -after[pid])
    assert order.index(ids[0]) > 0, "the paper dismissed as off-topic is no longer first"
    assert order.index(ids[-1]) < len(ids) - 1, "the shortlisted one is no longer last"
    assert before != after
    body = json.loads((home / "digests" / "2025-08-20.json").read_text(encoding="utf-8"))
    assert ids[0] not in [e["id"] for e in body["entries"]]
    assert all("learned" in e for e in body["entries"])


def test_every_candidate_judged_a_positive_still_ranks() -> None:
    """No negatives left (first day, no background, all promoted): no crash, an order."""
    lessons = Lessons(judged=tuple(Judged(p, PROMOTED) for p in DAY))
    assert len(_rank(lessons)) == len(DAY)
    one = rank_papers(LIST, DAY[:1], HashingEmbedder(), None,
                      lessons=Lessons(judged=(Judged(DAY[0], SHORTLISTED),)))  # fmt: skip
    assert [r.paper.id for r in one] == ["c-moe"]


def test_terms_come_from_the_candidate_with_a_background() -> None:
    background = tuple(_paper(f"b{i}", "Old", f"unrelated words number{i}") for i in range(5))
    ranked = _rank(Lessons(background=background))
    assert set(ranked["c-pipe"].why.terms) <= {"pipeline", "parallelism", "schedule", "bubbles",
                                               "microbatch", "pipeline parallelism",
                                               "bubbles microbatch", "schedule bubbles",
                                               "parallelism schedule"}  # fmt: skip
    assert ranked["c-pipe"].why.terms


def test_a_note_or_an_undo_after_a_reset_does_not_revive_a_lesson(ranked_day: Path) -> None:
    home, ids = _day_home(ranked_day)
    run_radar("triage", ids[0], "--dismiss", "--reason", "off-topic", home=home)
    run_radar("triage", ids[1], "--shortlist", home=home)
    run_radar("feedback", "--reset", "--yes", home=home)
    run_radar("triage", ids[0], "--note", "still not for me", home=home)
    run_radar("triage", ids[1], "--dismiss", "--reason", "weak", home=home)
    run_radar("undo", home=home)  # back to the shortlist decided before the reset
    assert _lessons(home).judged == ()
    run_radar("triage", ids[2], "--shortlist", home=home)
    assert [j.paper.id for j in _lessons(home).judged] == [ids[2]]


def test_the_background_leaves_out_papers_the_reader_decided_on(ranked_day: Path) -> None:
    home, ids = _day_home(ranked_day)
    run_radar("triage", ids[0], "--dismiss", "--reason", "weak", home=home)
    with Store.open(home / "data" / "radar.db") as store:
        background = {p.id for p in store.background(date(2025, 8, 21), 100)}
    assert ids[0] not in background and set(ids[1:]) <= background


def test_a_rerank_racing_a_run_changes_nothing(ranked_day: Path) -> None:
    home, ids = _day_home(ranked_day)
    with Store.open(home / "data" / "radar.db") as store:
        day = store.ranked_days()[0]
        rows = [(i, 0.0, n, "", False, 0.0) for n, i in enumerate(ids, 1)]
        with pytest.raises(InputError, match="ranked again meanwhile"):
            store.record_ranking(day, rows, expected=set(ids[1:]))
        assert [r.paper_id for r in store.ranking(day)] == ids


def test_a_shortlisted_ranking_keeps_teaching_and_explanations_aligned() -> None:
    """Narrowed to the papers nearest the list (and a spread of the rest), the ranking still
    learns from a judged paper of the day, and each paper keeps its own explanation."""
    filler = [_paper(f"f{i}", f"Robot arm {i}", "robot grasping arm control reinforcement")
              for i in range(40)]  # fmt: skip
    day = [*DAY, *filler]
    lessons = Lessons(judged=(Judged(DAY[0], PROMOTED),))  # c-moe, judged today
    full = rank_papers(LIST, day, HashingEmbedder(), None, lessons=lessons)
    short = rank_papers(LIST, day, HashingEmbedder(), None, lessons=lessons, shortlist=8)
    assert len(full) == len(day) and len(short) == 8 + 8 // 4
    assert {r.paper.id for r in short[:3]} == {r.paper.id for r in full[:3]}
    assert {r.paper.id for r in full[:3]} == {"c-pipe", "c-moe", "c-moe2"}
    whole = {f.paper.id: f.why for f in full}
    for r in short:  # each keeps its own neighbours and section (the TF-IDF terms may differ)
        assert (r.why.neighbours, r.why.section) == (
            whole[r.paper.id].neighbours,
            whole[r.paper.id].section,
        )
    moe = next(r for r in short if r.paper.id == "c-moe2")
    assert any("promoted" in note for note in moe.why.learned)
