"""The bundled font (Andika, wordsearch/fonts/), made known to Cairo.

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

FAMILY = "Andika"
FILES = ("Andika-Regular.ttf", "Andika-Bold.ttf")


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
    for name in FILES:
        with resources.as_file(folder.joinpath(name)) as path:
            if not fontconfig.FcConfigAppFontAddFile(None, str(path).encode()):
                raise WordsearchError(f"the bundled font {path} could not be loaded; "
                                      f"reinstall the package.")


@cache
def face(bold: bool = False) -> cairo.ToyFontFace:
    """One face per weight for the whole process: every text drawn or measured asks."""
    register()
    return cairo.ToyFontFace(FAMILY, cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
