"""Languages as data: the one default, the English table, folding, and a language
that crosses to a worker process by its code."""
import pickle

import pytest

from wordsearch import lang
from wordsearch.errors import InputError


def test_english_is_the_one_default_and_ships_as_data():
    assert lang.DEFAULT == "en" and "en" in lang.codes()
    english = lang.resolve(None)
    assert english is lang.get("en") is lang.resolve("EN") is lang.resolve(english)
    assert english.alphabet.letters == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert len(english.frequencies) == 26 and all(isinstance(f, int) for f in english.frequencies)
    assert english.frequencies[4] == max(english.frequencies)  # E
    assert "wordfreq" in english.frequencies_source


@pytest.mark.parametrize("typed, folded", [
    ("Café", "CAFE"), ("naïve", "NAIVE"), ("Straße", "STRASSE"), ("Ærø", "AERO"),
    ("Łódź", "LODZ"), ("ﬁne", "FINE"), ("K2", "K2"),
])
def test_english_folds_accents_and_ligatures_onto_a_to_z(typed, folded):
    assert lang.get("en").fold(typed) == folded


def test_an_unknown_language_is_refused_naming_the_known_ones():
    with pytest.raises(InputError) as caught:
        lang.get("xx")
    assert str(caught.value) == '"xx" is not a language this program knows; use one of: cs, de, el, en, es, fr, it, nl, pl, pt, ru, sk, sv.'
    assert caught.value.option == "language"


def test_a_language_crosses_to_another_process_by_its_code():
    english = lang.get("en")
    assert pickle.loads(pickle.dumps(english)) is english
    assert len(pickle.dumps(english)) < 200


def test_a_language_of_ones_own_crosses_whole():
    """One not shipped (or changed) cannot be read again by its code in a worker."""
    import dataclasses
    from wordsearch.lang.alphabet import Alphabet
    english = lang.get("en")
    nordic = dataclasses.replace(english, code="xn", alphabet=Alphabet(
        english.alphabet.letters + "Å"), frequencies=english.frequencies + (100,))
    again = pickle.loads(pickle.dumps(nordic))
    assert again is not english and again.code == "xn" and again.alphabet.is_letter("Å")
    assert again.fold("Åse") == "ÅSE" and dict(again.labels) == dict(english.labels)


def test_every_language_has_every_label_english_has():
    english = lang.get("en").labels
    for code in lang.codes():
        labels = lang.get(code).labels
        assert set(labels) == set(english), code
        for key in ("puzzle_of", "answer_key_of"):
            assert labels[key].format(number=3, total=30).count("3") >= 2, (code, key)


# The write-in lines a worksheet has, in each language's own words.
NAME_AND_DATE = {"cs": ("Jméno", "Datum"), "de": ("Name", "Datum"), "el": ("Όνομα", "Ημερομηνία"),
                 "en": ("Name", "Date"), "es": ("Nombre", "Fecha"), "fr": ("Nom", "Date"),
                 "it": ("Nome", "Data"), "nl": ("Naam", "Datum"), "pl": ("Imię", "Data"),
                 "pt": ("Nome", "Data"), "ru": ("Имя", "Дата"), "sk": ("Meno", "Dátum"),
                 "sv": ("Namn", "Datum")}


def test_every_language_names_the_name_and_date_lines():
    assert set(NAME_AND_DATE) == set(lang.codes())
    for code, words in NAME_AND_DATE.items():
        labels = lang.get(code).labels
        assert (labels["name"], labels["date"]) == words, code


def test_a_spanish_set_prints_spanish_labels():
    import wordsearch
    from conftest import pdf_text, pdf_of
    puzzle = wordsearch.generate(["niño", "araña", "montaña", "sueño"], language="es",
                                 seed="es")
    text = pdf_text(pdf_of(puzzle))
    assert "Solución" in text and "Sopa de letras · código es" in text
    assert "Answer key" not in text and "Puzzle" not in text
    assert "Ñ" in "".join(puzzle.grid)
