"""Units and organisations the thirty-fifth to forty-seventh held-out sets told apart (one
class each, written small; the papers that showed them are in tests/fixtures/latex_heldout35-47)."""

from __future__ import annotations

from monitor.affiliations import Gazetteer
from monitor.org_words import field_named
from tests.test_affiliation_shapes import _labels


def test_an_institute_named_by_its_field_is_a_university_s_unit(places: Gazetteer) -> None:
    assert places.labels(
        ["Federal University of Rio de Janeiro (UFRJ), Institute of Computing, Brazil"]
    ) == ["Federal University of Rio de Janeiro(里约热内卢联邦大学)"]
    body = (
        "\\author{Jan Kowalski}\\institute{Instytut Informatyki\\\\Wydział Elektroniki i Technik"
        " Informacyjnych\\\\Politechnika Warszawska\\\\ \\url{http://www.ii.pw.edu.pl/}}"
    )
    assert _labels(body, places, "llncs") == ["Politechnika Warszawska"]


def test_an_institute_with_a_name_of_its_own_stays(places: Gazetteer) -> None:
    # a proper name, or an academy above it: an organisation of its own
    names = ["Peking University, Zhongguancun Institute of Artificial Intelligence"]
    assert [i.english for i in places.institutions(names)] == [
        "Peking University",
        "Zhongguancun Institute of Artificial Intelligence",
    ]
    body = "\\author{Li Wei\\\\Institute of Computing Technology\\\\Chinese Academy of Sciences}"
    assert _labels(body, places) == [
        "Institute of Computing Technology, Chinese Academy of Sciences(中国科学院计算技术研究所)"
    ]
    assert not field_named("Harbin Institute of Technology")
    assert not field_named("Allen Institute for AI")
    assert not field_named("Institute of Science Tokyo")
    assert field_named("Institute for Artificial Intelligence")
    assert field_named("Instytut Informatyki")
