"""What the thirty-fifth to forty-seventh held-out sets told apart: units and organisations,
notices and affiliations (one class each, written small; the papers that showed them are in
tests/fixtures/latex_heldout35-47)."""

from __future__ import annotations

from monitor.affiliations import Gazetteer
from monitor.field_units import field_named
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
    assert field_named("Electrical and Electronics Engineering Institute")
    assert not field_named("Warwick Mathematics Institute")


def test_a_field_s_institute_above_its_university_is_its_unit(places: Gazetteer) -> None:
    body = (
        "\\author{\\IEEEauthorblockN{Vash Ancheta}\\IEEEauthorblockA{\\textit{Electrical and "
        "Electronics Engineering Institute} \\\\ \\textit{University of the Philippines "
        "Diliman}\\\\ Quezon City, Philippines}}"
    )
    assert _labels(body, places, "IEEEtran") == [
        "University of the Philippines, Diliman(菲律宾大学第利曼分校)"
    ]


def test_a_copyright_notice_is_no_affiliation(places: Gazetteer) -> None:
    body = (
        "\\author{Trevor Elliott, Galois, Inc \\thanks{PROPRIETARY DATA \\copyright{} 2013 "
        "Galois, Inc. - For information contact \\email{a@galois.com}}}"
    )
    assert _labels(body, places) == ["Galois, Inc"]


def test_a_key_after_an_at_sign_is_no_organisation(places: Gazetteer) -> None:
    body = (
        "\\author{Christian Tschudin}\\affiliation{ssb:@EMovhfIrFk4NihAKnRNhrf}"
        "\\author{Ann Lee}\\affiliation{McGill University, Montreal, Canada}"
    )
    assert _labels(body, places, "acmart") == ["McGill University(麦吉尔大学)"]
    assert "Hong Kong" in _labels("\\author{A\\\\SING Lab@HKUST}", places)[-1]


def test_semicolons_part_affiliations_but_not_a_funding_list(places: Gazetteer) -> None:
    body = (
        "\\author{Carl Kho \\\\ Independent researcher; Somach Systems, Inc., San Francisco, "
        "CA, USA \\\\ carl@somach.life}"
    )
    assert _labels(body, places) == ["Somach Systems, Inc."]
    note = (
        "\\author{A. Li\\thanks{A. Li is with Jiangsu University. This work was supported by "
        "the National Key R\\&D Program of China (2023YF); National Natural Science Foundation "
        "of China (52372413).}}"
    )
    assert _labels(note, places) == ["Jiangsu University(江苏大学)"]


def test_what_this_session_s_review_found(places: Gazetteer) -> None:
    # a notice after the affiliation in one note leaves the affiliation
    note = (
        "\\author{A. Li\\thanks{A. Li is with Stanford University, Stanford, CA 94305 USA "
        "(e-mail: a@stanford.edu). \\copyright\\ 2024 IEEE. Personal use of this material is "
        "permitted.}}"
    )
    assert _labels(note, places) == ["Stanford University(斯坦福大学)"]
    # a school of a university says `Politécnica`; a named school before `;` is a unit
    assert [i.english for i in places.institutions(
        ["Escuela Politécnica Superior, Universidad Autónoma de Madrid"]
    )] == ["Autonomous University of Madrid"]  # fmt: skip
    assert places.labels(["Wharton School; University of Pennsylvania"]) == [
        places.labels(["University of Pennsylvania"])[0]
    ]
    assert _labels("\\author{A\\\\Wharton School; University of Pennsylvania}", places) == [
        places.labels(["University of Pennsylvania"])[0]
    ]
    # a lab's name before `@` and its university's after it, no key
    assert "Northeastern" in " ".join(places.labels(["Robotics Lab@Northeastern University"]))
    # `;` starts another organisation, whatever its name
    assert [i.english for i in places.institutions(
        ["Stanford University; Institute for Advanced Study"]
    )] == ["Stanford University", "Institute for Advanced Study"]  # fmt: skip


def test_each_marked_part_of_a_list_is_an_affiliation(places: Gazetteer) -> None:
    body = (
        "\\author{Markus Frey\\textsuperscript{1, 2, 3}, Mehdi Ali\\textsuperscript{1, 2}\\\\"
        "Lamarr Institute\\textsuperscript{1}, Fraunhofer IAIS\\textsuperscript{2}, "
        "University of Bonn\\textsuperscript{3}\\\\ \\small \\texttt{m.frey@iais.fraunhofer.de}}"
    )
    labels = _labels(body, places, "acl")
    assert labels[0] == "Lamarr Institute" and labels[-1] == "University of Bonn(波恩大学)"
    assert len(labels) == 3 and "Fraunhofer" in labels[1]
    # markers before the parts, in math
    assert _labels("\\author{A\\\\$^1$Lamarr Institute, $^2$University of Bonn}", places) == [
        "Lamarr Institute",
        "University of Bonn(波恩大学)",
    ]
    # one organisation's comma list, marked once, stays one
    assert _labels("\\author{A$^1$\\\\$^1$Dept. of CS, Lamarr Institute, Bonn}", places) == [
        "Lamarr Institute"
    ]


def test_a_line_of_units_above_a_university_is_its_unit(places: Gazetteer) -> None:
    body = (
        '\\author{Konstantin Sch\\"urholt \\\\ \\texttt{k.s@unisg.ch} \\\\ AIML Lab, School of '
        "Computer Science\\\\ University of St.Gallen\\\\}"
    )
    assert _labels(body, places, "neurips") == ["University of St.Gallen(圣加仑大学)"]
    # a company's lab written before it stays the company's line
    body = "\\author{Boris Knyazev \\\\ Samsung - SAIT AI Lab, Montreal}"
    assert _labels(body, places, "neurips") == ["Samsung(三星)"]
