"""The page model's geometry: a frame's width and middle, a grid's cells."""
from wordsearch.render.model import Frame, GridBox
from wordsearch.render.style import LETTER_SHARE


def test_a_frame_measures_the_room_between_its_sides():
    frame = Frame(36.0, 20.0, 54.0, 20.0)  # a book's page: the gutter on the right
    assert frame.width((612.0, 792.0)) == 522.0
    assert frame.middle((612.0, 792.0)) == 297.0
    assert Frame.even(18.0) == Frame(18.0, 18.0, 18.0, 18.0)


def test_a_grid_box_centres_its_cells():
    box = GridBox(100.0, 200.0, 20.0, 5, 8)
    assert box.centre(0, 0) == (110.0, 210.0)
    assert box.centre(4, 7) == (250.0, 290.0)
    assert box.letter_size == 20.0 * LETTER_SHARE
