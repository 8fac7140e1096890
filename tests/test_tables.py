"""The rules of a private table (tabletop.tables), without a server: setup, secrets, turn order,
stale moves, storage and restart, expiry, computer seats, the finished game's record."""

from __future__ import annotations

import random
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop import records
from tabletop.i18n import wording
from tabletop.kinds import classes, kinds
from tabletop.tables import SPECTATOR, TableError, Tables
from tabletop.tables.view import Boards, state


def refused(key, call, *args, **kwargs) -> TableError:
    with pytest.raises(TableError) as caught:
        call(*args, **kwargs)
    assert caught.value.key == key, str(caught.value)
    return caught.value


def random_move(tables: Tables, table_id: str, rng: random.Random) -> str:
    table = tables.get(table_id)
    return table.game.action_text(rng.choice(table.game.legal_actions()))


def play_to_end(tables: Tables, made, rng: random.Random) -> None:
    table = tables.get(made.id)
    while not table.game.over:
        tables.play_computers(made.id)
        if table.game.over:
            break
        seat = table.game.current
        tables.move(made.id, made.seats[seat], table.moves, random_move(tables, made.id, rng))


# --- setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "players", "problem"), [
    ("chess", 2, "unknown_game"), ("azul", 1, "bad_players"), ("azul", 5, "bad_players"),
    ("harmonies", 0, "bad_players"), ("harmonies", True, "bad_players"), ("harmonies", "2", "bad_players"),
])
def test_a_table_has_the_seats_its_game_has(game, players, problem):
    refused(problem, Tables().create, game, players)


@pytest.mark.parametrize(("game", "options", "problem"), [
    ("azul", {"side": "A"}, "unknown_option"), ("azul", {"wall": "glass"}, "bad_option"),
    ("harmonies", {"spirits": "yes"}, "bad_option"), ("harmonies", {"side": "C"}, "bad_option"),
    ("harmonies", {"seed": 3}, "unknown_option"), ("azul", ["wall"], "bad_options"),
])
def test_only_the_games_own_options(game, options, problem):
    refused(problem, Tables().create, game, 2, options)


@pytest.mark.parametrize(("computers", "problem"), [
    ({"2": "greedy"}, "bad_computer_seat"), ({-1: "greedy"}, "bad_computer_seat"),
    ({0: "random"}, "bad_computer"), ({0: "greedy", 1: "strong"}, "no_human"), (["greedy"], "bad_computers"),
])
def test_computer_seats_are_checked(computers, problem):
    refused(problem, Tables().create, "azul", 2, None, computers)


@pytest.mark.parametrize("setup", [("x" * 100_000, 2), ("azul", "9" * 100_000),
                                   ("azul", 2, {"w" * 100_000: 1}),
                                   ("azul", 2, None, {"9" * 100_000: "greedy"})],
                         ids=["game", "players", "option", "computer seat"])
def test_a_huge_value_sent_is_told_in_its_first_letters(setup):
    """What a page sends is a stranger's: a message of a hundred thousand letters gets a refusal of
    one line, not an echo of itself."""
    with pytest.raises(TableError) as refusal:
        Tables().create(*setup)
    assert 30 < len(str(refusal.value)) < 400 and "\u2026" in str(refusal.value)


def test_every_option_and_player_count_makes_a_table():
    tables = Tables()
    for name, kind in kinds().items():
        for players in kind.players:
            for option, values in kind.options.items():
                for value in values:
                    made = tables.create(name, players, {option: value})
                    assert tables.get(made.id).game.start[option] == value


def test_secrets_are_unguessable_distinct_and_not_stored(tmp_path):
    path = tmp_path / "t.sqlite"
    tables = Tables(str(path))
    made = tables.create("harmonies", 4)
    keys = [*made.seats, made.spectator]
    assert len(set(keys)) == 5 and all(len(k) >= 22 for k in keys)
    tables.close()
    stored = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert not any(k.encode() in stored for k in keys)


def test_a_secret_names_its_own_seat_and_nothing_else():
    tables = Tables()
    made = tables.create("azul", 3, computers={2: "greedy"})
    table = tables.get(made.id)
    assert made.seats[2] is None
    assert [table.role(k) for k in made.seats[:2]] == [0, 1]
    assert table.role(made.spectator) == SPECTATOR
    tampered = made.seats[0][:-1] + ("A" if made.seats[0][-1] != "A" else "B")
    for wrong in (tampered, "", made.seats[0] + "x", None, 17, made.id):
        refused("bad_secret", table.role, wrong)


# --- moves ------------------------------------------------------------------------------------

def test_only_the_seat_to_move_moves_and_a_refusal_changes_nothing():
    tables = Tables()
    made = tables.create("azul", 2, seed=5)
    table = tables.get(made.id)
    before = table.game.to_dict()
    action = random_move(tables, made.id, random.Random(0))
    refused("not_your_turn", tables.move, made.id, made.seats[1], 0, action)
    refused("spectator", tables.move, made.id, made.spectator, 0, action)
    refused("illegal", tables.move, made.id, made.seats[0], 0, "factory 9: blue -> line 0")
    refused("illegal", tables.move, made.id, made.seats[0], 0, "dance")
    refused("no_action", tables.move, made.id, made.seats[0], 0, "  ")
    refused("bad_after", tables.move, made.id, made.seats[0], "0", action)
    refused("bad_after", tables.move, made.id, made.seats[0], False, action)
    refused("no_table", tables.move, "nope", made.seats[0], 0, action)
    assert table.game.to_dict() == before and table.moves == 0
    assert tables.move(made.id, made.seats[0], 0, action) == 1


def test_of_two_moves_made_at_once_the_first_counts_and_the_second_is_stale():
    tables = Tables()
    made = tables.create("harmonies", 2, seed=1)
    first, second = tables.get(made.id).game.legal_actions()[:2]
    text = tables.get(made.id).game.action_text
    tables.move(made.id, made.seats[0], 0, text(first))
    error = refused("stale", tables.move, made.id, made.seats[0], 0, text(second))
    assert "0" in str(error) and "1" in str(error)
    assert tables.record(made.id)["actions"] == [text(first)]


def test_an_illegal_move_carries_the_engines_reason_in_the_readers_language():
    tables = Tables()
    made = tables.create("azul", 2, seed=2)
    english = refused("illegal", tables.move, made.id, made.seats[0], 0, "factory 1: blue -> line 9")
    with wording("fa"):
        persian = refused("illegal", tables.move, made.id, made.seats[0], 0, "factory 1: blue -> line 9")
        assert str(persian) != str(english) and "factory 1" in str(persian)


@pytest.mark.parametrize("code", ["en", "fa", "nl", "vi"])
def test_every_refusal_has_its_words_in_every_language(code):
    tables = Tables()
    made = tables.create("azul", 2)
    with wording(code):
        for error in (refused("stale", tables.move, made.id, made.seats[0], 3, "x"),
                      refused("bad_secret", tables.move, made.id, "x", 0, "x"),
                      refused("spectator", tables.move, made.id, made.spectator, 0, "x")):
            assert "tables." not in str(error) and "{" not in str(error)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), game=st.sampled_from(sorted(kinds())), players=st.integers(2, 4),
       tries=st.lists(st.tuples(st.integers(0, 4), st.integers(-1, 1), st.booleans()), max_size=40))
def test_whatever_is_sent_the_table_plays_exactly_the_accepted_moves(seed, game, players, tries):
    """Random senders (any seat or the spectator), counts (right, stale, ahead) and actions (legal
    or not): the table's game is the game of the accepted moves alone, and its record replays."""
    tables = Tables()
    made = tables.create(game, players, seed=seed)
    keys = [*made.seats, made.spectator]
    reference = kinds()[game].game(**tables.get(made.id).game.start)
    rng = random.Random(seed)
    for sender, off, legal in tries:
        if reference.over:
            break
        action = reference.action_text(rng.choice(reference.legal_actions())) if legal else "end end"
        after = len(reference.history) + off
        try:
            tables.move(made.id, keys[min(sender, players)], after, action)
        except TableError:
            continue
        reference.play(action)
    assert tables.get(made.id).game.to_dict() == reference.to_dict()
    assert records.replay(tables.record(made.id), classes()).to_dict() == reference.to_dict()


# --- storage ----------------------------------------------------------------------------------

def test_a_restart_rebuilds_every_table_and_the_games_go_on(tmp_path):
    path = str(tmp_path / "t.sqlite")
    tables = Tables(path)
    rng = random.Random(3)
    made = [tables.create("azul", 3), tables.create("harmonies", 2, {"side": "B", "spirits": True})]
    for m in made:
        for _ in range(7):
            table = tables.get(m.id)
            tables.move(m.id, m.seats[table.game.current], table.moves, random_move(tables, m.id, rng))
    seen = {m.id: tables.get(m.id).game.to_dict() for m in made}
    tables.close()
    again = Tables(path)
    for m in made:
        assert again.get(m.id).game.to_dict() == seen[m.id]
        play_to_end(again, m, rng)
        assert records.replay(again.record(m.id), classes()).to_dict() == again.get(m.id).game.to_dict()


def test_a_move_that_cannot_be_stored_does_not_count(tmp_path):
    tables = Tables(str(tmp_path / "t.sqlite"))
    made = tables.create("azul", 2, seed=4)
    action = random_move(tables, made.id, random.Random(0))
    tables.db.execute("CREATE TRIGGER no_moves BEFORE INSERT ON moves BEGIN SELECT RAISE(ABORT, 'full'); END")
    refused("not_stored", tables.move, made.id, made.seats[0], 0, action)
    assert tables.get(made.id).moves == 0
    tables.db.execute("DROP TRIGGER no_moves")
    assert tables.move(made.id, made.seats[0], 0, action) == 1


def test_idle_tables_expire_with_their_seats_and_moves(tmp_path):
    now = [1000.0]
    tables = Tables(str(tmp_path / "t.sqlite"), idle=60, clock=lambda: now[0])
    old, busy = tables.create("azul", 2), tables.create("azul", 2)
    now[0] += 50
    tables.move(busy.id, busy.seats[0], 0, random_move(tables, busy.id, random.Random(1)))
    now[0] += 20
    assert tables.expire() == [old.id]
    refused("no_table", tables.get, old.id)
    assert tables.get(busy.id).moves == 1
    db = sqlite3.connect(str(tmp_path / "t.sqlite"))
    assert db.execute("SELECT COUNT(*) FROM seats WHERE table_id = ?", (old.id,)).fetchone() == (0,)


def test_the_number_of_tables_is_limited():
    tables = Tables(max_tables=2)
    tables.create("azul", 2)
    tables.create("harmonies", 1)
    refused("too_many_tables", tables.create, "azul", 2)


# --- computer seats and the end ---------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(kinds()))
def test_computer_seats_play_until_a_human_is_to_move(game):
    tables = Tables()
    made = tables.create(game, 3, computers={0: "greedy", 2: "greedy"}, seed=8)
    table = tables.get(made.id)
    assert tables.play_computers(made.id) > 0 and table.game.current == 1
    refused("computer_seat", tables.move_seat, made.id, 0, table.moves, "end")
    play_to_end(tables, made, random.Random(2))
    assert table.game.over


@pytest.mark.parametrize("game", sorted(kinds()))
def test_a_finished_table_gives_its_game_record(game):
    tables = Tables()
    made = tables.create(game, 2, seed=11)
    play_to_end(tables, made, random.Random(5))
    table = tables.get(made.id)
    replayed = records.replay(tables.record(made.id), classes())
    assert replayed.over and replayed.to_dict() == table.game.to_dict()
    refused("over", tables.move, made.id, made.seats[0], table.moves, "end")
    assert state(table, 0, "en")["record"] == tables.record(made.id)


def test_the_board_is_drawn_once_per_move_and_language_with_keys_the_actions_name():
    tables = Tables()
    made = tables.create("azul", 2, seed=3)
    table, boards = tables.get(made.id), Boards()
    svg, _ = boards.get(table, "en")
    assert boards.get(table, "en")[0] is svg and boards.get(table, "fa")[0] != svg
    shown = state(table, 0, "en")
    assert shown["actions"] and all(f'data-key="{k}"' in svg for a in shown["actions"] for k in a["keys"])
    assert state(table, 1, "en")["actions"] == [] == state(table, SPECTATOR, "en")["actions"]


# --- the host hands a seat to the computer ----------------------------------------------------

@pytest.mark.parametrize("game", sorted(kinds()))
def test_the_host_hands_a_seat_that_went_away_to_the_computer(tmp_path, game):
    path = str(tmp_path / "t.sqlite")
    tables = Tables(path)
    made = tables.create(game, 2, seed=3)
    rng = random.Random(4)
    table = tables.get(made.id)
    for _ in range(3):
        tables.move(made.id, made.seats[table.game.current], table.moves, random_move(tables, made.id, rng))
    before = table.game.to_dict()
    refused("not_host", tables.hand, made.id, made.spectator, 1)  # no other secret is the host's
    refused("not_host", tables.hand, made.id, made.seats[0], 1)
    refused("not_host", tables.hand, made.id, None, 1)
    refused("bad_computer_seat", tables.hand, made.id, made.host, 2)
    refused("bad_computer_seat", tables.hand, made.id, made.host, True)
    refused("bad_computer", tables.hand, made.id, made.host, 1, "random")
    assert table.game.to_dict() == before and table.seats == [None, None]
    tables.hand(made.id, made.host, 1)
    refused("already_computer", tables.hand, made.id, made.host, 1)
    refused("no_human", tables.hand, made.id, made.host, 0)  # the computer does not play alone
    assert state(table, 1, "en")["computers"] == [1] and state(table, 1, "en")["actions"] == []
    tables.close()
    tables = Tables(path)  # the hand-over is stored: a restarted server keeps it
    table = tables.get(made.id)
    assert table.seats == [None, "strong"]
    while not table.game.over:
        tables.play_computers(made.id)
        if table.game.over:
            break
        if table.game.current == 1:
            refused("computer_seat", tables.move, made.id, made.seats[1], table.moves, "end")
        tables.move(made.id, made.seats[0], table.moves, random_move(tables, made.id, rng))
    refused("over", tables.hand, made.id, made.host, 0)
    assert records.replay(tables.record(made.id), classes()).over


@pytest.mark.parametrize(("game", "first"), [("azul", 1), ("harmonies", 1)])
def test_a_table_names_its_seats_as_the_games_own_pictures_do(game, first):
    """Both games' boards number their players from 1: the seat's page and its refusals agree."""
    tables = Tables()
    made = tables.create(game, 2, seed=1)
    table = tables.get(made.id)
    with wording("en"):
        assert f"seat {first}." in state(table, 0, "en")["status"]
        assert f"player {first}" in table.kind.scene(table.game).to_svg().lower()
        error = refused("not_your_turn", tables.move, made.id, made.seats[1], 0, "x")
        assert f"seat {first + 1}, and seat {first} is to play" in str(error)


# --- who makes tables, and tables nobody plays at -------------------------------------------------

def test_one_creator_makes_a_few_tables_a_minute_and_keeps_a_few_even_after_a_restart(tmp_path):
    now = [1000.0]
    path = str(tmp_path / "t.sqlite")
    tables = Tables(path, clock=lambda: now[0])
    for _ in range(4):
        tables.create("azul", 4, creator="user:ana")
    with wording("nl"):
        assert "minuut" in str(refused("tables_too_fast", tables.create, "azul", 4, creator="user:ana"))
    tables.create("azul", 4, creator="user:bo")  # a classmate is not held back
    tables.close()
    now[0] += 61
    tables = Tables(path, clock=lambda: now[0])  # the server restarted: the rows still count
    for _ in range(4):
        tables.create("harmonies", 2, creator="user:ana")
    now[0] += 61
    refused("too_many_yours", tables.create, "azul", 2, creator="user:ana")
    for _ in range(12):  # this process's own tables (the tests', a notebook's) are not counted
        tables.create("azul", 2)


def test_tables_nobody_played_at_give_their_place_back(tmp_path):
    now = [1000.0]
    tables = Tables(max_tables=3, clock=lambda: now[0])
    unplayed, played = tables.create("azul", 2), tables.create("azul", 2)
    tables.move(played.id, played.seats[0], 0, random_move(tables, played.id, random.Random(2)))
    tables.create("azul", 2)
    refused("too_many_tables", tables.create, "azul", 2)  # all three made a moment ago
    now[0] += 601
    tables.create("azul", 2)  # full: the oldest table nobody played at made room
    refused("no_table", tables.get, unplayed.id)
    assert tables.get(played.id).moves == 1
    now[0] += 2 * 3600 + 1
    assert len(tables.expire()) == 2  # two hours unplayed: gone; the played one waits for a day
    assert tables.get(played.id).moves == 1


def test_a_tables_file_from_before_creators_were_kept_is_read(tmp_path):
    path = str(tmp_path / "old.sqlite")
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, setup TEXT NOT NULL, "
                     "spectator TEXT NOT NULL, created REAL NOT NULL, touched REAL NOT NULL);")
    db.close()
    tables = Tables(path)
    made = tables.create("azul", 2, creator="user:ana")
    assert tables.get(made.id).moves == 0


def test_one_address_keeps_a_hundred_tables_however_often_its_student_signs_in_again():
    tables = Tables(per_address=3)
    for n in range(3):  # three sign-ins from one device: three creators, one address
        tables.create("azul", 2, creator=f"user:{n}", address="10.0.0.7")
    refused("too_many_here", tables.create, "azul", 2, creator="user:3", address="10.0.0.7")
    tables.create("azul", 2, creator="user:4", address="10.0.0.8")  # another device of the class
