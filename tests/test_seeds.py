"""Puzzle codes and the seeds drawn from them: fixed values, so that a change to how
seeds are made cannot pass unnoticed (the golden table guards whole puzzles)."""
import re

from wordsearch import seeds


def test_a_new_code_is_typed_back_easily():
    codes = {seeds.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(re.fullmatch(r"[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}", code) for code in codes)


def test_seeds_are_sha256_of_the_purpose_and_the_code():
    assert seeds.seed_for("ci", "pack") == 0x8F4456AA0ED89AD8
    assert seeds.seed_for("ci", "fill") != seeds.seed_for("ci", "pack")
    assert seeds.seed_for("ci", "pack") != seeds.seed_for("ci ", "pack")
