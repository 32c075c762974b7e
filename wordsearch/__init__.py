"""Printable word search puzzles in which every word reads exactly once."""
from wordsearch.errors import InputError, PackingError, WordsearchError
from wordsearch.generator import generate
from wordsearch.puzzle import Placement, Puzzle
from wordsearch.words import Word, WordList, parse_words

__all__ = ["generate", "parse_words", "Puzzle", "Placement", "Word", "WordList",
           "WordsearchError", "InputError", "PackingError"]
