"""Shapes from PNG masks: reading, scaling, the built-in set, and puzzles cut to a shape."""
import importlib.util
import io
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, strategies as st
from PIL import Image

import reference
import wordsearch
from wordlists import draw
from wordsearch.directions import COMPASS
from wordsearch.errors import InputError, PackingError
from wordsearch.make.shape import MASK_MIN_SIDE, Mask, Shape, builtin_masks, parse_grid, png_size
from conftest import package_data_patterns
from wordsearch.size import GridSize

ROOT = Path(__file__).resolve().parent.parent


def load_drawing_script():
    spec = importlib.util.spec_from_file_location("draw_masks", ROOT / "scripts/draw_masks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def save(tmp_path, name, image):
    path = tmp_path / name
    image.save(path)
    return str(path)


def test_at_least_twelve_built_in_masks_and_each_is_what_the_script_draws():
    script = load_drawing_script()
    names = builtin_masks()
    assert len(names) >= 12 and names == sorted(script.MASKS)
    for name in names:
        shipped = np.asarray(Image.open(ROOT / "wordsearch" / "masks" / f"{name}.png").convert("L"))
        assert np.array_equal(shipped, np.asarray(script.draw(name))), name


def test_the_masks_come_from_the_package_and_install_with_it():
    """Read from the imported package's own folder (installed or editable), and every
    mask is named by the package data, so a wheel carries it."""
    package = Path(wordsearch.__file__).resolve().parent
    assert (package / "masks" / "heart.png").is_file() and Mask.load("heart").ink.any()
    assert len(builtin_masks()) == len(list((package / "masks").glob("*.png")))
    patterns = package_data_patterns()
    for path in (ROOT / "wordsearch" / "masks").glob("*.png"):
        assert any(path.relative_to(ROOT / "wordsearch").match(p) for p in patterns)


def test_a_cell_is_inside_when_ink_covers_at_least_half_of_it(tmp_path):
    # 2 x 4 cells of 2 x 2 pixels; each number is how many of a cell's 4 pixels are ink.
    coverage = [[4, 2, 1, 3],
                [0, 4, 0, 3]]
    pixels = np.full((4, 8), 255, dtype=np.uint8)
    for r, row in enumerate(coverage):
        for c, count in enumerate(row):
            for k in range(count):
                pixels[2 * r + k // 2, 2 * c + 1 - k % 2] = 0
    mask = Mask.load(save(tmp_path, "m.png", Image.fromarray(pixels)))
    assert mask.ink.shape == (4, 8)
    assert mask.cover(GridSize(cols=4, rows=2)).tolist() == [[True, True, False, True],
                                                             [False, True, False, True]]
    # Halved, the right column keeps only 7 of 16 pixels: it goes, with no empty margin left.
    assert mask.cover(GridSize(cols=2, rows=1)).tolist() == [[True]]


def test_a_cell_that_a_drawing_has_not_is_dropped_and_a_point_is_kept(tmp_path):
    # 5 x 7 cells of 4 x 4 pixels; each number is how many of a cell's 16 pixels are
    # ink. A pimple (9, barely in) on a straight top edge whose cells beside it are
    # barely out (7); a lone cell touching the others at a corner only; a point's tip
    # (12) with nothing beside it.
    coverage = [[0, 0, 0, 0, 0, 12, 0],
                [0, 7, 9, 7, 0, 16, 0],
                [16, 16, 16, 16, 16, 16, 0],
                [16, 16, 16, 16, 16, 16, 0],
                [0, 0, 0, 0, 0, 0, 16]]
    pixels = np.full((20, 28), 255, dtype=np.uint8)
    for r, row in enumerate(coverage):
        for c, count in enumerate(row):
            for k in range(count):
                pixels[4 * r + k // 4, 4 * c + k % 4] = 0
    mask = Mask.load(save(tmp_path, "m.png", Image.fromarray(pixels)))
    cells = mask.cover(GridSize(cols=7, rows=5))
    assert cells.shape == (4, 6)  # the lone cell went, and its row and column with it
    assert not cells[1, 2]       # the pimple went
    assert cells[0, 5] and cells[1, 5] and cells[2:].all()  # the point and the rest stay


def test_transparent_pixels_and_white_pixels_are_no_cells(tmp_path):
    image = Image.new("RGBA", (6, 3), (0, 0, 0, 0))
    for x in range(6):
        image.putpixel((x, 1), (200, 30, 30, 255))   # a red bar: ink
    image.putpixel((0, 0), (255, 255, 255, 255))     # white: no cell
    image.putpixel((5, 2), (0, 0, 0, 60))            # nearly transparent: no cell
    mask = Mask.load(save(tmp_path, "bar.png", image))
    assert mask.ink.shape == (1, 6) and mask.ink.all()


def test_the_mask_is_cropped_to_its_ink_and_keeps_its_proportions():
    fish = Mask.load("fish")
    height, width = fish.ink.shape
    shape = fish.fit(GridSize(cols=20, rows=20))
    assert shape.cols == 20
    # The tail's two sharp tips, top and bottom, may each fall short of half a cell.
    assert abs(shape.rows - 20 * height / width) <= 2
    wide = fish.fit(GridSize(cols=40, rows=10))  # the height limits it
    assert wide.rows >= 8 and abs(wide.cols - 10 * width / height) <= 1


@pytest.mark.parametrize("make, message", [
    (lambda p: None, 'no mask file "{path}" and no built-in mask of that name; give a PNG '
                     "file or one of: "),
    (lambda p: p.write_text("not a picture"), "cannot read mask {path}: it is not an image; "
                                               "give a PNG image."),
    (lambda p: Image.new("RGB", (8, 8), "red").save(p, format="JPEG"),
     "mask {path} is a JPEG image, not a PNG; save it as PNG."),
    (lambda p: Image.new("RGB", (8, 8), "white").save(p, format="PNG"),
     "mask {path} has no shape in it: every pixel is white or transparent. Draw the shape in "
     "a dark colour on a white or transparent background."),
    (lambda p: Image.new("RGBA", (8, 8), (0, 0, 0, 0)).save(p, format="PNG"),
     "mask {path} has no shape in it"),
])
def test_unusable_masks_are_refused_naming_the_file(tmp_path, make, message):
    path = tmp_path / "shape.png"
    make(path)
    with pytest.raises(InputError) as caught:
        Mask.load(str(path))
    assert str(caught.value).startswith(message.format(path=path))


def test_a_mask_too_thin_for_the_grid_or_the_words_is_refused(tmp_path):
    line = np.full((40, 40), 255, dtype=np.uint8)
    line[20, :] = 0
    line[0, 0] = line[39, 39] = 0  # keeps the crop square, so the line is 1/40 of a cell high
    path = save(tmp_path, "line.png", Image.fromarray(line))
    with pytest.raises(PackingError, match=f"mask {path} leaves no cells in a 5×5 grid; "
                                           "use a bigger grid."):
        Mask.load(path).fit(GridSize(cols=5, rows=5))
    dot = np.full((1000, 1000), 255, dtype=np.uint8)
    dot[490:510, 490:510] = 0  # two cells across at the largest grid
    dot[0, 0] = dot[-1, -1] = 0
    spotty = save(tmp_path, "dots.png", Image.fromarray(dot))
    with pytest.raises(wordsearch.PackingError) as caught:
        wordsearch.generate(["elephant", "giraffe", "hippopotamus"], mask=spotty)
    assert f"mask {spotty} leaves too few cells for these words" in str(caught.value)


def test_a_fixed_grid_names_the_mask_when_a_word_is_too_long():
    with pytest.raises(wordsearch.PackingError) as caught:
        wordsearch.generate(["sun", "planet"], grid=4, mask="heart")
    assert '"planet" (6 letters) is longer than the 4×3 grid shaped by mask heart' in \
        str(caught.value)


def outside_pattern(grid) -> list[str]:
    return ["".join("." if ch == "." else "#" for ch in row) for row in grid]


@pytest.mark.parametrize("name", builtin_masks())
def test_every_built_in_mask_makes_a_verified_puzzle_in_its_shape(name):
    words = draw(12, seed=len(name), max_len=8)
    puzzle = wordsearch.generate(words, mask=name, seed=name, beam=512)
    reference.verify(puzzle.to_dict(), [w.upper() for w in words], list(COMPASS))
    mask = Mask.load(name)
    side = max(puzzle.rows, puzzle.cols)
    assert outside_pattern(puzzle.grid) in (
        ["".join("#" if v else "." for v in row) for row in mask.across(s).inside.tolist()]
        for s in range(side, side + 3))
    assert max(puzzle.rows, puzzle.cols) >= MASK_MIN_SIDE  # large enough to show the shape


def test_the_automatic_grid_grows_the_shape_not_a_square():
    few = wordsearch.generate(draw(6, seed=1), mask="fish", seed="a", beam=256)
    many = wordsearch.generate(draw(30, seed=1), mask="fish", seed="a", beam=256)
    assert many.cols > few.cols and many.rows > few.rows
    for puzzle in (few, many):
        assert puzzle.cols > puzzle.rows  # a fish is wider than it is tall
        assert any("." in row for row in puzzle.grid)


def test_a_smallest_grid_is_the_square_the_shape_is_drawn_across():
    words = draw(12, seed=4, max_len=7)
    automatic = wordsearch.generate(words, mask="heart", seed="h", beam=256)
    assert max(automatic.rows, automatic.cols) < 20
    floored = wordsearch.generate(words, mask="heart", seed="h", beam=256, min_grid=20)
    assert outside_pattern(floored.grid) == [
        "".join("#" if v else "." for v in row) for row in Mask.load("heart").across(20).inside]
    reference.verify(floored.to_dict(), [w.upper() for w in words], list(COMPASS))
    at = wordsearch.generate(words, mask="heart", seed="h", beam=256,
                             min_grid=max(automatic.rows, automatic.cols))
    assert at.to_json() == automatic.to_json()


def test_a_fixed_grid_scales_the_mask_to_fit_it():
    puzzle = wordsearch.generate(draw(8, seed=2, max_len=7), mask="circle", grid=15, seed="c")
    assert (puzzle.rows, puzzle.cols) == (15, 15)
    assert puzzle.grid[0][0] == "." and puzzle.grid[7][7] != "."


@pytest.mark.slow
def test_the_same_mask_and_seed_give_the_same_puzzle(tmp_path):
    words = draw(10, seed=3)
    first = wordsearch.generate(words, mask="star", seed="s")
    copy = Image.open(ROOT / "wordsearch" / "masks" / "star.png")
    again = wordsearch.generate(words, mask=save(tmp_path, "mine.png", copy), seed="s")
    assert first.grid == again.grid and first.words == again.words


def longest_walk(inside, directions):
    """The longest run of inside cells, found by walking from every cell."""
    rows, cols = len(inside), len(inside[0])
    best = 0
    for name in directions:
        dr, dc = reference.STEPS[reference.NAMES.index(name)]
        for r in range(rows):
            for c in range(cols):
                length = 0
                while (0 <= r + length * dr < rows and 0 <= c + length * dc < cols
                       and inside[r + length * dr][c + length * dc]):
                    length += 1
                best = max(best, length)
    return best


@given(inside=st.integers(1, 9).flatmap(lambda cols: st.lists(
           st.lists(st.booleans(), min_size=cols, max_size=cols), min_size=1, max_size=9)),
       directions=st.sets(st.sampled_from(COMPASS), min_size=1))
def test_longest_line_is_the_longest_run_along_an_allowed_direction(inside, directions):
    shape = Shape(np.array(inside, dtype=bool))
    assert shape.longest_line(sorted(directions)) == longest_walk(inside, directions)


@given(rows=st.integers(1, 9), cols=st.integers(1, 9),
       directions=st.sets(st.sampled_from(COMPASS), min_size=1))
def test_longest_line_of_a_plain_grid_is_the_longest_run_too(rows, cols, directions):
    assert Shape.rectangle(GridSize(cols=cols, rows=rows)).longest_line(sorted(directions)) == \
        longest_walk([[True] * cols for _ in range(rows)], directions)


def test_a_mask_drawn_in_thin_lines_is_refused_saying_how_few_cells_it_has(tmp_path):
    """A diagonal line scaled to 62 x 62 cells is 62 cells that touch only at corners."""
    pixels = np.full((620, 620), 255, dtype=np.uint8)
    for k in range(620):
        pixels[k, max(0, k - 4):k + 5] = 0
    mask = Mask.load(save(tmp_path, "line.png", Image.fromarray(pixels)))
    with pytest.raises(PackingError) as caught:
        mask.fit(GridSize(cols=62, rows=62))
    assert str(caught.value).startswith("mask ")
    assert "is drawn with lines too thin for a puzzle: in a 62×62 grid its " in str(caught.value)
    assert "cells hold no 2×2 block" in str(caught.value)


def test_a_sixteen_bit_grey_mask_drawn_in_dark_grey_is_read(tmp_path):
    pixels = np.full((40, 40), 65535, dtype=np.uint16)
    pixels[5:35, 5:35] = 12000  # dark grey, a fifth of white
    path = tmp_path / "grey16.png"
    Image.fromarray(pixels).save(path)
    assert Image.open(path).mode.startswith("I;16")
    mask = Mask.load(path)
    assert mask.ink.shape == (30, 30) and mask.ink.all()


def white_png(width: int, height: int) -> bytes:
    """A white 1-bit PNG, written directly: Pillow takes over a second to encode one
    of 13,000×13,000 pixels, and the check needs a valid file only."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    row = b"\0" + b"\xff" * ((width + 7) // 8)  # filter type none, then the row's bits
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)  # 1-bit grey
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def bomb_png(side: int = 50_000) -> bytes:
    """A PNG whose header declares side×side pixels (one bit each, 312 MB unpacked at
    50,000), followed by 300 KB of its compressed rows: enough to read as a PNG and to
    cost a decoder its memory. Refused from the header, it is never decoded."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    row = b"\x00" + b"\x00" * ((side + 7) // 8)
    rows = zlib.compress(row * 300, 9) * 300
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)  # 1-bit grey
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows)
            + chunk(b"IEND", b""))


def test_a_huge_mask_is_refused_before_it_is_unpacked(tmp_path):
    path = tmp_path / "huge.png"
    path.write_bytes(white_png(13000, 13000))
    assert path.stat().st_size < 100_000
    with pytest.raises(InputError, match=r"is 13,000×13,000 pixels; a mask may have at most"):
        Mask.load(path)


def test_an_image_bomb_is_refused_from_its_header_in_the_librarys_words(tmp_path):
    path = tmp_path / "bomb.png"
    path.write_bytes(bomb_png())
    message = r"is 50,000×50,000 pixels; a mask may have at most 25,000,000 \(5,000×5,000\)"
    with pytest.raises(InputError, match=message):
        Mask.load(path)
    with pytest.raises(InputError, match=message):
        Mask.from_png(path.read_bytes(), "your upload")


def test_an_automatic_grid_for_a_thin_line_mask_says_the_lines_are_too_thin(tmp_path):
    pixels = np.full((620, 620), 255, dtype=np.uint8)
    for k in range(620):
        pixels[k, max(0, k - 2):k + 3] = 0
    path = save(tmp_path, "line.png", Image.fromarray(pixels))
    with pytest.raises(PackingError, match="is drawn with lines too thin for a puzzle: in a "
                                           "100×100 grid"):
        wordsearch.generate(["sun", "moon", "star"], mask=path, beam=16)


def test_a_mask_from_png_bytes_is_the_mask_from_the_same_file(tmp_path):
    """An upload is read from memory, as the file would be, and named as given."""
    path = tmp_path / "shape.png"
    image = Image.new("RGB", (40, 30), "white")
    image.paste((0, 0, 0), (5, 5, 35, 25))
    image.save(path)
    from_file = Mask.load(path)
    from_bytes = Mask.from_png(path.read_bytes(), "your upload")
    assert from_bytes.name == "your upload"
    assert np.array_equal(from_bytes.ink, from_file.ink)
    with pytest.raises(InputError, match="cannot read mask your upload: it is not an image"):
        Mask.from_png(b"not a png", "your upload")


def test_a_pngs_size_is_read_from_its_header_alone():
    image = io.BytesIO()
    Image.new("1", (37, 21)).save(image, format="PNG")
    data = image.getvalue()
    assert png_size(data) == (37, 21)
    # the header alone: what follows it is never read
    assert png_size(data[:24]) == (37, 21)
    assert png_size(data[:23]) is None
    assert png_size(b"GIF89a" + data[6:]) is None
    assert png_size(data[:12] + b"IDAT" + data[16:]) is None
