"""Parse the reader's Markdown reading lists into `ReadingList`; the only module that reads them.

Two table shapes are understood, by their header row:
  `| Status | Paper | Venue | Why It Matters | Links |`  (marks ✅ read, ⬜ to read, 📝 has a note)
  `| # | 论文 | 会议/年份 | 核心贡献 |`                  (no status column: to read)
`##`/`###` headings give the section path; a heading `A / B` is the path (A, B). A row that cannot
be read becomes a `ParseProblem` (`file:line: why`) and every other row still loads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from monitor.errors import ReadingListError
from monitor.paper import (
    Link,
    ParseProblem,
    ReadingEntry,
    ReadingList,
    ReadingPaper,
    Source,
    Status,
    normalize_title,
    short_name,
)

_COLUMNS = {
    "status": {"status", "状态"},
    "title": {"paper", "title", "论文", "标题"},
    "venue": {"venue", "会议/年份", "会议", "venue/year"},
    "note": {"why it matters", "核心贡献", "note", "notes", "备注"},
    "links": {"links", "link", "链接"},
    "number": {"#", "no.", "序号"},
}
_MARKS = {"✅": "read", "⬜": "todo", "📝": "noted"}
_MD_LINK = re.compile(r"\[(?P<label>[^\]]*)\]\((?P<url>[^)]*)\)")
SEPARATOR = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")
_YEAR4 = re.compile(r"\b(19|20)\d{2}\b")
_YEAR2 = re.compile(r"'(\d{2})\b")


@dataclass(frozen=True)
class _Table:
    columns: dict[str, int]
    width: int


def load_reading_lists(paths: Sequence[Path], root: Path | None = None) -> ReadingList:
    """Read every list and merge rows naming the same paper into one `ReadingPaper`.

    Rows are located as `file:line` with file relative to `root` when the list lies under it.
    """
    entries: list[ReadingEntry] = []
    problems: list[ParseProblem] = []
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise ReadingListError(f"{path}: cannot read reading list ({err})") from err
        label = path.relative_to(root) if root and path.is_relative_to(root) else path
        file_entries, file_problems = parse_markdown(text, str(label))
        entries.extend(file_entries)
        problems.extend(file_problems)
    return ReadingList(papers=merge_entries(entries), problems=tuple(problems))


def parse_markdown(text: str, file: str) -> tuple[list[ReadingEntry], list[ParseProblem]]:
    """Parse one Markdown reading list; pure, so tests can feed it any text."""
    entries: list[ReadingEntry] = []
    problems: list[ParseProblem] = []
    list_title = Path(file).stem
    headings: list[tuple[int, str]] = []
    table: _Table | None = None
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        heading = re.match(r"^(#{1,6})\s+(.*?)\s*#*$", line)
        if heading:
            level, title = len(heading.group(1)), heading.group(2)
            if level == 1:
                list_title = title
            else:
                headings = [h for h in headings if h[0] < level] + [(level, title)]
            table = None
        elif not line.startswith("|"):
            table = None
        elif table is None:
            table = table_header(line, lines[number] if number < len(lines) else "")
        elif not SEPARATOR.match(line):
            section = section_path(headings)
            result = _row(line, table, section, Source(file, number), list_title)
            if isinstance(result, ReadingEntry):
                entries.append(result)
            else:
                problems.append(result)
    return entries, problems


def table_header(line: str, next_line: str) -> _Table | None:
    """A header row is recognised by its column names and the `|---|` line under it."""
    if not SEPARATOR.match(next_line.strip()):
        return None
    cells = [c.casefold() for c in split_row(line)]
    columns = {
        name: cells.index(alias)
        for name, aliases in _COLUMNS.items()
        for alias in aliases
        if alias in cells
    }
    if "title" not in columns:
        return None
    return _Table(columns=columns, width=len(cells))


def section_path(headings: Sequence[tuple[int, str]]) -> tuple[str, ...]:
    """The section path of the headings above a row: `## A / B` then `### C` is (A, B, C)."""
    return tuple(p.strip() for _, t in headings for p in t.split(" / ") if p.strip())


def split_row(line: str) -> list[str]:
    """Cells of a Markdown table row; `\\|` is a literal bar inside a cell."""
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", body)]


def _row(
    line: str, table: _Table, section: tuple[str, ...], source: Source, list_title: str
) -> ReadingEntry | ParseProblem:
    cells = split_row(line)
    if len(cells) != table.width:
        return ParseProblem(source, f"expected {table.width} cells, found {len(cells)}")

    def cell(name: str) -> str:
        return cells[table.columns[name]] if name in table.columns else ""

    title = _MD_LINK.sub(lambda m: m.group("label"), cell("title")).strip()
    if not title:
        return ParseProblem(source, "empty paper title")
    marks = parse_status(cell("status")) if "status" in table.columns else ({"todo"})
    if marks is None:
        return ParseProblem(source, f"unknown status {cell('status')!r} (use ✅, ⬜ and/or 📝)")
    venue, year = parse_venue(cell("venue"))
    links = parse_links(cell("links")) + tuple(
        Link(m.group("label"), m.group("url")) for m in _MD_LINK.finditer(cell("title"))
    )
    return ReadingEntry(
        title=title,
        section=section,
        status=Status.READ if "read" in marks else Status.TO_READ,
        noted="noted" in marks,
        venue=venue,
        year=year,
        note=cell("note"),
        links=links,
        source=source,
        list_title=list_title,
    )


def parse_status(text: str) -> set[str] | None:
    """`✅ 📝` → {'read', 'noted'}; an empty cell is to-read; anything else is None (invalid)."""
    tokens = text.replace("\ufe0f", "").split()
    if not tokens:
        return {"todo"}
    if any(t not in _MARKS for t in tokens):
        return None
    marks = {_MARKS[t] for t in tokens}
    if {"read", "todo"} <= marks:
        return None
    return marks if marks & {"read", "todo"} else marks | {"todo"}


def parse_venue(text: str) -> tuple[str | None, int | None]:
    """`arXiv'25` → ('arXiv', 2025); `NeurIPS 2019` → ('NeurIPS', 2019); `2019` → (None, 2019)."""
    text = _MD_LINK.sub(lambda m: m.group("label"), text).strip()
    year: int | None = None
    if match := _YEAR4.search(text):
        year = int(match.group(0))
    elif match := _YEAR2.search(text):
        year = 2000 + int(match.group(1))
    if match:
        text = (text[: match.start()] + text[match.end() :]).strip()
    venue = text.strip(" ·,-").strip()
    return (venue or None), year


def parse_links(text: str) -> tuple[Link, ...]:
    """`[Paper](url) / Note` → (Link('Paper', url), Link('Note'))."""
    links = []
    for part in (p.strip() for p in re.split(r"\s+/\s+(?![^\[]*\])", text)):
        if not part:
            continue
        match = _MD_LINK.fullmatch(part)
        links.append(
            Link(match.group("label"), match.group("url").strip()) if match else Link(part)
        )
    return tuple(links)


def merge_entries(entries: Iterable[ReadingEntry]) -> tuple[ReadingPaper, ...]:
    """Group rows naming the same paper: same normalised title, or same name and same year.

    The second rule joins rows whose subtitles differ between lists (the two Oobleck rows);
    requiring the year keeps distinct papers of one system apart.
    """
    groups: list[list[ReadingEntry]] = []
    index: dict[tuple[str, ...], int] = {}
    for entry in entries:
        keys: list[tuple[str, ...]] = [("title", normalize_title(entry.title))]
        name = short_name(entry.title)
        if name and entry.year is not None:
            keys.append(("name", name, str(entry.year)))
        found = next((index[k] for k in keys if k in index), None)
        if found is None:
            found = len(groups)
            groups.append([])
        groups[found].append(entry)
        for k in keys:
            index.setdefault(k, found)
    taken: set[str] = set()
    return tuple(ReadingPaper(key=_unique_key(g[0].title, taken), entries=tuple(g)) for g in groups)


def _unique_key(title: str, taken: set[str]) -> str:
    base = "-".join(normalize_title(title).split())[:60].strip("-") or "paper"
    key, n = base, 2
    while key in taken:
        key, n = f"{base}-{n}", n + 1
    taken.add(key)
    return key
