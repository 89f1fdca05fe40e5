"""Shapes of real author blocks found by the ninth to eleventh held-out sets (one class each,
written small; the papers that showed them are in tests/fixtures/latex_heldout9-11)."""

from __future__ import annotations

from monitor import affiliation_lines, latex_front, pdf_header
from monitor.affiliations import Gazetteer
from tests.test_affiliation_shapes import _labels, _source_labels


def test_an_elsarticle_organisation_is_read_with_its_address_line(places: Gazetteer) -> None:
    # the university is in `addressline`, the `organization` names only its units
    body = (
        "\\author[1]{A}\\affiliation[1]{organization={Escola de Química, EPQB},\n"
        "  addressline={Universidade Federal do Rio de Janeiro, P.O. Box 68542},\n"
        "  city={Rio de Janeiro}, country={Brazil}}\n"
        "\\author[2]{B}\\affiliation[2]{organization={Stricto Sensu Department},\n"
        "  addressline={SENAI CIMATEC University}, city={Salvador}, country={Brazil}}\n"
        "\\author[3]{C}\\affiliation[3]{organization={Simoldes Plásticos},\n"
        "  addressline={R. Comendador António da Silva Rodrigues 165}, city={Oliveira}}"
    )
    assert _labels(body, places, "elsarticle") == [
        "Federal University of Rio de Janeiro(里约热内卢联邦大学)",
        "SENAI CIMATEC University",
        "Simoldes Plásticos",
    ]


def test_mlsys_affiliations_are_read_like_icml_ones(places: Gazetteer) -> None:
    body = (
        "\\begin{mlsysauthorlist}\\mlsysauthor{A}{ucb}\\mlsysauthor{B}{mit}\\end{mlsysauthorlist}"
        "\\mlsysaffiliation{ucb}{University of California, Berkeley}"
        "\\mlsysaffiliation{mit}{Massachusetts Institute of Technology}"
        "\\mlsyscorrespondingauthor{A}{a@berkeley.edu}"
    )
    assert _labels(body, places) == [
        "University of California, Berkeley(加利福尼亚大学伯克利分校)",
        "Massachusetts Institute of Technology(麻省理工学院)",
    ]


def test_an_ieee_note_s_sentence_ends_before_its_bracketed_mail(places: Gazetteer) -> None:
    note = (
        "\\author{A, B\\thanks{A and B are with School of Computer Science \\& Communication "
        "Engineering, Jiangsu University, Zhenjiang, 212013, China. (e-mail: a@ujs.edu.cn)"
        "(\\textit{Corresponding author: A.}).}}"
    )
    assert _labels(note, places, "IEEEtran") == ["Jiangsu University(江苏大学)"]


def test_organisations_joined_by_and_are_each_read(places: Gazetteer) -> None:
    assert places.labels(["Inria and LIRMM, University of Montpellier, France"]) == [
        "Inria(法国国家信息与自动化研究所)",  # LIRMM is a unit of the university after it
        "University of Montpellier(蒙彼利埃大学)",
    ]
    assert places.labels(["H2O.ai and George Washington University"]) == [
        "H2O.ai",  # an unknown company beside a known university stays
        "The George Washington University(乔治华盛顿大学)",
    ]
    assert places.labels(["Instituto Superior Técnico & INESC-ID, Universidade de Lisboa"]) == [
        "INESC-ID",  # the school is the university's
        "University of Lisbon(里斯本大学)",
    ]
    # one name with `and` in it stays one
    for name in ("Virginia Polytechnic Institute and State University",
                 "Beijing University of Posts and Telecommunications"):  # fmt: skip
        assert len(places.labels([name])) == 1, name
    footnote = "\\author{P. Hall\\footnote{H2O.ai and George Washington University} \\\\ DC}"
    assert _labels(footnote, places) == [
        "H2O.ai",
        "The George Washington University(乔治华盛顿大学)",
    ]


def test_an_unknown_organisation_after_its_department_is_kept(places: Gazetteer) -> None:
    assert places.labels(["Computer Science Department, UTEP, El Paso, TX, USA"]) == ["UTEP"]
    entries = (
        "\\author{A$^{1}$, B$^{2}$ \\\\ $^{1}$Independent Researcher, Tampa, FL, USA \\\\ "
        "$^{2}$Computer Science Department, UTEP, El Paso, TX, USA}"
    )
    assert _labels(entries, places) == ["UTEP"]  # an independent researcher names no one


def test_tu_is_a_technical_university_and_not_its_city_s_university(places: Gazetteer) -> None:
    assert places.labels(["and DAI Lab, TU Berlin, Germany"]) == [
        "Technical University of Berlin(柏林工业大学)"
    ]
    assert places.labels(["TU Graz"]) == ["Graz University of Technology(格拉茨技术大学)"]
    # `University of Graz` is another university than the one a qualified name gives
    assert places.labels(["Technical University of Nowhere, Graz"]) == [
        "Technical University of Nowhere"
    ]


def test_a_name_broken_before_its_particle_is_one_line() -> None:
    text = "Centre de recherche de l'Institut Universitaire de Gériatrie\nde Montréal (CRIUGM)"
    assert affiliation_lines.split_lines(text) == [
        "Centre de recherche de l'Institut Universitaire de Gériatrie de Montréal (CRIUGM)"
    ]


def test_entries_spaced_out_in_one_institution(places: Gazetteer) -> None:
    body = (
        "\\newcommand{\\tinydag}{\\textsuperscript{\\dag}}"
        "\\newcommand{\\tinystar}{\\textsuperscript{$\\star$}}"
        "\\author{A\\tinydag, B\\tinystar, C\\tinydag}\\affiliation{\\institution{UC Berkeley"
        "\\tinydag \\quad \\quad Brim Data\\tinystar \\quad \\quad 12\\textsuperscript{th} Ave "
        "Labs\\tinydag}}"
    )
    assert _labels(body, places, "acmart") == [
        "University of California, Berkeley(加利福尼亚大学伯克利分校)",
        "Brim Data",
        "12th Ave Labs",  # an ordinal, not a note's number
    ]


def test_an_organisation_in_brackets_after_an_author_s_name(places: Gazetteer) -> None:
    body = (
        "\\author{M. Calder (Microsoft Research) \\and A. Gupta (UCSB) \\and J. Heidemann "
        "(ISI) \\and K. Lee (Student Member, IEEE) \\and L. Chen (equal contribution)}"
    )
    assert _labels(body, places) == [
        "Microsoft Research(微软研究院)",
        "University of California, Santa Barbara(加利福尼亚大学圣芭芭拉分校)",
        "ISI",
    ]


def test_numbered_entries_typed_after_the_title(places: Gazetteer) -> None:
    body = (
        "\\maketitle\n  A. Lee\\textsuperscript{1},\n  B. Kim\\textsuperscript{2}\n  \\\\\n"
        "  \\textsuperscript{1} Google Brain\n  \\textsuperscript{2} MIT\n  \\\\\n"
        "  \\textsuperscript{*} List of authors is dynamic.\n\\begin{abstract}A.\\end{abstract}"
    )
    source = f"\\documentclass{{article}}\\begin{{document}}\\title{{T}}{body}"
    assert _source_labels(source, places) == [
        "Google(谷歌)",
        "Massachusetts Institute of Technology(麻省理工学院)",
    ]


def test_a_short_form_and_its_place_under_a_name(places: Gazetteer) -> None:
    body = (
        "\\author{G. Molodtsov \\\\ MIPTX, Russia \\\\ \\texttt{g@phystech.edu} \\And "
        "D. Medyakov \\\\ HSEX, Moscow, Russia \\And A. B \\\\ EECS, Boston \\And C. D "
        "\\\\ CS, Boston, USA}"
    )
    # short forms the gazetteer lacks (it has `MIPT` and `HSE` since), not a department's
    assert _labels(body, places) == ["MIPTX", "HSEX"]


def test_units_above_an_organisation_the_gazetteer_lacks_go(places: Gazetteer) -> None:
    body = (
        "\\author{\\IEEEauthorblockN{A\\IEEEauthorrefmark{1}, B\\IEEEauthorrefmark{2}}"
        "\\IEEEauthorblockA{Institute Center for Smart Systems (iSmart) \\IEEEauthorrefmark{2}"
        "\\\\ Department of Electrical Engineering \\IEEEauthorrefmark{1}\\\\ Masdar Institute "
        "of Science and Technology\\\\ Abu Dhabi, UAE}}"
    )
    assert _labels(body, places, "IEEEtran") == ["Masdar Institute of Science and Technology"]


def test_a_student_at_a_university_is_at_it(
    places: Gazetteer,
) -> None:
    note = (
        "\\author{M. C.\\thanks{M. C. is a student attending Master's degree of Computer "
        "Science at Padua University, Italy. E-mail: m@studenti.unipd.it}}"
    )
    assert _labels(note, places, "IEEEtran") == ["Padua University"]
    assert places.labels(["Washington University"]) != ["University of Washington(华盛顿大学)"]


def test_a_brand_after_its_department_is_the_organisation(places: Gazetteer) -> None:
    body = (
        "\\author{A\\inst{1} \\and B\\inst{2}}\\institute{Department of Informatics, University "
        "of Oslo \\and Department of Holistic Systems, SimulaMet}"
    )
    assert _labels(body, places, "llncs") == ["University of Oslo(奥斯陆大学)", "SimulaMet"]
    assert places.labels(["Department of CS, McLean, VA"]) == []  # a town, not a brand


def test_authors_set_by_hand_under_an_empty_author(places: Gazetteer) -> None:
    source = (
        "\\documentclass{llncs}\\begin{document}\\title{T}\\author{}\\institute{}\\maketitle\n"
        "\\begin{center}\\begin{tabular}{cc}P. McMinn & G. Kapfhammer \\\\\n"
        "{\\small University of Sheffield, UK} & {\\small Allegheny College, USA} \\\\\n"
        "\\end{tabular}\\end{center}\n\\begin{abstract}A.\\end{abstract}"
    )
    assert _source_labels(source, places) == [
        "The University of Sheffield(谢菲尔德大学)",
        "Allegheny College(阿勒格尼学院)",
    ]


def test_sigplanconf_authorinfo_and_svjour3_at(places: Gazetteer) -> None:
    sigplan = (
        "\\authorinfo{\\begin{minipage}{1.0\\linewidth}T. McPhillips \\end{minipage}}"
        "{\\begin{minipage}{1.0\\linewidth}University of Illinois (UIUC)\\end{minipage}}"
        "{\\begin{minipage}{1.0\\linewidth}t@illinois.edu\\end{minipage}}"
    )
    assert _labels(sigplan, places) == [  # the short form in brackets names the campus
        "University of Illinois at Urbana-Champaign(伊利诺伊大学香槟分校)"
    ]
    assert places.labels(["Institute of Physics (CAS)"]) == ["Institute of Physics (CAS)"]
    svjour = (  # the names between `\\and`s are no one's; the address follows `\\at`
        "\\author{I. Lima \\and B. Miranda}\\institute{I. Lima \\and \\email{i@cin.ufpe.br} "
        "\\\\ B. Miranda \\and \\email{b@cin.ufpe.br} \\\\ \\at Universidade Federal de "
        "Pernambuco, Recife, PE, Brazil}"
    )
    assert _labels(svjour, places, "svjour3") == [
        "Federal University of Pernambuco(伯南布哥联邦大学)"
    ]


def test_a_glued_postcode_and_an_organisation_s_own_research_arm(places: Gazetteer) -> None:
    assert places.labels(["MTA SZTAKI 1111 Budapest"]) == ["MTA SZTAKI"]
    assert places.labels(["Wikimedia Research, Wikimedia Foundation"]) == ["Wikimedia Foundation"]
    assert places.labels(["Acme Research, Foo Corp"]) == ["Acme Research, Foo Corp"]


def _page_labels(page: str, places: Gazetteer, authors: tuple[str, ...] = ()) -> list[str]:
    return places.labels(pdf_header.affiliations(page, "T", authors, places.knows))


def test_pdf_notes_run_into_the_text_above_them(places: Gazetteer) -> None:
    # IEEE's note lines follow the page's other notes or its body with no sentence end
    run_on = (
        "T\nP. Viswanathan, and M. Adhikari, Senior Member, IEEE\nAbstract—A.\nI. INTRODUCTION\n"
        "The body.\nThis work is supported by the Government of India, under the Grant BT/2023\n"
        "P. Viswanathan and M. Adhikari are with the School of Data Science, Indian Institute "
        "of\nScience Education and Research, India (e-mail: p@iisertvm.ac.in).\n"
    )
    assert _page_labels(run_on, places) == [  # not the Indian Institute of Science
        "Indian Institute of Science Education and Research(印度科学教育与研究学院)"
    ]
    bullet = (
        "T\nX. Shi, Fellow, IEEE\nAbstract—A.\n1 INTRODUCTION\nThe body of the paper.\n"
        "• X. Shi and H. Jin are with the National Engineering Research Center, Huazhong\n"
        "University of Science and Technology, Wuhan, 430074, China. E-mail: x@hust.edu.cn\n"
    )
    assert _page_labels(bullet, places) == [
        "Huazhong University of Science and Technology(华中科技大学)"
    ]


def test_pdf_lines_notes_and_names(places: Gazetteer) -> None:
    starred = (
        "T\nPatrick Hall*\nWashington, DC\nAbstract\nA.\n1 Introduction\nB.\n"
        "* H2O.ai and George Washington University\n"
    )
    assert _page_labels(starred, places) == [
        "H2O.ai",
        "The George Washington University(乔治华盛顿大学)",
    ]
    numbered_lines = (  # lineno prints each line's number after it
        "T1\nZ. Shao1,∗, L. Lei2\n1Rundian Energy Science and Technology Co., Ltd.,\n"
        "Zhengzhou 450052, China\nAbstract5\nThis is the abstract.6\n1 Introduction7\nBody.8\n"
    )
    assert _page_labels(numbered_lines, places) == [
        "Rundian Energy Science and Technology Co., Ltd."
    ]
    broken = (
        "T\nA. B a , C. D b\na Laboratoire Génie Industriel, CentraleSupélec, Université\n"
        "Paris-Saclay, 3 Rue Joliot Curie, France\nb Centre de recherche de l’Institut "
        "Universitaire de Gériatrie\nde Montréal (CRIUGM), Montréal, Canada.\n"
        "c ORS Consulting ApS, Borgergade 66, DK-6700 Esbjerg, Denmark\nAbstract\nA.\n"
    )
    assert _page_labels(broken, places) == [
        "CentraleSupélec",
        "Paris-Saclay University(巴黎萨克雷大学)",
        "Centre de recherche de l’Institut Universitaire de Gériatrie de Montréal (CRIUGM)",
        "ORS Consulting ApS",
    ]
    assert places.labels(["Northeastern University, USA and Czech Technical University"]) == [
        "Northeastern University(美国东北大学)",
        "Czech Technical University",
    ]


def test_what_this_session_s_rules_must_leave_alone(places: Gazetteer) -> None:
    """A review's counter-examples to the rules above, each one the old code read right."""
    elsarticle = (  # no `\\maketitle`: the front matter ends with `\\end{frontmatter}`
        "\\documentclass{elsarticle}\\begin{document}\\begin{frontmatter}\\title{T}\\author{A}"
        "\\affiliation{organization={School of Computer Science, Wuhan University}}"
        "\\end{frontmatter}\\section{Intro}LLaMA\\footnote{Released by Meta in 2023.} and "
        "GPT-4\\footnote{Developed by OpenAI.}\\footnote{Maintained by Stanford University.}"
    )
    assert _source_labels(elsarticle, places) == ["Wuhan University(武汉大学)"]
    title_note = (
        "\\title{T\\footnote{Presented at the Stanford MLSys Seminar.}}\\author{A \\\\ ETH Zurich}"
    )
    assert _labels(title_note, places) == ["ETH Zurich(苏黎世联邦理工大学)"]
    prose = (  # a page's prose is no note
        "T\nA. B\nUniversity of Toronto\nAbstract\nMixture-of-Experts is a popular architecture "
        "at Google and Meta. BERT is a language model developed at Google Research.\n"
    )
    assert _page_labels(prose, places) == ["University of Toronto(多伦多大学)"]
    for text, right in [
        ("Peking University and Beijing Academy of Artificial Intelligence (BAAI)",
         ["Peking University(北京大学)",
          "Beijing Academy of Artificial Intelligence(北京智源人工智能研究院)"]),
        ("Department of Information Science, Kyoto Institute of Technology (KIT)",
         ["Kyoto Institute of Technology(京都工艺纤维大学)"]),
        ("Shiv Nadar University (SNU)", ["Shiv Nadar University (SNU)"]),
        ("Department of Computer Science at Stanford University and Google",
         ["Stanford University(斯坦福大学)", "Google(谷歌)"]),
        ("UC Berkeley Sky Computing Lab and Anyscale",
         ["University of California, Berkeley(加利福尼亚大学伯克利分校)", "Anyscale"]),
        ("ELLIS Institute Finland, Helsinki", ["ELLIS Institute Finland"]),
        ("Laboratory for Large Scale AI Systems", []),  # not Scale AI
        ("Vision 2030 Center, Riyadh", ["Vision 2030 Center"]),
    ]:  # fmt: skip
        assert places.labels([text]) == right, text
    assert places.labels(["Université de Montréal (Mila)"])[0].startswith("University of Montreal")
    note = (
        "\\author{J. Doe\\thanks{J. Doe is a visiting researcher at Google and a PhD student "
        "at Stanford University.}}"
    )
    assert _labels(note, places) == ["Google(谷歌)", "Stanford University(斯坦福大学)"]
    roles = (
        "\\author{J. Doe (Project Lead) \\\\ Google DeepMind \\And J. Smith (Advisor) \\\\ "
        "Stanford University \\And W. Zhang (张伟) \\\\ Tsinghua University \\And K. Lee "
        "\\\\ CTO, Lamini \\\\ \\texttt{k@lamini.ai}}"
    )
    assert _labels(roles, places) == [
        "Google DeepMind(谷歌DeepMind)", "Stanford University(斯坦福大学)",
        "Tsinghua University(清华大学)", "Lamini",
    ]  # fmt: skip
    svjour = (
        "\\institute{A. Author \\at Dept. of CS, University of Bologna \\and B. Author \\\\ "
        "Fondazione Bruno Kessler, Trento}"
    )
    assert _labels(svjour, places, "svjour3") == [
        "University of Bologna(博洛尼亚大学)",
        "Fondazione Bruno Kessler(布鲁诺·凯斯勒基金会)",
    ]
    place = "\\author{A}\\affiliation{\\institution{Tsinghua University \\quad Beijing, China}}"
    assert _labels(place, places, "acmart") == ["Tsinghua University(清华大学)"]
    teaser = (
        "\\documentclass{article}\\begin{document}\\title{T}\\author{}\\maketitle\n"
        "\\begin{center}\\includegraphics{teaser}\\captionof{figure}{Stable Diffusion by "
        "Stability AI and Imagen by Google Research}\\end{center}\n"
        "\\begin{abstract}A.\\end{abstract}"
    )
    assert latex_front.affiliations({"main.tex": teaser}, places.knows) == []
    formerly = (
        "\\author{A}\\affiliation{\\institution{Independent Researcher, formerly at Google Brain}}"
    )
    assert _labels(formerly, places, "acmart") != []


def test_what_the_review_fixes_must_leave_alone(places: Gazetteer) -> None:
    """A second review's counter-examples, each one the code before this session read right."""
    alberta = (
        "\\author{A. Smith \\\\ Dept. of Computing Science \\\\ University of Alberta \\\\ "
        "Edmonton, AB, Canada}"
    )
    assert _labels(alberta, places) == ["University of Alberta(阿尔伯塔大学)"]  # a province
    roles = (
        "\\author{J. Doe\\thanks{J. Doe is a member of the Vector Institute and a professor at "
        "the University of Toronto.}}"
    )
    assert _labels(roles, places) == [
        "Vector Institute(向量研究所)",
        "University of Toronto(多伦多大学)",
    ]
    nous = "\\author{A}\\affiliation{\\institution{Independent Researcher, Nous Research}}"
    assert _labels(nous, places, "acmart") == ["Nous Research"]
    assert places.labels(["Faculty of Informatics TU Wien"]) == ["TU Wien(维也纳技术大学)"]
    two = "\\author{A. Smith \\\\ Apollo Research \\\\ Redwood Research}"
    assert _labels(two, places) == ["Apollo Research", "Redwood Research"]
    notes = (
        "\\author{A\\footnote{Sponsored by Tencent Rhino-Bird Research Program.} \\\\ University "
        "of Toronto\\thanks{Compute provided by Stability AI.}\\footnote{We acknowledge the Gauss "
        "Centre for Supercomputing for computing time.}}"
    )
    assert _labels(notes, places) == ["University of Toronto(多伦多大学)"]
    assert places.labels(["State University of Campinas (UNICAMP), Brazil"]) == [
        "University of Campinas(坎皮纳斯州立大学)"
    ]
    prose = (
        "T\nA. B\nUniversity of Toronto\nAbstract\nOf all the models we tried, the largest "
        "improvements by far over the strongest baselines of the last year are with Google "
        "Gemini and the OpenAI models.\n"
    )
    assert _page_labels(prose, places) == ["University of Toronto(多伦多大学)"]
    assert places.labels(["TU Kaiserslautern and DFKI"]) == [
        "TU Kaiserslautern",
        "German Research Center for Artificial Intelligence(德国人工智能研究中心)",
    ]
    phd = "\\author{John Smith (PhD) \\\\ Microsoft Research}"
    assert _labels(phd, places) == ["Microsoft Research(微软研究院)"]
    starred = (
        "T\nA. B*\nUniversity of Toronto\nAbstract\nA.\n1 Introduction\nB.\n* NVIDIA A100 GPUs\n"
    )
    assert _page_labels(starred, places) == ["University of Toronto(多伦多大学)"]
    town = (
        "\\author{B. Robbins \\\\ \\affaddr{University of Maryland - College Park} \\\\ "
        "\\affaddr{College Park, MD 20742}}"
    )
    assert _labels(town, places) == ["University of Maryland, College Park(马里兰大学帕克分校)"]


def test_what_the_second_review_fixes_must_leave_alone(places: Gazetteer) -> None:
    """A third review's counter-examples to the fixes of the first two."""
    for block, right in [
        ("\\author{A. Smith \\\\ Research Fellow, University of Edinburgh}",
         ["The University of Edinburgh(爱丁堡大学)"]),
        ("\\author{A. Smith \\\\ Lambda Compute Inc.}", ["Lambda Compute Inc"]),
        ("\\author{A. Smith \\\\ University of Calgary \\\\ Calgary AB, Canada}",
         ["The University of Calgary(卡尔加里大学)"]),
        ("\\author{A. Smith \\\\ Independent Researcher, LAION}", ["LAION"]),
        ("\\author{A. Smith (FRS) \\\\ University of Cambridge}",
         ["University of Cambridge(剑桥大学)"]),
        ("\\author{J. Doe\\thanks{J. Doe is a professor and dean at the Institute of Computing "
         "Technology, Chinese Academy of Sciences.}}",
         ["Institute of Computing Technology, Chinese Academy of Sciences"
          "(中国科学院计算技术研究所)"]),
        ("\\author{J. Doe\\thanks{J. Doe is with Google Research and is an adjunct professor at "
         "the University of Toronto.}}", ["Google(谷歌)", "University of Toronto(多伦多大学)"]),
    ]:  # fmt: skip
        assert _labels(block, places) == right, block
    funded = (
        "T\nA. B\nAbstract\nA.\nI. INTRODUCTION\nB.\nThis work was supported in part by the Key\n"
        "Research and Development Program of Zhejiang Province under Grant 2022C01011\nThe "
        "authors are with the College of Computer Science and Technology, Zhejiang University, "
        "Hangzhou 310027, China (e-mail: a@zju.edu.cn).\n"
    )
    assert _page_labels(funded, places) == ["Zhejiang University(浙江大学)"]
    logo = (
        "\\documentclass{article}\\begin{document}\\title{T}\\author{}\n\\begin{center}"
        "\\includegraphics[width=3cm]{logo}\\\\ \\begin{tabular}{cc}Alice & Bob \\\\ Tsinghua "
        "University & Microsoft Research\\end{tabular}\\end{center}\n\\maketitle"
    )
    assert _source_labels(logo, places) == [
        "Tsinghua University(清华大学)",
        "Microsoft Research(微软研究院)",
    ]


def test_a_generic_name_inside_a_longer_one_is_not_it(places: Gazetteer) -> None:
    # `City University` (London, 城市大学) is not in `Ho Chi Minh City University of Technology`
    assert places.labels(["Ho Chi Minh City University of Technology"]) == [
        "Ho Chi Minh City University of Technology"
    ]
    assert places.labels(["Open University of Catalonia"]) == ["Open University of Catalonia"]
    assert places.labels(["City University, London"]) == ["City University(城市大学)"]


def test_a_university_named_in_its_own_language_and_its_city_s(places: Gazetteer) -> None:
    # the English list writes Lisbon, Cologne, Seville, Milan: the city's endonym meets it
    assert places.labels(
        [
            "Universidade de Lisboa",
            "Universität zu Köln",
            "Universidad de Sevilla",
            "Università degli Studi di Milano",
            "Universidade Federal de Minas Gerais",
            "Universidad Nacional de Colombia",
        ]
    ) == [
        "University of Lisbon(里斯本大学)",
        "University of Cologne(科隆大学)",
        "University of Seville(塞维利亚大学)",
        "University of Milan(米兰大学)",
        "Federal University of Minas Gerais(米纳斯吉拉斯联邦大学)",
        "National University of Colombia(哥伦比亚国立大学)",
    ]
    # a number still names its own university (`Roma Tre`, not the Sapienza)
    assert places.labels(["Università Roma Tre"]) == ["Roma Tre University(罗马第三大学)"]


def test_a_town_before_and_belongs_to_the_organisation_before_it(places: Gazetteer) -> None:
    assert places.labels(
        ["Harbin Institute of Technology, Shenzhen and Peng Cheng Laboratory"]
    ) == ["Harbin Institute of Technology(哈尔滨工业大学)", "Peng Cheng Laboratory(鹏城实验室)"]
    assert places.labels(["Tsinghua University, Beijing and Microsoft Research"]) == [
        "Tsinghua University(清华大学)",
        "Microsoft Research(微软研究院)",
    ]
    # a campus is still read with its university, and a brand after a unit stays a name
    assert places.labels(["University of California, Berkeley and Google"]) == [
        "University of California, Berkeley(加利福尼亚大学伯克利分校)",
        "Google(谷歌)",
    ]
    assert places.labels(["Dept. of CS, Anyscale and UC Berkeley"]) == [
        "Anyscale",
        "University of California, Berkeley(加利福尼亚大学伯克利分校)",
    ]


def test_an_elsarticle_letter_set_apart_from_the_name_in_a_pdf(places: Gazetteer) -> None:
    page = (
        "T\nAnders Andreasen 1,\na ORS Consulting Aps, Borgergade 66 st th., DK-6700 Esbjerg\n"
        "∗Corresponding author\nAbstract\nA.\n"
    )
    assert _page_labels(page, places) == ["ORS Consulting Aps"]
