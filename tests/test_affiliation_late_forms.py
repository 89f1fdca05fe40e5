"""Shapes of real author blocks found by held-out sets 54 to 57 (one class each, written
small; the papers that showed them are in tests/fixtures/latex_heldout54-57)."""

from __future__ import annotations

from monitor.affiliations import Gazetteer
from tests.test_affiliation_shapes import _labels, _source_labels


def test_a_college_or_initiative_above_a_university_is_its_unit(places: Gazetteer) -> None:
    jmlr = (
        "\\author{\\name Wei Ji \\email w@andrew.cmu.edu \\\\ \\addr Heinz College\\\\ "
        "Carnegie Mellon University\\\\ Pittsburgh, PA, United States}"
    )
    assert _labels(jmlr, places) == ["Carnegie Mellon University(卡耐基梅隆大学)"]
    block = "\\author{Emily Nomura \\\\ Data Science Initiative \\\\ Brown University}"
    assert _labels(block, places) == ["Brown University(布朗大学)"]
    # a college of its own stays, above no university or in a list of its own
    assert _labels("\\author{Ann Lee \\\\ Dartmouth College \\\\ Hanover, NH}", places) == [
        "Dartmouth College(达特茅斯学院)"
    ]
    apart = "\\author{Ann Lee \\\\ Boston College \\And Bob Jones \\\\ Harvard University}"
    assert _labels(apart, places) == ["Boston College(波士顿学院)", "Harvard University(哈佛大学)"]


def test_a_known_name_last_in_a_part_of_a_list(places: Gazetteer) -> None:
    # a unit's short name after the organisation, among other organisations
    mit = "MIT CSAIL, Technical University of Munich, Argonne National Laboratory"
    assert [i.english for i in places.institutions([mit])] == [
        "Massachusetts Institute of Technology",
        "Technical University of Munich",
        "Argonne National Laboratory",
    ]
    # a programme of the organisation named last
    conacyt = "Investigadores por México-CONACYT, Instituto de Geofísica, Universidad Nacional"
    assert "CONACYT" in [i.english for i in places.institutions([f"{conacyt} Autónoma de México"])]
    # not a unit written after the name: the part is a unit and what follows it is too
    nyu = "NYU Department of Computer Science, Courant Institute"
    assert [i.english for i in places.institutions([nyu])] == ["New York University"]
    # nor a part whose own words name an organisation (`Université Paris-Sud` is not Paris')
    assert [i.english for i in places.institutions(["CNRS, Université Paris-Sud"])] == [
        "CNRS",
        "Université Paris-Sud",
    ]


def test_numbered_entries_after_the_abstract(places: Gazetteer) -> None:
    # pandoc's templates set the authors' organisations as text after the abstract
    source = (
        "\\documentclass{article}\\title{T}\\author{Hussein Mahfouz\\textsuperscript{1,*} "
        "\\and Robin Lovelace\\textsuperscript{2}}\\begin{document}\\maketitle\n"
        "\\begin{abstract}\nA.\n\\end{abstract}\n\n"
        "\\textsuperscript{1} The Centre for Advanced Spatial Analysis, University College "
        "London, London, UK\\\\\n\\textsuperscript{2} Institute of Transport Studies, "
        "University of Leeds, Leeds, UK\n\n\\section{Introduction}\nText."
    )
    assert _source_labels(source, places) == [
        "University College London(伦敦大学学院)",
        "The University of Leeds(利兹大学)",
    ]
    # numbered lines after the abstract of authors with no numbers are not theirs
    unmarked = source.replace("\\textsuperscript{1,*}", "").replace("\\textsuperscript{2}}", "}")
    assert _source_labels(unmarked, places) == []


def test_ijcai_affiliations_after_the_names_on_one_line(places: Gazetteer) -> None:
    body = (
        "\\author{Antônio Machado, Bárbara Boechat, Elvis Ribeiro \\affiliations "
        "Universidade Federal de São João del-Rei \\emails \\{a, b\\}@gmail.com}"
    )
    assert _labels(body, places) == ["Universidade Federal de São João del-Rei"]
