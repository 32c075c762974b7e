"""The play page's focus ring is seen at 3:1 or more (WCAG 1.4.11, non-text
contrast) against everything a focused cell can sit on, light and dark: the page,
white, the selection, each found word's fill (its colour at the capsule's opacity
over the paper) and a hinted cell; computed from style.css's own values."""
import re
from importlib import resources

import pytest

CSS = resources.files("wordsearch").joinpath("static", "style.css").read_text(encoding="utf-8")
DARK = CSS[CSS.index("@media (prefers-color-scheme: dark)"):]
DARK = DARK[:DARK.index("\n}\n")]


def variables(block: str) -> dict[str, str]:
    return {name: six(value) for name, value in
            re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b)", block)}


def six(colour: str) -> str:
    return colour if len(colour) == 7 else "#" + "".join(c * 2 for c in colour[1:])


def rule(css: str, selector: str) -> str:
    return re.search(re.escape(selector) + r"\s*\{([^}]*)\}", css).group(1)


def luminance(colour: str) -> float:
    def linear(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def ratio(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def over(colour: str, paper: str, alpha: float) -> str:
    return "#" + "".join(f"{round(alpha * int(colour[i:i + 2], 16) + (1 - alpha) * int(paper[i:i + 2], 16)):02x}"
                         for i in (1, 3, 5))


def test_the_contrast_ratio_is_wcags():
    assert ratio("#ffffff", "#000000") == pytest.approx(21)
    assert ratio("#f5a300", "#ffffff") == pytest.approx(2.07, abs=0.01)  # the old ring
    assert ratio("#f5a300", "#cfe3ff") == pytest.approx(1.59, abs=0.01)


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_the_focus_ring_is_3_to_1_on_everything_a_cell_sits_on(mode):
    light = {**variables(rule(CSS, ":root")), **variables(rule(CSS, "\n.play"))}
    colours = {**light, **variables(rule(DARK, ".play"))} if mode == "dark" else light
    ring = colours["focus"]
    assert "var(--focus)" in rule(CSS, ".cell:focus-visible")
    opacity = float(re.search(r"fill-opacity:\s*([\d.]+)", rule(CSS, "#marks .found-line")).group(1))
    selection = re.search(r"background:\s*(#\w{6})",
                          rule(DARK if mode == "dark" else CSS, ".cell.selecting")).group(1)
    behind = {"paper": colours["paper"], "selection": selection,
              **{f"word {n}": over(colours[f"w{n}"], colours["paper"], opacity) for n in range(8)}}
    if mode == "light":
        behind["white"] = "#ffffff"
    assert "var(--sun)" in rule(CSS, ".cell.hinted")
    hinted = re.search(r"outline-color:\s*(#\w{6})", rule(DARK, ".cell.hinted:focus-visible")) \
        if mode == "dark" else None
    low = {name: round(ratio(ring, colour), 2) for name, colour in behind.items()
           if ratio(ring, colour) < 3}
    assert not low, low
    assert ratio(hinted.group(1) if hinted else ring, colours["sun"]) >= 3
