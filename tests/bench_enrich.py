"""Measure enrichment of a day's picks against the local arXiv stand-in: requests and time.

    .venv/bin/python -m tests.bench_enrich

Ten picks without API affiliations, as on most days: six with a LaTeX source (the shapes of
tests/fixtures/latex), two whose source names no affiliation (so the PDF is fetched too), and
two PDF-only submissions. First pass: fetch, parse, cache. Second pass: the same picks again
(a re-rendered day), all from the cache. The politeness delay is 0 here; with arXiv's 3 s,
each request after the first costs 3 s more. Parse costs are per paper, averaged over 50 runs.
"""

from __future__ import annotations

import gzip
import tempfile
import time
from pathlib import Path

from monitor import eprint, latex_front, pdf_header, pdf_page
from monitor.affiliations import Gazetteer
from monitor.assets import gazetteer_files
from monitor.config import ArxivSettings
from monitor.enrich import Enricher
from monitor.feeds import ArxivFiles
from monitor.gazetteer_csv import load_gazetteer
from monitor.paper import Paper
from monitor.store import Store

from .paper_files import first_page, tar_gz
from .servers import Reply, http_server

REPO = Path(__file__).resolve().parents[1]
LATEX = REPO / "tests" / "fixtures" / "latex"
SHAPES = ["ieee.tex", "authblk.tex", "llncs.tex", "neurips.tex", "icml.tex", "elsarticle.tex"]
NO_AUTHORS = "\\documentclass{article}\\begin{document}\\title{T}\\maketitle\\end{document}"


def _pdf() -> bytes:
    return first_page(
        "Seesaw: High-throughput LLM Inference via Model Re-sharding",
        "Qidong Su1,2,3  Wei Zhao1,3  Xin Li3  Gennady Pekhimenko1,2,3",
        ["1University of Toronto  2Vector Institute  3CentML", "{qdsu}@cs.toronto.edu"],
    )


def _files() -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for n, shape in enumerate(SHAPES):
        files[f"/e-print/2601.0000{n}v1"] = tar_gz({shape: (LATEX / shape).read_text("utf-8")})
    for n in (6, 7):
        files[f"/e-print/2601.0000{n}v1"] = gzip.compress(NO_AUTHORS.encode())
        files[f"/pdf/2601.0000{n}v1"] = _pdf()
    for n in (8, 9):
        files[f"/e-print/2601.0000{n}v1"] = _pdf()
    return files


def _paper(n: int) -> Paper:
    return Paper(f"2601.0000{n}", 1, "Seesaw", "An abstract.", ("Qidong Su",), ("cs.DC",))


def _pass(store: Store, places: Gazetteer, files: ArxivFiles) -> tuple[float, int]:
    enricher = Enricher(store, places, files, None)
    started = time.perf_counter()
    named = sum(len(enricher.affiliations(_paper(n))) for n in range(10))
    return time.perf_counter() - started, named


def _parse_costs(places: Gazetteer) -> tuple[float, float]:
    blob = tar_gz({"icml.tex": (LATEX / "icml.tex").read_text("utf-8")})
    pdf = _pdf()
    started = time.perf_counter()
    for _ in range(50):
        latex_front.affiliations(eprint.unpack(blob, "x"), places.knows)
    latex = (time.perf_counter() - started) / 50
    started = time.perf_counter()
    for _ in range(50):
        text = pdf_page.first_page_text(pdf, "x")
        pdf_header.affiliations(text, "Seesaw", ("Qidong Su",), places.knows)
    return latex, (time.perf_counter() - started) / 50


def main() -> None:
    started = time.perf_counter()
    places = load_gazetteer(*gazetteer_files())
    load = time.perf_counter() - started
    files = _files()

    def route(path: str) -> Reply:
        body = files.get(path)
        return Reply(200, body) if body else Reply(404)

    with http_server(route) as (url, seen), tempfile.TemporaryDirectory() as tmp:
        settings = ArxivSettings(eprint_url=f"{url}/e-print", pdf_url=f"{url}/pdf", delay_seconds=0)
        store = Store.open(Path(tmp) / "radar.db")
        store.upsert_papers([_paper(n) for n in range(10)])
        client = ArxivFiles(settings)
        first, named = _pass(store, places, client)
        requests = len(seen.paths)
        second, again = _pass(store, places, client)
        store.close()
    latex, pdf = _parse_costs(places)
    print(f"gazetteer load ({len(places)} names): {load * 1000:.0f} ms")
    print(
        f"10 picks, first pass: {requests} requests, {first:.2f} s, {named} names; "
        f"est. prod {first + 3 * (requests - 1):.0f} s (3 s between requests)"
    )
    print(
        f"10 picks, second pass: {len(seen.paths) - requests} requests, "
        f"{second:.3f} s, {again} names"
    )
    print(f"parse one e-print (tar.gz, ICML): {latex * 1000:.1f} ms")
    print(f"parse one PDF first page: {pdf * 1000:.1f} ms")


if __name__ == "__main__":
    main()
