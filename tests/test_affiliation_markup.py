"""TeX around the author block that hid or garbled organisations in the twenty-fifth to
twenty-ninth held-out sets (tests/fixtures/latex_heldout25-29): a switch set in one file and
used in another, editing notes in the margin, a macro's options, a template's empty
key-value affiliation. Each written small."""

from __future__ import annotations

from monitor import eprint, latex_front, tex, tex_macros
from monitor.affiliations import Gazetteer
from tests.test_affiliation_shapes import _labels, _source_labels


def test_a_switch_set_in_the_main_file_chooses_the_branch_in_an_input(places: Gazetteer) -> None:
    main = (
        "\\newif\\ifARTICLE\n\\ARTICLEfalse\n%\\ARTICLEtrue\n\\documentclass{article}\n"
        "\\begin{document}\\title{T}\\input{authors}\\maketitle"
    )
    authors = (
        "\\ifARTICLE\n\\author{A B\\\\ Stanford University}\n\\else\n"
        "\\author{A B\\\\ \\affaddr{Harvard University}\\\\}\n\\fi\n"
    )
    files = {"top.tex": main, "authors.tex": authors}
    assert places.labels(latex_front.affiliations(files, places.knows)) == [
        "Harvard University(哈佛大学)"
    ]


def test_editing_notes_and_options_are_no_text() -> None:
    assert tex.plain("A\\\\ \\fxnote[margin]{Make sure all is hidden} Harvard", {}).split() == [
        "A",
        "Harvard",
    ]
    assert tex.plain("\\todo[inline]{check} \\marginpar{x} MIT", {}).strip() == "MIT"
    assert tex.plain("\\foo[bar] Yale", {}).strip() == "Yale"  # an unknown macro's options


def test_a_template_s_empty_key_value_affiliation_names_no_one(places: Gazetteer) -> None:
    body = (
        "\\affiliation[1]{organization={School of Electronics and Information},\n"
        "  addressline={Northwestern Polytechnical University}, city={Xi'an}, country={China}}\n"
        "\\affiliation[<aff no>]{organization={},\n  addressline={}, city={}, country={}}"
    )
    assert _labels(body, places, "elsarticle") == [
        "Northwestern Polytechnical University(西北工业大学)"
    ]


def test_a_thesis_title_page_names_its_university_by_a_starred_macro(places: Gazetteer) -> None:
    source = (
        "\\documentclass{scrbook}\n\\newcommand*{\\getUniversity}{Technische Universität "
        "München}\n\\newcommand*{\\getFaculty}{Department of Informatics}\n\\begin{document}\n"
        "\\begin{titlepage}{\\huge\\MakeUppercase{\\getFaculty{}}}\\\\\n"
        "{\\large\\MakeUppercase{\\getUniversity{}}}\\\\\n\\end{titlepage}"
    )
    assert _source_labels(source, places) == ["Technical University of Munich(慕尼黑工业大学)"]
    assert tex_macros.definitions("\\newcommand*{\\org}{ACME}") == {"org": "ACME"}


def test_the_big_consulting_firms_are_known(places: Gazetteer) -> None:
    assert places.labels(["PricewaterhouseCoopers, U.S.", "Accenture Labs, San Francisco"]) == [
        "PricewaterhouseCoopers(普华永道)",
        "Accenture(埃森哲)",
    ]
    assert places.labels(["Joe McKinsey"]) == ["Joe McKinsey"]  # a surname, not the firm


def test_what_the_session_s_review_found(places: Gazetteer) -> None:
    # elsarticle's values may be unbraced; only `organization={}` is a template's
    body = "\\affiliation{organization=Tsinghua University, city=Beijing, country=China}"
    assert _labels(body, places, "elsarticle") == ["Tsinghua University(清华大学)"]
    # a switch the appendix sets again is still set once for the front matter
    main = (
        "\\documentclass{article}\n\\newif\\ifarxiv\n\\arxivtrue\n\\begin{document}\n\\title{T}\n"
        "\\ifarxiv\n\\author{A B \\\\\\\\ Stanford University}\n\\else\n"
        "\\author{A B \\\\\\\\ Wherobots Inc.}\n\\fi\n\\maketitle\n\\input{appendix}\n"
    )
    files = {"main.tex": main, "appendix.tex": "\\arxivfalse\n\\section{More}\n"}
    assert places.labels(latex_front.affiliations(files, places.knows)) == [
        "Stanford University(斯坦福大学)"
    ]
    # a macro named for a paper's subject is no affiliation
    assert (
        _labels("\\newcommand{\\targetorganization}{Acme Corporation}\\author{A B}", places) == []
    )


def test_shapes_of_sets_30_to_32(places: Gazetteer) -> None:
    # a table of authors after `\maketitle` under an empty `\author{}`, the abstract typed by
    # hand in a `quote`
    table = (
        "\\documentclass{article}\\begin{document}\\title{T}\\author{}\\maketitle\n"
        "\\begin{center}\\begin{tabular}{cc}\nA B & C D \\tabularnewline\n"
        "University of Michigan -- Ann Arbor & University of Michigan -- Ann Arbor\n"
        "\\end{tabular}\\end{center}\n\\begin{quote}\\noindent\\textbf{Abstract.}\\quad We.\n"
        "\\end{quote}\n"
    )
    assert _source_labels(table, places) == ["University of Michigan(密歇根大学)"]
    # ICASSP's spconf: `\twoauthors{Name}{Affiliation}{Name}{Affiliation}`
    spconf = (
        "\\twoauthors{Masakazu Naoi}{Independent Researcher, Sagamihara, Japan\\\\m@gmail.com}"
        "{Qi Wu}{Keio University, Fujisawa, Japan\\\\w@sfc.keio.ac.jp}"
    )
    assert _labels(spconf, places, "article") == ["Keio University(庆应义塾大学)"]
    # `\unexpanded` leaves no space inside a word
    assert tex.plain("Research Centre \\unexpanded{\\v{R}}e\\unexpanded{\\v{z}}", {}).strip() == (
        "Research Centre Řež"
    )


def test_what_the_second_review_found(places: Gazetteer) -> None:
    # affiliations in a note after an abstract typed by hand are still read
    note = (
        "\\documentclass{article}\\begin{document}\\title{T}\\author{A B\\textsuperscript{1} "
        "\\and C D\\textsuperscript{2}}\\maketitle\n\\begin{quote}\\noindent\\textit{Abstract}"
        "---We study.\\end{quote}\n\\renewcommand{\\thefootnote}{}\\footnotetext{\n"
        "\\textsuperscript{1}Stanford University \\quad \\textsuperscript{2}Inria Saclay}\n"
        "\\section{Introduction}\nText.\n"
    )
    assert _source_labels(note, places) == [
        "Stanford University(斯坦福大学)",
        "Inria(法国国家信息与自动化研究所)",
    ]
    # ICASSP's template's own example, and a town as an affiliation's first line
    template = "\\twoauthors{A. One}{School A-B\\\\ Department A-B}{C. Three}{School C-D}"
    assert _labels(template, places) == []
    town = "\\twoauthors{A B}{Tokyo, Japan}{C D}{LINE Corporation\\\\ Tokyo, Japan}"
    assert _labels(town, places) == ["LINE Corporation"]
    # `\\protect` before a word is a space
    assert tex.plain("Carnegie\\protect Mellon", {}).split() == ["Carnegie", "Mellon"]


def test_numbered_entries_in_the_date_and_paragraphs_of_a_title_page(places: Gazetteer) -> None:
    # set 38: an `article` paper sets its numbered organisations in `\date{…}`
    dated = (
        "\\author{A B$^{1,2}$ \\and C D$^3$ \\and E F}\n"
        "\\date{\\small $^1$Leibniz University Hannover, $^2$L3S Research Center, "
        "$^3$Google}"
    )
    assert _labels(dated, places) == [
        "Leibniz University Hannover(汉诺威大学)",
        "L3S Research Center",
        "Google(谷歌)",
    ]
    assert _labels("\\author{A B}\\date{\\today}", places) == []
    # notes are numbered there too: only lines that say they are organisations count
    notes = "\\author{A B$^1$ C D$^2$}\\date{$^1$Project page: x.io \\\\ $^2$Technical Report}"
    assert _labels(notes, places) == []
    # a blank line ends a line: a thesis's title page names its university, then the title
    page = (
        "\\begin{center}\n{\\large \\sc Universidad Nacional de Luj\\'an}\n\n"
        "\\vspace{5.0cm}\n\n{\\huge\\bf Clasificaci\\'on de flujos de datos}\n\n"
        "{\\large Tesina de grado presentada para optar al t\\'{\\i}tulo de\\\\\n"
        "Licenciado en Sistemas de Informaci\\'on}\n\\end{center}\n"
    )
    assert _labels(page, places) == ["Universidad Nacional de Luján"]
    assert tex.plain("A\n  \nB\nC", {}).split("\n") == ["A ", " B C"]


def test_title_pages_colours_and_rules_of_sets_35_to_38(places: Gazetteer) -> None:
    # a thesis's `titlepage` is read like a centred title block; a rule drawn is no text
    page = (
        "\\begin{titlepage}\\centering\n\\Large{\\textbf{Master Thesis}}\\\\\n"
        "\\large{\\textbf{Suraj Bhardwaj}}\\\\\n\\normalsize{University of Siegen}\\\\\n"
        '\\rule{\\textwidth}{0.4pt}\n\\normalsize{Universit\\"at Siegen}\\\\\n'
        "\\normalsize{North Rhine-Westphalia, Germany}\\\\\n\\end{titlepage}\n"
    )
    assert _source_labels(
        f"\\documentclass{{report}}\\begin{{document}}{page}\\chapter{{Intro}}", places
    ) == ["University of Siegen(锡根大学)"]
    # its examiners' and supervisors' organisations are theirs (review)
    examined = page.replace(
        "\\end{titlepage}", "Examiner: Dr. X\\\\ Google DeepMind\\\\ \\end{titlepage}"
    )
    assert _source_labels(
        f"\\documentclass{{report}}\\begin{{document}}{examined}\\chapter{{Intro}}", places
    ) == ["University of Siegen(锡根大学)"]
    # a line that held only a comment ends no paragraph: the order stays as written
    assert eprint.front_matter({"m.tex": "A\n  % a note\nB\n\n%\nC\n"}, "m.tex") == "A\nB\n\nC\n"
    # a colour's name is no text (`\textcolor{revise}{…}` marked a revision)
    body = (
        "\\affiliation{\\institution{Dept. of CS, Tsinghua University"
        "\\textcolor{revise}{, and Peng Cheng Laboratory}}}"
    )
    assert _labels(body, places, "acmart") == [
        "Tsinghua University(清华大学)",
        "Peng Cheng Laboratory(鹏城实验室)",
    ]
    assert tex.plain("\\textcolor[rgb]{0,0,1}{Yale} \\fcolorbox{red}{white}{Brown}").split() == [
        "Yale",
        "Brown",
    ]


def test_names_the_list_writes_its_own_way(places: Gazetteer) -> None:
    # an academy's observatories are its own organisations, written with it
    assert places.labels(["Yunnan Observatories, Chinese Academy of Sciences, Kunming"]) == [
        "Yunnan Observatories, Chinese Academy of Sciences"
    ]
    written = "Key Laboratory of Optical Astronomy, National Astronomical Observatories, "
    assert places.labels([written + "Chinese Academy of Sciences, Beijing, China"]) == [
        "National Astronomical Observatories, Chinese Academy of Sciences(中国科学院国家天文台)"
    ]
    # the colleges of the University of London, as papers write them
    assert places.labels(["School of Computing, Birkbeck, University of London"]) == [
        "Birkbeck, University of London(伦敦大学伯克贝克学院)"
    ]
    # the university list lost its commas to two spaces: `University of Maryland  College Park`
    assert places.labels(["University of Maryland, College Park, MD, USA"]) == [
        "University of Maryland, College Park(马里兰大学帕克分校)"
    ]


def test_notes_set_after_the_abstract_by_a_footnote_macro(places: Gazetteer) -> None:
    # NeurIPS' `\blfootnote` idiom: the affiliations in unmarked footnotes after the abstract
    # (found by latex_heldout44); `\footnotetext` there too; none from the body's sections
    source = (
        "\\documentclass{article}\n"
        "\\newcommand\\blfootnote[1]{\\begingroup\\renewcommand\\thefootnote{}"
        "\\footnote{#1}\\addtocounter{footnote}{-1}\\endgroup}\n"
        "\\begin{document}\\title{T}\\author{Yubin Xiong$^{1}$ \\\\ \\texttt{a@163.com}}\n"
        "\\maketitle\\begin{abstract}We denoise spectra.\\end{abstract}\n"
        "\\blfootnote{${}^*$ Corresponding author.}\n"
        "\\blfootnote{$^{1}$School of Electronic Science and Engineering, Xiamen University.}\n"
        "\\footnotetext[2]{Work done at Google DeepMind.}\n"
        "\\section{Introduction}\\footnotetext{Stanford University hosts the data.}\n"
    )
    assert _source_labels(source, places) == [
        "Xiamen University(厦门大学)",
        "Google DeepMind(谷歌DeepMind)",
    ]
