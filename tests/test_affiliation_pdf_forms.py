"""First pages of the seventh held-out PDFs (tests/fixtures/pdf_heldout7, typeset from sets
25-29) whose organisations the PDF fallback lost: an elsarticle entry the page broke in two,
one lettered entry alone, French and German institution words. Each written small."""

from __future__ import annotations

from monitor.affiliations import Gazetteer
from monitor.org_words import names_organisation
from tests.test_affiliation_blocks import _page_labels


def test_an_elsarticle_entry_broken_over_two_lines(places: Gazetteer) -> None:
    page = (
        "T\nA. Kapralov1, B. Nolte1\n"
        "aDepartment of Neurology, Max Planck Institute for Human Cognitive and Brain\n"
        "Sciences, Leipzig, Germany\nbMax Planck School of Cognition, Leipzig, Germany\n"
        "cDepartment of Neurophysiology, University Medical Center\n"
        "Hamburg-Eppendorf, Hamburg, Germany\ndTechnische Universität Berlin, Berlin, Germany\n"
        "Abstract\nA.\n"
    )
    labels = _page_labels(page, places)
    assert labels[0] == "Max Planck Institute for Human Cognitive and Brain Sciences"
    assert "University Medical Center Hamburg-Eppendorf" in labels
    assert len(labels) == 4


def test_one_lettered_entry_alone_loses_its_letter(places: Gazetteer) -> None:
    page = (
        "T\nP. Tauzowski1, A. Szczepańczyk1\naInstitute of Fundamental Technological Research, "
        "Polish Academy of Sciences\nA. Pawinskiego 5B, 02-106 Warsaw, Poland\nAbstract\nA.\n"
    )
    assert _page_labels(page, places) == [
        "Institute of Fundamental Technological Research, Polish Academy of Sciences"
    ]


def test_french_and_german_institution_words() -> None:
    for name in (
        "Laboratoire d’Astrophysique de Marseille",
        "Physikalisch-Technische Bundesanstalt",
        "Observatoire de la Côte d’Azur",
        "Universitätsklinikum Hamburg",
        "Ospedale San Raffaele",
    ):
        assert names_organisation(name), name
    assert not names_organisation("Collaborative filtering")
