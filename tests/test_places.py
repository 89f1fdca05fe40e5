"""`monitor.places` on the shipped lists: towns, regions, areas and countries are places;
organisations' names are not, though a town's name may be one's (the list only ever leaves a
line out)."""

from __future__ import annotations

import pytest

from monitor.places import is_place


@pytest.mark.parametrize(
    "name",
    ["Gif-sur-Yvette", "Île-de-France", "Hong Kong SAR", "Cambridge MA", "Aotearoa/New Zealand",
     "Czech Republic", "Italy I-", "Bures-sur-Yvette", "Yorktown Heights", "Baden-Württemberg",
     "Bay Area", "Silicon Valley", "Bangalore", "NYC", "Washington D.C.", "P.R. China"],
)  # fmt: skip
def test_places(name: str) -> None:
    assert is_place(name)


@pytest.mark.parametrize(
    "name",
    ["HouseIQ", "Sorbonne Paris Cité", "Tunnel", "Wherobots", "Google DeepMind", "Greenplum"],
)
def test_names_that_are_no_place(name: str) -> None:
    assert not is_place(name)
