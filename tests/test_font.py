"""The bundled font: installed with the package, and the only one the pages use."""
from importlib import resources
from pathlib import Path

import wordsearch
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
