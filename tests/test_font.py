"""The bundled fonts: installed with the package, and the only ones the pages use."""
from importlib import resources
from pathlib import Path

import wordsearch
from wordsearch import lang
from wordsearch.render.measure import Measure
from conftest import package_data_patterns, pdf_fonts, pdf_of

ROOT = Path(__file__).resolve().parent.parent


def test_the_font_comes_from_the_package_and_installs_with_it():
    """Read from the imported package's own folder (installed or editable), and every
    font file is named by the package data, so a wheel carries it."""
    folder = Path(str(resources.files("wordsearch").joinpath("fonts")))
    assert folder.resolve().parent == Path(wordsearch.__file__).resolve().parent
    assert {"Andika-Regular.ttf", "Andika-Bold.ttf", "OFL.txt"} <= {p.name for p in
                                                                    folder.iterdir()}
    patterns = package_data_patterns()
    for path in (ROOT / "wordsearch" / "fonts").iterdir():
        relative = path.relative_to(ROOT / "wordsearch")
        assert any(relative.match(p) for p in patterns), f"{relative} would not install"


def test_the_bundled_font_is_embedded():
    data = pdf_of(wordsearch.generate(["sun", "moon"], seed="f"))
    fonts = [line.split() for line in pdf_fonts(data).splitlines()[2:]]
    assert fonts, "no fonts listed"
    for row in fonts:
        name, embedded = row[0], row[-5]
        assert name.split("+")[-1].startswith("Andika") and embedded == "yes", row


def test_every_shipped_alphabet_prints_in_its_languages_font():
    """Each letter, upper and lower case, and every label the pages print have a glyph
    (Andika lacks most Greek capitals: Greek is set in Gentium Plus)."""
    for code in lang.codes():
        language = lang.get(code)
        text = (language.alphabet.letters + language.alphabet.letters.lower()
                + "".join(language.labels.values()) + language.native_name)
        for bold in (False, True):
            assert Measure.of(language.font).missing(text, bold) == [], code


def test_a_greek_page_embeds_gentium_plus():
    data = pdf_of(wordsearch.generate(["σκύλος", "γάτα", "άλογο"], language="el", seed="g"))
    fonts = pdf_fonts(data)
    assert "GentiumPlus" in fonts and "Andika" not in fonts
    assert all(line.split()[-5:-3] == ["yes", "yes"] for line in fonts.splitlines()[2:])
