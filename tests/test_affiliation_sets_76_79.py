"""Shapes of real author blocks found by held-out sets 76 and 79 (one class each, written
small; the papers that showed them are in tests/fixtures/latex_heldout76 and 79)."""

from __future__ import annotations

from monitor.affiliations import Gazetteer
from monitor.author_notes import note_lines
from tests.test_affiliation_shapes import _labels, _source_labels

_FOOTREMEMBER = (
    "\\newcommand{\\footremember}[2]{%\n\t\\footnote{#2}\n\t\\newcounter{#1}\n"
    "\t\\setcounter{#1}{\\value{footnote}}%\n}\n"
    "\\newcommand{\\footrecall}[1]{\\footnotemark[\\value{#1}]}\n"
)


def test_a_macro_of_the_paper_s_own_that_sets_a_footnote_is_read_as_it(
    places: Gazetteer,
) -> None:
    author = (
        "\\author{Pierre Borie \\orcidlink{0009-0000-1043-5057}\\footremember{udem}{Université "
        "de Montréal, Department of Computer Science, Montreal, QC, Canada} \\and Fabian Bastin"
        "\\footrecall{udem} \\and Stéphane Dellacherie\\footremember{hq}{Hydro-Québec, Montreal,"
        " QC, Canada}\\footremember{uqam}{Université du Québec à Montréal, Montreal, QC, Canada}}"
    )
    source = f"\\documentclass{{article}}{_FOOTREMEMBER}\\begin{{document}}\\title{{T}}{author}"
    labels = _source_labels(source + "\\maketitle", places)
    assert [label.split("(")[0] for label in labels] == [
        "University of Montreal",
        "Hydro-Québec",
        "Université du Québec à Montréal",
    ]
    # no trace of the names, the ORCID or the macro's key
    assert not any("Borie" in label or "udem" in label for label in labels)


def test_a_note_that_is_a_name_and_its_place_is_an_affiliation(places: Gazetteer) -> None:
    assert note_lines("Hydro-Québec, Montreal, QC, Canada", places.knows) == [
        "Hydro-Québec, Montreal, QC, Canada"
    ]
    assert note_lines("Work done while at Hydro-Québec", places.knows) == ["Hydro-Québec"]
    # a place alone, or a note with no name, is none
    for note in ("Boston, MA", "Montreal, QC, Canada", "Equal contribution", "Work done at home"):
        assert note_lines(note, places.knows) == [], note


def test_a_note_on_where_the_paper_is_published_names_no_affiliation(places: Gazetteer) -> None:
    for note in (
        "Part of this research has been submitted to IEEE ICC 2021.",
        "A preliminary version of this paper was presented at IEEE INFOCOM 2020.",
        "An extended version appeared in ACM SIGCOMM.",
    ):
        assert note_lines(note, places.knows) == [], note
    body = "\\author{A. B.\\thanks{Part of this research has been submitted to IEEE ICC 2021.}}"
    assert _labels(body + "\\author{C}", places) == []


def test_a_list_that_ends_in_a_unit_goes_on_on_the_next_line(places: Gazetteer) -> None:
    body = (
        "\\author{A}\\affil{Architecture and Building Systems, Institute of Technology in "
        "Architecture,\\\\ ETH Zurich, Switzerland}"
    )
    assert _labels(body, places) == ["ETH Zurich(苏黎世联邦理工大学)"]
    # a list that ends in an organisation is one of its own
    two = "\\author{A}\\affil{Dept. of Physics, Universidad de Chile,\\\\ Acme Robotics Inc.}"
    assert [label.split("(")[0] for label in _labels(two, places)] == [
        "University of Chile",
        "Acme Robotics Inc",
    ]


def test_an_institute_and_a_department_over_their_university_are_its_units(
    places: Gazetteer,
) -> None:
    body = (
        "\\author{Eric Darve\\\\ Institute for Computational and Mathematical Engineering\\\\ "
        "Mechanical Engineering Department\\\\ Stanford University\\\\ Stanford, CA 94305, USA}"
    )
    assert _labels(body, places) == ["Stanford University(斯坦福大学)"]


def test_a_macro_s_body_on_two_lines_is_one_affiliation(places: Gazetteer) -> None:
    source = (
        "\\documentclass{revtex4}\\newcommand{\\ectstar}{European Centre for Theoretical "
        "Studies in Nuclear Physics and Related\nAreas (ECT$^*$) and Fondazione Bruno Kessler,"
        "\nI-38123 Villazzano (TN), Italy}\\begin{document}\\title{T}\\author{A}"
        "\\affiliation{\\ectstar}\\maketitle"
    )
    assert [label.split("(")[0] for label in _source_labels(source, places)] == [
        "European Centre for Theoretical Studies in Nuclear Physics and Related Areas ",
        "Fondazione Bruno Kessler",
    ]
    assert "(ECT)" in _source_labels(source, places)[0]  # the mark leaves no room behind


def test_a_short_form_in_brackets_is_the_name_it_follows(places: Gazetteer) -> None:
    full = "National University of Sciences and Technology (NUST), Islamabad, Pakistan"
    assert len(places.institutions([full, "NUST"])) == 1
    assert len(places.institutions(["NUST", full])) == 1
    # the gazetteer's own short name for a name written in full with it stays
    cnrs = "Centre National de la Recherche Scientifique (CNRS), France"
    assert [i.english for i in places.institutions([cnrs])] == ["CNRS"]


def test_acm_s_address_lines_under_one_author_are_one_affiliation(places: Gazetteer) -> None:
    body = (
        "\\author{\\alignauthor Wei Min \\\\ \\affaddr{CreditX} \\\\ \\affaddr{Shanghai} \\\\ "
        "\\affaddr{PRC} \\\\ \\email{w@126.com} \\alignauthor Xiao Wang \\\\ "
        "\\affaddr{Dept. of Computer Science}\\\\ \\affaddr{Zhejiang University} \\\\ "
        "\\affaddr{Hangzhou, China}}"
    )
    assert [label.split("(")[0] for label in _labels(body, places, "sig-alternate")] == [
        "CreditX",
        "Zhejiang University",
    ]
