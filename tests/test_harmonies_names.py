"""Proper names of Harmonies in the catalogue: every colour, card, landscape and score category has its
key, English gives the identifiers' current words, and the names follow the language in force."""

import json
from importlib import resources

import pytest

from harmonies.cards import all_cards, card
from harmonies.errors import HarmoniesError
from harmonies.locale import t
from harmonies.scoring import CATEGORIES, SCORE_KEYS, Breakdown, category_title
from harmonies.tokens import Colour
from tabletop import i18n


def english() -> dict:
    return i18n.table("harmonies", "en")


@pytest.mark.parametrize("colour", list(Colour))
def test_every_colour_has_its_name(colour):
    assert f"colour.{colour.value}" in english()
    assert colour.title == colour.value  # English: the identifier's own word


def test_every_card_has_its_name():
    data = json.loads(resources.files("harmonies").joinpath("data/cards.json").read_text(encoding="utf-8"))
    names = {e["id"]: e["name"] for e in data["animals"] + data["spirits"]}
    assert len(names) == 42
    for card_id, name in names.items():
        assert english()[f"card.{card_id}"] == name
        assert card(card_id).title == name == card(card_id).name


def test_every_spirit_rule_is_in_the_catalogue():
    for c in all_cards().values():
        if c.is_spirit:
            assert english()[f"card.{c.id}.rule"] == c.rule == c.rule_text


@pytest.mark.parametrize("key", SCORE_KEYS)
def test_every_score_key_has_a_title(key):
    assert category_title(key)
    assert key in Breakdown().to_dict()


def test_score_keys_are_the_breakdown_keys_in_order():
    assert list(SCORE_KEYS) == list(Breakdown().to_dict())
    assert set(CATEGORIES) < set(SCORE_KEYS)


def test_category_titles_in_english():
    titles = [category_title(k) for k in SCORE_KEYS]
    assert titles == ["trees", "mountains", "fields", "buildings", "water", "landscapes", "animal cards",
                      "spirit", "total"]


@pytest.mark.parametrize("category", CATEGORIES)
def test_every_category_has_its_explain_texts(category):
    assert f"scoring.explain.{category}" in english() and f"scoring.nothing.{category}" in english()


def test_an_unknown_score_key_is_refused_with_the_keys():
    with pytest.raises(HarmoniesError, match="'rivers' is not a score key.*trees, mountains"):
        category_title("rivers")


def test_names_follow_the_language(stand_in):
    # A stand-in catalogue, so this test does not depend on any translation being written yet.
    stand_in("harmonies", "nl", {"colour.blue": "BLAUW", "card.18": "KOALA", "landscape.trees": "bomen",
                                 "category.total": "totaal"}, only=True)
    assert Colour.BLUE.title == "BLAUW" and Colour.BLUE == "blue"
    assert card("Koala").title == "KOALA" and card("Koala").name == "Koala"
    assert category_title("trees") == "bomen" and category_title("total") == "totaal"
    assert t("card.1") == "Alligator"  # not in the stand-in: English is the fallback
