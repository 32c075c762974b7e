"""What a worker runs: the request's plain values built into the same options values
the command builds, the same puzzle and pages as the library's."""
import pytest

from wordsearch import export
from wordsearch.errors import InputError
from wordsearch.make.generate import generate
from wordsearch.make.shape import Mask
from wordsearch.render.look import Look, PageOptions
from wordsearch.web import jobs


def test_the_look_and_page_options_come_from_the_page_options_by_name():
    page = {"title": "Fruit", "fields": ["Name"], "page_size": "a4", "hide_words": True,
            "list_order": "given", "show_directions": True}
    assert jobs.look(page) == Look(hide_words=True, list_order="given")
    made = jobs.page_options(page, keys_per_page=2)
    assert made == PageOptions(size=made.size, title="Fruit", fields=("Name",),
                               show_directions=True, keys_per_page=2,
                               look=Look(hide_words=True, list_order="given"))
    assert made.size == pytest.approx((595.28, 841.89), abs=0.01)


def test_a_puzzle_made_by_a_worker_is_the_librarys():
    document = jobs.make(["sun", "moon", "star"], {"grid": 6, "seed": "w", "beam": 64,
                                                   "no_added_words": False},
                         ("heart", None), {"title": "Sky"}, time_limit=20, threads=1)
    same = generate(["sun", "moon", "star"], grid=6, seed="w", beam=64, mask=Mask.builtin("heart"),
                    threads=1)
    assert document == same.to_dict()


def test_the_librarys_refusal_crosses_back_with_its_option():
    with pytest.raises(InputError) as caught:
        jobs.make(["sun"], {"difficulty": "fiendish"}, None, {}, time_limit=20, threads=1)
    assert caught.value.option == "difficulty"


def test_a_drawn_pdf_is_the_commands():
    puzzle = generate(["sun", "moon", "star"], grid=6, seed="d", beam=64)
    page = {"title": "Sky", "hide_words": True}
    drawn = jobs.draw(puzzle.to_dict(), page, "pdf")
    expected = export.files(puzzle, export.Output(format="pdf", page=PageOptions(
        title="Sky", look=Look(hide_words=True))))[None]
    assert drawn == expected
