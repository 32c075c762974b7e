"""Solving grids: straight lines, every word of a dictionary, and free paths.

A stage of its own beside make/: it takes values (a Puzzle, rows of letters, a
file's text) and gives values (a Solution), and knows nothing of how puzzles are
made. The searching is done in C (csrc/ws_dict.c, csrc/ws_solve.c).
"""
from __future__ import annotations

from wordsearch.solver.dictionary import Dictionary
from wordsearch.solver.grid import GridFile, read_grid
from wordsearch.solver.search import DEFAULT_MIN_LENGTH, solve
from wordsearch.solver.solution import Found, Reading, Solution

__all__ = ["DEFAULT_MIN_LENGTH", "Dictionary", "Found", "GridFile", "Reading", "Solution",
           "read_grid", "solve"]
