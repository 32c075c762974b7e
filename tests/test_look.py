"""How it looks: Look and PageOptions refuse what they cannot print when they are
made, in words a teacher can act on, and give the word list in the order asked."""
import pytest

import wordsearch
from wordsearch.errors import InputError
from wordsearch.render.look import Look, PageOptions
from wordsearch.render.style import LARGE_PRINT, REGULAR


@pytest.mark.parametrize("spec, message", [
    ("Comic Sans", '"Comic Sans" is neither a bundled font (Andika, Gentium Plus, '
                   'OpenDyslexic) nor a font file (.ttf or .otf).'),
    ("missing.ttf", "cannot use the font file"),
])
def test_a_font_that_is_not_one_is_refused(spec, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Look(font=spec)


@pytest.mark.parametrize("make, message, option", [
    (lambda: PageOptions(per_page=3), "3 puzzles to a page is not a layout; use 1, 2 or 4.",
     "per_page"),
    (lambda: PageOptions(keys_per_page=6), "6 answer keys to a page is not a layout; use 1, 2 "
                                           "or 4.", "keys_per_page"),
    (lambda: PageOptions(dpi=1200), "a resolution of 1200 dpi is out of range; use 36 to 600.",
     "dpi"),
    (lambda: Look(list_order="random"), '"random" is not an order for the word list; use '
                                        "alphabetical or given.", "list_order"),
    (lambda: Look(key_style="circles"), '"circles" is not a style of answer key; use outline '
                                        "or letters.", "key_style"),
])
def test_options_are_checked_when_made(make, message, option):
    with pytest.raises(InputError) as caught:
        make()
    assert str(caught.value) == message and caught.value.option == option


def test_the_list_order_and_the_style():
    puzzle = wordsearch.generate(["moon", "Comet", "sun"], seed="order")
    # labels capitalised
    assert [label for label, _ in Look().listed(puzzle)] == ["Comet", "Moon", "Sun"]
    assert [label for label, _ in Look(list_order="given").listed(puzzle)] == \
        [p.label for p in puzzle.words]
    assert Look().style is REGULAR and Look(large_print=True).style is LARGE_PRINT
