"""Shapes of real author blocks found by held-out sets 91 to 98 (one class each, written
small; the papers that showed them are in tests/fixtures/latex_heldout91 to 98)."""

from __future__ import annotations

from monitor.affiliations import Gazetteer
from tests.test_affiliation_shapes import _labels


def _names(labels: list[str]) -> list[str]:
    return [label.split("(")[0] for label in labels]


def _affiliation(text: str, places: Gazetteer) -> list[str]:
    return _names(_labels(f"\\author{{A}}\\affiliation{{{text}}}", places, "aastex631"))


def test_an_office_and_a_slavic_faculty_are_units(places: Gazetteer) -> None:
    assert _affiliation(
        "Office of High Performance Computing, National Library of Medicine, Bethesda, MD", places
    ) == ["National Library of Medicine"]
    assert _affiliation("Office of the CTO, Voryx Robotics, San Jose", places) == ["Voryx Robotics"]
    assert _affiliation(
        "Fakulta informatiky a riadenia, Žilinská Univerzita v Žiline, Žilina, Slovakia", places
    ) == ["Žilinská Univerzita v Žiline"]


def test_a_museum_and_a_library_are_organisations(places: Gazetteer) -> None:
    assert _affiliation(
        "Department of Astrophysics, American Museum of Natural History, New York, NY", places
    ) == ["American Museum of Natural History"]


def test_a_withheld_affiliation_names_none(places: Gazetteer) -> None:
    block = "\\author[1]{Names withheld}\\affil[1]{Affiliations and email addresses withheld}"
    assert _labels(block, places, "article") == []


def test_ties_set_a_unit_and_its_university_apart(places: Gazetteer) -> None:
    author = (
        "\\author{Ann Lee ~~ Bo Chen\\\\ Departamento de Ci\\^{e}ncia da Computa\\c{c}\\~{a}o ~~ "
        "Universidade Federal de Minas Gerais, Brazil}"
    )
    assert _names(_labels(author, places)) == ["Federal University of Minas Gerais"]


def test_a_short_form_before_its_department_is_the_organisation(places: Gazetteer) -> None:
    author = (
        "\\author{Ann Lee\\\\ Incredibuild \\quad\\textbar\\quad HIT CS Department, Israel\\\\"
        "\\texttt{ann@incredibuild.com} \\quad \\texttt{ann@hit.ac.il}}"
    )
    assert _names(_labels(author, places)) == ["Incredibuild", "HIT"]
    assert _affiliation("EECS Department, Voryx Robotics, San Jose", places) == ["Voryx Robotics"]


def test_two_organisations_joined_by_a_slash(places: Gazetteer) -> None:
    assert _affiliation("IRIF, CNRS/Université Paris Diderot, Paris, France", places) == [
        "CNRS",
        "Université Paris Diderot",
    ]
    # a centre before the slash is the known one's unit
    assert _affiliation("CISTER Research Centre/INESC-TEC, Porto, Portugal", places) == [
        "INESC TEC"
    ]


def test_a_note_s_and_with_starts_another_organisation(places: Gazetteer) -> None:
    note = (
        "M. Troyer is with the Institute for Theoretical Physics of ETH Zurich (Switzerland) "
        "and with the Quantum Architectures and Computation Group, Microsoft Research, Redmond."
    )
    body = f"\\author{{M. Troyer\\thanks{{{note}}}}}"
    assert _names(_labels(body, places)) == ["ETH Zurich", "Microsoft Research"]


def test_a_common_name_inside_a_longer_one_is_not_it(places: Gazetteer) -> None:
    # the gazetteer's Mexican `Institute of Advanced Technology` is not Zhengzhou Xinda's
    found = places.labels(["Zhengzhou Xinda Institute of Advanced Technology, Zhengzhou, China"])
    assert found == ["Zhengzhou Xinda Institute of Advanced Technology"]


def test_an_institute_written_with_its_hosts_is_one(places: Gazetteer) -> None:
    found = places.labels(
        ["IDSIA Dalle Molle Institute for Artificial Intelligence USI-SUPSI, Lugano, Switzerland"]
    )
    assert _names(found) == ["IDSIA"]
