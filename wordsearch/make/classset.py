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
from wordsearch.puzzle import Apart, ClassSet, Puzzle, Sheet

MAX_COPIES = 1000
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends
ENDING_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def sheet_codes(set_code: str, count: int) -> list[str]:
    """Each puzzle's code: the set's code and its number. A set of one puzzle keeps
    the set's code, so a single puzzle is made exactly as without a set."""
    if count == 1:
        return [set_code]
    longest = seeds.MAX_CODE_LENGTH - len(f"-{count}.{TRIES_PER_COPY}")
    if len(set_code) > longest:
        raise InputError(f"a seed for a set of {count} puzzles may have at most {longest} "
                         f"characters, so that each puzzle's code (the seed, -{count} and "
                         f"a copy's further try, .{TRIES_PER_COPY}) "
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


# A copy's codes on one grid size before its list moves to the next size: the
# code of its place in the set, then CODE.2 to CODE.TRIES_PER_COPY.
TRIES_PER_COPY = 8
# Sizes a list may grow by to keep its copies apart, each one cell across.
MOST_GROWTH = 4


def footprint(puzzle: Puzzle) -> frozenset:
    """A puzzle's placements as a pupil sees them: each listed word and the cells
    it covers (a word read the other way along the same cells is the same place:
    the same row of letters on a neighbour's sheet)."""
    return frozenset((p.word, frozenset(p.cells())) for p in puzzle.words if not p.added)


def too_alike(shared: int, words: int) -> bool:
    """APART_RULE: more than a third of the placements in common. A third because a
    pupil who copies a neighbour's first few finds must then be wrong on most of
    the rest, while 15 words on their tightest grid still have room for 30 copies
    this far apart (the issue's class set: 5 identical pairs without a rule)."""
    return 3 * shared > words


@dataclass(frozen=True)
class Job:
    """One puzzle to make: its place in the set's page order, its code and the
    smallest grid across it may have (None: the options' own)."""
    index: int
    code: str
    min_grid: int | None


class KeepApart:
    """Which puzzles a set still needs so that its copies keep APART_RULE, asked and
    answered in rounds: wanted() the jobs, take() each one's puzzle, until done().

    Each copy, in page order, is the first of its codes whose puzzle is not too
    alike any earlier copy of its list; a list whose copy finds none in
    TRIES_PER_COPY codes has too few different layouts on its grid, and all its
    copies are made again a size larger (one size for all of a list's copies: the
    same difficulty for every pupil, one answer-page size). Rounds ask only for
    puzzles that this order needs, so the set is the same however many processes
    make each round: the command's --jobs and the web's workers alike."""

    def __init__(self, plan: Plan, lists: int, *, min_grid: int | None = None,
                 grid_fixed: bool = False):
        self.plan = plan
        self.grid_fixed = grid_fixed
        self.floor: list[int | None] = [min_grid] * lists
        self.first_floor = min_grid
        self.grown_from: list[int | None] = [None] * lists
        self.copies = [[i for i, (k, _, _) in enumerate(plan.puzzles) if k == list_index]
                       for list_index in range(lists)]
        # Each copy's puzzles so far, in the order of its codes, with their footprints.
        self.tried: list[list[tuple[Puzzle, frozenset]]] = [[] for _ in plan.puzzles]
        self.chosen: list[int | None] = [None] * len(plan.puzzles)

    def job(self, index: int, attempt: int) -> Job:
        code = self.plan.puzzles[index][2]
        return Job(index, code if attempt == 0 else f"{code}.{attempt + 1}",
                   self.floor[self.plan.puzzles[index][0]])

    def take(self, job: Job, puzzle: Puzzle) -> None:
        """The puzzle a job asked by wanted() gave (in any order within a round)."""
        tried = self.tried[job.index]
        tried.append((puzzle, footprint(puzzle)))
        tried.sort(key=lambda made: self._attempt(job.index, made[0].code))

    def _attempt(self, index: int, code: str) -> int:
        base = self.plan.puzzles[index][2]
        return 0 if code == base else int(code[len(base) + 1:]) - 1

    def wanted(self) -> list[Job]:
        """The next round's jobs; none once every puzzle is chosen."""
        jobs: list[Job] = []
        for k, copies in enumerate(self.copies):
            jobs += self._list_wants(k, copies)
        return jobs

    def _list_wants(self, k: int, copies: list[int]) -> list[Job]:
        kept: list[frozenset] = []
        wants: list[Job] = []
        settled = True  # every earlier copy is chosen, so `kept` is final so far
        for i in copies:
            tried = self.tried[i]
            fits = next((a for a, (_, places) in enumerate(tried)
                         if not any(too_alike(len(places & other), len(places))
                                    for other in kept)), None)
            if fits is not None:
                if settled:
                    self.chosen[i] = fits
                    kept.append(tried[fits][1])
                continue
            # Every code tried is too alike an earlier copy, and will stay so.
            if len(tried) < TRIES_PER_COPY:
                wants.append(self.job(i, len(tried)))
                settled = False
                continue
            return self._grow(k, copies, i)
        return wants

    def _grow(self, k: int, copies: list[int], stuck: int) -> list[Job]:
        """All the list's copies again, a size up from the largest grid they had."""
        side = max(max(p.rows, p.cols) for i in copies for p, _ in self.tried[i])
        if self.grid_fixed or self.grown_from[k] is not None and \
                side + 1 - self.grown_from[k] > MOST_GROWTH:
            number = copies.index(stuck) + 1
            raise PackingError(
                f"copy {number} of {len(copies)} shares more than a third of its "
                f"placements with an earlier copy in each of {TRIES_PER_COPY} tries on the "
                f"{side}×{side} grid: it has too few different layouts for this many "
                f"copies. Give a bigger grid, more directions or fewer copies.",
                option="grid" if self.grid_fixed else "copies")
        if self.grown_from[k] is None:
            self.grown_from[k] = side
        self.floor[k] = side + 1
        for i in copies:
            self.tried[i] = []
            self.chosen[i] = None
        return [self.job(i, 0) for i in copies]

    def puzzles(self) -> list[Puzzle]:
        """Each puzzle chosen, in page order, once wanted() asks for none."""
        return [self.tried[i][a][0] for i, a in enumerate(self.chosen)]

    def notes(self) -> tuple[Apart, ...]:
        """How far apart each list's copies are, for the lists with several."""
        notes = []
        for k, copies in enumerate(self.copies):
            if len(copies) < 2:
                continue
            prints = [self.tried[i][self.chosen[i]][1] for i in copies]
            most = max(len(a & b) for n, a in enumerate(prints) for b in prints[:n])
            grown = self.grown_from[k]
            notes.append(Apart(k + 1, len(copies), max(len(p) for p in prints), most,
                               self.floor[k] if grown is not None else None, grown))
        return tuple(notes)


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
    sizes tried when the puzzles are made in this process (one job). The copies of
    each list keep APART_RULE (KeepApart): the set's `apart` says how far apart."""
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
    apart = KeepApart(plan, len(sections), min_grid=options.min_grid,
                      grid_fixed=options.grid is not None)
    while wanted := apart.wanted():
        work = [(word_lists[plan.puzzles[job.index][0]],
                 options.but(seed=job.code, language=sections[plan.puzzles[job.index][0]].language,
                             **_floor(job), **_own_message(sections[plan.puzzles[job.index][0]])))
                for job in wanted]
        made = _run(work, jobs, on_done, progress)
        failures = [(job, result) for job, result in zip(wanted, made)
                    if isinstance(result, BaseException)]  # the first in page order is reported
        if failures:
            job, error = failures[0]
            section = sections[plan.puzzles[job.index][0]]
            if section.line is None or not isinstance(error, PackingError):
                raise error  # an option at fault is no one section's
            raise PackingError(f"in {section.where()}: {error}", option=error.option) from None
        for job, puzzle in zip(wanted, made):
            apart.take(job, puzzle)
    return ClassSet(plan.code, tuple(
        Sheet(n, sections[k].title or title, student, puzzle)
        for n, ((k, student, _), puzzle) in enumerate(zip(plan.puzzles, apart.puzzles()),
                                                      start=1)), apart.notes())


def _floor(job: Job) -> dict:
    """The grid floor a list's copies were moved up to, if they were."""
    return {} if job.min_grid is None else {"min_grid": job.min_grid}


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
