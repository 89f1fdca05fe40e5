"""The ranking lab: `radar rank`, `radar eval`, `radar bench` and the ablations.

Measurements of the product, on real data given with `--data`. Nothing on the daily path
imports this package (a test checks it).
"""
