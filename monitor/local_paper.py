"""A paper's source on the local disk, read by the extraction the digest uses
(`radar affiliations PATH`): a gzipped tar or gzipped single `.tex` (arXiv's e-print), a plain
tar, a folder of TeX files, one `.tex` file, or a `.pdf`. Nothing is fetched."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from monitor import eprint, latex_front, pdf_header, pdf_page
from monitor.affiliations import Gazetteer
from monitor.errors import InputError
from monitor.institution import Institution
from monitor.org_words import names_organisation

MAX_FILE = 64 << 20  # a paper's source; anything larger is not one


@dataclass(frozen=True)
class Located:
    """An institution found in a paper, and where: `latex` or `pdf`."""

    institution: Institution
    source: str


def institutions(path: Path, places: Gazetteer) -> list[Located]:
    """The paper's institutions in order of first appearance, each once: from its LaTeX where
    it has any, else from the first page of its PDF."""
    blob, files = _read(path)
    names = latex_front.affiliations(files, places.knows) if files else []
    source = "latex"
    if not names and blob:
        page = pdf_page.first_page(blob, str(path))
        # the title, which the digest has from arXiv, is the page's largest text here; not
        # when that names an institution in its words (a thesis's cover, an author block set
        # large; not a title with a company's name in it: `… on Intel Xeon Phi`)
        large = page.largest
        title = "" if places.knows(large) and names_organisation(large) else large
        names, source = pdf_header.affiliations(page.text, title, (), places.knows), "pdf"
    return [Located(i, source) for i in places.institutions(names)]


def _read(path: Path) -> tuple[bytes, dict[str, str]]:
    """A PDF's bytes (empty for a LaTeX source) and the TeX files by path."""
    if path.is_dir():
        files = {}
        for tex in sorted(path.rglob("*")):
            if tex.is_file() and tex.suffix.lower() in (".tex", ".ltx", ".sty", ".cls"):
                files[tex.relative_to(path).as_posix()] = _text(tex)
        if not files:
            raise InputError(f"{path}: no .tex file in this folder")
        return b"", files
    try:
        if path.stat().st_size > MAX_FILE:
            raise InputError(f"{path}: larger than {MAX_FILE >> 20} MiB; not a paper's source")
        blob = path.read_bytes()
    except OSError as err:
        raise InputError(f"{path}: cannot read ({err.strerror})") from err
    if not blob:
        raise InputError(f"{path}: empty file")
    named_pdf = path.suffix.lower() == ".pdf"
    if blob.startswith(b"%PDF") or (named_pdf and b"%PDF-" in blob[:1024]):  # after some junk
        return blob, {}
    if named_pdf:
        raise InputError(f"{path}: not a PDF (no %PDF header)")
    return b"", _tex_files(blob, path)


def _tex_files(blob: bytes, path: Path) -> dict[str, str]:
    """An e-print's TeX files; `InputError` when it holds none, or no TeX at all."""
    files = eprint.unpack(blob, str(path))
    if not files:
        raise InputError(f"{path}: an archive without a .tex file")
    if not any(_looks_like_tex(text) for text in files.values()):
        raise InputError(f"{path}: neither LaTeX nor a PDF")
    return files


def _looks_like_tex(text: str) -> bool:
    """Text with TeX commands in it, not binary read as text."""
    return "\\" in text and text.count("\ufffd") <= len(text) // 100


def _text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError as err:
        raise InputError(f"{path}: cannot read ({err.strerror})") from err
