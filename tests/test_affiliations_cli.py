"""`radar affiliations PATH`: the digest's extraction on a local paper, in every shape arXiv
ships a source (gzipped tar, gzipped single .tex, folder, .tex, PDF), offline."""

from __future__ import annotations

import gzip
import json
import tarfile
from pathlib import Path

import pytest

from .conftest import run_radar
from .paper_files import first_page, tar_gz

FIXTURES = Path(__file__).parent / "fixtures" / "latex"
IEEE = (FIXTURES / "ieee.tex").read_text(encoding="utf-8")
EXPECTED = [
    {"name": "University of Illinois at Urbana-Champaign", "zh": "伊利诺伊大学香槟分校",
     "source": "latex"},
    {"name": "NVIDIA", "zh": "英伟达", "source": "latex"},
]  # fmt: skip


def _shapes(tmp_path: Path) -> dict[str, Path]:
    folder = tmp_path / "folder"
    (folder / "sec").mkdir(parents=True)
    (folder / "main.tex").write_text(IEEE, encoding="utf-8")
    (folder / "sec" / "intro.tex").write_text("\\section{Intro} Text.", encoding="utf-8")
    shapes = {"folder": folder}
    shapes["tar.gz"] = tmp_path / "2501.00001v1.tar.gz"
    shapes["tar.gz"].write_bytes(tar_gz({"paper/main.tex": IEEE}))
    shapes["gz"] = tmp_path / "2501.00002v1.gz"
    shapes["gz"].write_bytes(gzip.compress(IEEE.encode()))
    shapes["tex"] = tmp_path / "paper.tex"
    shapes["tex"].write_text(IEEE, encoding="utf-8")
    shapes["tar"] = tmp_path / "plain.tar"
    with tarfile.open(shapes["tar"], "w") as archive:
        archive.add(folder / "main.tex", arcname="main.tex")
    return shapes


@pytest.mark.parametrize("shape", ["folder", "tar.gz", "gz", "tex", "tar"])
def test_every_source_shape_gives_the_same_institutions(
    home: Path, tmp_path: Path, shape: str
) -> None:
    path = _shapes(tmp_path)[shape]
    jsonl = run_radar("affiliations", str(path), "--format", "jsonl", home=home)
    assert jsonl.returncode == 0, jsonl.stderr
    assert [json.loads(line) for line in jsonl.stdout.splitlines()] == EXPECTED
    text = run_radar("affiliations", str(path), home=home)
    assert text.stdout.splitlines() == [
        "University of Illinois at Urbana-Champaign(伊利诺伊大学香槟分校)", "NVIDIA(英伟达)"
    ]  # fmt: skip


def test_a_pdf_is_read_from_its_first_page(home: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(first_page("Fast Training", "Ada Lovelace, Alan Turing",
                               ["1Tsinghua University 2Unknown Robotics Lab"]))  # fmt: skip
    result = run_radar("affiliations", str(pdf), "--format", "jsonl", home=home)
    assert result.returncode == 0, result.stderr
    found = [json.loads(line) for line in result.stdout.splitlines()]
    assert found[0] == {"name": "Tsinghua University", "zh": "清华大学", "source": "pdf"}
    assert {"name": "Unknown Robotics Lab", "zh": None, "source": "pdf"} in found


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read (No such file or directory)"),
        (b"", "empty file"),
        (b"\x1f\x8b\x08not really gzip", "not a readable gzip file"),
        (b"%PDF-1.4 broken", "PDF is unreadable"),
        (b"garbage, not a paper", "neither LaTeX nor a PDF"),
        (bytes(range(256)) * 40, "neither LaTeX nor a PDF"),  # binary, a backslash in it
    ],
)
def test_an_unreadable_file_is_one_line_and_exit_2(
    home: Path, tmp_path: Path, content: bytes | None, message: str
) -> None:
    path = tmp_path / "paper.bin"
    if content is not None:
        path.write_bytes(content)
    result = run_radar("affiliations", str(path), home=home)
    assert result.returncode == 2
    assert result.stderr.startswith(f"radar: error: {path}") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_paper_naming_no_institution_says_so_and_exits_0(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "paper.tex"
    path.write_text("\\documentclass{article}\\begin{document}\\author{A B}\\maketitle", "utf-8")
    result = run_radar("affiliations", "--format", "jsonl", str(path), home=home)
    assert result.returncode == 0 and result.stdout == ""
    assert result.stderr.strip() == f"radar: no institution found in {path}"


def test_a_folder_without_tex_is_refused(home: Path, tmp_path: Path) -> None:
    result = run_radar("affiliations", str(tmp_path), home=home)
    assert result.returncode == 2 and "no .tex file in this folder" in result.stderr
    named_pdf = tmp_path / "paper.pdf"
    named_pdf.write_text("\\documentclass{article}", encoding="utf-8")
    result = run_radar("affiliations", str(named_pdf), home=home)
    assert result.returncode == 2 and "not a PDF" in result.stderr


@pytest.mark.parametrize(
    ("line", "clean"),
    [
        ("AI2", "AI2"),  # a name ending in a digit is not a footnote marker
        ("Allen Institute for AI (AI2)", "Allen Institute for AI (AI2)"),
        ("Tsinghua University1", "Tsinghua University"),
        ("1Tsinghua University", "Tsinghua University"),
        ("Tsinghua University (1)", "Tsinghua University"),
        ("Univ. X 2,3", "Univ. X"),
        ("[2] Peking University", "Peking University"),
    ],
)
def test_markers_go_and_names_keep_their_digits(line: str, clean: str) -> None:
    from monitor.affiliation_lines import clean_line

    assert clean_line(line) == clean
