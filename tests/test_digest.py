"""Digest rendering (escaping, formats), summaries and the institution gazetteer."""

from __future__ import annotations

import json
import xml.dom.minidom
from collections import Counter
from dataclasses import replace
from datetime import date

from monitor.assets import gazetteer_files
from monitor.digest import (
    Digest,
    Entry,
    digest_from_json,
    md,
    render_feed,
    render_html,
    render_json,
    render_markdown,
)
from monitor.gazetteer_csv import load_gazetteer
from monitor.paper import Neighbour
from monitor.summarize import document_frequency, summarize

NASTY = "Attention <script>alert(1)</script> & $O(n^2)$ for a_b *bold* [x](y) | z &amp;"


def _digest() -> Digest:
    entry = Entry(
        rank=1,
        id="2501.00001",
        title=NASTY,
        authors=("Ada <Lovelace>", "Nikola Pi\\v{z}urica"),
        affiliations=("Tsinghua University(清华大学)", "CentML"),
        summary="We do <b>x</b> & y.",
        date="2025-01-02",
        categories=("cs.DC", "cs.LG"),
        kind="cross",
        score=-0.25,
        section="LLM Training / Distributed Training",
        nearest=(Neighbour("GPipe: Efficient Training", 0.71),),
        terms=("pipeline", "a_b"),
        relevance=0.87,
    )
    return Digest(date(2025, 1, 2), (entry,), 40)


def test_markdown_entries_start_in_the_seed_shape_and_escape() -> None:
    """Each entry's first lines are the reader's own (seed 003): title, affiliations (when
    known), summary, `date categories`; radar's additions follow, the raw score stays out."""
    plain = replace(_digest().entries[0], rank=2, id="2501.00002", title="Plain title",
                    affiliations=(), kind="new", relevance=0.2)  # fmt: skip
    digest = replace(_digest(), entries=(_digest().entries[0], plain))
    text = render_markdown(digest)
    lines = text.splitlines()
    title = next(i for i, line in enumerate(lines) if line.startswith("Attention"))
    assert lines[title : title + 5] == [
        md(NASTY),
        "Tsinghua University(清华大学);CentML",
        "We do &lt;b&gt;x&lt;/b&gt; & y.",
        "2025-01-02 cs.DC cs.LG",
        "",
    ]
    assert lines[title + 5] == (
        "- #1 · strong (87%) · would join: LLM Training / Distributed Training · cross-list"
    )
    second = lines.index("Plain title")
    assert lines[second + 1 : second + 4] == ["We do &lt;b&gt;x&lt;/b&gt; & y.",
                                              "2025-01-02 cs.DC cs.LG", ""]  # fmt: skip
    assert lines[0] == ("# arxiv-radar · 2025-01-02: 1 strong, 1 possible of 40 papers · "
                        "Distributed Training")  # fmt: skip
    assert "Score" not in text and "-0.25" not in text
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert "a\\_b \\*bold\\* \\[x\\](y) \\| z &amp;amp;" in text
    assert "[abs](https://arxiv.org/abs/2501.00001)" in text
    data = json.loads(render_json(digest))
    assert [(e["score"], e["tier"]) for e in data["entries"]] == [(-0.25, "strong"),
                                                                   (-0.25, "possible")]  # fmt: skip


def test_html_and_feed_escape_every_field() -> None:
    html = render_html(_digest())
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Ada &lt;Lovelace&gt;" in html
    feed = render_feed([_digest()], "urn:test")
    document = xml.dom.minidom.parseString(feed)  # well-formed
    titles = [
        "".join(n.nodeValue or "" for n in t.childNodes)
        for t in document.getElementsByTagName("title")
    ]
    assert NASTY in titles


def test_json_round_trips_and_rendering_is_stable() -> None:
    digest = _digest()
    assert digest_from_json(render_json(digest)) == digest
    assert render_markdown(digest) == render_markdown(digest_from_json(render_json(digest)))
    data = json.loads(render_json(digest))
    assert data["entries"][0]["affiliations"][0] == "Tsinghua University(清华大学)"


def test_md_leaves_plain_text_alone() -> None:
    assert (
        md("GPipe: Pipeline Parallelism (2019) & more")
        == "GPipe: Pipeline Parallelism (2019) & more"
    )


ABSTRACT = (
    "Large models need many GPUs. We present ZeroBubble, a pipeline schedule that splits the "
    "backward pass to fill pipeline bubbles with weight-gradient work. ZeroBubble reaches 23% "
    "higher throughput than 1F1B on 64 GPUs. The code is available online."
)


def test_summary_is_short_deterministic_and_informative() -> None:
    others = ["Large models need many GPUs. The code is available online."] * 5
    df = document_frequency([ABSTRACT, *others])
    summary = summarize(ABSTRACT, df, 6)
    assert summary == summarize(ABSTRACT, df, 6)
    assert "ZeroBubble" in summary and "code is available" not in summary
    assert len(summary.split()) <= 60
    long = " ".join(["word"] * 100) + "."
    assert len(summarize(long, Counter(), 1).split()) <= 61  # 60 words and an ellipsis


def test_gazetteer_names_institutions_in_english_and_chinese() -> None:
    places = load_gazetteer(*gazetteer_files())
    assert len(places) > 10000
    assert places.labels(
        [
            "MIT",
            "UC Berkeley",
            "Dept. of CS, Tsinghua Univ., Beijing, China",
            "ByteDance Seed",
            "University of Toronto",
            "CentML",
            "MIT",
        ]
    ) == [
        "Massachusetts Institute of Technology(麻省理工学院)",
        "University of California, Berkeley(加利福尼亚大学伯克利分校)",
        "Tsinghua University(清华大学)",
        "ByteDance Seed(字节跳动Seed)",
        "University of Toronto(多伦多大学)",
        "CentML",  # not in the gazetteer: kept as written, nothing invented
    ]
    assert places.labels(["Meta"]) == ["Meta"]
