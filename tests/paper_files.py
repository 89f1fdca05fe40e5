"""Paper files as arXiv serves them, built from known author blocks: e-print archives
(gzipped tar of the TeX files) and first pages of PDFs (reportlab).

Laid out like the common templates: a title, an author line with superscript markers, one
affiliation per line (or two side by side), e-mail lines, then `Abstract` and body text. The
tests then read them back through `monitor.pdf_header` exactly as a downloaded PDF.
"""

from __future__ import annotations

import io
import tarfile
from collections.abc import Mapping, Sequence

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas


def first_page(
    title: str,
    authors: str,
    affiliation_lines: Sequence[str],
    abstract: str = "Large models are trained on thousands of accelerators.",
    extra_pages: int = 1,
) -> bytes:
    """A PDF whose first page carries the given header; `affiliation_lines` are drawn as is,
    a line may hold superscript markers (`1Tsinghua University 2Peking University`)."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter, invariant=True)
    width, height = letter
    y = height - 72
    pdf.setFont("Times-Bold", 16)
    pdf.drawCentredString(width / 2, y, title)
    y -= 28
    pdf.setFont("Times-Roman", 11)
    pdf.drawCentredString(width / 2, y, authors)
    for line in affiliation_lines:
        y -= 15
        pdf.drawCentredString(width / 2, y, line)
    y -= 30
    pdf.setFont("Times-Bold", 11)
    pdf.drawString(72, y, "Abstract")
    pdf.setFont("Times-Roman", 10)
    y -= 15
    pdf.drawString(72, y, abstract)
    y -= 15
    pdf.drawString(72, y, "We are grateful to Microsoft Research for compute credits.")
    for page in range(extra_pages):
        pdf.showPage()
        pdf.setFont("Times-Roman", 10)
        pdf.drawString(72, height - 72, f"Page {page + 2}: University of Nowhere appears here.")
    pdf.save()
    return buffer.getvalue()


def tar_gz(files: Mapping[str, str]) -> bytes:
    """An e-print: the TeX files, plus a figure (which readers must skip), gzipped tar."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
        image = tarfile.TarInfo("paper/figures/arch.pdf")
        image.size = 4
        archive.addfile(image, io.BytesIO(b"%PDF"))
    return buffer.getvalue()
