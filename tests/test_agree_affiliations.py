"""The two-reader agreement figures (`python -m tests.agree_affiliations`): a second reader's
labels are read and scored against the first reader's with the eval's own judge; and how the
eval puts a fixture's quoted files back in place."""

from __future__ import annotations

from pathlib import Path

import pytest

from monitor.daily import gazetteer

from .agree_affiliations import readings, report, second_labels
from .eval_affiliations import Case, cases, counts, judge

_PAPER = r"""% source: https://github.com/o/r/blob/{commit}/main.tex
% family: article
% expected: {expected}
\documentclass{{article}}
\author{{Ada Li\\ {printed}}}
\begin{{document}}\maketitle\end{{document}}
"""


def _folder(tmp_path: Path, second: str) -> Path:
    for name, expected, printed in [
        ("a.tex", "Tsinghua University", "Tsinghua University, Beijing, China"),
        ("b.tex", "MIT; Google", r"MIT \and Google"),
    ]:
        text = _PAPER.format(commit="0" * 40, expected=expected, printed=printed)
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "second_reader.txt").write_text(second, encoding="utf-8")
    return tmp_path


def test_readers_who_agree_score_one_and_differences_are_listed(tmp_path: Path) -> None:
    folder = _folder(
        tmp_path, "a.tex: Tsinghua University\nb.tex: Massachusetts Institute of Technology\n"
    )
    lines = report(readings(folder), gazetteer())
    second = next(line for line in lines if line.startswith("second reader against the first"))
    # b: the second reader wrote MIT in full (the same institution) and left Google out
    assert second.split()[-5:] == ["2", "1.00", "0.67", "0.50", "0.00"]
    agreed = next(line for line in lines if line.startswith("extractor, papers the readers"))
    assert agreed.split()[-5] == "1"
    assert any("b.tex: first only ['Google']; second only []" in line for line in lines)


def test_a_second_reader_line_that_is_no_label_names_the_file_and_line(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "a.tex: Tsinghua University\nnonsense\n")
    with pytest.raises(ValueError, match=r"second_reader.txt:2: not `FILE.tex: A; B`"):
        second_labels(folder)


def test_every_excerpt_needs_a_second_label(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "a.tex: Tsinghua University\n")
    with pytest.raises(ValueError, match=r"no line for b\.tex"):
        readings(folder)


def test_a_quoted_file_written_relative_to_the_main_file_is_put_beside_it(
    tmp_path: Path,
) -> None:
    # `% --- from ../authors.tex ---` under `paper/paper.tex`: the repository's authors.tex
    text = (
        "% source: https://github.com/o/r/blob/" + "0" * 40 + "/paper/paper.tex\n"
        "% family: usenix\n% expected: University of Wisconsin-Madison\n"
        "\\documentclass{article}\n\\begin{document}\n\\input{../authors.tex}\n\\maketitle\n"
        "% --- from ../authors.tex ---\n"
        "\\author{{\\rm Ada Li}\\\\\nDepartment of Computer Sciences\\\\\n"
        "University of Wisconsin-Madison\n}\n"
    )
    (tmp_path / "p.tex").write_text(text, encoding="utf-8")
    case = Case(tmp_path / "p.tex", "usenix", ("University of Wisconsin-Madison",))
    outcome = judge(case, gazetteer())
    assert not outcome.missed and not outcome.extra


def test_the_eval_prints_the_counts_that_pool_sets(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "")
    outcomes = [judge(c, gazetteer()) for c in cases(folder)]
    assert counts(outcomes) == (
        "3 found, 0 wrong; 3 expected, 0 missed; 2 papers print an organisation, "
        "0 of them gave nothing"
    )
