import pytest

from wordsearch.errors import InputError
from wordsearch import lang
from wordsearch.make.words import Word, make_label, parse_entry, parse_words, written_label

ENGLISH = lang.get("en")

ONLY = ("a word in English may use the letters A–Z (accents are dropped), spaces, hyphens and "
        "apostrophes only; remove or spell out the rest.")
SCRIPTS = ("which this program cannot put in a grid; it makes puzzles in Czech (cs), German (de), "
           "Greek (el), English (en), Spanish (es), French (fr), Italian (it), Dutch (nl), "
           "Polish (pl), Portuguese (pt), Russian (ru), Slovak (sk), Swedish (sv).")


@pytest.mark.parametrize("text, label, form", [
    ("ice-cream", "Ice-Cream", "ICECREAM"),
    ("Ice cream", "Ice cream", "ICECREAM"),
    ("ice cream", "Ice Cream", "ICECREAM"),
    ("  spaced   out  ", "Spaced Out", "SPACEDOUT"),
    ("MOUNTAIN", "Mountain", "MOUNTAIN"),
    ("iPhone", "iPhone", "IPHONE"),
    ("Café", "Café", "CAFE"),
    ("naïve café", "Naïve Café", "NAIVECAFE"),
    ("Straße", "Straße", "STRASSE"),
    ("Ærø", "Ærø", "AERO"),
    ("o'clock", "O'clock", "OCLOCK"),
    ("O’Brien", "O’Brien", "OBRIEN"),
    ("rock 'n' roll", "Rock 'n' Roll", "ROCKNROLL"),
    ("Łódź", "Łódź", "LODZ"),
    ("new\u00a0york", "New York", "NEWYORK"),
])
def test_entries_normalise_to_label_and_grid_form(text, label, form):
    word = parse_entry(text, None, ENGLISH)
    assert (word.label, word.form, word.source) == (label, form, text.strip())


@pytest.mark.parametrize("text, label, form", [
    ("ice\u200bcream", "Icecream", "ICECREAM"),
    ("\ufeffsun", "Sun", "SUN"),
    ("pine\u00adapple", "Pineapple", "PINEAPPLE"),
])
def test_invisible_characters_from_copied_text_are_dropped(text, label, form):
    word = parse_entry(text, None, ENGLISH)
    assert (word.label, word.form) == (label, form)


@pytest.mark.parametrize("text, line, message", [
    ("caf3", 3, f'"caf3" (line 3) has \'3\': {ONLY}'),
    ("tom & jerry", None, f'"tom & jerry" has \'&\': {ONLY}'),
    ("日本", 7, f'"日本" (line 7) is written in Chinese characters, {SCRIPTS}'),
    ("שלום", None, f'"שלום" is written in Hebrew script (written right to left), {SCRIPTS}'),
    ("مرحبا", 1, f'"مرحبا" (line 1) is written in Arabic script (written right to left), {SCRIPTS}'),
    ("e-mail!", 1, f'"e-mail!" (line 1) has \'!\': {ONLY}'),
    ("hi", 2, '"hi" (line 2) has 2 letters; a word needs at least 3.'),
    ("a-b", None, '"a-b" has 2 letters; a word needs at least 3.'),
    ("x", None, '"x" has 1 letter; a word needs at least 3.'),
    ("y" * 65, None, f'"{"y" * 60}…" has 65 letters; a word may have at most 64.'),
    ("bell\x07\x1b[2J", 3, '"bell\\x07\\x1b[2J" (line 3) has \'\\x07\', \'\\x1b\', \'[\', \'2\': '
                          f'{ONLY}'),
])
def test_bad_entries_are_refused_quoting_the_line(text, line, message):
    with pytest.raises(InputError) as exc:
        parse_entry(text, line, ENGLISH)
    assert str(exc.value) == message


@pytest.mark.parametrize("text", ["", "   ", "\t"])
def test_blank_lines_are_skipped(text):
    assert parse_entry(text, None, ENGLISH) is None


def test_every_problem_in_a_list_is_reported_at_once():
    with pytest.raises(InputError) as exc:
        parse_words([(1, "good"), (2, "b4d"), (3, ""), (4, "ok")])
    assert str(exc.value).splitlines() == [
        f'"b4d" (line 2) has \'4\': {ONLY}',
        '"ok" (line 4) has 2 letters; a word needs at least 3.',
    ]


def test_a_duplicate_is_kept_once_with_a_warning_naming_both():
    words = parse_words([(1, "Ice cream"), (2, "fish"), (5, "ice-cream")])
    assert [w.form for w in words.words] == ["ICECREAM", "FISH"]
    assert words.warnings() == [
        '"ice-cream" (line 5) is the same word as "Ice cream" (line 1) in the grid '
        "(ICECREAM); it is listed once."]


STRICT = ("and the strict rule allows no word inside another; remove one of them, or leave "
          "the rule off to hide each word on its own.")


@pytest.mark.parametrize("entries, message", [
    (["cat", "caterpillar"], f'"cat" lies inside "caterpillar", {STRICT}'),
    (["tac", "caterpillar"], f'"tac" read backwards lies inside "caterpillar", {STRICT}'),
    (["star", "rats"], f'"rats" is the reverse of "star", {STRICT}'),
])
def test_the_strict_rule_refuses_a_word_inside_another_naming_both(entries, message):
    with pytest.raises(InputError) as exc:
        parse_words(entries, strict=True)
    assert str(exc.value) == message


@pytest.mark.parametrize("entries, inside", [
    (["cat", "caterpillar"], [[1], []]),
    (["tac", "caterpillar"], [[1], []]),
    (["star", "rats"], [[1], [0]]),
    (["tin", "platinum", "actinium", "nitrogen", "iron"], [[1, 2, 3], [], [], [], []]),
    (["erbium", "terbium", "ytterbium"], [[1, 2], [2], []]),
    (["ana", "banana"], [[1], []]),
])
def test_by_default_each_word_knows_the_words_it_lies_inside(entries, inside):
    assert [list(c) for c in parse_words(entries).inside] == inside


def test_words_that_merely_overlap_are_fine():
    assert len(parse_words(["level", "eleven", "seven", "never"]).words) == 4


def test_an_empty_list_is_refused():
    with pytest.raises(InputError, match="no words given"):
        parse_words(["", "  "])


def test_word_objects_pass_through():
    word = Word(label="Sun", form="SUN")
    assert parse_words([word]).words == (word,)


@pytest.mark.parametrize("text, label", [("ice cream", "Ice Cream"), ("ICE-CREAM", "Ice-Cream"),
                                         ("McDonald", "McDonald"), ("ﬁsh", "Fish"),
                                         ("ǆungla", "ǅungla")])
def test_labels_are_title_cased_unless_the_case_is_mixed(text, label):
    assert make_label(text) == label


@pytest.mark.parametrize("text, label", [("ice cream", "Ice cream"),
                                         ("pomme de terre", "Pomme de terre"),
                                         ("flip-flops", "Flip-flops"), ("North Pole", "North Pole"),
                                         ("T rex", "T rex"), ("étoile de mer", "Étoile de mer"),
                                         ("ﬂag", "Flag")])
def test_the_languages_own_words_are_labelled_as_written_with_a_capital(text, label):
    """Themes and dictionaries are written as the language writes them: only the first
    letter is raised (make_label's title case guesses for words typed in any case)."""
    assert written_label(text) == label
    assert parse_entry(text, None, ENGLISH, written=True).label == label
    assert parse_entry(text, None, ENGLISH, written=True).form == ENGLISH.fold(
        text.replace(" ", "").replace("-", ""))


def test_an_accent_typed_as_a_combining_mark_is_the_accented_letter():
    composed, combined = parse_words(["café", "cafe\u0301"]).words[0], parse_entry(
        "cafe\u0301", None, ENGLISH)
    assert combined.form == composed.form == "CAFE" and combined.label == "Café"
    assert len(parse_words(["café", "cafe\u0301"]).words) == 1


def test_a_long_list_is_refused_by_its_size_and_many_problems_are_counted():
    with pytest.raises(InputError, match="2,001 words are more than one puzzle can hold"):
        parse_words([f"w{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}{chr(97 + i // 676)}"
                     for i in range(2001)])
    assert len(parse_words(["cat"] * 2001).words) == 1  # the same word, listed once
    with pytest.raises(InputError) as caught:
        parse_words([f"b{i}d" for i in range(50)])
    lines = str(caught.value).splitlines()
    assert len(lines) == 21 and lines[-1] == "… and 30 more."


def test_containers_are_found_in_a_long_list_without_comparing_every_pair():
    import time
    from wordsearch.make.words import MAX_WORDS, containers
    words = parse_words([f"{'abcdefghij'[i % 10]}{chr(97 + i // 10 % 26)}{chr(97 + i // 260)}"
                         f"xq{i % 7}".replace(str(i % 7), "z" * (i % 7 + 1))
                         for i in range(MAX_WORDS)]).words
    started = time.perf_counter()
    inside = containers(words)
    assert time.perf_counter() - started < 1.0
    assert len(inside) == MAX_WORDS


# Clues: "word: clue", split at the first colon followed by white space.

@pytest.mark.parametrize("text, label, form, clue", [
    ("kitten: a baby cat", "Kitten", "KITTEN", "a baby cat"),
    ("clock: it says 10:30", "Clock", "CLOCK", "it says 10:30"),  # a time
    ("web: see https://example.org/a:b", "Web", "WEB", "see https://example.org/a:b"),  # a URL
    ("ratio: 1:2 is written: one to two", "Ratio", "RATIO", "1:2 is written: one to two"),
    ("colon: the mark :", "Colon", "COLON", "the mark :"),  # a literal colon, after the first
    ("ice cream:\ta cold sweet", "Ice Cream", "ICECREAM", "a cold sweet"),  # a tab
    ("  perro :   the   dog  ", "Perro", "PERRO", "the dog"),  # spaces kept to one
    ("cat", "Cat", "CAT", ""),
    ("σκύλος: dog", None, None, "dog"),  # checked as the word's own language below
])
def test_a_word_line_may_carry_a_clue(text, label, form, clue):
    if label is None:
        word = parse_entry(text, 1, lang.get("el"))
        assert (word.form, word.clue) == ("ΣΚΥΛΟΣ", clue)
        return
    word = parse_entry(text, 3, ENGLISH)
    assert (word.label, word.form, word.clue, word.line) == (label, form, clue, 3)


@pytest.mark.parametrize("text, message", [
    ("cat:kitten", '"cat:kitten" (line 4) has a colon with no space after it; to give a word '
                   "a clue, write the word, a colon and a space, then the clue, such as "
                   "kitten: a baby cat."),
    ("http://x.org", '"http://x.org" (line 4) has a colon with no space after it'),
    (": a baby cat", '": a baby cat" (line 4) has a clue but no word before its colon; write '
                     "the word first"),
    ("   : x", '": x" (line 4) has a clue but no word before its colon'),
    ("kitten:", '"kitten:" (line 4) has a colon but no clue after it; write the clue after '
                "the colon and a space, or remove the colon."),
    ("kitten:   ", '"kitten:" (line 4) has a colon but no clue after it'),
    ("kitten: a\x1b[31m cat", 'the clue of "kitten: a\\x1b[31m cat" (line 4) has "\\x1b" at '
                              "character 2, which no page can print"),
    ("kitten: " + "a" * 101, "has 101 characters; a clue may have at most 100"),
    ("k: a small cat", '"k" (line 4) has 1 letter; a word needs at least 3.'),  # the word's own
])
def test_a_clue_line_that_cannot_be_read_is_refused_naming_the_line(text, message):
    with pytest.raises(InputError) as caught:
        parse_entry(text, 4, ENGLISH)
    assert message in str(caught.value)


def test_the_clue_is_checked_only_for_printing_the_word_in_the_grids_language():
    word = parse_entry("perro: Ελληνικά ∑ 10:30 ☺", 1, lang.get("es"))
    assert word.form == "PERRO" and word.clue == "Ελληνικά ∑ 10:30 ☺"
    with pytest.raises(InputError, match="letters English does not use"):
        parse_entry("γάτα: cat", 1, ENGLISH)


def test_a_list_is_all_clues_or_none_naming_the_first_without():
    words = parse_words([(1, "kitten: a baby cat"), (2, "puppy: a young dog")])
    assert [w.clue for w in words.words] == ["a baby cat", "a young dog"]
    with pytest.raises(InputError) as caught:
        parse_words([(1, "kitten: a baby cat"), (2, ""), (3, "puppy"), (4, "calf")])
    assert str(caught.value) == ('"puppy" (line 3) has no clue, but "kitten" (line 1) has '
                                 "one; give every word a clue (word: clue) or none.")


def test_a_word_given_twice_keeps_its_first_clue():
    words = parse_words(["kitten: a baby cat", "Kitten: a young cat", "puppy: a young dog"])
    assert [(w.form, w.clue) for w in words.words] == [("KITTEN", "a baby cat"),
                                                        ("PUPPY", "a young dog")]
    assert "is the same word as" in words.warnings()[0]


@pytest.mark.parametrize("text, word, picture, clue", [
    ("elephant = 1F418", "Elephant", "1F418", ""),
    ("cat=pics/cat.png", "Cat", "pics/cat.png", ""),
    ("kitten = kitten.png: a baby cat", "Kitten", "kitten.png", "a baby cat"),
    ("four: 2 + 2 = 4", "Four", "", "2 + 2 = 4"),  # an equals sign in a clue is the clue's
])
def test_an_entry_may_name_its_own_picture_before_its_clue(text, word, picture, clue):
    entry = parse_entry(text, 3, lang.get("en"))
    assert (entry.label, entry.picture, entry.clue) == (word, picture, clue)


def test_an_equals_sign_with_no_picture_is_refused_naming_the_line():
    with pytest.raises(InputError, match=r'"pig =" \(line 2\) has an equals sign but no picture'):
        parse_entry("pig =", 2, lang.get("en"))
