"""Organisations whose names have no institution's word and that the gazetteer does not know
(`HouseIQ`, `Greenplum`, `Wherobots`), read from where the author block puts them: the line
under an author's name when other authors' organisations stand there, a marked entry, a name
with its place in brackets; and the shapes of lists that name them (`Padova University and
INFN`, `A/B`, `… Unit, X`). Found by the held-out sets (tests/fixtures/latex_heldout5, 13, 16,
17, and 39 to 53); each class written small."""

from __future__ import annotations

from monitor.affiliations import Gazetteer
from tests.test_affiliation_shapes import _labels


def test_the_line_under_a_name_where_others_put_their_organisation(places: Gazetteer) -> None:
    body = (
        "\\author{Sam Witty \\\\ Sorbus AI \\And Daniel Waxman \\\\ Basis Research Institute "
        "\\And Drew Lehe \\\\ HouseIQ}"
    )
    assert _labels(body, places) == ["Sorbus AI", "Basis Research Institute", "HouseIQ"]
    # written as a short name or a company's, not as a discipline, an area or a word
    # (`Greenplum` under `{\\small}` is lost with them: one word, no company's)
    for under in ("Computer Science", "Bay Area", "Retired", "Statistics", "Greenplum"):
        body = f"\\author{{Alice Smith \\\\ Google DeepMind \\And Bob Jones \\\\ {under}}}"
        assert _labels(body, places) == ["Google DeepMind(谷歌DeepMind)"], under


def test_the_line_under_a_name_needs_the_paper_to_show_it(places: Gazetteer) -> None:
    # no other author's organisation under their name: an unknown word alone is no one's
    assert _labels("\\author{Drew Lehe \\\\ HouseIQ \\And Ann Lee \\\\ Seattle}", places) == []
    # a position, a country, a note under the name are not organisations
    body = (
        "\\author{Sam Witty \\\\ Stanford University \\And Ann Lee \\\\ PhD Student "
        "\\And Bo Li \\\\ China \\And Cy Xu \\\\ Equal Contribution}"
    )
    assert _labels(body, places) == ["Stanford University(斯坦福大学)"]


def test_entries_marked_with_greek_letters(places: Gazetteer) -> None:
    body = (
        "\\author{Isaac Corley$^\\lambda$, Caleb Robinson$^\\gamma$\\\\\n"
        "  $^\\lambda$Wherobots, $^\\gamma$Microsoft AI for Good Research Lab\\\\}"
    )
    assert _labels(body, places) == ["Wherobots", "Microsoft(微软)"]


def test_entries_in_one_institution_set_apart_by_spaces(places: Gazetteer) -> None:
    body = (
        "\\author{A$^{\\dagger}$ \\ \\ \\ B$^{\\diamond}$}\n\\affiliation{\\institution{%\n"
        "  \\ \\\\[-2mm]\n  $^{\\dagger}$Technion -- Israel Institute of Technology\n"
        "  \\ \\ \\ \\ \\ $^{\\ddagger}$Tel Aviv University \\ \\ \\ \\ \\ "
        "$^{\\diamond}$VMware\\\\\n}}"
    )
    assert _labels(body, places) == [
        "Technion - Israel Institute of Technology(以色列理工学院)",
        "Tel Aviv University(特拉维夫大学)",
        "VMware",
    ]


def test_a_name_with_its_place_in_brackets_under_an_author(places: Gazetteer) -> None:
    body = (
        "\\author{Jacob E. Miller \\\\ Mila (Montreal, Canada) \\\\ Tunnel (New York, USA) "
        "\\\\ \\texttt{j@gmail.com}}"
    )
    assert _labels(body, places) == ["Mila(魁北克人工智能研究所)", "Tunnel"]
    # a remark in brackets is no place
    assert _labels("\\author{A B \\\\ Tunnel (on leave)}", places) == []


def test_a_short_form_after_its_own_labs_and_centres(places: Gazetteer) -> None:
    assert places.labels(
        ["LARG, Research Center for Social Computing and Interactive Robotics, HIT"]
    ) == ["HIT"]
    assert places.labels(["School of Technology, IPCA"]) == ["IPCA"]
    # a country or a department's letters are not one
    assert places.labels(["School of Computing, KSA"]) == []
    assert places.labels(["Department of Physics, EECS"]) == []


def test_univ_without_its_full_stop_and_a_slash_between_two(places: Gazetteer) -> None:
    assert places.labels(["APC, Univ Paris Diderot, CNRS/IN2P3, CEA/Irfu, France"]) == [
        "Université Paris Diderot(巴黎第七大学)",
        "CNRS(法国国家科学研究中心)",
        "French Alternative Energies and Atomic Energy Commission(法国原子能和替代能源委员会)",
    ]
    assert places.labels(["TCP/IP Lab, MIT"]) == [
        "Massachusetts Institute of Technology(麻省理工学院)"
    ]


def test_a_campus_after_its_university_is_its_address(places: Gazetteer) -> None:
    line = (
        "Universidade Federal do Piauí (UFPI), Campus Universitário Ministro Petrônio Portella "
        "– Ininga, Teresina, Brazil"
    )
    assert places.labels([line]) == ["Universidade Federal do Piauí (UFPI)"]


def test_what_the_session_s_review_found(places: Gazetteer) -> None:
    # a town with its state in brackets, a note in brackets: no organisation
    body = (
        "\\author{Alice Smith \\\\ Google \\\\ Mountain View (CA) \\And Bob Jones \\\\ "
        "Microsoft Research \\\\ Joint First Authors (Equal Contribution)}"
    )
    assert _labels(body, places) == ["Google(谷歌)", "Microsoft Research(微软研究院)"]
    # capital Greek marks; a campus after a known university; a country's code after a unit
    greek = "\\author{A$^\\Delta$, B$^\\Gamma$\\\\ $^\\Delta$Wherobots, $^\\Gamma$Microsoft}"
    assert _labels(greek, places) == ["Wherobots", "Microsoft(微软)"]
    assert places.labels(["Universidade de São Paulo, Cidade Universitária, São Paulo"]) == [
        "University of São Paulo(圣保罗大学)"
    ]
    assert places.labels(["Department of Computer Science, KOR"]) == []
    # an address part beside a known organisation stays out (a rule that kept unknown names
    # there was taken out: `Sophia Antipolis`, `Haidian Dist.`, `Prime Video`)
    for line in ("EURECOM, Sophia Antipolis, France", "Amazon, Prime Video, Seattle"):
        assert len(places.labels([line])) == 1, line


def test_shapes_of_set_33(places: Gazetteer) -> None:
    # acmart: the unit in `\institution`, its university in `\streetaddress`
    acm = (
        "\\author{A B}\\affiliation{\\institution{SpaceR Research Group}\n"
        "\\streetaddress{University of Luxembourg}\\country{Luxembourg}}"
    )
    assert _labels(acm, places, "acmart") == ["University of Luxembourg(卢森堡大学)"]
    # a street address with a number stays an address
    street = (
        "\\author{A B}\\affiliation{\\institution{Acme Robotics}\n"
        "\\streetaddress{1 University Ave}\\country{USA}}"
    )
    assert _labels(street, places, "acmart") == ["Acme Robotics"]
    # a town and its postcode over an e-mail of the same name is no organisation
    boulder = (
        "\\author{Rey Koki\\\\ Department of Computer Science\\\\ University of Colorado Boulder"
        "\\\\ Boulder, Colorado 80303\\\\ \\texttt{rey.koki@colorado.edu}}"
    )
    assert _labels(boulder, places) == ["University of Colorado at Boulder(科罗拉多大学博德分校)"]
    # a research centre before its institute; a national facility
    assert places.labels(
        ["Artificial Intelligence Research Center, National Innovation Institute of Defense "
         "Technology"]
    ) == ["National Innovation Institute of Defense Technology"]  # fmt: skip
    assert places.labels(["Australian National Imaging Facility, Australia"]) == [
        "Australian National Imaging Facility"
    ]


def test_a_name_written_twice_another_way_is_listed_once(places: Gazetteer) -> None:
    # the paper's own two spellings of one university (set 33)
    assert places.labels(["Astana IT University, Astana", "Astana It University, Astana"]) == [
        "Astana IT University"
    ]


def test_two_unknown_organisations_joined_by_and(places: Gazetteer) -> None:
    # neither known, each named as one of its own: two (found by latex_heldout39's collaboration)
    assert places.labels(["Padova University and IRFX, Padova, Italy"]) == [
        "Padova University",
        "IRFX",
    ]
    assert places.labels(["Foo Institute and Bar University, Berlin, Germany"]) == [
        "Foo Institute",
        "Bar University",
    ]
    # one name: its last words generic (`State University`), fields of one institute, a unit,
    # a research programme's end
    for one in (
        "Ozark Polytechnic Institute and State University",
        "Institute of Information Science and Technologies, Pisa, Italy",
        "Institute of Neuroscience and Medicine (INM-7) Research Center Jülich",
        "School of Computing and Information Systems, Eastland University",
        "Eastland Institute of Science Education and Research, Eastland",
    ):
        assert len(places.labels([one])) == 1, one


def test_what_an_organisation_is_said_to_be_is_no_other(places: Gazetteer) -> None:
    # `…, an affiliated institute of X`: prose about the one before it (latex_heldout45)
    note = (
        "Department of Computer Science, Gujrat Institute of Management Sciences (GIMS), an "
        "affiliated institute of PMAS-Arid Agriculture University Rawalpindi, Gujrat, Pakistan"
    )
    assert places.labels([note]) == ["Gujrat Institute of Management Sciences (GIMS)"]
    known = "Peking University, a member of the C9 League, Beijing, China"
    assert places.labels([known]) == ["Peking University(北京大学)"]


def test_a_unit_and_an_organisation_joined_by_and(places: Gazetteer) -> None:
    # INFN's sections beside the university that hosts them (latex_heldout47): the university
    assert places.labels(["INFN, Sezione di Bari and University of Bari, Bari, Italy"]) == [
        "Istituto Nazionale di Fisica Nucleare(意大利国家核物理研究院)",
        "University of Bari",
    ]
    assert places.labels(["Section of Neurology and Oslo University Hospital"]) == [
        "Oslo University Hospital"
    ]
    # a department's second field is no organisation
    two_fields = "Department of Pathology and Laboratory Medicine, Stanford University"
    assert places.labels([two_fields]) == ["Stanford University(斯坦福大学)"]


def test_a_tech_is_an_institution(places: Gazetteer) -> None:
    # `Cornell Tech` alone under its author's name (latex_heldout49)
    body = "\\author{Justin Chiu \\\\ Cornell Tech \\\\ \\texttt{j@gmail.com}}"
    assert _labels(body, places) == ["Cornell Tech"]
    body = "\\author{Ann Lee \\\\ Information Technology \\\\ \\texttt{a@gmail.com}}"
    assert _labels(body, places) == []


def test_held_out_53s_shapes(places: Gazetteer) -> None:
    # a unit named `… Unit` before its organisation (latex_heldout53's EUROCONTROL note)
    assert places.labels(["Performance Review Unit, EUROCONTROL"]) == ["EUROCONTROL"]
    # two organisations written `A/B` (MDPI's Tarbes address)
    line = (
        "Laboratoire Génie de Production, Institut National Polytechnique/Ecole Nationale "
        "d'Ingénieurs de Tarbes, Université de Toulouse, 47 Av d'Azereix, F-65016 Tarbes"
    )
    assert places.labels([line])[:2] == [
        "Institut National Polytechnique",
        "University of Toulouse(图卢兹大学)",
    ]
    # marks in `\(^1\)` set apart a note's entries; a template's `Some corporation` is none
    body = (
        "\\author{Ada Li\\thanks{\\(^1\\)Performance Review Unit, Stanford University. "
        "\\(^2\\)Some corporation}}"
    )
    assert _labels(body, places) == ["Stanford University(斯坦福大学)"]


def test_held_out_51s_shapes(places: Gazetteer) -> None:
    # a name broken before `in` (latex_heldout51's Sunway paper)
    body = (
        "\\author{\\IEEEauthorblockN{Ada Li}\\IEEEauthorblockA{\\textit{National "
        "Supercomputing Center} \\\\ \\textit{in Wuxi}\\\\ Wuxi, China}}"
    )
    assert _labels(body, places, "IEEEtran") == [
        "National Supercomputing Center in Wuxi(国家超级计算无锡中心)"
    ]
    # an academy's institute named `Academy of …`, written with its academy
    line = "Academy of Opto-Electronics, Chinese Academy of Sciences, Beijing, China"
    assert places.labels([line]) == ["Academy of Opto-Electronics, Chinese Academy of Sciences"]


def test_a_polytechnic_institute_beside_inria_and_cnrs(places: Gazetteer) -> None:
    line = "Univ. Grenoble Alpes, Inria, CNRS, Grenoble INP, LIG, 38000 Grenoble, France"
    assert places.labels([line])[-1] == "Grenoble INP"  # latex_heldout50


def test_held_out_52s_shapes(places: Gazetteer) -> None:
    # an author block that is an organisation and its e-mail (latex_heldout52's 0G report)
    body = "\\author{Zero Gravity Labs\\\\ \\small\\href{mailto:0g@0g.ai}{\\nolinkurl{0g@0g.ai}}}"
    assert _labels(body, places) == ["Zero Gravity Labs"]
    assert _labels("\\author{John Smith\\\\ \\small john@gmail.com}", places) == []
    # numbered entries set in a smaller size each stand alone, not as the next one's unit
    body = (
        "\\author{John Schreck$^{1}$, Will Chapman$^{2}$ \\\\\n"
        "\\small $^1$NSF National Center for Atmospheric Research, Boulder, CO \\\\\n"
        "\\small $^2$University of Colorado Boulder, Boulder, CO}"
    )
    assert _labels(body, places)[0] == "NSF National Center for Atmospheric Research"
    # two organisations the gazetteer does not know, listed with `, and`
    line = "Universitätsmedizin Göttingen, and Deutsches Zentrum für Herz-Kreislauf-Forschung"
    assert places.labels([line]) == [
        "Universitätsmedizin Göttingen",
        "Deutsches Zentrum für Herz-Kreislauf-Forschung",
    ]
