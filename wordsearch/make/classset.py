"""Class sets: several puzzles from one run, one per list and copy (or student),
built in parallel, each with a code that regenerates it on its own."""
from __future__ import annotations

import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wordsearch import seeds
from wordsearch.errors import InputError, PackingError, WordsearchError, printable
from wordsearch.make.generate import generate, usable_cores
from wordsearch.make.options import MakeOptions
from wordsearch.make.sections import Section
from wordsearch.make.words import WordList
from wordsearch.puzzle import ClassSet, Puzzle, Sheet

MAX_COPIES = 1000
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends
ENDING_SIGNALS = {signal.SIGINT, signal.SIGTERM}


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


@dataclass(frozen=True)
class Plan:
    """A set before any puzzle is made: its code and, in page order, each puzzle's
    list (its index among the lists), student ("" when the set has none) and code."""
    code: str
    puzzles: tuple[tuple[int, str, str], ...]


def plan_set(lists: int, copies: int = 1, students: Sequence[str] = (),
             seed: str | None = None) -> Plan:
    """Who gets which puzzle: for each of `lists` lists, one copy per student, or
    `copies` copies; every front end plans its sets here, so that a set's code
    gives the same puzzles from the command and from the web page."""
    if students and copies != 1:
        raise InputError("give a number of copies or a list of students, not both: each "
                         "student gets one copy of every list.", option="copies")
    if not 1 <= copies <= MAX_COPIES:
        raise InputError(f"{copies} copies is out of range; make 1 to {MAX_COPIES} copies "
                         f"of each list.", option="copies")
    for number, name in enumerate(students, start=1):
        printable(name, f"student name {number}", "students")
    code = seeds.new_code() if seed is None else seeds.check_code(seed)
    who = list(students) or [""] * copies
    order = [(k, student) for k in range(lists) for student in who]
    return Plan(code, tuple((k, student, sheet)
                            for (k, student), sheet in zip(order, sheet_codes(code, len(order)))))


def build_set(sections: Sequence[Section], options: MakeOptions | None = None, *,
              title: str = "", copies: int = 1, students: Sequence[str] = (),
              jobs: int | None = None, on_done: Callable[[], None] | None = None,
              progress: Callable[[str], None] | None = None, **choices) -> ClassSet:
    """Every puzzle of the set, in page order: for each section, one copy per
    student, or `copies` copies, each made as `options` say (or MakeOptions' fields
    given as keywords) with its own code, from the set's seed. The same seed gives
    the same set whatever the number of `jobs` (processes); each puzzle is made in
    the language its section was read in, within the time limit (each puzzle: a set
    of many takes longer than one, but none of them without bound). Ctrl-C or an
    error in one puzzle ends the worker processes at once. `progress` hears the grid
    sizes tried when the puzzles are made in this process (one job)."""
    if options is not None and choices:
        raise TypeError("give build_set() a MakeOptions or its fields, not both")
    options = MakeOptions(**choices) if options is None else options
    plan = plan_set(len(sections), copies, students, options.seed)
    # Every list checked first; a section without words takes its pick (a theme or
    # random words) in generate(), each copy its own.
    word_lists = [section.words if section.entries else () for section in sections]
    cores = usable_cores()
    jobs = max(1, min(jobs or cores, len(plan.puzzles)))
    options = options.but(threads=options.threads or max(1, cores // jobs))
    work = [(word_lists[k], options.but(seed=code, language=sections[k].language,
                                        **_own_message(sections[k])))
            for k, _, code in plan.puzzles]

    puzzles = _run(work, jobs, on_done, progress)
    failures = [(i, result) for i, result in enumerate(puzzles)
                if isinstance(result, BaseException)]  # the first in page order is reported
    if failures:
        i, error = failures[0]
        section = sections[plan.puzzles[i][0]]
        if section.line is None or not isinstance(error, PackingError):
            raise error  # an option at fault is no one section's
        raise PackingError(f"in {section.where()}: {error}", option=error.option) from None
    return ClassSet(plan.code, tuple(
        Sheet(n, sections[k].title or title, student, puzzle)
        for n, ((k, student, _), puzzle) in enumerate(zip(plan.puzzles, puzzles), start=1)))


def _own_message(section: Section) -> dict:
    """A section's own hidden message (its > line) instead of the set's."""
    return {} if section.message is None else {"message": section.message}


def _made(job: tuple[WordList, MakeOptions],
          progress: Callable[[str], None] | None = None) -> Puzzle | WordsearchError:
    """A puzzle, or the library's error as a value, to cross back from a worker."""
    words, options = job
    try:
        return generate(words, options, progress=progress)
    except WordsearchError as exc:
        return exc


def _run(work: list, jobs: int, on_done: Callable[[], None] | None,
         progress: Callable[[str], None] | None) -> list:
    """Results in the order of `work`: a Puzzle, the error raised, or None for a
    puzzle not made because another had failed."""
    results: list = [None] * len(work)
    if jobs == 1:
        for i, job in enumerate(work):
            results[i] = _made(job, progress)
            if isinstance(results[i], WordsearchError):
                break
            if on_done:
                on_done()
        return results

    def done(result) -> None:
        if on_done and not isinstance(result, WordsearchError):
            on_done()

    # The workers are ended here, not when the pool is collected: after the last
    # result, at the first error, and on Ctrl-C or SIGTERM, which the main process
    # alone hears (an interrupt inside the pool's __del__ would be lost).
    pool = _pool(jobs)
    try:
        pending = [pool.apply_async(_made, (job,), callback=done) for job in work]
        for i, result in enumerate(pending):
            results[i] = result.get()
            if isinstance(results[i], WordsearchError):
                break
    finally:
        pool.terminate()
        pool.join()
    return results


def _pool(jobs: int):
    """A pool of `jobs` workers, forked with Ctrl-C and SIGTERM held back. A worker
    that pool.terminate() ends before worker_starts has run would otherwise run the
    command's own handler in a forked copy of a process with threads, and could hang
    there, and the run with it (one book in 36, ended after its last puzzle, before
    this); held back, the signal waits for worker_starts, which lets it through."""
    # Imported here: a single puzzle should not pay for loading multiprocessing.
    import multiprocessing

    previous = signal.pthread_sigmask(signal.SIG_BLOCK, ENDING_SIGNALS)
    try:
        return multiprocessing.Pool(jobs, initializer=worker_starts)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def worker_starts() -> None:
    """A worker process leaves Ctrl-C to the main one, which ends the workers, and
    ends with the main one however that ends (Linux: the parent-death signal)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the command's handler, if forked
    signal.pthread_sigmask(signal.SIG_UNBLOCK, ENDING_SIGNALS)  # held back by _pool
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass  # no prctl on this system: the main process still ends the workers
