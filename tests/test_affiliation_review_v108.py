"""Inputs a code review of v105-v108 found where a rule was broader than its docstring said
(each now a regression test): the rules themselves are tested in
tests/test_affiliation_sets_82_90.py."""

from __future__ import annotations

from monitor.affiliation_lines import split_lines
from monitor.affiliations import Gazetteer
from monitor.latex_front import affiliations
from monitor.tex import plain
from monitor.tex_macros import without_void_macros
from tests.test_affiliation_blocks import _page_labels
from tests.test_affiliation_shapes import _labels


def _names(labels: list[str]) -> list[str]:
    return [label.split("(")[0] for label in labels]


def _affiliation(text: str, places: Gazetteer) -> list[str]:
    return _names(_labels(f"\\author{{A}}\\affiliation{{{text}}}", places, "aastex631"))


def test_a_position_held_at_a_unit_word_is_not_the_organisation(places: Gazetteer) -> None:
    for held in ("Director of Research", "Head of Lab", "Director of Research and Development"):
        assert _affiliation(f"{held}, Voryx Robotics, San Jose, CA", places) == [
            "Voryx Robotics"
        ], held
    assert _affiliation("Faculty of Medicine Siriraj Hospital, Mahidol University", places) == [
        "Mahidol University"
    ]


def test_a_company_named_like_a_street_is_no_home_address(places: Gazetteer) -> None:
    assert _affiliation("Jane Street, New York, NY, USA", places) == ["Jane Street"]
    assert _affiliation("One Microsoft Way, Redmond, WA", places) == ["Microsoft"]
    assert _affiliation("Winter Way, Uppsala, Sweden", places) == []
    # an organisation after the street is no place: the line is its address, not a home's
    assert _affiliation("Winter Way, Pemberton University", places) == ["Pemberton University"]


def test_a_void_macro_defined_again_or_in_a_switch_is_not_void(places: Gazetteer) -> None:
    block = "\\authors{\\author{A \\\\ Tsinghua University}}"
    for preamble in (
        "\\newcommand{\\authors}[1]{}\\renewcommand{\\authors}[1]{#1}",
        "\\iftoggle{anon}{\\newcommand{\\authors}[1]{}}{\\newcommand{\\authors}[1]{#1}}",
        "\\ifdefined\\anonymous \\newcommand{\\authors}[1]{} \\else "
        "\\newcommand{\\authors}[1]{#1} \\fi",
    ):
        source = f"\\documentclass{{article}}{preamble}\\begin{{document}}\\title{{T}}{block}"
        found = places.labels(affiliations({"main.tex": source + "\\maketitle"}, places.knows))
        assert _names(found) == ["Tsinghua University"], preamble
    # two void macros: the second's uses go too
    two = "\\newcommand{\\hide}[1]{}\\hide{X}\\newcommand{\\note}[1]{}AAAA\\note{y}BBBB"
    assert without_void_macros(two) == "\\newcommand{\\hide}[1]{}\\newcommand{\\note}[1]{}AAAABBBB"


def test_a_later_lipics_entry_must_be_written_as_a_name(places: Gazetteer) -> None:
    for second in (
        "\\href{https://annlee.github.io}{Homepage}",
        "www.annlee.net",
        "Visiting Professor",
        "Currently on leave",
        "ORCID 0000-0002-1825-0097",
        "Supported by ERC grant 123",
    ):
        author = (
            f"\\author{{Ann Lee}}{{Aalto University, Finland \\and {second}}}{{a@aalto.fi}}{{}}{{}}"
        )
        assert _names(_labels(author, places, "lipics-v2021")) == ["Aalto University"], second


def test_an_address_at_a_line_s_end_does_not_join_the_next(places: Gazetteer) -> None:
    lines = split_lines(
        "Max Planck Institute for Software Systems, contact: ann@mpi-sws.de\nAnn Lee"
    )
    assert lines[-1] == "Ann Lee"


def test_a_pdf_footnote_of_a_position_and_a_place_is_none(places: Gazetteer) -> None:
    notes = ("PhD Student, Berlin, Germany", "Visiting Scholar, Paris, France",
             "Lecture Notes, Berlin, Germany", "Dagstuhl Seminar, Wadern, Germany")  # fmt: skip
    for note in notes:
        page = f"T\nA. B. ∗\nAbstract\nA.\n1 Introduction\nThe body.\n∗{note}\n"
        assert _page_labels(page, places) == [], note


def test_a_disclaimer_naming_an_agency_is_no_affiliation(places: Gazetteer) -> None:
    note = "Views are the author's own and not those of the Defense Intelligence Agency"
    body = f"\\author{{A\\thanks{{{note}}} \\\\ Tsinghua University}}"
    assert _names(_labels(body, places)) == ["Tsinghua University"]


def test_italics_inside_an_organisation_s_name_do_not_cut_it(places: Gazetteer) -> None:
    author = (
        "\\author{Ann Lee \\\\ Laboratoire \\textit{Jacques-Louis Lions} \\\\ Paris \\And "
        "Bob Chen \\\\ \\textit{National Center for Atmospheric Research}}"
    )
    assert "Laboratoire" not in _names(_labels(author, places))
    # a field or a status in italics under a name is no organisation
    for under in ("Computer Science", "Mathematics", "Emeritus", "Deceased"):
        author = (
            f"\\author{{Ann Lee \\textit{{{under}}} \\and "
            "Chris Hoffman \\textit{National Center for Atmospheric Research}}"
        )
        assert _names(_labels(author, places)) == ["National Center for Atmospheric Research"]


def test_a_prime_used_as_a_mark_leaves_no_apostrophe() -> None:
    assert plain("$^\\prime$Max Planck Institute").strip() == "Max Planck Institute"
    assert plain("Xi$'$an") == "Xi'an"


def test_pdf_an_institute_of_its_own_over_a_department_stays(places: Gazetteer) -> None:
    for institute, university in (
        ("Perimeter Institute for Theoretical Physics", "University of Waterloo"),
        ("Korea Institute for Advanced Study", "Seoul National University"),
    ):
        page = f"T\nAnn Lee\n{institute}\nDepartment of Physics\n{university}\nAbstract\nA.\n"
        assert _names(_page_labels(page, places)) == [institute, university]


# A second review, of v109's fixes, found where they went too far the other way (v110)


def test_a_position_at_an_organisation_named_by_its_short_form(places: Gazetteer) -> None:
    assert _affiliation("Researcher at the SETI Institute, Mountain View, CA", places) == [
        "SETI Institute"
    ]


def test_a_company_of_several_words_and_its_place_is_a_note_s_organisation(
    places: Gazetteer,
) -> None:
    for name in ("Essential AI", "Jump Trading"):
        body = f"\\author{{A\\thanks{{{name}, Chicago, IL}} \\\\ Tsinghua University}}"
        assert _names(_labels(body, places)) == ["Tsinghua University", name], name
    page = "T\nA. B. ∗\nAbstract\nA.\n1 Introduction\nThe body.\n"
    page += "∗A. Lee is with Jump Trading, Chicago, IL\n"
    assert _page_labels(page, places) == ["Jump Trading"]


def test_etoolbox_conditionals_and_switch_definitions_open_no_conditional(
    places: Gazetteer,
) -> None:
    hidden = "\\hide{\\author{A \\\\ Tsinghua University}}\\author{B \\\\ Peking University}"
    for preamble in (
        "\\ifbool{anon}{x}{y}",
        "\\newif{\\ifanon}",
        "\\let\\ifblind\\iftrue",
        "$a \\iff b$",
    ):
        source = f"\\documentclass{{article}}{preamble}\\newcommand{{\\hide}}[1]{{}}"
        source += f"\\begin{{document}}\\title{{T}}{hidden}\\maketitle"
        found = places.labels(affiliations({"main.tex": source}, places.knows))
        assert _names(found) == ["Peking University"], preamble


def test_a_later_lipics_entry_of_one_word_or_with_of_is_a_name(places: Gazetteer) -> None:
    for second in ("Kyutai, Paris", "Imbue", "Bank of America"):
        author = (
            f"\\author{{Ann Lee}}{{Aalto University, Finland \\and {second}}}{{a@aalto.fi}}{{}}{{}}"
        )
        assert _names(_labels(author, places, "lipics-v2021"))[1:] == [second.split(",")[0]]


def test_colorado_s_co_is_no_legal_form(places: Gazetteer) -> None:
    assert places.labels(["Kestrel Lab, Denver Co, Pemberton University"]) == [
        "Pemberton University"
    ]


# Left from the second review, fixed in v112


def test_a_leader_of_a_function_then_a_company_names_the_company(places: Gazetteer) -> None:
    assert _affiliation("Head of Product Research, Acme Robotics, Austin, TX", places) == [
        "Acme Robotics"
    ]
    # a position held at an organisation of its own name stays as it was
    assert _affiliation("Jansky Fellow of the National Radio Astronomy Observatory", places) == [
        "National Radio Astronomy Observatory"
    ]


def test_a_position_alone_or_with_its_place_names_no_organisation(places: Gazetteer) -> None:
    for line in ("Research Scientist, Zurich", "Senior Software Engineer", "PhD Student"):
        assert _affiliation(line, places) == [], line
    assert _affiliation("Research Scientist, Voryx Robotics", places) == ["Voryx Robotics"]


def test_an_employee_s_agency_and_a_summer_school_in_notes(places: Gazetteer) -> None:
    for note, found in (
        ("Employee of the National Security Agency.", ["National Security Agency"]),
        ("This work was done at the Machine Learning Summer School, Lisbon.", []),
    ):
        body = f"\\author{{A\\thanks{{{note}}} \\\\ Tsinghua University}}"
        assert _names(_labels(body, places)) == ["Tsinghua University", *found], note


def test_a_field_in_italics_under_a_name_is_no_organisation(places: Gazetteer) -> None:
    author = (
        "\\author{Ann Lee \\textit{Machine Learning} \\and "
        "Chris Hoffman \\textit{National Center for Atmospheric Research}}"
    )
    assert _names(_labels(author, places)) == ["National Center for Atmospheric Research"]


def test_xparse_macros_are_read_as_the_paper_s_own(places: Gazetteer) -> None:
    block = "\\author{A \\\\ \\uni}"
    source = "\\documentclass{article}\\NewDocumentCommand{\\uni}{}{Tsinghua University}"
    source += f"\\begin{{document}}\\title{{T}}{block}\\maketitle"
    found = places.labels(affiliations({"main.tex": source}, places.knows))
    assert _names(found) == ["Tsinghua University"]
    # a void macro defined again by xparse is not void
    again = "\\newcommand{\\hide}[1]{}\\RenewDocumentCommand{\\hide}{m}{#1}\\hide{X}"
    assert without_void_macros(again) == again
