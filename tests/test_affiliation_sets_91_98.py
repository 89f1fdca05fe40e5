"""Shapes of real author blocks found by held-out sets 91 to 98 (one class each, written
small; the papers that showed them are in tests/fixtures/latex_heldout91 to 98)."""

from __future__ import annotations

from pathlib import Path

from monitor import local_paper
from monitor.affiliations import Gazetteer
from monitor.latex_front import affiliations
from tests.paper_files import first_page
from tests.test_affiliation_blocks import _page_labels
from tests.test_affiliation_review_v108 import _affiliation, _names
from tests.test_affiliation_shapes import _labels


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


def _source(preamble: str, body: str, after: str = "") -> dict[str, str]:
    return {
        "main.tex": f"\\documentclass{{article}}{preamble}\\begin{{document}}\\title{{T}}"
        f"{body}\\maketitle{after}"
    }


def _found(files: dict[str, str], places: Gazetteer) -> list[str]:
    return _names(places.labels(affiliations(files, places.knows)))


def test_a_named_school_of_fields_is_its_university_s_unit(places: Gazetteer) -> None:
    author = (
        "\\author{Ann Lee \\\\ Siebel School of Computing and Data Science \\\\ "
        "University of Illinois Urbana-Champaign}"
    )
    assert _names(_labels(author, places)) == ["University of Illinois at Urbana-Champaign"]


def test_a_footnotetext_with_an_organisation_at_the_time_of_publication(
    places: Gazetteer,
) -> None:
    body = (
        "\\author{Ann Lee\\footnotemark[2] \\\\ Tsinghua University}"
        "\\footnotetext[2]{With Adobe at the time of publication.}"
        "\\footnotetext[3]{Code is at https://example.org.}"
    )
    assert _found(_source("", body), places) == ["Tsinghua University", "Adobe Inc."]


def test_a_field_s_research_beside_a_company_is_its_unit(places: Gazetteer) -> None:
    found = places.labels(["Adobe Media and Data Science Research (MDSR)"])
    assert _names(found) == ["Adobe Inc."]


def test_a_company_s_ai_lab_written_in_lower_case(places: Gazetteer) -> None:
    author = (
        "\\author{Ann Lee$^1$, Bo Chen$^2$, Cy Dee$^3$ \\\\ "
        "\\normalsize{$^1$~Zhejiang University\\quad$^2$~vivo AI Lab\\quad$^3$~CUHK MMLab}}"
    )
    assert _names(_labels(author, places)) == [
        "Zhejiang University",
        "vivo AI Lab",
        "Chinese University of Hong Kong",
    ]


def test_numbered_entries_set_as_text_right_after_the_title(places: Gazetteer) -> None:
    body = "\\author{Ann Lee$^{1}$, Bo Chen$^{2}$}"
    after = (
        "\n\n$^{1}$ Peter Doherty Institute, University of Melbourne, Australia.\\\\\n"
        "$^{2}$ Institute of Ecology and Evolution, University of Edinburgh, UK\\\\\n"
        "*email: ann@unimelb.edu.au\n\n\\section*{Abstract}\nText."
    )
    assert _found(_source("", body, after), places) == [
        "The University of Melbourne",
        "The University of Edinburgh",
    ]


def test_imsart_s_printed_email_leaves_nothing(places: Gazetteer) -> None:
    body = (
        "\\author{\\fnms{Ann} \\snm{Lee}\\ead[label=e1]{ann@cornell.edu}}"
        "\\address{\\printead{e1}}\\affiliation{Cornell University}"
    )
    assert _names(_labels(body, places, "imsart")) == ["Cornell University"]


def test_a_template_s_second_institution_and_a_street_are_none(places: Gazetteer) -> None:
    author = (
        "\\author{Ann Lee\\\\ Queen's University\\\\ 99 University Ave, Kingston, ON, Canada\\\\"
        "{\\tt\\small ann@queensu.ca} \\and Second Author\\\\ Institution2\\\\ "
        "First line of institution2 address\\\\ {\\tt\\small secondauthor@i2.org}}"
    )
    assert _names(_labels(author, places)) == ["Queen's University"]


def test_a_dash_sets_a_name_beside_its_short_form_or_unit(places: Gazetteer) -> None:
    for written, name in (
        (
            "Universidade Federal do Amazonas -- UFAM, Manaus, Brazil",
            "Universidade Federal do Amazonas",
        ),
        ("CEFET-MG - Computer Engineering Departament, Belo Horizonte", "CEFET-MG"),
        # a parent's short form before the name is part of it
        (
            "Department of IT, VNUHCM - University of Science, Vietnam",
            "VNUHCM - University of Science",
        ),
    ):
        assert _affiliation(written, places) == [name], written


def test_a_comma_inside_a_name_that_lists_its_fields(places: Gazetteer) -> None:
    found = places.labels(
        ["Centro de Ciência, Tecnologia e Inovação do Pólo Industrial de Manaus, Manaus, Brazil"]
    )
    assert found == ["Centro de Ciência, Tecnologia e Inovação do Pólo Industrial de Manaus"]


def test_llncs_prints_its_last_institute_only(places: Gazetteer) -> None:
    source = (
        "\\documentclass{llncs}\\begin{document}\\title{T}\\author{Ann Lee\\inst{1}}"
        "\\institute{University of Iowa, Iowa City, USA}"
        "\\institute{Iowa Institute for Biomedical Imaging, Iowa City, USA}\\maketitle"
    )
    assert _found({"main.tex": source}, places) == ["Iowa Institute for Biomedical Imaging"]
    two = source.replace("\\institute{University of Iowa, Iowa City, USA}", "")
    two = two.replace("Imaging, Iowa City, USA}", "Imaging \\and University of Iowa}")
    assert _found({"main.tex": two}, places) == [
        "Iowa Institute for Biomedical Imaging",
        "The University of Iowa",
    ]


def test_a_camel_case_name_and_a_known_one(places: Gazetteer) -> None:
    found = places.labels(["QuSoft and CWI, Amsterdam, the Netherlands"])
    assert _names(found) == ["QuSoft", "Centrum Wiskunde & Informatica"]


def test_a_graduate_school_is_no_role(places: Gazetteer) -> None:
    assert _affiliation(
        "Mayo Graduate School of Medicine, Biomedical Engineering Department, Rochester, MN", places
    ) == ["Mayo Graduate School of Medicine"]
    assert _affiliation("Graduate Student, Voryx Robotics, San Jose", places) == ["Voryx Robotics"]


def test_a_short_form_s_name_under_two_authors(places: Gazetteer) -> None:
    author = "\\author{Ann Lee \\\\ FGV EMAp \\\\ \\And Bo Chen \\\\ FGV EMAp \\\\}"
    assert _names(_labels(author, places)) == ["FGV EMAp"]
    teams = "\\author{Ann Lee \\\\ DRAKKAR Team \\\\ \\And Bo Chen \\\\ DRAKKAR Team \\\\}"
    assert _labels(teams, places) == []


def test_pdf_organisations_set_apart_by_bars(places: Gazetteer) -> None:
    page = (
        "T\nAnn Lee\nIncredibuild | islo.dev | Tsinghua University\n"
        "ann@incredibuild.com ann@islo.dev\nAbstract\nA.\n1 Introduction\nThe body.\n"
    )
    assert _names(_page_labels(page, places)) == ["Incredibuild", "islo.dev", "Tsinghua University"]


def test_a_local_pdf_s_title_that_names_a_company_is_still_its_title(
    places: Gazetteer, tmp_path: Path
) -> None:
    pdf = tmp_path / "x.pdf"
    pdf.write_bytes(
        first_page("Deep Learning on Intel Xeon Phi", "Ann Lee", ["Tsinghua University"])
    )
    assert [x.institution.english for x in local_paper.institutions(pdf, places)] == [
        "Tsinghua University"
    ]


def test_pdf_a_line_that_names_the_mail_domain_before_its_country(places: Gazetteer) -> None:
    page = (
        "T\nAnn Lee\nIncredibuild | HIT CS Department, Israel\n"
        "ann@incredibuild.com ann@hit.ac.il\nAbstract\nA.\n1 Introduction\nThe body.\n"
    )
    assert _names(_page_labels(page, places)) == ["Incredibuild", "HIT"]
    # an address over the domain is no organisation's line
    page = "T\nAnn Lee\nToronto, ON, Canada\nann@toronto.edu\nAbstract\nA.\n1 Introduction\nB.\n"
    assert _page_labels(page, places) == []
