"""Class sets: several puzzles from one run, one per list and copy (or student),
built in parallel, each with a code that regenerates it on its own."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from wordsearch import seeds
from wordsearch.errors import InputError, PackingError, WordsearchError
from wordsearch.make.generate import check_code, generate, usable_cores
from wordsearch.make.sections import Section
from wordsearch.make.shape import Mask
from wordsearch.make.words import WordList
from wordsearch.puzzle import ClassSet, Puzzle, Sheet

MAX_COPIES = 1000


def sheet_codes(set_code: str, count: int) -> list[str]:
    """Each puzzle's code: the set's code and its number. A set of one puzzle keeps
    the set's code, so a single puzzle is made exactly as without a set."""
    if count == 1:
        return [set_code]
    longest = seeds.MAX_CODE_LENGTH - len(f"-{count}")
    if len(set_code) > longest:
        raise InputError(f"a seed for a set of {count} puzzles may have at most {longest} "
                         f"characters, so that each puzzle's code (the seed and -{count}) "
                         f"stays within {seeds.MAX_CODE_LENGTH}.", option="seed")
    return [f"{set_code}-{n}" for n in range(1, count + 1)]


def _generate(job: tuple[WordList, str, dict]) -> Puzzle:
    words, code, options = job
    return generate(words, seed=code, **options)


def build_set(sections: Sequence[Section], *, title: str = "", copies: int = 1,
              students: Sequence[str] = (), seed: str | None = None,
              mask: Mask | str | Path | None = None, jobs: int | None = None,
              threads: int | None = None, on_done: Callable[[], None] | None = None,
              **options) -> ClassSet:
    """Every puzzle of the set, in page order: for each section, one copy per
    student, or `copies` copies. `options` are generate()'s (grid, directions,
    difficulty, beam). The same seed gives the same set whatever the number of
    `jobs` (processes); each puzzle is made by generate() with its own code, in
    the language its section was read in."""
    if students and copies != 1:
        raise InputError("give a number of copies or a list of students, not both: each "
                         "student gets one copy of every list.", option="copies")
    if not 1 <= copies <= MAX_COPIES:
        raise InputError(f"{copies} copies is out of range; make 1 to {MAX_COPIES} copies "
                         f"of each list.", option="copies")
    word_lists = [section.words for section in sections]  # every list checked first
    set_code = seeds.new_code() if seed is None else check_code(seed)
    if isinstance(mask, (str, Path)):
        mask = Mask.load(mask)
    who = list(students) or [""] * copies
    plan = [(k, student) for k in range(len(sections)) for student in who]
    codes = sheet_codes(set_code, len(plan))
    cores = usable_cores()
    jobs = max(1, min(jobs or cores, len(plan)))
    options = dict(options, mask=mask, threads=threads or max(1, cores // jobs))
    work = [(word_lists[k], code, options) for (k, _), code in zip(plan, codes)]

    puzzles = _run(work, jobs, on_done)
    failures = [(i, result) for i, result in enumerate(puzzles)
                if isinstance(result, BaseException)]  # the first in page order is reported
    if failures:
        i, error = failures[0]
        section = sections[plan[i][0]]
        if section.line is None or not isinstance(error, PackingError):
            raise error  # an option at fault is no one section's
        raise PackingError(f"in {section.where()}: {error}", option=error.option) from None
    return ClassSet(set_code, tuple(
        Sheet(n, sections[k].title or title, student, puzzle)
        for n, ((k, student), puzzle) in enumerate(zip(plan, puzzles), start=1)))


def _run(work: list, jobs: int, on_done: Callable[[], None] | None) -> list:
    """Results in the order of `work`: a Puzzle, the exception raised, or None for
    a puzzle not made because an earlier one had failed."""
    if jobs == 1:
        results: list = []
        for job in work:
            try:
                results.append(_generate(job))
            except WordsearchError as exc:
                return results + [exc] + [None] * (len(work) - len(results) - 1)
            if on_done:
                on_done()
        return results
    # Imported here: a single puzzle should not pay for loading multiprocessing.
    from concurrent.futures import FIRST_EXCEPTION, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_generate, job) for job in work]
        if on_done:
            for future in futures:
                future.add_done_callback(lambda f: on_done() if not f.cancelled() else None)
        done, _ = wait(futures, return_when=FIRST_EXCEPTION)
        if any(f.exception() for f in done):
            for future in futures:
                future.cancel()
        wait(futures)
    return [None if f.cancelled() else f.exception() or f.result() for f in futures]
