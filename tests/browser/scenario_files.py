"""A board saved and loaded through the browser, as a learner does it: save is a download, load an upload."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.i18n import Catalogue, wording

from .conftest import click_place

C3 = '.tabletop-place[data-key="cell:c3"]'
texts = Catalogue("harmonies")


def save_then_load(page, editor, folder: Path, language: str = "en") -> dict:
    """In a board editor on an empty board, in the lesson's ``language``: a blue token on c3, *save*
    (the browser downloads the scenario file, kept in ``folder``), *clear*, then the file uploaded:
    c3 is blue again. Returns the file's content."""
    def word(key: str) -> str:
        return texts.entry(key, language)

    blue_c3 = f'{C3}[aria-label*="{word("tokens.one.blue")}"]'  # the cell's name, then what it holds
    empty_c3 = f'{C3}[aria-label*="{word("tokens.nothing")}"]'
    editor.locator('.tabletop-place[data-key="colour:blue"]').first.click()
    click_place(editor.locator(C3).first)
    editor.locator(blue_c3).wait_for()

    with page.expect_download() as saving:  # a button's name: the icon's glyph, then its word
        editor.get_by_role("button", name=word("editor.save")).click()
    download = saving.value
    path = folder / download.suggested_filename
    download.save_as(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["game"] == "harmonies" and saved["board"] == {"c3": ["blue"]}, saved

    editor.get_by_role("button", name=word("editor.clear")).click()
    editor.locator(empty_c3).wait_for()
    with page.expect_file_chooser() as choosing:  # the upload button opens the device's file chooser
        editor.get_by_role("button", name=word("editor.upload")).click()
    choosing.value.set_files(str(path))
    editor.locator(blue_c3).wait_for()
    with wording(language):  # as the kernel words it: the file's name isolated in a right-to-left text
        loaded = texts("editor.loaded_file", file=path.name)
    editor.get_by_text(loaded).first.wait_for()
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
