"""Making puzzles, in the order the data flows: words (what was typed, checked and
folded) and sections (a words file's lists) -> shape (the cells, from a size or a
mask) -> packer (the words placed, by the C beam search) -> fill (filler letters,
every word exactly once) -> generate (one Puzzle) and classset (a set of them)."""
