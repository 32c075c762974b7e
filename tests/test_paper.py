"""Page sizes: paper names, landscape, and W x H in points."""
import pytest

from wordsearch.errors import InputError
from wordsearch.render import paper


@pytest.mark.parametrize("spec, size", [
    ("letter", (612, 792)), ("Letter", (612, 792)), ("a4", (595.28, 841.89)),
    ("a4-landscape", (841.89, 595.28)), ("legal", (612, 1008)), ("a5", (419.53, 595.28)),
    ("792x612", (792, 612)), ("500.5 x 700", (500.5, 700)),
])
def test_page_sizes(spec, size):
    assert paper.page_size(spec) == size


@pytest.mark.parametrize("spec", ["a7", "612", "0x792", "100x100", "612x99999", "wide"])
def test_unusable_page_sizes_are_refused(spec):
    with pytest.raises(InputError):
        paper.page_size(spec)
