"""Printable word search puzzles in which every word reads exactly once."""
from wordsearch.classset import ClassSet, Sheet, build_set
from wordsearch.errors import InputError, LayoutError, PackingError, WordsearchError
from wordsearch.generator import generate
from wordsearch.puzzle import Placement, Puzzle
from wordsearch.sections import split_sections
from wordsearch.words import Word, WordList, parse_words

__all__ = ["generate", "parse_words", "build_set", "split_sections", "Puzzle", "Placement",
           "Word", "WordList", "ClassSet", "Sheet", "WordsearchError", "InputError",
           "PackingError", "LayoutError"]
