"""Typeset real front matters into PDFs with the real classes (Debian's TeX Live: acmart,
IEEEtran, llncs, elsarticle, revtex, LIPIcs, article/authblk), for the PDF fallback's test sets:
`python -m tests.make_pdf_fixtures [SOURCES OUT]` (by default tests/fixtures/latex_real into
pdf_real; the held-out PDFs in pdf_heldout came from latex_heldout and latex_heldout2, those in
pdf_heldout5 from latex_heldout9 to 14, those in pdf_heldout6 from latex_heldout16 to 23, those
in pdf_heldout8 from latex_heldout35 to 47, those in pdf_heldout9 from latex_heldout48 to 53,
those in pdf_heldout10 from latex_heldout54 to 57, those in pdf_heldout11 from 58 to 61, those
in pdf_heldout12 from 64 to 74, those in pdf_heldout13 from 76, 79 and 82 to 90, those in
pdf_heldout14 from 91 to 98, one folder at a time into the same OUT).
Needs pdflatex; the tests only read the committed PDFs. Each PDF is the excerpt as written (its
`\\input` files in place) plus an abstract and one line of body; a front matter whose class or
packages TeX Live lacks is skipped and listed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REAL = Path(__file__).parent / "fixtures" / "latex_real"
OUT = Path(__file__).parent / "fixtures" / "pdf_real"
# typeset, but no use: the excerpt prints no author block (anonymous submission options; one
# whose caption packages TeX Live lacks prints nothing but option names), not
# its addresses (elsarticle's unlabelled `\\address{$^1$ …}` in this excerpt), or its authors
# are typed after `\\maketitle`, where `document` cuts the excerpt
LEFT_OUT = {"acmart_ids-backdoor-conext19", "elsarticle_mhllcep-iapcm",
            "llncs_avm-framework-tabular-authors-sheffield-allegheny",
            "acmart_acmsmall-fail-faster-upenn-umd", "acmart_socc-serverless-edge-ucsb",
            "other_attanchor-vlm-caltech-stanford",
            # Elsevier's cas-dc class as TeX Live has it prints neither these two's
            # addresses nor (the first) their title and authors
            "elsarticle_icu-mortality-fuzzy-kiit-mnnit",
            "elsarticle_pancreas-multimodal-cuhk-hospital", "elsarticle_concentration",
            # acmart's `anonymous` option: the page prints "Anonymous Author(s)"
            "acmart_clusterea", "acmart_mlexplanations", "acmart_lambekd",
            # the page prints no author block: cas-dc's front matter as TeX Live has it, and
            # llncs's `\\tocauthor` opening a table of contents on the first page
            "elsarticle_cislunar", "llncs_alphalung"}  # fmt: skip
_ABSTRACT = "\\begin{abstract}\nThis is the abstract of the paper.\n\\end{abstract}\n"
_BODY = "\\section{Introduction}\nThe body of the paper.\n\\end{document}\n"


# the class of an excerpt that starts at its title, by its family
_CLASSES = {"acmart": "[sigconf]{acmart}", "ieeeconf": "[conference]{IEEEtran}",
            "ieeejournal": "[journal]{IEEEtran}", "llncs": "{llncs}", "elsarticle": "{elsarticle}",
            "lipics": "{lipics-v2021}"}  # fmt: skip
_FROM = re.compile(r"^% --- from (\S+)(?: \(\S+\))? ---$", re.M)  # `(URL)` may follow


def document(tex: str) -> str:
    """The excerpt made whole: its `\\input` files in place (quoted after `% --- from PATH
    ---` lines), the family's class when it starts at its title, a document body, the
    abstract where the class wants it."""
    tex, *quoted = _FROM.split(tex)
    files = {Path(name).stem: body for name, body in zip(quoted[::2], quoted[1::2], strict=True)}
    tex = re.sub(
        r"\\(?:input|include)\s*\{([^}]*)\}",
        lambda m: files.get(Path(m.group(1).strip()).stem, ""),
        tex,
    )
    family = re.search(r"^% family: (\w+)", tex, re.M)
    if "\\documentclass" not in tex and family and family.group(1) in _CLASSES:
        tex = f"\\documentclass{_CLASSES[family.group(1)]}\n{tex}"
    tex = tex.split("\\maketitle")[0].split("\\begin{abstract}")[0]
    if "\\begin{frontmatter}" in tex and "\\end{frontmatter}" not in tex:  # elsarticle
        tex += "\n\\end{frontmatter}\n"
    if "\\begin{document}" not in tex:
        tex += "\n\\begin{document}\n"
    if re.search(r"\\documentclass(\[[^]]*\])?\{acmart\}", tex):  # acmart: abstract first
        return f"{tex}\n{_ABSTRACT}\\maketitle\n{_BODY}"
    return f"{tex}\n\\maketitle\n{_ABSTRACT}{_BODY}"


# errors TeX types past without harm to the author block: a macro the excerpt's other files
# define (`\\tool` in a title), acmart 2022's demand for a country
_HARMLESS = ("! Undefined control sequence.", "! Class acmart Error: No country present")


def typeset(source: Path, target: Path) -> bool:
    """Typeset the excerpt; a run whose only errors are harmless ones counts."""
    with tempfile.TemporaryDirectory() as work:
        main = Path(work) / "main.tex"
        main.write_text(document(source.read_text(encoding="utf-8")), encoding="utf-8")
        try:
            subprocess.run(
                ["pdflatex", "-interaction=nonstopmode", "main.tex"],
                cwd=work, capture_output=True, timeout=120, check=False,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            return False
        pdf, log = Path(work) / "main.pdf", Path(work) / "main.log"
        errors = [x for x in log.read_text(errors="replace").splitlines() if x.startswith("!")]
        if not pdf.is_file() or any(not e.startswith(_HARMLESS) for e in errors):
            return False
        shutil.copyfile(pdf, target)
        return True


def main(argv: list[str]) -> None:
    if shutil.which("pdflatex") is None:
        sys.exit(
            "pdflatex not found (apt-get install texlive-latex-recommended texlive-publishers "
            "texlive-science texlive-latex-extra texlive-bibtex-extra)"
        )
    sources, out = (Path(argv[0]), Path(argv[1])) if argv else (REAL, OUT)
    out.mkdir(exist_ok=True)
    made: list[str] = []
    skipped: list[str] = []
    for source in sorted(sources.glob("*.tex")):
        if source.stem in LEFT_OUT:
            continue
        target = out / f"{source.stem}.pdf"
        (made if typeset(source, target) else skipped).append(source.name)
    print(f"typeset {len(made)}: {', '.join(made)}")
    print(f"skipped {len(skipped)} (class or packages missing, or errors): {', '.join(skipped)}")


if __name__ == "__main__":
    main(sys.argv[1:])
