"""Inputs a code review of v112-v113 found where a rule was broader (or narrower) than its
docstring said, each now a regression test; the rules themselves are tested in
tests/test_affiliation_sets_91_98.py."""

from __future__ import annotations

from monitor.affiliations import Gazetteer
from monitor.latex_front import affiliations
from tests.test_affiliation_review_v108 import _affiliation, _names
from tests.test_affiliation_shapes import _labels


def _noted(note: str, places: Gazetteer) -> list[str]:
    return _names(_labels(f"\\author{{A\\thanks{{{note}}} \\\\ Tsinghua University}}", places))[1:]


def test_a_library_or_museum_in_a_sentence_is_none(places: Gazetteer) -> None:
    assert _noted("Code is available as an open-source Python library.", places) == []
    assert _noted("Images courtesy of the Metropolitan Museum of Art.", places) == []


def test_a_lab_s_short_form_after_a_slash_is_its_unit(places: Gazetteer) -> None:
    assert _names(places.labels(["KU Leuven / ESAT-PSI, Belgium"])) == ["KU Leuven"]
    assert _names(places.labels(["CNRS / IN2P3, France"])) == ["CNRS"]


def test_llncs_institutes_in_a_switch_are_left_to_it(places: Gazetteer) -> None:
    block = (
        "\\author{A}\\ifdefined\\cameraready \\institute{Tsinghua University} \\else "
        "\\institute{Anonymous Institution} \\fi"
    )
    source = f"\\documentclass{{llncs}}\\begin{{document}}\\title{{T}}{block}\\maketitle"
    found = places.labels(affiliations({"main.tex": source}, places.knows))
    assert _names(found) == ["Tsinghua University"]


def test_a_leader_s_lab_and_its_town(places: Gazetteer) -> None:
    assert _noted("Director of Qwerty AI Lab, San Diego, CA", places) == ["Qwerty AI Lab"]


def test_units_after_a_department_are_no_company(places: Gazetteer) -> None:
    for line in (
        "Department of Medicine, Division of Global Health, Boston, USA",
        "Department of Computer Science, Systems Group",
        "Department of Statistics, Data Analytics",
    ):
        assert _affiliation(line, places) == [], line


def test_a_funder_s_name_before_a_unit_is_not_the_organisation(
    places: Gazetteer,
) -> None:
    assert _names(places.labels(["EPSRC Centre for Doctoral Training in Robotics, UK"])) == [
        "EPSRC Centre for Doctoral Training in Robotics"
    ]


def test_an_office_alone_is_an_agency(places: Gazetteer) -> None:
    assert _affiliation("Office of Naval Research, Arlington, VA", places) == [
        "Office of Naval Research"
    ]


def test_the_time_of_an_affiliation_in_other_words(places: Gazetteer) -> None:
    for note in (
        "With Kestrel Systems at the time of submission.",
        "Was with Kestrel Systems at the time of publication.",
        "Affiliated with Kestrel Systems at the time of this research.",
    ):
        assert _noted(note, places) == ["Kestrel Systems"], note


def test_a_unit_after_a_name_that_ends_in_fields_is_no_part_of_it(places: Gazetteer) -> None:
    assert places.labels(
        ["Zorvia Institute of Science and Technology, Electrical and Computer Engineering"]
    ) == ["Zorvia Institute of Science and Technology"]
    assert places.labels(["Acme Research, Machine Learning and Vision Team"]) == ["Acme Research"]


def test_numbered_notes_after_the_title_are_no_entries(places: Gazetteer) -> None:
    after = (
        "\n\n$^{1}$ Equal contribution \\quad $^{2}$ Corresponding author\n\n"
        "Results of GPT-4 from OpenAI.\n\\begin{abstract}A.\\end{abstract}"
    )
    source = (
        "\\documentclass{article}\\begin{document}\\title{T}\\author{Ann Lee$^{1}$}"
        f"\\maketitle{after}"
    )
    assert affiliations({"main.tex": source}, places.knows) == []


def test_a_dash_s_short_form_the_and_a_unit_after_it(places: Gazetteer) -> None:
    assert places.labels(["ICFO – The Institute of Photonic Sciences, Barcelona"]) == [
        "The Institute of Photonic Sciences"
    ]
    assert places.labels(["UFMG - Computer Science Department"]) == ["UFMG"]


def test_smaller_findings(places: Gazetteer) -> None:
    assert places.labels(["Department of AI University of Science and Technology"]) != []
    assert _noted(
        "Software engineer in the hospital informatics group, Kestrel Health", places
    ) == ["Kestrel Health"]
    assert _names(places.labels(["Amazon and PhD"])) == ["Amazon"]


# A second review, of the first review's fixes, found where they went too far the other way


def test_entries_of_short_names_typed_after_the_title(places: Gazetteer) -> None:
    after = (
        "\n\\begin{center}\n$^{1}$Google DeepMind \\quad $^{2}$OpenAI\n\\end{center}\n"
        "\\begin{abstract}A.\\end{abstract}"
    )
    source = (
        "\\documentclass{article}\\begin{document}\\title{T}"
        f"\\author{{Ann Lee$^{{1}}$ \\and Bo Chen$^{{2}}$}}\\maketitle{after}"
    )
    found = places.labels(affiliations({"main.tex": source}, places.knows))
    assert _names(found) == ["Google DeepMind", "OpenAI"]


def test_a_courtesy_appointment_is_an_affiliation(places: Gazetteer) -> None:
    author = (
        "\\author{Ann Lee \\\\ Department of Computer Science (by courtesy) \\\\ "
        "Stanford University}"
    )
    assert _names(_labels(author, places)) == ["Stanford University"]


def test_the_known_side_of_a_slash_stays(places: Gazetteer) -> None:
    assert _names(places.labels(["IRIT/Université de Toulouse"])) == ["University of Toulouse"]
    assert _names(places.labels(["LTCI / Télécom Paris, Institut Polytechnique de Paris"])) == [
        "Télécom Paris",
        "Institut Polytechnique de Paris",
    ]


def test_an_office_before_its_agency_is_its_unit(places: Gazetteer) -> None:
    assert places.labels(["Office of Surveillance and Epidemiology, FDA"]) == ["FDA"]


def test_a_donor_s_school_above_its_university(places: Gazetteer) -> None:
    author = "\\author{Ann Lee \\\\ Whiting School of Engineering \\\\ Johns Hopkins University}"
    assert _names(_labels(author, places)) == ["The Johns Hopkins University"]


def test_department_short_forms_after_a_short_form(places: Gazetteer) -> None:
    for line in ("NTU EEE Department", "NTU Psychology Department"):
        assert places.labels([line]) == ["NTU"], line


def test_camel_case_companies_ending_in_capitals(places: Gazetteer) -> None:
    assert _names(places.labels(["University of Oxford and StabilityAI"])) == [
        "University of Oxford",
        "StabilityAI",
    ]


def test_an_anonymised_llncs_branch_names_none(places: Gazetteer) -> None:
    block = (
        "\\author{A}\\ifanon \\institute{Anonymized for review} \\else "
        "\\institute{Tsinghua University \\and Peking University} \\fi"
    )
    source = f"\\documentclass{{llncs}}\\begin{{document}}\\title{{T}}{block}\\maketitle"
    found = places.labels(affiliations({"main.tex": source}, places.knows))
    assert _names(found) == ["Tsinghua University", "Peking University"]


def test_a_name_that_ends_in_its_fields(places: Gazetteer) -> None:
    assert places.labels(
        ["Institute for Computing, Information and Cognitive Systems, Vancouver"]
    ) == ["Institute for Computing, Information and Cognitive Systems"]
    assert places.labels(["Chemistry Institute of Advanced Technology"]) == [
        "Chemistry Institute of Advanced Technology"
    ]


def test_a_slash_between_a_company_s_unit_and_a_university(places: Gazetteer) -> None:
    # a third review: the known side alone only beside a lab's short form
    assert _names(places.labels(["Google Brain/Stanford"])) == ["Google", "Stanford University"]
