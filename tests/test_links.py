"""A board or a game in a link (tabletop.links): the round trip, and every broken link refused."""

from __future__ import annotations

import base64
import contextlib
import json
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop import i18n
from tabletop.links import VERSION, LinkError, address, fragment, pack, unpack

DATA = {"format": "harmonies-game/1", "setup": {"players": 2, "seed": 7}, "actions": ["take 3"] * 40}

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                           lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=20)


@given(st.dictionaries(st.text(max_size=8), json_values, max_size=6))
def test_any_json_object_comes_back_from_its_link(data):
    assert unpack(address("http://example.test/lesson.ipynb?x=1", data)) == data


def test_the_address_keeps_the_page_and_drops_its_old_fragment():
    link = address("http://192.168.1.5:8866/voila/render/en/a.ipynb#old", DATA)
    assert link.startswith("http://192.168.1.5:8866/voila/render/en/a.ipynb#play=1.")
    assert "#old" not in link
    assert fragment(link) == link.split("#play=")[1]
    assert unpack(link.split("#")[1]) == DATA  # the fragment alone does too


def test_the_link_is_url_safe_and_compressed():
    packed = pack(DATA)
    assert set(packed.removeprefix("play=1.")) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(packed) < len(json.dumps(DATA)) / 2


def _message(link: str) -> str:
    with pytest.raises(LinkError) as caught:
        unpack(link)
    return str(caught.value)


def test_a_link_cut_short_says_so():
    packed = pack({"actions": [f"place green c{i}" for i in range(200)]})
    for cut in (len(packed) - 1, len(packed) - 6, len(packed) // 2):
        assert _message(packed[:cut])  # cut or damaged, never anything but a LinkError
    prefix, body = packed[:len("play=1.")], packed[len("play=1."):]
    assert "cut short" in _message(prefix + body[:len(body) // 2 // 4 * 4])


def test_a_garbled_link_is_damaged():
    packed = pack(DATA)
    middle = len(packed) // 2
    swapped = packed[:middle] + ("A" if packed[middle] != "A" else "B") + packed[middle + 1:]
    assert "damaged" in _message(swapped)
    assert "damaged" in _message("play=1.not*base64*at*all")
    assert "damaged" in _message("play=x.abc")


def test_a_newer_format_asks_for_an_update():
    newer = pack(DATA).replace(f"play={VERSION}.", f"play={VERSION + 1}.", 1)
    assert "newer version" in _message(newer) and str(VERSION + 1) in _message(newer)


def test_no_link_at_all():
    assert "part after #" in _message("http://example.test/lesson.ipynb")
    assert "part after #" in _message("http://example.test/lesson.ipynb#somewhere-else")


def test_a_zip_bomb_is_refused_without_unpacking_it_whole():
    bomb = zlib.compress(b"[" + b"0," * 5_000_000 + b"0]", 9)
    link = "play=1." + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert "far too long" in _message(link)


def test_json_that_is_not_an_object_is_refused():
    text = base64.urlsafe_b64encode(zlib.compress(b"[1, 2]")).decode().rstrip("=")
    assert "damaged" in _message(f"play=1.{text}")


def test_the_message_is_in_the_learners_language():
    i18n.set_language("nl")
    assert "beschadigd" in _message("play=1.abc")


@given(st.text(max_size=300))
def test_any_text_is_either_a_link_or_a_link_error(text):
    try:
        assert isinstance(unpack(text), dict)
    except LinkError as err:
        assert str(err)


@given(st.binary(max_size=400))
def test_any_bytes_behind_the_prefix_give_a_link_error(data):
    with pytest.raises(LinkError):
        unpack("play=1." + base64.urlsafe_b64encode(data).decode())


@given(st.data())
def test_any_edit_of_a_real_link_is_caught_or_gives_an_object(data):
    packed = pack(DATA)
    at = data.draw(st.integers(0, len(packed) - 1))
    char = data.draw(st.sampled_from("ABCxyz019-_=*%"))
    edited = packed[:at] + char + packed[at + 1:]
    with contextlib.suppress(LinkError):  # anything else escaping fails the test
        assert isinstance(unpack(edited), dict)
