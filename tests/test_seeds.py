"""Puzzle codes and the seeds drawn from them: fixed values, so that a change to how
seeds are made cannot pass unnoticed (the golden table guards whole puzzles)."""
import re

import pytest

from wordsearch import seeds
from wordsearch.errors import InputError


def test_a_new_code_is_typed_back_easily():
    codes = {seeds.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(re.fullmatch(r"[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}", code) for code in codes)


def test_seeds_are_sha256_of_the_purpose_and_the_code():
    assert seeds.seed_for("ci", "pack") == 0x8F4456AA0ED89AD8
    assert seeds.seed_for("ci", "fill") != seeds.seed_for("ci", "pack")
    assert seeds.seed_for("ci", "pack") != seeds.seed_for("ci ", "pack")


@pytest.mark.parametrize("seed", ["k3x9-q2mf", "Class 4B, week 2!", "Zoë", "  trimmed  "])
def test_a_seed_that_prints_and_types_back_is_kept(seed):
    assert seeds.check_code(seed) == seed.strip()


@pytest.mark.parametrize("seed, shown", [("🎲種子", "🎲 種 子"), ("tab\there", "\\t")])
def test_a_seed_that_cannot_be_printed_or_typed_back_is_refused(seed, shown):
    with pytest.raises(InputError) as caught:
        seeds.check_code(seed)
    assert str(caught.value).endswith(f"keyboard punctuation only, not {shown}.")
    assert caught.value.option == "seed"


@pytest.mark.parametrize("seed, message", [
    ("bell\x07", 'the seed has "\\x07" at character 5, which no page can print (a control '
                 "character)"),
    ("\udcff", 'the seed has "\\udcff" at character 1, which no page can print (it is not '
               "UTF-8 text)")])
def test_a_seed_no_page_can_print_is_refused_as_any_text_is(seed, message):
    with pytest.raises(InputError, match=re.escape(message)) as caught:
        seeds.check_code(seed)
    assert caught.value.option == "seed"
