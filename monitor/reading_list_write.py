"""Writing a promoted paper into the reader's Markdown list, and taking it out again.

One new table row in the chosen section, in that table's own columns (the main list's
`Status | Paper | Venue | Why It Matters | Links`, the classic list's `# | 论文 | 会议/年份 |
核心贡献`); every other byte of the file stays as it was. The file is written atomically
(temporary file, its mode kept, rename); if it changed on disk while we worked, it is read
again and the change applied again, so the reader's own edit is never overwritten.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from monitor.bibtex import year as paper_year
from monitor.errors import InputError, ReadingListError
from monitor.home import exclusive
from monitor.paper import Paper
from monitor.reading_list import section_path, split_row, table_header

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*$")


@dataclass(frozen=True)
class Table:
    section: str  # the section label, "A / B"
    header: int  # line index of the header row
    last: int  # line index of the last row (the separator when empty)
    columns: tuple[str, ...]  # the header cells as written
    level: int  # the heading level of its section
    heading: str = ""  # the text of that heading


def tables(lines: list[str]) -> list[Table]:
    """Every reading-list table of the file with its section, in file order."""
    found: list[Table] = []
    headings: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        heading = _HEADING.match(line)
        if heading and len(heading.group(1)) > 1:
            level = len(heading.group(1))
            headings = [h for h in headings if h[0] < level] + [(level, heading.group(2))]
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if line.startswith("|") and table_header(line, nxt) is not None:
            end = i + 1
            while end + 1 < len(lines) and lines[end + 1].strip().startswith("|"):
                end += 1
            level, text = headings[-1] if headings else (2, "")
            label = " / ".join(section_path(headings))
            found.append(Table(label, i, end, tuple(split_row(line)), level, text))
            i = end
        i += 1
    return found


def sections(text: str) -> list[str]:
    return list(dict.fromkeys(t.section for t in tables(text.splitlines())))


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def row_for(table: Table, lines: list[str], paper: Paper, note: str) -> str:
    """The new row in this table's columns."""
    year = paper_year(paper)
    cells = []
    for column in table.columns:
        name = column.casefold()
        if name in ("status", "状态"):
            cells.append("⬜")
        elif name in ("paper", "title", "论文", "标题"):
            cells.append(_cell(paper.title))
        elif name in ("venue", "会议/年份", "会议", "venue/year"):
            cells.append(f"arXiv'{year % 100:02d}" if _has(table, "status") else str(year))
        elif name in ("why it matters", "核心贡献", "note", "notes", "备注"):
            cells.append(_cell(note))
        elif name in ("links", "link", "链接"):
            cells.append(f"[Paper](https://arxiv.org/abs/{paper.id})")
        elif name in ("#", "no.", "序号"):
            cells.append(str(_next_number(lines)))
        else:
            cells.append("")
    return "| " + " | ".join(cells) + " |"


def _has(table: Table, column: str) -> bool:
    return any(c.casefold() == column for c in table.columns)


def _next_number(lines: list[str]) -> int:
    numbers = [int(c[0]) for c in (split_row(x) for x in lines if x.strip().startswith("|"))
               if c and c[0].isdigit()]  # fmt: skip
    return max(numbers, default=0) + 1


def insert_row(
    text: str, section: str, paper: Paper, note: str, new_section: bool
) -> tuple[str, str]:
    """The file with the paper's row added to `section` (created at the end of its parent
    when `new_section`), and the exact block of lines added."""
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines()
    found = tables(lines)
    if not found:
        raise InputError("the reading list has no table to add a row to")
    matching = [t for t in found if t.section == section]
    if matching:
        table = matching[-1]
        block = [row_for(table, lines, paper, note)]
        at = table.last + 1
    elif new_section:
        model, level, heading = _new_section_place(found, section)
        at = _section_end(lines, model)
        table = Table(section, at + 2, at + 3, model.columns, level)
        header = "| " + " | ".join(model.columns) + " |"
        block = ["", "#" * level + " " + heading, "", header,
                 "|" + "---|" * len(model.columns), row_for(table, lines, paper, note)]  # fmt: skip
    else:
        known = ", ".join(sections(text))
        raise InputError(
            f"no section {section!r} in the list (sections: {known}; or --new-section)"
        )
    added = newline.join(block)
    return _splice(text, lines, at, added, newline), added


def _new_section_place(found: list[Table], section: str) -> tuple[Table, int, str]:
    """Where a new section goes (after the last table of its parent), at which heading level
    and under which heading text: the full path where the file writes paths in one heading
    (`## A / B`), else the last part one level under its parent."""
    parent = section.rsplit(" / ", 1)[0] if " / " in section else ""
    family = [t for t in found if parent and (t.section == parent or
                                               t.section.startswith(parent + " / "))]  # fmt: skip
    model = (family or found)[-1]
    if model.heading == model.section:  # flat: each heading holds its whole path
        return model, model.level, section
    last = section.rsplit(" / ", 1)[-1]
    return model, model.level + 1 if model.section == parent else model.level, last


def _section_end(lines: list[str], model: Table) -> int:
    """The line index where `model`'s section ends: before the next heading at its level or
    above (and the blank lines before it), else the end of the file."""
    end = len(lines)
    for i in range(model.last + 1, len(lines)):
        heading = _HEADING.match(lines[i].strip())
        if heading and len(heading.group(1)) <= model.level:
            end = i
            break
    while end > model.last + 1 and not lines[end - 1].strip():
        end -= 1
    return end


def _splice(text: str, lines: list[str], at: int, block: str, newline: str) -> str:
    """Insert `block` as whole lines before line index `at`, touching no other byte."""
    kept = text.splitlines(keepends=True)
    head, tail = "".join(kept[:at]), "".join(kept[at:])
    if head and not head.endswith(("\n", "\r")):
        head += newline  # the file ended without a newline right where the row goes
        return head + block + tail
    return head + block + newline + tail


def remove_block(text: str, block: str) -> str | None:
    """The file without `block` (as it was added), or None when it is no longer there as
    written (edited or moved by the reader) or is there more than once."""
    newline = "\r\n" if "\r\n" in text else "\n"
    needle = block + newline
    if text.count(needle) == 1:
        return text.replace(needle, "", 1)
    if text.endswith(newline + block) and text.count(block) == 1:
        return text[: -len(newline + block)]
    return None


def rewrite(path: Path, change: Callable[[str], str], attempts: int = 5) -> str:
    """Apply `change` to the file's text and write it atomically; returns the old text.
    Writers of radar take turns (a lock beside the file); if the reader's editor saved the
    file meanwhile, start again from the new text. A symlinked list stays a symlink."""
    target = path.resolve()
    lock = target.with_name(f".{target.name}.radar-lock")
    try:
        with exclusive(lock):
            for _ in range(attempts):
                before = _read(target)
                after = change(before)
                if _replace(target, before, after):
                    return before
    except OSError as err:  # the lock file beside the list cannot be made
        raise ReadingListError(f"{target.parent}: cannot write ({err.strerror})") from err
    raise ReadingListError(f"{path}: kept changing while radar wrote it; try again")


def _replace(target: Path, before: str, after: str) -> bool:
    """Write `after` over `target` unless it no longer holds `before` (then False)."""
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    tmp = Path(name)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(after.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        tmp.chmod(target.stat().st_mode & 0o7777)
        if _read(target) != before:  # the reader saved meanwhile: apply again
            return False
        tmp.replace(target)
        return True
    except OSError as err:
        raise ReadingListError(f"{target}: cannot write ({err.strerror})") from err
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ReadingListError(f"{path}: cannot read reading list ({err})") from err
