"""Typeset the real front matters of tests/fixtures/latex_real into PDFs with the real classes
(Debian's TeX Live: acmart, IEEEtran, llncs, elsarticle, revtex, LIPIcs, article/authblk), for
the PDF fallback's test set: `python -m tests.make_pdf_fixtures` (needs pdflatex; the tests
only read the committed PDFs). Each PDF is the excerpt as written plus an abstract and one line
of body; a front matter whose class or packages TeX Live lacks is skipped and listed.
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
# typeset, but no use: the excerpt prints no author block (anonymous submission options)
LEFT_OUT = {"acmart_ids-backdoor-conext19"}
_ABSTRACT = "\\begin{abstract}\nThis is the abstract of the paper.\n\\end{abstract}\n"
_BODY = "\\section{Introduction}\nThe body of the paper.\n\\end{document}\n"


def document(tex: str) -> str:
    """The excerpt made whole: a document body, the abstract where the class wants it."""
    tex = tex.split("\\maketitle")[0].split("\\begin{abstract}")[0]
    if "\\begin{document}" not in tex:
        tex += "\n\\begin{document}\n"
    if re.search(r"\\documentclass(\[[^]]*\])?\{acmart\}", tex):  # acmart: abstract first
        return f"{tex}\n{_ABSTRACT}\\maketitle\n{_BODY}"
    return f"{tex}\n\\maketitle\n{_ABSTRACT}{_BODY}"


def typeset(source: Path, target: Path) -> bool:
    with tempfile.TemporaryDirectory() as work:
        main = Path(work) / "main.tex"
        main.write_text(document(source.read_text(encoding="utf-8")), encoding="utf-8")
        try:
            done = subprocess.run(
                ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "main.tex"],
                cwd=work, capture_output=True, timeout=120, check=False,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            return False
        pdf = Path(work) / "main.pdf"
        if done.returncode or not pdf.is_file():
            return False
        shutil.copyfile(pdf, target)
        return True


def main() -> None:
    if shutil.which("pdflatex") is None:
        sys.exit(
            "pdflatex not found (apt-get install texlive-latex-recommended texlive-publishers)"
        )
    OUT.mkdir(exist_ok=True)
    made: list[str] = []
    skipped: list[str] = []
    for source in sorted(REAL.glob("*.tex")):
        if source.stem in LEFT_OUT:
            continue
        target = OUT / f"{source.stem}.pdf"
        (made if typeset(source, target) else skipped).append(source.name)
    print(f"typeset {len(made)}: {', '.join(made)}")
    print(f"skipped {len(skipped)} (class or packages missing, or errors): {', '.join(skipped)}")


if __name__ == "__main__":
    main()
