"""Word lists in the order each language sorts (wordsearch/lang/collation.py), through
the sort itself and through what a reader sees: the text output's list and answer
key, the play page's list, and the command's text and PDF.

Where the examples come from: 166 of the 199 are words of the language's word list
here (wordsearch/lang/data/CODE.words.txt: wordfreq words that the language's
hunspell dictionary lists), the rest the examples of the issue (Ёжик, Öfen ...) and
common words chosen for the letters they hold (ñandú, ёлка, Straße, ćma, één, naïve,
Ice cream: the word lists have no ё, ß or ij, nor an English accent). Each list is
written by the rules its dictionaries sort by (RAE's Diccionario: Ñ its own letter
after N, CH and LL no longer letters of their own; Duden after DIN 5007-1: Ä Ö Ü as
A O U, ß as ss; SAOL: Å Ä Ö after Z, W apart from V; PWN: Ą Ć Ę Ł Ń Ó Ś Ź Ż after
their base letters; Czech and Slovak: Č Ř Š Ž (and Slovak Ä Ô) their own letters, CH
after H, other accents ignored at the first level; Russian: Ё with Е, Й after И;
Greek and French: accents ignored at the first level), and the same order is what
ICU 72's collator for the language gives (checked when the lists were written).
Every list holds a word that character codes put elsewhere, so the old sort by code
point fails each language's tests.
"""
import pytest
from conftest import pdf_text

import wordsearch
from wordsearch import lang
from wordsearch.make.words import make_label
from wordsearch.render.html import play_data
from wordsearch.render.text import COLUMN_GAP, render_text

# Each language's examples in its dictionaries' order; no two of a list share a grid
# form, so each list is one puzzle.
EXAMPLES = {
    "es": ["añadir", "Área", "búsqueda", "Cañón", "Cariñoso", "chalet", "cuna", "dañar",
           "Étnico", "Ímpetu", "llevar", "luna", "nube", "nudo", "ñandú", "Óleo", "oso",
           "último", "zorro"],
    "de": ["Ägypter", "Ähnlichkeit", "Apfel", "Äpfel", "Bär", "Fusel", "Fuß", "Läuft",
           "Lotto", "Ofen", "Öfen", "Sohn", "Strand", "Straße", "Übung", "Ufer", "Zebra",
           "Zug"],
    "sv": ["apa", "läkare", "lök", "orm", "ost", "val", "vas", "wok", "yxa", "zebra", "zon",
           "ånger", "åska", "äga", "äpple", "ödla", "örn"],
    "pl": ["ciężar", "cyrk", "ćma", "dom", "dół", "kamień", "Koń", "Kot", "lody", "luźno",
           "łąka", "mama", "ręka", "rower", "sowa", "ślimak", "zając", "ząb", "źródło",
           "żaba"],
    "cs": ["cukr", "čaj", "ďábel", "dům", "host", "hrad", "chata", "chleba", "ihned",
           "ryba", "řeka", "sova", "šála", "zima", "žába"],
    "sk": ["cukor", "čaj", "ďateľ", "dom", "hrad", "chlieb", "ihla", "mama", "mäso", "osa",
           "ôsmy", "pes", "sova", "šaty", "zima", "žaba"],
    "ru": ["еда", "ежевика", "Ёжик", "ёлка", "ель", "есть", "жук", "зима", "игра", "йогурт",
           "щука", "эхо", "юла", "яблоко"],
    "el": ["Αγελάδα", "αετός", "Άλογο", "βάρκα", "γάτα", "δέντρο", "εβδομάδα", "έλατο", "ζώο",
           "ήλιος", "ιδέα", "ίσως", "οικογένεια", "όνειρο", "σπίτι", "ψάρι", "ωκεανός", "ώρα"],
    "fr": ["eau", "école", "écureuil", "élève", "été", "être", "garçon", "gare", "oeil",
           "œuf", "pêche", "pêcher", "zèbre"],
    "it": ["caffè", "cane", "cielo", "città", "luna", "lunedì", "pera", "perché", "più",
           "piuma", "pizza", "università", "uva"],
    "pt": ["ação", "açúcar", "água", "avô", "cor", "coração", "irmã", "irmão", "maçã",
           "macaco", "pão", "papel"],
    "nl": ["café", "cliënt", "club", "één", "eend", "idee", "ijs", "ijzer", "jas", "oké",
           "olie", "zee", "zeep"],
    "en": ["apple", "café", "cream", "éclair", "Ice cream", "ice-skating", "iceberg",
           "naïve", "résumé", "zebra", "Zoo"],
}


def by_code_point(words):
    """The order the lists had before: by character code, ignoring case."""
    return sorted(words, key=lambda w: (w.casefold(), w))


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_each_language_sorts_its_dictionarys_examples(code):
    words = EXAMPLES[code]
    assert len(words) >= 11 and by_code_point(words) != words
    language = lang.get(code)
    assert language.collate(reversed(words)) == words
    assert language.collate(sorted(words)) == words


def test_accents_decide_only_between_words_of_the_same_letters():
    """The classic French example, in CLDR's order for French of France (accents
    compared from the start of the word; Canadian French compares them from the end,
    which these lists do not do): the accents decide only when the letters are equal."""
    french = lang.get("fr")
    assert french.collate(["côté", "côte", "coté", "cote", "cotes"]) == [
        "cote", "coté", "côte", "côté", "cotes"]
    assert lang.get("de").collate(["Straße", "Strasse", "Strass"]) == [
        "Strass", "Strasse", "Straße"]


def test_spaces_and_hyphens_sort_before_letters_and_case_last():
    english = lang.get("en")
    assert english.collate(["icecap", "ice-skating", "Ice cream", "ice cream"]) == [
        "ice cream", "Ice cream", "ice-skating", "icecap"]


def test_a_word_the_language_cannot_spell_still_sorts_the_same_way_every_time():
    """Labels are checked before they are sorted, but the sort never fails: a
    letter outside the language sorts after its letters, by character."""
    assert lang.get("es").collate(["zorro", "ωμέγα", "ábaco", "!hola"]) == [
        "!hola", "ábaco", "zorro", "ωμέγα"]


def test_every_language_orders_every_letter_of_its_alphabet():
    """The data names each letter's place: every letter of the alphabet sorts apart
    from every other at some level, in the alphabet's order except where the
    language puts a letter with another (German Ä with A, Czech Á with A)."""
    for code in lang.codes():
        language = lang.get(code)
        letters = language.alphabet.letters
        ordered = language.collate(letters)
        assert len(set(ordered)) == len(letters), code
        keys = [language.collation.key(ch, language.fold_char) for ch in ordered]
        assert keys == sorted(set(keys)), code


def labels(code):
    """The examples as the list prints them (capitalised: "Ñandú")."""
    return [make_label(word) for word in EXAMPLES[code]]


def puzzle_of(code):
    """A puzzle of the language's examples, given in the reverse of their order."""
    return wordsearch.generate(list(reversed(EXAMPLES[code])), language=code,
                               seed="collation", beam=64)


def printed_list(text, puzzle):
    """The puzzle page's word list as the text prints it, read column by column (it
    is filled top to bottom), and the answer key's words, one a line."""
    lines = text.split("\n")
    width = max(len(p.label) for p in puzzle.words)
    at = next(i for i, line in enumerate(lines) if line.startswith(puzzle.labels["find_words"]))
    if not lines[at + 1].startswith("  "):
        at += 1  # the line that says some words hide inside others
    rows = []
    for line in lines[at + 1:]:
        if not line.startswith("  "):
            break
        rows.append(line[2:])
    cell = width + COLUMN_GAP
    columns = [[row[c:c + cell].strip() for row in rows]
               for c in range(0, max(map(len, rows)), cell)]
    listed = [label for column in columns for label in column if label]
    at = next(i for i, line in enumerate(lines) if line.startswith(puzzle.labels["answer_key"]))
    keyed = [line[2:2 + width].rstrip() for line in lines[at + 1:at + 1 + len(puzzle.words)]]
    return listed, keyed


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_the_text_output_lists_and_keys_the_words_in_the_languages_order(code):
    puzzle = puzzle_of(code)
    assert [p.label for p in puzzle.words] == list(reversed(labels(code)))
    listed, keyed = printed_list(render_text(puzzle), puzzle)
    assert listed == keyed == labels(code)


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_the_play_page_lists_the_words_in_the_languages_order(code):
    """The page's script keeps the order it is given (play.js sorts nothing)."""
    assert [w["label"] for w in play_data(puzzle_of(code))["words"]] == labels(code)


@pytest.mark.parametrize("code", ["es", "sv"])
def test_the_command_prints_the_list_in_the_languages_order(run, code):
    """In its text output and on the PDF's puzzle page (whose text, in the order it
    is drawn, gives the list one word a line after its count)."""
    words = ["--language", code, "--seed", "collation", "--beam", "64", "-q", "--",
             *reversed(EXAMPLES[code])]
    result = run(*words)
    assert result.exit_code == 0, result.output
    puzzle = puzzle_of(code)
    listed, keyed = printed_list(result.output, puzzle)
    assert listed == keyed == labels(code)
    assert run("-o", "p.pdf", *words).exit_code == 0
    lines = pdf_text("p.pdf", 1).splitlines()
    at = lines.index(puzzle.labels["word_count"].format(count=len(puzzle.words)))
    assert lines[at + 1:at + 1 + len(puzzle.words)] == labels(code)


def test_the_json_keeps_the_order_the_words_were_given_in():
    """The document's "words" are in the order given (the golden puzzles rely on it):
    sorting is for the lists a reader reads."""
    import json
    document = json.loads(puzzle_of("es").to_json())
    assert [w["label"] for w in document["words"]] == list(reversed(labels("es")))


def test_each_languages_order_names_its_source_and_licence():
    for code in lang.codes():
        source = lang.get(code).collation.source
        assert "CLDR 42" in source and "LICENSE-Unicode.txt" in source, code


def test_an_order_that_names_a_letter_twice_is_refused():
    from wordsearch.lang.collation import Collation
    with pytest.raises(ValueError, match="each unit once"):
        Collation(("A", "B A"), "by hand")


def test_a_language_of_ones_own_sorts_by_its_own_folds():
    """Its order may be shared with the language it was made from, not what was
    learnt from the other's folds (Ø is O in English, OE here)."""
    import dataclasses
    from types import MappingProxyType
    english = lang.get("en")
    assert english.collate(["Øl", "Oil"]) == ["Oil", "Øl"]
    own = dataclasses.replace(english, code="xo",
                              folds=MappingProxyType(dict(english.folds, Ø="OE")))
    assert own.collation is english.collation
    assert own.collate(["Øl", "Oil"]) == ["Øl", "Oil"]
