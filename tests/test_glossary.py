"""The rulebooks' words (translations/<lang>/glossary.po, tools/glossary.py): every entry names the
forms it replaces, and no lesson or catalogue text uses one of them."""

import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import glossary  # noqa: E402

LANGUAGES = ("fa", "nl", "vi")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_names_the_forms_it_replaces_or_why_there_are_none(language):
    assert glossary.unnamed(language) == []
    assert all(term.replaces or term.why_none for term in glossary.terms(language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_and_catalogue_text_is_in_the_rulebooks_words(language):
    assert glossary.problems(language) == []


@pytest.fixture
def own_glossary(tmp_path, monkeypatch):
    """A Dutch glossary of three entries in a temporary folder, and no texts to check."""
    folder = tmp_path / "nl"
    folder.mkdir()
    (folder / "glossary.po").write_text(textwrap.dedent('''\
        #. source: Dutch Harmonies rulebook
        msgctxt "harmonies: river"
        msgid "river"
        msgstr "rivier"

        #. source: Dutch Harmonies rulebook
        #. replaces: (none: boom is the one Dutch word for a tree)
        msgctxt "harmonies: tree"
        msgid "tree"
        msgstr "boom"

        #. source: Dutch Harmonies rulebook
        #. replaces: (none: )
        msgctxt "harmonies: water"
        msgid "water"
        msgstr "water"

        #. source: Dutch Harmonies rulebook
        #. replaces: akker*
        msgctxt "harmonies: field"
        msgid "field"
        msgstr "veld"
        '''), encoding="utf-8")
    monkeypatch.setattr(glossary, "TRANSLATIONS", tmp_path)
    monkeypatch.setattr(glossary, "ROOT", tmp_path)
    monkeypatch.setattr(glossary, "texts", lambda language: [])
    glossary.terms.cache_clear()
    yield
    glossary.terms.cache_clear()


def test_an_entry_that_names_nothing_it_replaces_fails_the_check(own_glossary):
    # A reason without words is no reason; a "(none: ...)" is no replaced form either.
    assert [t.english for t in glossary.terms("nl") if not t.replaces] == ["river", "tree", "water"]
    assert glossary.problems("nl") == [
        "nl nl/glossary.po: the entry «harmonies: river» names no form it replaces (write «#. replaces: "
        "form; form», or «#. replaces: (none: why)»)",
        "nl nl/glossary.po: the entry «harmonies: water» names no form it replaces (write «#. replaces: "
        "form; form», or «#. replaces: (none: why)»)"]


@pytest.mark.parametrize("language, game, text, said", [
    ("fa", "harmonies", "یک رود بلند", "رود"),
    ("fa", "harmonies", "فقط بهترین رودت", "رودت"),
    ("fa", "harmonies", "یک کارت از ویترین بردار", "ویترین"),
    ("fa", "azul", "جایزهٔ پایانی", "جایزهٔ"),
    ("fa", "azul", "2 امتیاز جریمه", "جریمه"),
    ("fa", "azul", "سه کاشی روی خط 2", "خط"),
    ("fa", "azul", "ردیف الگوی 2", "ردیف الگوی"),
    ("fa", "azul", "روی خط الگوی 2", "خط الگوی"),                # the longer form, not خط
    ("fa", "azul", "روی تخته‌ات", "تخته‌ات"),                    # Harmonies' board in an Azul text
    ("fa", "azul", "A · برداشتن از کارگاه‌ها", "برداشتن از کارگاه‌ها"),
    ("fa", "azul", "نشان روی کف می‌افتد", "نشان"),                # the rulebook's نشانگر
    ("nl", "harmonies", "een kaart uit het aanbod", "aanbod"),
    ("nl", "harmonies", "een vakje van het centraal bord", "het centraal bord"),
    ("nl", "both", "bij gelijkspel wint", "gelijkspel"),
    ("vi", "harmonies", "thẻ trên cùng của xấp thẻ", "xấp thẻ"),
    ("vi", "harmonies", "trong trình soạn bảng", "trình soạn bảng"),
    ("vi", "harmonies", "môi trường sống của một con vật", "con vật"),
    ("fa", "harmonies", "یک مهرهٔ سبز", "مهرهٔ"),
    ("fa", "harmonies", "جانوران می‌آیند", "جانوران"),
    ("fa", "azul", "از کارخانه‌ها بردار", "کارخانه‌ها"),
    ("nl", "harmonies", "drie fiches", "fiches"),
    ("nl", "harmonies", "de fichekleur", "fichekleur"),
    ("nl", "harmonies", "een dierenblokje", "dierenblokje"),
    ("nl", "harmonies", "acht zonnen", "zonnen"),
    ("nl", "harmonies", "twee Akkers", "Akkers"),
    ("vi", "harmonies", "một ngôi nhà đỏ", "nhà"),
    ("vi", "harmonies", "ba quân xám", "quân"),
    ("vi", "both", "chạy ô mã này", "ô mã"),
    ("vi", "azul", "hàng mẫu 2", "hàng mẫu"),
])
def test_the_words_the_rulebooks_do_not_print_are_found(language, game, text, said):
    assert [s for s, _ in glossary.misused(language, game, text)] == [said]


@pytest.mark.parametrize("language, game, text", [
    ("fa", "harmonies", "امتیاز تندتر بالا می‌رود"),             # a verb: رود after a ZWNJ
    ("fa", "harmonies", "یک رودخانهٔ بلند"),
    ("fa", "azul", "همین کارها از خط فرمان"),                    # a command line, an error, a ruler
    ("fa", "azul", "± 2 خطای استاندارد، یک خط‌کش"),
    ("fa", "azul", "پیش‌بینی‌ها را روی تختهٔ کلاس بنویس"),       # the classroom's board
    ("fa", "azul", "یک تختهٔ هارمونیز"),
    ("fa", "azul", "این را نشان می‌دهد، با نشانی صفحه"),         # to show, an address
    ("fa", "both", "روی تخته‌ات و روی صفحه‌ات"),                 # each game's own board, in a shared text
    ("nl", "harmonies", "vul de rij dierkaarten aan"),
    ("nl", "both", "bij gelijke stand"),
    ("vi", "azul", "người thợ lát gạch"),
    ("vi", "both", "tham số theo vị trí"),
    ("nl", "harmonies", "zonder een token"),                    # zon- is not zon
    ("nl", "harmonies", "uit het zakje"),                       # the rulebook's zakje holds zak
    ("vi", "harmonies", "một tòa nhà đỏ"),                      # nhà inside tòa nhà
    ("vi", "azul", "một ngôi nhà"),                             # a Harmonies word in an Azul text
    ("fa", "harmonies", "با صفحه‌کلید بنویس"),                  # a keyboard, not a board
    ("fa", "harmonies", "سه توکن (مهره) بردار"),                # a gloss after the rulebook's word
    ("nl", "harmonies", "drie tokens (fiches)"),
    ("fa", "both", "صفحهٔ تو در آزول"),                          # Azul's own word in a shared text
    ("nl", "harmonies", "`place_token` en {fiche}"),            # code and placeholders are no prose
])
def test_their_other_meanings_are_not(language, game, text):
    assert glossary.misused(language, game, text) == []
