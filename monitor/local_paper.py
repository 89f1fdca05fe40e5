"""A paper's source on the local disk, read by the extraction the digest uses
(`radar affiliations PATH`): a gzipped tar or gzipped single `.tex` (arXiv's e-print), a plain
tar, a folder of TeX files, one `.tex` file, or a `.pdf`. Nothing is fetched."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from monitor import eprint, latex_front, pdf_header
from monitor.affiliations import Gazetteer, Institution
from monitor.errors import InputError

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
    if not names and blob.startswith(b"%PDF"):
        text = pdf_header.first_page_text(blob, str(path))
        names, source = pdf_header.affiliations(text, "", (), places.knows), "pdf"
    return [Located(i, source) for i in places.institutions(names)]


def _read(path: Path) -> tuple[bytes, dict[str, str]]:
    """The file's bytes (a PDF's, for the fallback) and its TeX files by path."""
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
    if path.suffix.lower() == ".pdf" and not blob.startswith(b"%PDF"):
        raise InputError(f"{path}: not a PDF (it does not start with %PDF)")
    files = eprint.unpack(blob, str(path))
    if not blob.startswith(b"%PDF") and not any("\\" in text for text in files.values()):
        raise InputError(f"{path}: neither LaTeX nor a PDF (no TeX command in it)")
    return blob, files


def _text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError as err:
        raise InputError(f"{path}: cannot read ({err.strerror})") from err
