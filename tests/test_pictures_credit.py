"""The credit line OpenMoji's licence asks for: on a page with an OpenMoji picture,
not on one with only a user's own."""
from wordsearch.pictures import credit, source


def test_openmoji_pictures_bring_their_credit():
    line = credit.credit(["", source.openmoji("1F418").name])
    assert line == credit.CREDIT
    assert "OpenMoji" in line and "CC BY-SA 4.0" in line and "creativecommons.org/licenses/by-sa/4.0" in line


def test_own_pictures_or_none_bring_no_credit():
    assert credit.credit([source.Picture("png", b"", "cat.png").name, ""]) is None
    assert credit.credit([]) is None
