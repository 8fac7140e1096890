"""A board saved and loaded through the browser, as a learner does it: save is a download, load an upload."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import click_place

BLUE_C3 = '.tabletop-place[data-key="cell:c3"][aria-label^="c3: a blue token"]'
EMPTY_C3 = '.tabletop-place[data-key="cell:c3"][aria-label^="c3: nothing"]'


def save_then_load(page, editor, folder: Path) -> dict:
    """In a board editor on an empty board: a blue token on c3, *save* (the browser downloads the
    scenario file, kept in ``folder``), *clear*, then the file uploaded: c3 is blue again. Returns
    the file's content."""
    editor.locator('.tabletop-place[data-key="colour:blue"]').first.click()
    click_place(editor.locator('.tabletop-place[data-key="cell:c3"]').first)
    editor.locator(BLUE_C3).wait_for()

    with page.expect_download() as saving:
        editor.get_by_role("button", name="save").click()  # the name: the icon's glyph, then "save"
    download = saving.value
    path = folder / download.suggested_filename
    download.save_as(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["game"] == "harmonies" and saved["board"] == {"c3": ["blue"]}, saved

    editor.get_by_role("button", name="clear").click()
    editor.locator(EMPTY_C3).wait_for()
    with page.expect_file_chooser() as choosing:  # the upload button opens the device's file chooser
        editor.get_by_role("button", name="upload").click()
    choosing.value.set_files(str(path))
    editor.locator(BLUE_C3).wait_for()
    editor.get_by_text(f"loaded {path.name}").first.wait_for()
    return saved


def save_then_load_a_wall(page, sandbox, folder: Path) -> dict:
    """In a wall sandbox: *Save* (the browser downloads the position), then that file with another
    score uploaded: the sandbox shows the new score. Returns the downloaded file's content."""
    with page.expect_download() as saving:
        sandbox.get_by_role("button", name="Save").click()
    download = saving.value
    saved = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert saved["game"] == "azul" and len(saved["players"]) == 1, saved

    changed = folder / download.suggested_filename
    changed.write_text(json.dumps({**saved, "players": [{**saved["players"][0], "score": 42}]}),
                       encoding="utf-8")
    with page.expect_file_chooser() as choosing:
        sandbox.get_by_role("button", name="Load").click()
    choosing.value.set_files(str(changed))
    page.wait_for_function("el => el.value === '42'",
                           arg=sandbox.locator("input[type=number]").first.element_handle())
    return saved
