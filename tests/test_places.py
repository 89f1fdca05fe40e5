"""`monitor.places` on the shipped lists: towns, regions, countries and address parts are
places; organisations' names written without an institution's word beside known ones are not
(the French lists of sets 7 and 29: `…, CNRS, Sorbonne Paris Cité, France`)."""

from __future__ import annotations

import pytest

from monitor.affiliations import Gazetteer
from monitor.places import is_place, names_no_place


@pytest.mark.parametrize(
    "name",
    ["Gif-sur-Yvette", "Île-de-France", "Hong Kong SAR", "Cambridge MA", "Aotearoa/New Zealand",
     "Czech Republic", "Italy I-", "Bures-sur-Yvette", "Yorktown Heights", "Baden-Württemberg"],
)  # fmt: skip
def test_places(name: str) -> None:
    assert is_place(name)


@pytest.mark.parametrize(
    "part",
    ["Sorbonne Paris Cité", "Obs de Paris", "Thermo Fisher", "Thales Alenia Space"],
)
def test_names_that_are_no_place(part: str) -> None:
    assert names_no_place(part)


@pytest.mark.parametrize(
    "part",
    ["Haidian District", "Clear Water Bay", "Piazza Leonardo da Vinci", "Rua Dr. Roberto Frias",
     "S. Bhattacharya and S. K. Ghosh", "Computational Research Division", "Intelligent Systems",
     "Centre de Vision Numérique", "Dpto. de Física", "Graduate Program", "Montpellier",
     "Institute of Immunology", "Mountain View", "Via Ferrata 5"],
)  # fmt: skip
def test_parts_that_name_no_organisation(part: str) -> None:
    assert not names_no_place(part)


def test_an_unknown_name_beside_known_organisations_is_one_more(places: Gazetteer) -> None:
    line = "AIM, CEA, CNRS, Université Paris-Saclay, Sorbonne Paris Cité, F-91191 Gif, France"
    assert places.labels([line])[-1] == "Sorbonne Paris Cité"
    # not before the known one (its unit), nor a town, a district or a street after it
    assert places.labels(["Tsinghua University, Haidian District, Beijing, China"]) == [
        "Tsinghua University(清华大学)"
    ]
    assert places.labels(["Politecnico di Milano, Piazza Leonardo da Vinci, Milan"]) == [
        "Polytechnic University of Milan(米兰理工大学)"
    ]
    assert places.labels(["Sorbonne Paris Cité, CNRS"]) == ["CNRS(法国国家科学研究中心)"]
