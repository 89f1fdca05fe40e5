"""`radar bench`'s measuring parts: a fresh process's time and peak memory, and a peak since a
point in this process (the figures themselves come from `radar bench`, never from tests)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from monitor.config import load_settings
from monitor.errors import RadarError
from monitor.lab.footprint import peak_since_reset, reset_peak
from monitor.lab.processes import fresh


def test_a_fresh_process_reports_its_own_peak_memory(home: Path, tmp_path: Path) -> None:
    settings = load_settings(env={"RADAR_HOME": str(home)}, home=home)
    small = fresh(["-c", "print('ok')"], settings, tmp_path / "small")
    big = fresh(["-c", "b = bytearray(300 * 2**20); b[::4096] = b'x' * len(b[::4096])"],
                 settings, tmp_path / "big")  # fmt: skip
    assert (tmp_path / "small" / "stdout.txt").read_text() == "ok\n"
    assert small.seconds > 0 and 0 < small.peak_mib < 100  # python alone, not pytest
    assert big.peak_mib - small.peak_mib > 250  # the 300 MiB it touched, not this process's


def test_a_failing_process_is_one_error_with_its_stderr(home: Path, tmp_path: Path) -> None:
    settings = load_settings(env={"RADAR_HOME": str(home)}, home=home)
    with pytest.raises(RadarError, match=r"failed \(3\): .*boom"):
        fresh(["-c", "import sys; sys.stderr.write('boom'); sys.exit(3)"], settings, tmp_path)


def test_peak_since_reset_sees_a_later_allocation_only() -> None:
    reset_peak()
    block = np.ones(100 * 2**20 // 8)  # 100 MiB, touched
    assert peak_since_reset() > 90
    del block
    reset_peak()
    assert peak_since_reset() < 50
