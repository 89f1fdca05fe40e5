"""Do the LLM's Chinese summaries keep the shape the prompt asks (problem → method → result,
figures and system names kept)? `python -m tests.eval_llm_summaries [REPLIES]` sends 20
labelled abstracts (tests/data/summaries/) through radar's real `ChatSummarizer` to a local
stand-in endpoint answering recorded replies, and prints what radar accepted and how many
replies keep the abstract's key figures and the method's name. The shipped replies
(`llm_replies_standin.jsonl`) were written by hand to the prompt, as a model would answer,
because no model is reachable from this machine: they exercise the path and the checks; record
a real model's replies (same format) and pass the file to measure it.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from monitor.config import LlmSettings
from monitor.errors import LlmError
from monitor.llm import ChatSummarizer
from monitor.paper import Paper

from .servers import Reply, http_server

HERE = Path(__file__).parent / "data" / "summaries"
REPLIES = HERE / "llm_replies_standin.jsonl"
_FIGURE = re.compile(r"\d+(?:\.\d+)?\s*(?:%|x\b|×|倍)|\d+(?:\.\d+)?\s*\$?\\times")
_NAME = re.compile(r"\b[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9\-]*\b")  # FedClust, ZeroBub, GPT-4o


def figures(text: str) -> set[str]:
    return {re.sub(r"[^\d.]", "", f) for f in _FIGURE.findall(text)}


def measure(replies: dict[str, str]) -> dict[str, float]:
    rows = [json.loads(line) for line in (HERE / "sentence_roles.jsonl").open(encoding="utf-8")]
    rows = [r for r in rows if r["id"] in replies]
    order = [r["id"] for r in rows]
    served = [replies[i] for i in order]

    def answer(_path: str) -> Reply:
        body = {"choices": [{"message": {"role": "assistant", "content": served.pop(0)}}]}
        return Reply(200, json.dumps(body).encode(), (("Content-Type", "application/json"),))

    accepted = kept = with_figures = named = with_name = 0
    with http_server(answer) as (url, _seen):
        llm = ChatSummarizer(LlmSettings(base_url=url, model="stand-in"), "zh")
        for r in rows:
            abstract = " ".join(s["text"] for s in r["sentences"])
            paper = Paper(id=r["id"], version=1, title=r["title"], abstract=abstract,
                          authors=(), categories=())  # fmt: skip
            try:
                text = llm.summarize(paper)
            except LlmError:
                continue
            accepted += 1
            results = " ".join(s["text"] for s in r["sentences"] if s["role"] == "result")
            if figures(results):
                with_figures += 1
                kept += bool(figures(results) & figures(text))
            names = set(_NAME.findall(r["title"].split(":")[0]))
            if names:
                with_name += 1
                named += any(n in text for n in names)
    return {"papers": len(rows), "accepted": accepted,
            "figures kept": kept / with_figures if with_figures else 1.0,
            "with figures": with_figures, "name kept": named / with_name if with_name else 1.0,
            "with name": with_name}  # fmt: skip


def load(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return {r["id"]: r["reply"] for r in map(json.loads, lines)}


def main(argv: Sequence[str]) -> None:
    path = Path(argv[0]) if argv else REPLIES
    m = measure(load(path))
    print(f"{path.name}: {m['accepted']} of {m['papers']} replies accepted as summaries; "
          f"key figures of the result kept in {m['figures kept']:.0%} of {m['with figures']} "
          f"with figures; the method's name kept in {m['name kept']:.0%} of "
          f"{m['with name']} with one")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:])
