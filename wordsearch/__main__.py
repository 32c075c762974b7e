from wordsearch.entry import run

run()
