"""The bundled fonts (Andika; Gentium Plus for Greek; wordsearch/fonts/), made
known to Cairo.

Cairo finds fonts by family name through fontconfig. Adding the bundled files to
fontconfig's application fonts makes "Andika" mean our copy whatever the system
has installed, so every page embeds the same font.
"""
from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache
from importlib import resources

import cairo

from wordsearch.errors import WordsearchError

FAMILY = "Andika"  # the family of every language that names no other
FILES = {"Andika": ("Andika-Regular.ttf", "Andika-Bold.ttf"),
         "Gentium Plus": ("GentiumPlus-Regular.ttf", "GentiumPlus-Bold.ttf")}


@cache
def register() -> None:
    """Adds the bundled font files to fontconfig, once per process."""
    library = ctypes.util.find_library("fontconfig")
    if library is None:
        raise WordsearchError("fontconfig, which Cairo uses to find fonts, is not installed; "
                              "install it (Debian: apt install libfontconfig1).")
    fontconfig = ctypes.CDLL(library)
    fontconfig.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    fontconfig.FcConfigAppFontAddFile.restype = ctypes.c_int
    folder = resources.files("wordsearch").joinpath("fonts")
    for name in (name for names in FILES.values() for name in names):
        with resources.as_file(folder.joinpath(name)) as path:
            if not fontconfig.FcConfigAppFontAddFile(None, str(path).encode()):
                raise WordsearchError(f"the bundled font {path} could not be loaded; "
                                      f"reinstall the package.")


@cache
def face(bold: bool = False, family: str = FAMILY) -> cairo.ToyFontFace:
    """One face per family and weight for the whole process: every text drawn or
    measured asks."""
    register()
    if family not in FILES:
        raise ValueError(f"{family!r} is not a bundled font")
    return cairo.ToyFontFace(family, cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
