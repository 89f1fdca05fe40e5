"""The plain sentence-transformers recipe `radar bench` compares a day against: fp32 `encode`
of the list and the candidates, cosine to the nearest list paper, sort. Run as
`python -m monitor.lab.recipe PROFILE.jsonl CANDIDATES.jsonl MODEL MAX_TOKENS` in a fresh
process; prints the ranked ids."""

from __future__ import annotations

import sys
from pathlib import Path

from monitor.embed import model_path
from monitor.jsonl import read_papers
from monitor.paper import paper_text


def main(profile: Path, candidates: Path, model: str, max_tokens: int) -> list[str]:
    from sentence_transformers import SentenceTransformer

    listed, day = read_papers(profile), read_papers(candidates)
    st = SentenceTransformer(str(model_path(model)), device="cpu")
    if max_tokens:  # the same window as radar's, when one is set
        st.max_seq_length = max_tokens
    mine = st.encode([paper_text(p) for p in listed], normalize_embeddings=True)
    theirs = st.encode([paper_text(p) for p in day], normalize_embeddings=True)
    nearest = (theirs @ mine.T).max(axis=1)
    return [day[i].id for i in (-nearest).argsort(kind="stable")]


if __name__ == "__main__":
    for paper_id in main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])):
        print(paper_id)
