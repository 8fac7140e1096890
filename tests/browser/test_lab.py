"""JupyterLab as a learner uses it: open a notebook, run every cell, see the board and no error."""

from __future__ import annotations

import time

import pytest

from .conftest import ALL_RAN, KERNEL_READY, assert_no_error_output

# Harmonies 03 runs in JupyterLab in test_keyboard.py, which then plays its board with the keys.
NOTEBOOKS = [
    ("en/azul-lessons/04-wall-tiling-and-scoring.ipynb", ".azul-wall-sandbox", "line:0"),
]




@pytest.mark.parametrize("notebook, widget, key", NOTEBOOKS)
def test_run_all_cells_in_jupyterlab(watched, lab, notebook, widget, key):
    page = watched.page
    # A workspace of its own, reset: nothing restored from an earlier test, one notebook open.
    page.goto(f"{lab.url}/lab/workspaces/{widget.strip('.')}/tree/{notebook}?reset")
    page.wait_for_function(KERNEL_READY, timeout=120_000)
    start = time.perf_counter()
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.locator(f"{widget} [data-key='{key}']").first.wait_for(timeout=120_000)
    page.wait_for_function(ALL_RAN, timeout=120_000)
    print(f"{notebook}: all cells ran in {time.perf_counter() - start:.1f} s")
    assert_no_error_output(page)
    board = page.locator(f"{widget} [data-key='{key}']").first
    board.scroll_into_view_if_needed()
    assert board.is_visible()
    watched.shot("-board")
    watched.assert_clean()
