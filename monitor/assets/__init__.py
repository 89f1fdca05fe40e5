"""Files the product needs at run time that are not the reader's own data, shipped inside the
package so any home and any install finds them: the settings template, an empty reading list,
the int8 calibration set, the gazetteer, the world's places, and the recorded demo day.

Each function returns a filesystem path (wheels install unpacked; a zipped install is not
supported).
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def asset(name: str) -> Path:
    """The path of a shipped file, `name` relative to this package (e.g. `sample/x.xml`)."""
    return Path(str(files(__name__).joinpath(name)))


def settings_template() -> Path:
    """`radar.toml` with every key documented at its default."""
    return asset("radar.toml")


def empty_reading_list() -> Path:
    """A reading list with one empty section, in the reader's table shape."""
    return asset("reading_list.md")


def calibration_path() -> Path:
    """256 real cs.DC/cs.LG abstracts that calibrate the int8 embedding export."""
    return asset("calibration.jsonl")


def gazetteer_files() -> tuple[Path, Path]:
    """Universities with Chinese names, and the field's labs, companies and short names."""
    return (
        asset("institutions/world_universities_zh_en.csv"),
        asset("institutions/labs_companies.csv"),
    )


def place_files() -> tuple[Path, Path, Path]:
    """Towns (GeoNames, folded and gzipped), first-level regions written by hand, and
    countries (GeoNames' names and the others affiliations write)."""
    return asset("places/cities.txt.gz"), asset("places/regions.txt"), asset("places/countries.txt")


def demo_feed() -> Path:
    """A recorded real arXiv day: the cs.AI Atom listing of 2025-08-20 (86 papers)."""
    return asset("sample/2025-08-20_cs.AI_atom.xml")


def demo_curated() -> Path:
    """The reading-list papers resolved to arXiv ids and abstracts (for offline `radar sync`)."""
    return asset("sample/reading_list.jsonl")
