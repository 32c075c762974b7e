"""The fonts pages are set in: the bundled ones (Andika; Gentium Plus for Greek;
OpenDyslexic for readers who ask for it; wordsearch/fonts/) or a font file of the
user's own, made known to Cairo.

Cairo finds fonts by family name through fontconfig. Adding the font files to
fontconfig's application fonts makes "Andika" mean our copy whatever the system
has installed, so every page embeds the same font (Cairo embeds a subset of each
font a PDF uses, always).
"""
from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache
from importlib import resources
from pathlib import Path

import cairo

from wordsearch.errors import InputError, WordsearchError

FAMILY = "Andika"  # the family of every language that names no other
# Each bundled family: its regular and bold files, and what it is for (--list-fonts).
FILES = {"Andika": ("Andika-Regular.ttf", "Andika-Bold.ttf"),
         "Gentium Plus": ("GentiumPlus-Regular.ttf", "GentiumPlus-Bold.ttf"),
         "OpenDyslexic": ("OpenDyslexic-Regular.otf", "OpenDyslexic-Bold.otf")}
ABOUT = {"Andika": "SIL's font for beginning readers: I l 1, O 0, b d p q clearly distinct "
                   "(the default)",
         "Gentium Plus": "SIL's font for Latin, Greek and Cyrillic (Greek puzzles' default)",
         "OpenDyslexic": "letters weighted at the bottom, each shaped apart, for readers "
                         "with dyslexia (Latin letters only)"}
FONT_FILES = (".ttf", ".otf")
# Families read from the user's files: family name -> the file.
_own: dict[str, Path] = {}


def _fontconfig() -> ctypes.CDLL:
    library = ctypes.util.find_library("fontconfig")
    if library is None:
        raise WordsearchError("fontconfig, which Cairo uses to find fonts, is not installed; "
                              "install it (Debian: apt install libfontconfig1).")
    fontconfig = ctypes.CDLL(library)
    fontconfig.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    fontconfig.FcConfigAppFontAddFile.restype = ctypes.c_int
    return fontconfig


@cache
def register() -> None:
    """Adds the bundled font files to fontconfig, once per process."""
    fontconfig = _fontconfig()
    folder = resources.files("wordsearch").joinpath("fonts")
    for name in (name for names in FILES.values() for name in names):
        with resources.as_file(folder.joinpath(name)) as path:
            if not fontconfig.FcConfigAppFontAddFile(None, str(path).encode()):
                raise WordsearchError(f"the bundled font {path} could not be loaded; "
                                      f"reinstall the package.")


def family(spec: str) -> str:
    """The family a --font names: a bundled family (in any case), or a .ttf or .otf
    file, which is added to fontconfig and named by the family written inside it."""
    for name in FILES:
        if spec.casefold() == name.casefold():
            return name
    path = Path(spec)
    if path.suffix.lower() not in FONT_FILES:
        raise InputError(f'"{spec}" is neither a bundled font ({", ".join(FILES)}) nor a '
                         f"font file (.ttf or .otf).", option="font")
    return _own_family(path.resolve())


@cache
def _own_family(path: Path) -> str:
    from PIL import ImageFont  # Pillow reads the font's own name with FreeType

    try:
        name, _style = ImageFont.truetype(str(path), 10).getname()
    except OSError as exc:
        reason = "no such file" if not path.exists() else "it is not a font Pillow can read"
        raise InputError(f"cannot use the font file {path}: {reason} ({exc}).",
                         option="font") from None
    if not name or name in FILES:
        raise InputError(f'the font file {path} calls itself "{name}", a bundled font\'s name '
                         f"(or none); name that font with --font {name or '…'} instead.",
                         option="font")
    register()
    if not _fontconfig().FcConfigAppFontAddFile(None, str(path).encode()):
        raise InputError(f"fontconfig could not load the font file {path}.", option="font")
    _own[name] = path
    return name


@cache
def face(bold: bool = False, family: str = FAMILY) -> cairo.ToyFontFace:
    """One face per family and weight for the whole process: every text drawn or
    measured asks. A family of the user's own has the one weight of its file
    (fontconfig may embolden it for bold)."""
    register()
    if family not in FILES and family not in _own:
        raise ValueError(f"{family!r} is neither a bundled font nor one read from a file")
    return cairo.ToyFontFace(family, cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
