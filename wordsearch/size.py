"""Sizes written as W x H, and the one type a grid's size has.

A grid is always described as columns and rows by name (GridSize(cols=15,
rows=12)), never as a bare pair whose order a caller must remember; text takes
the W x H form everywhere, for grids in cells and pages in points alike.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# "20x12", "20 x 12", "20×12", "20X12", "20*12"; numbers may have a decimal part.
_WXH = re.compile(r"\s*(\d+(?:\.\d+)?)\s*[x×X*]\s*(\d+(?:\.\d+)?)\s*")


@dataclass(frozen=True, kw_only=True)
class GridSize:
    cols: int
    rows: int

    def __str__(self) -> str:
        return f"{self.cols}×{self.rows}"


def parse_wxh(text: str) -> tuple[float, float] | None:
    """(W, H) from "WxH", or None when the text is not of that form."""
    match = _WXH.fullmatch(text)
    return (float(match.group(1)), float(match.group(2))) if match else None
