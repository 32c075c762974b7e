"""Every shipped language: its folds, what it refuses, and 500 puzzles each checked
by the independent verifier, taught the language's alphabet from its data file."""
import json
import random
from importlib import resources

import pytest

import reference
import wordsearch
from conftest import examples, kept_out
from wordsearch import lang
from wordsearch.directions import COMPASS
from wordsearch.errors import InputError, PackingError
from wordsearch.lang import lists
from wordsearch.make.words import parse_entry

FOLDS = [  # (language, typed, grid form)
    ("en", "Café", "CAFE"), ("fr", "Café", "CAFE"), ("fr", "cœur", "COEUR"),
    ("fr", "garçon", "GARCON"), ("es", "Niño", "NIÑO"), ("es", "canción", "CANCION"),
    ("es", "pingüino", "PINGUINO"), ("de", "Straße", "STRASSE"), ("de", "Mädchen", "MÄDCHEN"),
    ("de", "Öl", "ÖL"), ("de", "Café", "CAFE"), ("it", "città", "CITTA"),
    ("pt", "coração", "CORACAO"), ("nl", "België", "BELGIE"), ("pl", "Łódź", "ŁÓDŹ"),
    ("pl", "żółw", "ŻÓŁW"), ("cs", "Příliš", "PŘÍLIŠ"), ("cs", "kůň", "KŮŇ"),
    ("cs", "Müller", "MULLER"), ("sk", "kôň", "KÔŇ"), ("sk", "ľalia", "ĽALIA"),
    ("sk", "päť", "PÄŤ"), ("sv", "smörgås", "SMÖRGÅS"), ("sv", "idé", "IDE"),
    ("ru", "ёлка", "ЕЛКА"), ("ru", "Москва", "МОСКВА"), ("ru", "йод", "ЙОД"),
    ("el", "άνθρωπος", "ΑΝΘΡΩΠΟΣ"), ("el", "Ελλάς", "ΕΛΛΑΣ"), ("el", "ϊ", "Ι"),
]


@pytest.mark.parametrize("code, typed, form", FOLDS)
def test_each_language_folds_as_it_is_written(code, typed, form):
    assert lang.get(code).fold(typed) == form


@pytest.mark.parametrize("code, word, letters", [
    ("fr", "Straße", "'ß', a letter French does not use"),
    ("fr", "кот", "'к', 'о', 'т', letters French does not use"),
    ("en", "Niño", None),  # folds to NINO: accents are dropped in English
    ("es", "Straße", "'ß', a letter Spanish does not use"),
    ("ru", "cat", "'c', 'a', 't', letters Russian does not use"),
    ("ru", "їжак", "'ї', a letter Russian does not use"),
    ("el", "Ωmega", "'m', 'e', 'g', 'a', letters Greek does not use"),
    ("pl", "Straße", "'ß', a letter Polish does not use"),
])
def test_a_letter_the_language_lacks_is_refused_naming_word_letter_and_language(code, word,
                                                                                 letters):
    language = lang.get(code)
    if letters is None:
        assert parse_entry(word, 1, language).form == "NINO"
        return
    with pytest.raises(InputError) as caught:
        parse_entry(word, 4, language)
    assert str(caught.value) == (
        f'"{word}" (line 4) has {letters}: a word in {language.name} may use '
        f"{language.letters_described}; spell it with those letters, or make the puzzle in "
        f"the word's own language.")


def test_spanish_keeps_enye_apart_from_n():
    puzzle = wordsearch.generate(["niño", "año", "nino"], language="es", grid=8, seed="ñ")
    assert {p.word for p in puzzle.words} == {"NIÑO", "AÑO", "NINO"}


def alphabet_of(code: str) -> str:
    """The letters from the data file itself, not from the package's Language."""
    data = resources.files("wordsearch.lang").joinpath("data").joinpath(f"{code}.json")
    return json.loads(data.read_text(encoding="utf-8"))["letters"]


PUZZLES_A_LANGUAGE = examples(500)


@pytest.mark.slow
@pytest.mark.parametrize("code", lang.codes())
def test_puzzles_in_each_language_read_every_word_once_and_no_blocked_word(code):
    """500 a language in CI, the first 100 elsewhere."""
    language = lang.get(code)
    pool = [w for w in lists.dictionary(code) if 4 <= len(language.fold(w)) <= 9]
    blocked, filler_only = kept_out(code)
    assert len(pool) > 1000 and blocked
    rng = random.Random(code)
    letters = alphabet_of(code)
    filler, refused = set(), []
    for i in range(PUZZLES_A_LANGUAGE):
        words = rng.sample(pool, 6 + i % 5)
        shaped = i % 10 == 0  # a heart, its size found automatically
        try:
            puzzle = wordsearch.generate(words, language=code, seed=f"{code}{i}",
                                         grid=None if shaped else 10 + i % 4,
                                         beam=32 if i % 2 else 256,
                                         mask="heart" if shaped else None)
        except PackingError as exc:
            # Ten words up to nine letters in a 10x10 grid can leave no layout whose
            # own letters spell no blocked word; the message says so.
            assert "spelled a blocked word" in str(exc) and "a bigger grid" in str(exc)
            refused.append(i)
            continue
        forms = [language.fold(w) for w in words]
        reference.verify(puzzle.to_dict(), forms, list(COMPASS), letters=letters,
                         blocked=blocked, filler_only=filler_only)
        filler.update("".join(puzzle.grid))
    assert len(refused) <= PUZZLES_A_LANGUAGE // 100, refused  # 5 of 500 in CI
    # The filler draws on the whole alphabet, not only the words' letters.
    assert len(filler) >= len(letters) - 3


def test_a_russian_pdf_embeds_its_font_and_gives_its_letters_back():
    from conftest import pdf_fonts, pdf_of, pdf_text
    puzzle = wordsearch.generate(["кошка", "собака", "медведь", "ёжик"], language="ru",
                                 seed="ru")
    data = pdf_of(puzzle)
    assert all(line.split()[-5:-3] == ["yes", "yes"] for line in pdf_fonts(data).splitlines()[2:])
    text = pdf_text(data)
    for label in ("Кошка", "Собака", "Медведь", "Ёжик", "Ответы", "код ru"):
        assert label in text
    assert set("".join(puzzle.grid)) <= set(text)
