"""The card data: 32 animals and 10 spirits with the reference page's facts."""

import pytest

from harmonies.cards import NEED_WORDS, NEEDS, all_cards, animal_ids, card, spirit_ids


def test_counts_and_ids():
    assert animal_ids() == list(range(1, 33))
    assert spirit_ids() == list(range(33, 43))
    assert len(all_cards()) == 42


def test_cube_slots_total_96():
    assert sum(card(i).cubes for i in animal_ids()) == 96


@pytest.mark.parametrize("cid", range(1, 43))
def test_every_card_is_well_formed(cid):
    c = card(cid)
    assert c.pattern[0].dq == 0 and c.pattern[0].dr == 0
    assert 0 <= c.cube < len(c.pattern)
    assert all(p.need in NEEDS for p in c.pattern)
    offsets = [(p.dq, p.dr) for p in c.pattern]
    assert len(set(offsets)) == len(offsets)
    if c.is_spirit:
        assert c.cubes == 1 and c.rule and c.scoring["per"] in ("group", "height")
    else:
        assert list(c.points) == sorted(c.points) and c.points_for(0) == 0


def test_spot_checks_from_the_reference():
    fox = card("Fennec Fox")
    assert fox.id == 23 and fox.points == (4, 9, 16) and fox.cube_need == "M1"
    assert card(31).points == (2, 5, 8, 12, 17)
    assert card("lion").id == 33 and card("33").name == "Lion"
    assert fox.points_for(2) == 9


def test_unknown_card():
    with pytest.raises(KeyError, match="no card 99"):
        card(99)
    with pytest.raises(KeyError, match="no card 'Unicorn'"):
        card("Unicorn")
    with pytest.raises(KeyError, match="no card '²'"):  # a digit, but not a number: no ValueError
        card("²")
    assert card("٢٣") is card(23)  # decimal digits of any script are a number


def test_describe_and_need_words():
    assert card(23).describe() == ("Fennec Fox (card 23): a yellow token, a mountain of height 1, "
                                   "a mountain of height 1; the cube goes on a mountain of height 1")
    assert dict(NEED_WORDS) == {
        "W": "a blue token", "F": "a yellow token", "B": "a building",
        **{f"T{h}": f"a tree of height {h}" for h in (1, 2, 3)},
        **{f"M{h}": f"a mountain of height {h}" for h in (1, 2, 3)},
    }
    with pytest.raises(KeyError):
        NEED_WORDS["X"]


def test_names_follow_the_language_and_find_cards(stand_in):
    stand_in("harmonies", "nl", {
        "card.23": "Woestijnvos", "cards.need.building": "een gebouw",
        "cards.describe": "{card} (kaart {id}): {cells}; het blokje gaat op {need}",
        "card.33.rule": "elke gele groep van 1 of 2 fiches levert 2 op, van 3 of meer 10"})
    assert card("woestijnvos") is card("Fennec Fox") and card(23).name == "Fennec Fox"
    assert card(23).describe().startswith("Woestijnvos (kaart 23): ")
    assert NEED_WORDS["B"] == "een gebouw"
    assert card(33).rule_text.startswith("elke gele groep") and card(33).rule.startswith("each yellow")
    assert card(1).rule_text == ""
