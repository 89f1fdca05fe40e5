"""How the excerpts in tests/data were cut from the project's shared data (run once, by hand:
`python tests/data/excerpt.py ../shared/data`). Tests never read the shared folder itself.
The 86-entry listing and the curated reading-list papers ship in the package (monitor/assets/
sample/); tests take them from there."""

from __future__ import annotations

import gzip
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COPIED = (
    "arxiv_api/misc_2025_2026/2026-07-13_cat-csAI-OR-csLG_max50.xml",
    "arxiv_rss/2025-08-20_rss.arxiv.org_atom_cs.AI_7entries.xml",
    "arxiv_rss/2025-08-20_rss.arxiv.org_atom_cs.AI_TRUNCATED.xml",
    "arxiv_rss/2026-09-24_rss.arxiv.org_rss_cs.LG+cs.AI+cs.CL+stat.ML_4items.xml",
)


def _gz_lines(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return list(handle)


def _write_gz(path: Path, lines: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(path, "wb", mtime=0) as raw:
        raw.write("".join(lines).encode("utf-8"))


def main(shared: Path) -> None:
    for name in COPIED:
        (HERE / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shared / name, HERE / name)
    corpus = shared / "corpus" / "daydayarxiv"
    y2025 = next(corpus.glob("csAI_listing_2025_*.jsonl.gz"))
    window = [
        x for x in _gz_lines(y2025) if "2025-08-11" <= json.loads(x)["published"] < "2025-08-21"
    ]
    _write_gz(HERE / "corpus/daydayarxiv/csAI_listing_2025_excerpt.jsonl.gz", window)
    y2024 = next(corpus.glob("csAI_listing_2024_*.jsonl.gz"))
    days = ("2024-10-24", "2024-10-25")
    listing = [x for x in _gz_lines(y2024) if json.loads(x)["listing_date"] in days]
    subset = (corpus / "csAI_listing_2024-2026_csDC_subset.jsonl").read_text(encoding="utf-8")
    bitpipe = [x + "\n" for x in subset.splitlines() if '"2410.19367"' in x]
    _write_gz(HERE / "corpus/daydayarxiv/csAI_listing_2024_excerpt.jsonl.gz", listing)
    (HERE / "corpus/daydayarxiv/bitpipe.jsonl").write_text("".join(bitpipe), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
