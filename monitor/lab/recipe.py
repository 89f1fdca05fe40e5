"""The plain sentence-transformers recipe `radar bench` compares a day against: fp32 `encode`
of the list and the candidates, cosine to the nearest list paper, sort. Run as
`python -m monitor.lab.recipe PROFILE.jsonl CANDIDATES.jsonl MODEL` in a fresh process;
prints the ranked ids."""

from __future__ import annotations

import sys
from pathlib import Path

from monitor.embed import model_path
from monitor.jsonl import read_papers
from monitor.paper import paper_text


def main(profile: Path, candidates: Path, model: str) -> list[str]:
    from sentence_transformers import SentenceTransformer

    listed, day = read_papers(profile), read_papers(candidates)
    st = SentenceTransformer(str(model_path(model)), device="cpu")
    mine = st.encode([paper_text(p) for p in listed], normalize_embeddings=True)
    theirs = st.encode([paper_text(p) for p in day], normalize_embeddings=True)
    nearest = (theirs @ mine.T).max(axis=1)
    return [day[i].id for i in (-nearest).argsort(kind="stable")]


if __name__ == "__main__":
    for paper_id in main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]):
        print(paper_id)
