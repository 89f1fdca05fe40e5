"""Measure the web page: a 600-candidate day's render, an action's round trip, and search
over the ~50k-paper corpus loaded into a store.

    .venv/bin/python -m tests.bench_web --data ../shared/data

In-process HTTP (Starlette's TestClient, so no network noise), the real SQLite store and
templates; each figure is the median of repeated requests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

from starlette.testclient import TestClient

from monitor.config import load_settings
from monitor.lab.evaluate import load_corpus
from monitor.store import Store
from monitor.web.app import create_app

from .conftest import write_home

DAY = date(2026, 2, 11)


def _median_ms(call: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _searcher(client: TestClient, query: str) -> Callable[[], object]:
    return _getter(client, f"/search?q={query}")


def _getter(client: TestClient, url: str) -> Callable[[], object]:
    def get() -> object:
        return client.get(url)

    return get


def main(data: Path) -> None:
    papers = [p for _, p in load_corpus(data, categories=None)]
    with tempfile.TemporaryDirectory() as tmp:
        home = write_home(Path(tmp), Path(tmp) / "models")
        settings = load_settings(env={"RADAR_HOME": str(home)})
        started = time.perf_counter()
        with Store.open(settings.database_path) as store:
            store.upsert_papers(papers)
            day = random.Random(7).sample(papers, 600)
            rows = [(p.id, 1.0 - i / 600, i + 1, "LLM Training / Distributed Training", i < 10,
                     0.5)
                    for i, p in enumerate(day)]  # fmt: skip
            store.record_ranking(DAY, rows)
        load = time.perf_counter() - started
        client = TestClient(create_app(settings), base_url="http://127.0.0.1:8765")
        page = client.get("/")
        token = page.text.split('name="csrf-token" content="', 1)[1].split('"', 1)[0]
        first = day[0].id
        render = _median_ms(_getter(client, f"/day/{DAY}?all=1"), 5)
        picks = _median_ms(_getter(client, f"/day/{DAY}"), 10)

        def action() -> None:
            client.post(f"/paper/{first}/note", data={"csrf": token, "note": "x"},
                        headers={"HX-Request": "true"})  # fmt: skip

        round_trip = _median_ms(action, 20)
        queries = ["pipeline parallelism", "mixture of experts", "all-to-all", "zero bubble"]
        search = [_median_ms(_searcher(client, q), 5) for q in queries]
    print(f"store: {len(papers)} corpus papers loaded with their FTS5 index in {load:.1f} s")
    print(f"a 600-candidate day, all cards (GET /day/D?all=1): {render:.0f} ms")
    print(f"the day's picks only (GET /day/D): {picks:.0f} ms")
    print(f"an action's round trip (POST note, card fragment back): {round_trip:.0f} ms")
    print(f"search over {len(papers)} papers (median of {len(queries)} queries, 50 cards): "
          f"{statistics.median(search):.0f} ms")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, required=True)
    main(parser.parse_args().data)
