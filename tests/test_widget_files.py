"""Scenario files on a page: save is a download to the learner's device, load an upload from it.

A page is untrusted, and in a class its kernel runs on the teacher's machine: no control of any
widget of either game may name a path there. The test does what a student trying to break in
would: type paths into every text box, press every button, upload a file whose text is a path,
and watches (through Python's audit hooks) every file the kernel opens or lists meanwhile.
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path

import ipywidgets as w
import pytest
from examples import AZUL_EXAMPLE
from machines import buttons, descendants, front_end_upload, press, uploads

from azul import Scenario as AzulScenario
from azul.widgets import AzulTable, TilingCompare, WallSandbox
from harmonies.scenario import Scenario
from harmonies.widgets import BoardEditor, GameTable, HabitatExplorer, WhatIf
from tabletop import i18n
from tabletop.locale import t as common
from tabletop.transfer import MAX_UPLOAD, Download, UploadRefused, uploaded_text

HARMONIES = {"game": "harmonies", "side": "A",
             "board": {"a1": ["yellow"], "c3": ["brown", "green"], "d2": ["blue"], "d3": ["blue"]},
             "cubes": ["c3"], "animals": [{"card": 1, "cubes_placed": 1}]}

# --- watching the files the kernel touches -----------------------------------------------------

_touched: list[tuple[str, str]] | None = None
# What reads, writes, lists or removes a file raises one of these audit events (see the Python docs'
# audit events table); the path is the event's first argument.
_FILE_EVENTS = {"open", "os.listdir", "os.scandir", "os.remove", "os.rename", "os.mkdir", "os.rmdir",
                "os.truncate", "os.chmod", "shutil.copyfile", "shutil.rmtree", "pathlib.Path.glob"}


def _audit(event: str, args: tuple) -> None:
    if _touched is not None and event in _FILE_EVENTS and args and isinstance(args[0], str | bytes | Path):
        _touched.append((event, os.fsdecode(args[0])))


sys.addaudithook(_audit)  # a hook cannot be removed: this one records only inside watching_files()


@contextmanager
def watching_files(folder: Path):
    """The files in ``folder`` the code inside opens, lists or changes (relative paths are taken
    from the current folder, which is ``folder``)."""
    global _touched
    _touched, seen = [], []
    try:
        yield seen
    finally:
        touched, _touched = _touched, None
        for event, name in touched:
            path = Path(name) if os.path.isabs(name) else folder / name
            if path.resolve().is_relative_to(folder.resolve()):
                seen.append((event, name))


#: One of every widget of both games, as a lesson shows it (built in the test, not at collection).
WIDGETS = {
    "BoardEditor": BoardEditor,
    "HabitatExplorer": HabitatExplorer,
    "WhatIf": WhatIf,
    "GameTable": lambda: GameTable(2, seats=["human", "human"], seed=1),
    "WallSandbox": WallSandbox,
    "AzulTable": lambda: AzulTable(2, seats=["human", "human"], seed=1),
    "TilingCompare": lambda: TilingCompare(json.dumps(AZUL_EXAMPLE), json.dumps(AZUL_EXAMPLE)),
}


@pytest.mark.parametrize("name", WIDGETS)
def test_no_control_of_a_widget_reads_or_writes_a_file_on_the_server(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    widget = WIDGETS[name]()
    (tmp_path / "board.json").write_text(json.dumps(HARMONIES), encoding="utf-8")
    (tmp_path / "wall.json").write_text(json.dumps(AZUL_EXAMPLE), encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    typed = [str(tmp_path / "board.json"), "wall.json", str(tmp_path / "new.json"), "new.json",
             str(tmp_path)]
    with watching_files(tmp_path) as seen:
        for path in typed:
            for box in descendants(widget):
                if isinstance(box, w.Text | w.Textarea):
                    box.value = path
            for button in buttons(widget):
                press(button)
            for upload in uploads(widget):
                front_end_upload(upload, "board.json", path.encode())
    assert seen == [], f"a control reached a file on the server: {seen}"
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_the_watch_sees_a_file_the_kernel_opens(tmp_path, monkeypatch):
    """The test above cannot pass by being blind: a Python load of a path is seen."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board.json").write_text(json.dumps(HARMONIES), encoding="utf-8")
    with watching_files(tmp_path) as seen:
        BoardEditor().load("board.json")
        WallSandbox().save("wall.json")
    assert [event for event, _ in seen] == ["open", "open"]


# --- save is a download, load an upload ----------------------------------------------------------


def test_save_downloads_the_editors_scenario_and_its_upload_gives_the_same_board():
    editor = BoardEditor(Scenario.from_dict(HARMONIES))
    next(b for b in buttons(editor) if b.description == "save").click()
    name, text = editor._download.offered
    assert name.endswith(".json") and Scenario.loads(text).dumps() == editor.scenario().dumps()
    assert name in editor._message_box.value  # the note says where the file went

    other = BoardEditor()
    front_end_upload(other._upload, name, text.encode())
    assert other.scenario().dumps() == editor.scenario().dumps() == Scenario.from_dict(HARMONIES).dumps()
    assert other.board == editor.board and other.message == ""
    other.undo()  # an upload is one change, undone like any other
    assert other.scenario().dumps() == BoardEditor().scenario().dumps()


def test_save_downloads_the_sandboxs_wall_and_its_upload_gives_the_same_wall():
    sandbox = WallSandbox()
    sandbox.load(json.dumps(AZUL_EXAMPLE))
    next(b for b in buttons(sandbox) if b.description == "Save").click()
    name, text = sandbox._download.offered
    assert name.endswith(".json")
    assert AzulScenario.from_json(text).to_dict() == sandbox.to_scenario().to_dict()

    other = WallSandbox()
    front_end_upload(other._upload, name, text.encode())
    assert other.to_scenario().to_dict() == sandbox.to_scenario().to_dict()
    assert other.board.to_dict() == AzulScenario.from_dict(AZUL_EXAMPLE).boards[0].to_dict()


def test_a_sandbox_position_the_format_refuses_is_not_offered():
    """A gray-wall line whose column is not chosen yet cannot be written down: no download."""
    sandbox = WallSandbox(wall="gray")
    sandbox.click("line:0")  # line 0 holds one tile: complete, its column not chosen
    sandbox.download()
    assert sandbox._download.offered is None and sandbox.message.startswith("not saved")


GARBAGE = [b"/etc/hostname", b"board.json", b"\x00\xff\xfe garbage", b"[1, 2]", b"{", b'{"game": "chess"}',
           b"", b" " * (MAX_UPLOAD + 1)]


@pytest.mark.parametrize("content", GARBAGE, ids=repr)
@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_bad_upload_is_refused_in_words_and_changes_nothing(content, language):
    i18n.set_language(language)
    editor, sandbox = BoardEditor(Scenario.from_dict(HARMONIES)), WallSandbox()
    sandbox.load(json.dumps(AZUL_EXAMPLE))
    position, wall = editor.scenario().dumps(), sandbox.to_scenario().to_dict()
    front_end_upload(editor._upload, "mine.json", content)
    front_end_upload(sandbox._upload, "mine.json", content)
    assert editor.scenario().dumps() == position and sandbox.to_scenario().to_dict() == wall
    expected = _refusal(content)
    assert editor.message == expected["harmonies"] and sandbox.message == expected["azul"]
    assert editor._upload.value == () and sandbox._upload.value == ()


def _refusal(content: bytes) -> dict[str, str]:
    """The project's own message for a file: the upload's (size, not text), or each game's file
    rules on its text."""
    try:
        _, text = uploaded_text([{"name": "mine.json", "content": content}])
    except UploadRefused as err:
        return {"harmonies": str(err), "azul": str(err)}
    said = {}
    for game, read in (("harmonies", Scenario.loads), ("azul", AzulScenario.from_json)):
        with pytest.raises(Exception) as err:
            read(text)
        said[game] = str(err.value)
    return said


# --- the upload's text ---------------------------------------------------------------------------


def test_an_uploads_text_is_read_with_its_name():
    assert uploaded_text(()) is None
    assert uploaded_text([{"name": "a.json", "content": memoryview(b"\xef\xbb\xbf{}")}]) == ("a.json", "{}")
    assert uploaded_text([{"name": "a.json", "content": "é".encode()}]) == ("a.json", "é")


@pytest.mark.parametrize("files, key", [
    ([{"name": "big.json", "content": b"x" * (MAX_UPLOAD + 1)}], "files.too_big"),
    ([{"name": "bin.json", "content": b"\xff\xfe\x00"}], "files.not_text"),
    ([{"name": "odd.json", "content": 10**9}], "files.not_text"),  # what a crafted page might send
    ([{"name": "odd.json"}], "files.not_text"),
    (["not a file"], "files.not_text"),
])
def test_an_upload_that_is_no_text_file_is_refused(files, key):
    i18n.set_language("nl")
    with pytest.raises(UploadRefused) as err:
        uploaded_text(files)
    name = files[0]["name"] if isinstance(files[0], dict) else ""
    head = common(key, file=name, size=1, limit=1).split(":")[0]
    assert str(err.value).startswith(head) and "niet geladen" in str(err.value)


def test_a_download_hands_the_browser_the_name_and_the_text():
    sent = []
    download = Download()
    download.send = sent.append
    download.offer("x.json", '{"a": 1}')
    assert download.offered == ("x.json", '{"a": 1}')
    assert sent == [{"kind": "download", "name": "x.json", "text": '{"a": 1}', "type": "application/json"}]


def test_the_page_refuses_a_file_too_big_before_sending_it():
    """Ten megabytes or more, sent, would close the page's websocket: the page sends the file's name
    and size only (its front-end knows the limit), and the editor says so; nothing is loaded."""
    i18n.set_language("vi")
    editor = BoardEditor(Scenario.from_dict(HARMONIES))
    position = editor.scenario().dumps()
    assert editor._upload.limit == MAX_UPLOAD and "file.size" in editor._upload._esm
    editor._upload._handle_custom_msg({"kind": "too_big", "name": "big.json", "size": 12_000_000}, [])
    assert editor.message == common("files.too_big", file="big.json", size=12000, limit=MAX_UPLOAD // 1000)
    assert editor.scenario().dumps() == position
