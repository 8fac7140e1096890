"""Scenario files through the browser: to and from the learner's own device, never the server's disk.

A page is untrusted, and in a class the kernel runs on the teacher's machine: so no control on a page
names a path. *Save* hands the file to the browser as a download (``Download``), *load* takes what the
learner uploads (``upload_button``, its file read by ``uploaded_text``). Writing to a path stays a
Python call for whoever owns the machine (a widget's ``save(path)``).

The upload button is ipywidgets' ``FileUpload`` (its value, its traits) with a front-end of ours: the
page itself refuses a file bigger than ``MAX_UPLOAD`` and sends only its name and size. A file of
ten megabytes or more, sent, would pass the websocket's limit: the connection would close and the
page stop answering until it reconnects.

The download is made in the page: a few lines of JavaScript, shipped inline with the widget and
fetching nothing, turn the text into a Blob and click a link to it. That needs no server route and no
service worker, so it works the same in JupyterLab, Voila and JupyterLite, on any origin, ``http://``
or ``https://``.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import ipywidgets as w
from traitlets import Int

from .locale import t

#: The largest upload read (bytes): a scenario file is a few kilobytes; anything far bigger is not one.
MAX_UPLOAD = 100_000
#: The most of an uploaded file's name a message shows (the name is the page's to choose).
NAME_SHOWN = 80

# One listener per model (initialize, not render): a widget shown twice still downloads once.
_ESM = """
function initialize({ model }) {
  model.on("msg:custom", (msg) => {
    if (!msg || msg.kind !== "download") return;
    const url = URL.createObjectURL(new Blob([msg.text], { type: msg.type }));
    const link = document.createElement("a");
    link.href = url;
    link.download = msg.name;
    link.style.display = "none";
    document.body.appendChild(link);
    link.click();
    link.remove();
    // The browser reads the Blob after the click returns: let it go a while later, not at once.
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  });
}
function render({ el }) {
  el.style.display = "none";
}
export default { initialize, render };
"""


class Download(anywidget.AnyWidget):
    """Invisible: ``offer(name, text)`` makes the browser download ``text`` as the file ``name``.

    ``offered`` is the last (name, text) offered, what a test reads instead of a browser."""

    _esm = _ESM

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.offered: tuple[str, str] | None = None

    def offer(self, name: str, text: str, type: str = "application/json") -> None:
        self.offered = (name, text)
        self.send({"kind": "download", "name": name, "text": text, "type": type})


# The upload button: its description, tooltip and state from the model; a file too big is never read.
_UPLOAD_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-widgets jupyter-button widget-button widget-upload";
  const input = document.createElement("input");
  input.type = "file";
  input.style.display = "none";
  button.addEventListener("click", () => { input.value = ""; input.click(); });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    if (file.size > model.get("limit")) {
      model.send({ kind: "too_big", name: file.name, size: file.size });
      return;
    }
    const content = await file.arrayBuffer();
    model.set("value", [{ name: file.name, type: file.type, size: file.size, content,
                          last_modified: file.lastModified }]);
    model.save_changes();
  });
  const update = () => {
    button.textContent = model.get("description");
    button.title = model.get("tooltip") || "";
    button.disabled = model.get("disabled");
    input.accept = model.get("accept");
  };
  for (const name of ["description", "tooltip", "disabled", "accept"]) model.on(`change:${name}`, update);
  update();
  el.append(button, input);
}
export default { render };
"""


class Upload(anywidget.AnyWidget, w.FileUpload):
    """``FileUpload`` whose page refuses a file bigger than ``limit`` before sending it: the kernel
    gets ``{"kind": "too_big", "name", "size"}`` instead (``upload_button`` words it)."""

    _esm = _UPLOAD_ESM
    limit = Int(MAX_UPLOAD).tag(sync=True)


def too_big(name: object, size: object) -> str:
    """What a learner reads of a file the page refused for its size (both as the page said them)."""
    kilobytes = -(-size // 1000) if isinstance(size, int) and 0 <= size < 10**15 else "?"
    return t("files.too_big", file=str(name)[:NAME_SHOWN], size=kilobytes, limit=MAX_UPLOAD // 1000)


class UploadRefused(ValueError):
    """An upload that is not a text file a scenario could be: its message says why, for a learner."""


def uploaded_text(files) -> tuple[str, str] | None:
    """(name, text) of the file a ``FileUpload`` holds (its ``value``), None when it holds none.

    What a page sends is untrusted: raises ``UploadRefused`` for a file too big to be a scenario, one
    that is not UTF-8 text, or anything that is not a file at all. Whether the text is a scenario is
    for the game's own file rules to say (read the text itself: never take it for a path)."""
    if not files:
        return None
    upload = files[0] if isinstance(files, tuple | list) else None
    content = upload.get("content") if isinstance(upload, dict) else None
    name = str(upload.get("name", ""))[:NAME_SHOWN] if isinstance(upload, dict) else ""
    if not isinstance(content, bytes | bytearray | memoryview):
        raise UploadRefused(t("files.not_text", file=name))
    content = memoryview(content).cast("B")
    if content.nbytes > MAX_UPLOAD:
        raise UploadRefused(too_big(name, content.nbytes))
    try:
        return name, bytes(content).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UploadRefused(t("files.not_text", file=name)) from None


def upload_button(take: Callable[[str, str], object], refuse: Callable[[str], object]) -> Upload:
    """A button that opens the learner's file chooser for one ``.json`` file: ``take(name, text)``
    gets the file's text, ``refuse(message)`` what is wrong with a file that is no text file (or
    too big, which the page said without sending it). It is emptied after each file, so that the
    same file can be picked again."""
    button = Upload(accept=".json", multiple=False)

    def said(_, content, buffers) -> None:
        if isinstance(content, dict) and content.get("kind") == "too_big":
            refuse(too_big(content.get("name", ""), content.get("size")))

    def uploaded(change) -> None:
        if not change["new"]:
            return
        try:
            upload = uploaded_text(change["new"])
        except UploadRefused as err:
            refuse(str(err))
        else:
            take(*upload)
        finally:
            button.value = ()

    button.observe(uploaded, "value")
    button.on_msg(said)
    return button
