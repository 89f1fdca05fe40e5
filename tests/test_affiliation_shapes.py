"""Shapes of real author blocks the affiliation reader must read (one class each, written
small; the real papers that showed them are in tests/fixtures/latex_real and latex_heldout)."""

from __future__ import annotations

import pytest

from monitor import latex_front, tex
from monitor.affiliations import Gazetteer, load_gazetteer
from monitor.assets import gazetteer_files


@pytest.fixture(scope="module")
def places() -> Gazetteer:
    return load_gazetteer(*gazetteer_files())


def _labels(body: str, places: Gazetteer, cls: str = "article") -> list[str]:
    """The digest's labels for a paper whose front matter is `body`."""
    source = f"\\documentclass{{{cls}}}\\begin{{document}}\\title{{T}}{body}\\maketitle"
    return places.labels(latex_front.affiliations({"main.tex": source}, places.knows))


def test_numbered_entries_in_one_affiliation_are_each_an_organisation(places: Gazetteer) -> None:
    body = (
        "\\author{A$^{1}$, B$^{2}$, C$^{3}$}\\affiliation{\\institution{$^{1}$UC Santa Cruz "
        "\\quad $^{2}$Virginia Tech \\quad $^{3}$Telecom Paris}}"
    )
    assert _labels(body, places, "acmart") == [
        "UC Santa Cruz", "Virginia Tech", "Télécom Paris(巴黎高等电信学院)"
    ]  # fmt: skip


def test_an_institution_set_on_two_lines_is_one(places: Gazetteer) -> None:
    body = (
        "\\author{A}\\affiliation{\\institution{Institute of Software \\\\ "
        "Chinese Academy of Sciences}}"
    )
    assert _labels(body, places, "acmart") == ["Institute of Software, Chinese Academy of Sciences"]
    # an academy's institute is an organisation of its own; a key laboratory is not
    ict = (
        "State Key Laboratory of Computer Architecture, Institute of Computing Technology, "
        "Chinese Academy of Sciences, Beijing"
    )
    assert places.labels([ict]) == [
        "Institute of Computing Technology, Chinese Academy of Sciences(中国科学院计算技术研究所)"
    ]
    assert places.labels(["Shanghai Astronomical Observatory, Chinese Academy of Sciences"]) == [
        "Shanghai Astronomical Observatory, Chinese Academy of Sciences"
    ]
    assert places.labels(["University of Chinese Academy of Sciences"]) == [
        "University of Chinese Academy of Sciences(中国科学院大学)"
    ]


def test_an_author_block_that_is_only_an_organisation_is_read(places: Gazetteer) -> None:
    body = (
        "\\author{Jean-Baptiste~Alayrac \\And Karen~Simonyan \\And $^{*}$ \\small{Equal "
        "contributions} \\\\ \\small{Senior} \\AND DeepMind}"
    )
    assert _labels(body, places) == ["Google DeepMind(谷歌DeepMind)"]
    assert _labels("\\author{Ada Lovelace \\And Alan Turing}", places) == []  # names are no one


def test_a_lab_or_team_before_its_company_is_part_of_it(places: Gazetteer) -> None:
    assert places.labels(["hi-lab, Xiaohongshu Inc."]) == ["Xiaohongshu Inc."]
    assert places.labels(["Dgraph Labs, Inc."]) == ["Dgraph Labs, Inc."]  # a legal form
    assert places.labels(["Uber AI Labs, San Francisco"]) == ["Uber AI Labs"]


def test_company_names_without_an_institution_word(places: Gazetteer) -> None:
    body = (
        "\\author{T. Karaletsos \\\\ Chan-Zuckerberg Initiative \\\\ \\& Pyramidal AI "
        "\\And S. Mandt \\\\ Computer Science \\& AI in Science Institute, \\\\ University of "
        "California, Irvine}"
    )
    assert _labels(body, places) == [
        "Chan-Zuckerberg Initiative",
        "Pyramidal AI",
        "University of California Irvine(加利福尼亚大学尔湾分校)",
    ]
    assert not latex_front.looks_institutional("Department of Computer Science & AI", places.knows)


def test_leads_and_placeholders_are_not_organisations(places: Gazetteer) -> None:
    body = (
        "\\author[1]{A}\\author[2]{B}\\affil[1]{Genentech}\\affil[2]{Formerly Genentech}"
        "\\affil[3]{xxx University}"
    )
    assert _labels(body, places) == ["Genentech"]


def test_a_short_name_with_its_lab_s_acronym_is_the_organisation(places: Gazetteer) -> None:
    assert places.labels(["MIT CSAIL"]) == ["Massachusetts Institute of Technology(麻省理工学院)"]
    assert places.labels(["MIT Press"]) == ["MIT Press"]


def test_an_escaped_line_break_closes_its_group() -> None:
    assert tex.braced("{Wuhan, China \\\\}\\affiliation{B}", 0) == ("Wuhan, China \\\\", 17)
    assert tex.braced("{a \\} b} c", 0) == ("a \\} b", 8)
