"""The bundled font: installed with the package, and the only one the pages use."""
from importlib import resources
from pathlib import Path

import wordsearch
from conftest import pdf_fonts, pdf_of


def test_the_font_comes_from_the_installed_package():
    folder = Path(str(resources.files("wordsearch").joinpath("fonts")))
    assert "site-packages" in folder.parts
    assert {"Andika-Regular.ttf", "Andika-Bold.ttf", "OFL.txt"} <= {p.name for p in
                                                                    folder.iterdir()}


def test_the_bundled_font_is_embedded():
    data = pdf_of(wordsearch.generate(["sun", "moon"], seed="f"))
    fonts = [line.split() for line in pdf_fonts(data).splitlines()[2:]]
    assert fonts, "no fonts listed"
    for row in fonts:
        name, embedded = row[0], row[-5]
        assert name.split("+")[-1].startswith("Andika") and embedded == "yes", row
