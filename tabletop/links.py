"""A board or a whole game in a link: JSON data packed into the fragment of an address, and back.

The fragment is ``#play=1.<data>``: ``1`` is the version of the packing, ``<data>`` the compact JSON,
compressed (zlib, whose checksum catches a garbled copy) and written in the URL-safe base64
alphabet. A fragment never reaches a server (the browser keeps it), so a link can carry a game to a
static site and to the classroom server alike. What the data means (a scenario file, a game record)
is for its reader; here a link is only taken apart, and whatever is wrong with it — cut short,
garbled, from a newer version, far too big — raises ``LinkError`` with a message for the learner.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Callable
from urllib.parse import unquote

from .locale import t
from .untrusted import number, read_json

KEY = "play"
VERSION = 1
#: What an unpacked link may hold at most (a whole 4-player game is about 20 kB of JSON).
MAX_BYTES = 200_000
#: How long a fragment may be at all (a whole 2-player game is about 2,000 characters).
MAX_CHARS = 100_000


class LinkError(ValueError):
    """A link that does not hold what it should; the message says what is wrong with it."""


def pack(data: dict) -> str:
    """The fragment (without ``#``) that holds ``data``."""
    return pack_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True))


def pack_text(text: str) -> str:
    """The fragment that holds a JSON text as it is (whatever it holds: ``unpack`` judges)."""
    squeezed = zlib.compress(text.encode("utf-8"), 9)
    return f"{KEY}={VERSION}.{base64.urlsafe_b64encode(squeezed).decode('ascii').rstrip('=')}"


def address(base: str, data: dict) -> str:
    """``base`` (a page's address; any fragment it has is dropped) with ``data`` in its fragment."""
    return f"{base.split('#', 1)[0]}#{pack(data)}"


def fragment(address_or_fragment: str) -> str | None:
    """The packed part of an address or fragment, or None when it carries no link of ours."""
    text = str(address_or_fragment).strip()
    text = text.split("#", 1)[1] if "#" in text else text
    for part in text.split("&"):
        if part.startswith(f"{KEY}="):
            return unquote(part[len(KEY) + 1:])
    return None


def unpack(address_or_fragment: str) -> dict:
    """The data of a link (a whole address, its fragment, or the packed part), or ``LinkError``."""
    packed = fragment(address_or_fragment)
    if packed is None:
        raise LinkError(t("links.none"))
    if len(packed) > MAX_CHARS:
        raise LinkError(t("links.too_big"))
    version, dot, body = packed.partition(".")
    version = number(version)
    if not dot or version is None:
        raise LinkError(t("links.damaged"))
    if version > VERSION:
        raise LinkError(t("links.newer", version=version))
    if version != VERSION:
        raise LinkError(t("links.damaged"))
    try:
        squeezed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(squeezed, MAX_BYTES + 1)
        if len(raw) > MAX_BYTES or inflate.unconsumed_tail:
            raise LinkError(t("links.too_big"))
        if not inflate.eof:
            raise LinkError(t("links.cut"))
        data = read_json(raw, most=MAX_BYTES)  # nested too deep, a huge number: damaged
    except LinkError:
        raise
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise LinkError(t("links.damaged")) from None
    if not isinstance(data, dict):
        raise LinkError(t("links.damaged"))
    return data


def kind(name: str, **parts) -> dict:
    """The data of a link holding ``name`` (say ``"harmonies-explorer"``): its parts and a format."""
    return {"format": f"{name}/{VERSION}", **parts}


def of_kind(data: dict, name: str) -> dict | None:
    """``data`` when it holds ``name`` (made by ``kind``), None when it holds something else;
    ``LinkError`` when a newer version of the lessons made it."""
    if not holds(data, name):
        return None
    version = number(str(data["format"]).partition("/")[2])
    if version is None:
        raise LinkError(t("links.damaged"))
    if version > VERSION:
        raise LinkError(t("links.newer", version=version))
    return data


def holds(data: dict, *names: str) -> bool:
    """Whether a link's data is of one of the kinds ``names`` (its ``format`` says so)."""
    return str(data.get("format", "")).partition("/")[0] in names


def claims(address_or_fragment: str, accepts: Callable[[dict], bool]) -> bool:
    """Whether an address the page reports holds a link of ours that ``accepts`` its data, or a
    broken one (whoever reads it says what is wrong with it); an anchor or another part's link
    is left alone."""
    if fragment(address_or_fragment) is None:
        return False
    try:
        return bool(accepts(unpack(address_or_fragment)))
    except LinkError:
        return True


__all__ = ["LinkError", "pack", "pack_text", "unpack", "address", "fragment", "kind", "of_kind", "holds",
           "claims", "KEY", "VERSION"]
