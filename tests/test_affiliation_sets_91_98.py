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
