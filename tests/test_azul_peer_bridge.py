"""The bridge to the public Azul player (benchmarks/azul_vs_peer.py, benchmarks/peer/): our position
as the peer reads it, checked through the peer's own engine. Those tests need node and a checkout
of kbizikav/azul-ai in ``AZUL_PEER`` (docs/azul.md, "Measured against a public player") and are
skipped without them; what the benchmark says when they are missing is tested everywhere."""

from __future__ import annotations

import os
import random
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import azul_vs_peer  # noqa: E402
from azul_vs_peer import Peer, PeerFailed, PeerPolicy, differences, peer_state, positions  # noqa: E402

PEER = os.environ.get("AZUL_PEER")
needs_peer = pytest.mark.skipif(shutil.which("node") is None or not PEER,
                                reason="needs node and a checkout of the peer in AZUL_PEER")


@pytest.fixture(scope="module")
def peer():
    with Peer(PEER) as running:
        yield running


@needs_peer
def test_the_peer_sees_our_legal_moves_and_our_round_end(peer):
    rng = random.Random(0)
    found = [(game.to_json(), d) for game in positions(200, "bridge")
             for d in differences(peer, game, rng)]
    assert found == []


@needs_peer
def test_every_move_of_the_peer_is_one_of_ours(peer):
    policy = PeerPolicy(peer, ms=5)
    for game in positions(10, "moves"):
        assert policy(game) in game.legal_actions()  # PeerPolicy raises Disagreement otherwise


@needs_peer
def test_a_request_the_bridge_cannot_read_is_refused_and_it_goes_on(peer):
    game = next(positions(1, "refused"))
    with pytest.raises(PeerFailed, match="ask: move, legal or tiling"):
        peer.ask(ask="fly", state=peer_state(game))
    with pytest.raises(PeerFailed, match="players: two of them"):
        peer.ask(ask="legal", state={**peer_state(game), "players": []})
    assert peer.ask(ask="legal", state=peer_state(game))["moves"]


class WrongPeer:
    """A peer that answers a move from a factory the game does not have."""

    def ask(self, **request) -> dict:
        return {"move": {"source": 8, "colour": 0, "line": "floor"}}


def test_a_move_we_do_not_allow_is_printed_counted_and_its_game_left_out(capsys):
    figures = azul_vs_peer.match(WrongPeer(), games=2, ms=1, budget=50, seed="wrong")
    assert figures["disagreements"] == 2 and figures["games"] == 0
    out = capsys.readouterr().out
    assert out.count("disagreement in game") == 2
    assert '{"source": 8, "colour": 0, "line": "floor"}' in out and '"game": "azul"' in out


def _refusal(capsys, argv) -> str:
    assert azul_vs_peer.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    return err


def test_without_a_checkout_it_says_what_is_missing(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/node")
    monkeypatch.delenv("AZUL_PEER", raising=False)
    assert "give --peer DIR or set AZUL_PEER" in _refusal(capsys, [])
    assert "not a checkout of kbizikav/azul-ai" in _refusal(capsys, ["--peer", str(tmp_path)])
    for part in ("src/ai/search.ts", "src/engine/rules.ts"):
        (tmp_path / part).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / part).write_text("")
    assert "no node_modules/tsx: run npm ci in it" in _refusal(capsys, ["--peer", str(tmp_path)])


def test_without_node_it_says_so(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert "node is not installed" in _refusal(capsys, ["--peer", str(tmp_path)])
