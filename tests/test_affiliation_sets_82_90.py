"""Shapes of real author blocks found by held-out sets 82 to 90 (one class each, written
small; the papers that showed them are in tests/fixtures/latex_heldout82 to 90)."""

from __future__ import annotations

from monitor.affiliations import Gazetteer
from monitor.latex_front import affiliations
from monitor.pdf_page import accented
from monitor.tex import plain
from tests.test_affiliation_blocks import _page_labels
from tests.test_affiliation_shapes import _labels


def _main(body: str) -> dict[str, str]:
    return {
        "main.tex": f"\\documentclass{{article}}\\begin{{document}}\\title{{T}}{body}\\maketitle"
    }


def _names(labels: list[str]) -> list[str]:
    return [label.split("(")[0] for label in labels]


def test_lipics_affiliations_joined_by_and_are_each_one(places: Gazetteer) -> None:
    authors = (
        "\\author{Peter J. Stuckey}{Monash University, Melbourne, Australia \\and OPTIMA ITTC, "
        "Melbourne, Australia}{peter.stuckey@monash.edu}{}{}"
        "\\author{Jane Roe}{KU Leuven, Belgium \\and \\url{https://people.example.org/jane}}"
        "{jane@kuleuven.be}{}{}"
    )
    assert _names(_labels(authors, places, "lipics-v2021")) == [
        "Monash University",
        "OPTIMA ITTC",
        "KU Leuven",
    ]


def test_jmlr_addr_with_and_on_its_own_line_holds_two_affiliations(places: Gazetteer) -> None:
    author = (
        "\\author{\\name Jon D. McAuliffe \\email jon@stat.berkeley.edu \\\\ \\addr\n"
        "The Voleon Group \\\\\nBerkeley, CA 94704, USA \\\\\nand\\\\\nDepartment of Statistics"
        "\\\\\nUniversity of California, Berkeley\\\\\nBerkeley, CA 94720, USA}"
    )
    assert _names(_labels(author, places, "jmlr2e")) == [
        "The Voleon Group",
        "University of California, Berkeley",
    ]
    # one affiliation under `\addr`, however many lines, is still one
    one = "\\author{\\name A \\email a@b.org \\\\ \\addr\nThe Voleon Group \\\\\nBerkeley, CA}"
    assert _names(_labels(one, places, "jmlr2e")) == ["The Voleon Group"]


def test_a_name_broken_after_a_french_joining_word_goes_on(places: Gazetteer) -> None:
    author = (
        "\\author{{\\rm Yuki Abe}\\\\ Kyushu University \\and {\\rm Martin Peres}\\\\ "
        "Laboratoire Bordelais de \\\\ Recherche en Informatique}"
    )
    assert _names(_labels(author, places)) == [
        "Kyushu University",
        "Laboratoire Bordelais de Recherche en Informatique",
    ]


def test_a_position_held_at_an_organisation_is_not_its_name(places: Gazetteer) -> None:
    body = (
        "\\author{A}\\affiliation{Jansky fellow of the National Radio Astronomy Observatory, "
        "1003 Lopezville Rd, Socorro, NM 87801 USA}"
    )
    assert _names(_labels(body, places, "aastex631")) == ["National Radio Astronomy Observatory"]
    # a name that starts with a position's word is still the name
    body = "\\author{A}\\affiliation{Graduate University for Advanced Studies, Hayama, Japan}"
    assert _names(_labels(body, places, "aastex631")) != []


def test_an_author_s_home_address_names_no_organisation(places: Gazetteer) -> None:
    body = (
        "\\author{A}\\affiliation{Winter Way, Uppsala, Sweden}\\author{B}\\affiliation{Jane Street}"
    )
    # a street and places only is none; a company named like a street stays
    assert _names(_labels(body, places, "aastex631")) == ["Jane Street"]


def test_a_company_s_legal_form_ends_its_name(places: Gazetteer) -> None:
    assert places.labels(
        [
            "Aperio Software Ltd., Headingley Enterprise and Arts Centre, Bennett Road, Leeds, "
            "LS6 3HN, United Kingdom",
            "Xyz Robotics Co., Ltd., Research Centre, Hangzhou, China",
            "Galois, Inc., Portland, OR",
        ]
    ) == ["Aperio Software Ltd.", "Xyz Robotics Co., Ltd.", "Galois, Inc."]


def test_a_centre_before_the_agency_it_belongs_to_is_its_unit(places: Gazetteer) -> None:
    assert _names(
        places.labels(
            [
                "ESAC Science Data Centre, European Space Agency, Madrid, Spain",
                "European Space Astronomy Centre, European Space Agency, Madrid, Spain",
                "Japan Aerospace Exploration Agency, Sagamihara, Japan",
            ]
        )
    ) == ["European Space Agency", "Japan Aerospace Exploration Agency"]


def test_an_author_block_a_macro_of_the_paper_discards_is_not_printed(
    places: Gazetteer,
) -> None:
    source = (
        "\\documentclass{acmart}\\newcommand{\\comments}[1]{}\\begin{document}\\title{T}"
        "\\comments{\\author{A}\\affiliation{\\institution{University of Science and "
        "Technology of China}}}\\author{B}\\affiliation{\\institution{Zhejiang University}}"
        "\\maketitle"
    )
    assert _names(places.labels(affiliations({"main.tex": source}, places.knows))) == [
        "Zhejiang University"
    ]


def test_tex_quotes_and_primes_in_a_name_are_its_marks(places: Gazetteer) -> None:
    assert plain("University of Hawai`i at M\\=anoa, Xi$'$an, Universit\\`a") == (
        "University of Hawai‘i at Mānoa, Xi'an, Università"
    )
    body = (
        "\\author{A}\\affil{University of Hawai`i at M\\=anoa, USA}"
        "\\affil{Xi$'$an Jiaotong University}"
    )
    assert places.labels(affiliations(_main(body), places.knows)) == [
        "University of Hawaii at Manoa(夏威夷大学马诺分校)",
        "Xi'an Jiaotong University(西安交通大学)",
    ]


def test_a_word_for_any_company_is_no_company_s_name(places: Gazetteer) -> None:
    author = (
        "\\author{Justin Chiu \\\\ Cornell Tech \\\\ \\texttt{jtc@cornell.edu} \\And Derek Chen "
        "\\\\ Startup \\\\ \\texttt{derek@startup.com} \\And Ada Lee \\\\ Circonus \\\\ "
        "\\texttt{ada@circonus.com}}"
    )
    assert _names(_labels(author, places)) == ["Cornell Tech", "Circonus"]


def test_an_italic_affiliation_after_a_name_is_its_own_line(places: Gazetteer) -> None:
    author = (
        "\\author{Julian M. Kunkel\n  \\textit{University of Reading}\n  \\and\n"
        "  Chris Hoffman\n  \\textit{National Center for Atmospheric Research}\n  \\and\n"
        "  Andy Poling\n  \\textit{Kove}\n  \\and\n"
        "  Jay Lofstead \\textit{Sandia National Laboratories}\n}"
    )
    # `Kove` names no organisation by its words; set in italics under a name as the others
    # are, it is one, in its place
    assert _names(_labels(author, places)) == [
        "University of Reading",
        "National Center for Atmospheric Research",
        "Kove",
        "Sandia National Laboratories",
    ]
    # not when no organisation stands in italics under a name
    alone = "\\author{Andy Poling \\\\ \\textit{Kove} \\And Jay Lofstead \\\\ \\textit{Retired}}"
    assert _labels(alone, places) == []


def test_units_then_a_short_form_name_the_short_form_s_organisation(places: Gazetteer) -> None:
    assert places.labels(
        [
            "School of Technology, PUCRS, Porto Alegre, Brazil",
            "School of Computing, Porto Alegre, Brazil",
        ]
    ) == ["PUCRS"]


# The PDF fallback, on the first pages typeset from these sets (tests/fixtures/pdf_heldout13)


def test_pdf_spacing_accents_before_a_letter_are_composed(places: Gazetteer) -> None:
    assert accented("University of Hawai‘i at M¯anoa, Universit´e du Qu´ebec `a Montr´eal") == (
        "University of Hawai‘i at Mānoa, Université du Québec à Montréal"
    )
    page = "T\nA. Author\nUniversity of Hawai‘i at M¯anoa, USA\nAbstract\nA.\n"
    assert _page_labels(page, places) == ["University of Hawaii at Manoa(夏威夷大学马诺分校)"]


def test_pdf_a_dash_between_words_at_a_line_s_end_goes_on(places: Gazetteer) -> None:
    page = (
        "T\nAndres Ferraro\nMusic Technology Group -\nUniversitat Pompeu Fabra\n"
        "Barcelona, Spain\nAbstract\nA.\n"
    )
    assert _names(_page_labels(page, places)) == ["Pompeu Fabra University"]


def test_pdf_footnotes_are_read_as_author_notes(places: Gazetteer) -> None:
    page = (
        "T\nPierre Borie ∗\nStéphane Dellacherie †‡\nAbstract\nA.\n1 Introduction\nThe body.\n"
        "∗Université de Montréal, Department of Computer Science, Montreal, QC, Canada\n"
        "†Hydro-Québec, Montreal, QC, Canada\n"
        "‡Université du Québec à Montréal, Montreal, QC, Canada\n"
        "∗Département de mathématiques et statistique, Université Laval, Canada x@ulaval.ca\n"
    )
    # a name and its place only, a name with `à` in it, a French department before its
    # university: each the organisation it names
    assert _names(_page_labels(page, places)) == [
        "University of Montreal",
        "Hydro-Québec",
        "Université du Québec à Montréal",
        "Laval University",
    ]
    # a note that is prose or a place is still none
    quiet = "T\nA. B. ∗\nAbstract\nA.\n1 Introduction\nThe body.\n∗We thank Montreal, QC\n"
    assert _page_labels(quiet, places) == []


def test_pdf_an_institute_over_its_faculty_over_the_university_is_its_unit(
    places: Gazetteer,
) -> None:
    page = (
        "T\n2nd Xin Liu\nMacau Institute of Systems Engineering\nFaculty of Innovation "
        "Engineering\nMacau University of Science and Technology\nAvenida Wai Long, Taipa, Macau"
        "\n4th Yang Zhang\nDepartment of Mathematics\nUniversity of Manitoba\nAbstract\nA.\n"
    )
    assert _names(_page_labels(page, places)) == [
        "Macau University of Science and Technology",
        "The University of Manitoba",
    ]
