"""Finding a picture: OpenMoji's by codepoints, a user's own file by its path."""
import pytest

from wordsearch.errors import InputError
from wordsearch.pictures import source


@pytest.mark.parametrize("written, name", [
    ("1F418", "1F418"), ("1f418", "1F418"), ("U+1F418", "1F418"),
    ("1F468 200D 1F373", "1F468-200D-1F373"), ("1f468-200d-1f373", "1F468-200D-1F373"),
])
def test_codepoints_in_any_usual_spelling(written, name):
    assert source.openmoji_name(written) == name


@pytest.mark.parametrize("written", ["elephant", "", "1F4", "#1F418", "1F418+1F419"])
def test_what_is_not_codepoints_is_refused_by_name(written):
    with pytest.raises(InputError, match="is not an emoji's codepoints"):
        source.openmoji_name(written)


def test_an_openmoji_picture_is_its_svg():
    picture = source.openmoji("1f418")
    assert (picture.kind, picture.name) == ("svg", "openmoji:1F418")
    assert picture.data.lstrip().startswith(b"<svg")


def test_codepoints_openmoji_has_no_picture_for_are_named():
    with pytest.raises(InputError, match='has no picture "10FFFF"'):
        source.openmoji("10FFFF")


def test_own_files_png_and_svg(tmp_path):
    (tmp_path / "a.PNG").write_bytes(b"x")
    (tmp_path / "b.svg").write_bytes(b"<svg/>")
    assert source.own(tmp_path / "a.PNG") == source.Picture("png", b"x", str(tmp_path / "a.PNG"))
    assert source.own(str(tmp_path / "b.svg")).kind == "svg"


def test_own_files_of_other_kinds_or_missing_are_refused_by_name(tmp_path):
    with pytest.raises(InputError, match='"[^"]*cat.jpg" is neither PNG nor SVG'):
        source.own(tmp_path / "cat.jpg")
    with pytest.raises(InputError, match='"[^"]*dog.png" cannot be read'):
        source.own(tmp_path / "dog.png")


def test_a_name_finds_its_picture_again(tmp_path):
    own = tmp_path / "cat.svg"
    own.write_bytes(b"<svg/>")
    for picture in (source.openmoji("1F418"), source.own(own)):
        assert source.named(picture.name) == picture
    assert source.named("1f418") == source.openmoji("1F418")
