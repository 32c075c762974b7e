from wordsearch.cli import main

main(prog_name="wordsearch")
