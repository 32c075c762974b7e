"""Class sets: asked for on any web process, made by a worker, their progress and
PDF kept in the storage, so that any process answers any poll and a restart loses
nothing finished.

make_set is the job, the same code wherever it runs: with SQLite in the server's
own worker processes, with PostgreSQL in `wordsearch worker` processes on any
machine, through the task queue (queue.py). It makes the set's puzzles, each with
its code SETCODE-n (or a copy's further try, SETCODE-n.2) exactly as `wordsearch
--copies N --seed SETCODE` makes it, its copies kept apart by the command's rule,
then the PDF, and writes progress and the result as the set's attempt: a worker
that died is followed by another (a new attempt from the start), and a result is
written only by the set's latest attempt, so a set is made into one result however
many workers began it.

While it works, a watcher says every BEAT seconds that it is alive, with its
progress, and learns whether the set was cancelled (DELETE, on any process) or
taken over; then the puzzles not yet begun never start. Any process sweeps: a set
nobody has asked about for UNPOLLED seconds is cancelled (its client has gone), one
whose worker has not said it is alive for STALLED seconds is failed, and a finished
set is kept for KEPT_SECONDS after it ended or was last fetched."""
from __future__ import annotations

import asyncio
import functools
import logging
import os
import socket
import time
from dataclasses import dataclass
from typing import Awaitable, Callable

from wordsearch.errors import WordsearchError
from wordsearch.make.classset import KeepApart, plan_set
from wordsearch.puzzle import Puzzle
from wordsearch.web import jobs, options
from wordsearch.web.storage import (CANCELLED, DONE, FAILED, SetRow, Storage, new_id)
from wordsearch.web.workers import Busy, TooMany

KEPT_SECONDS = 3600.0   # a finished set's PDF, for the teacher to fetch
UNPOLLED = 60.0         # seconds without a poll before an unfinished set is cancelled
STALLED = 90.0          # seconds without a sign of life before a working set is failed
BEAT = 2.0              # seconds between a working set's signs of life
MAX_ATTEMPTS = 2        # workers that may begin a set before it is failed
RUNNER = f"{os.getpid()}@{socket.gethostname()}"  # who makes a set, for whoever runs the service
INTERNAL = "something went wrong on the server while making the set; try again."
log = logging.getLogger("wordsearch.web")

# fn(*args) in a worker process, in the set's turn among the others' tasks.
Run = Callable[..., Awaitable]


def progress(row: SetRow) -> dict:
    """The page's view of the set; "total" grows when copies too alike a neighbour
    are made again, and once done "apart" says how far apart they are."""
    state = "working" if row.state in ("queued", "working") else row.state
    out = {"id": row.id, "code": row.code, "state": state, "done": row.done,
           "total": row.total, "puzzles": row.puzzles}
    if row.state in (FAILED, CANCELLED):
        out["error"] = row.error
        if row.option:
            out["option"] = row.option
    if row.state == DONE:
        out["pdf"] = f"/api/sets/{row.id}.pdf"
        out["apart"] = row.apart
    return out


def new_set(request: options.Request, mask: str | None, client: str, time_limit: float,
            now: float | None = None) -> SetRow:
    """The set `request` asks for, as the storage keeps it: plain JSON values that a
    worker anywhere makes it from (an upload by its name in the storage)."""
    now = time.time() if now is None else now
    generate = dict(request.generate)
    plan = plan_set(1, request.set.get("copies", 1), request.set.get("students", []),
                    generate.pop("seed", None))
    asked = {"words": request.words, "generate": generate, "mask": mask, "page": request.page,
             "set": request.set, "time_limit": time_limit, "code": plan.code}
    return SetRow(new_id(), plan.code, client, asked, len(plan.puzzles), len(plan.puzzles),
                  created=now, asked=now, beat=now)


def admit(storage: Storage, client: str, most: int) -> None:
    """Refuses a client that has `most` sets unfinished, on any process (TooMany)."""
    if storage.unfinished_sets(client) >= most:
        raise TooMany(f"you have {most} class sets being made, the most one computer may have "
                      f"at once; wait for them to finish.")


def sweep(storage: Storage, now: float | None = None, *,
          stalled: float | None = STALLED) -> None:
    gone, dead, old = storage.sweep_sets(unpolled=UNPOLLED, stalled=stalled, kept=KEPT_SECONDS,
                                         now=now)
    if gone or dead:
        log.info("sets swept: %d nobody asked about, %d whose worker stopped", gone, dead)


async def sweeping(storage: Storage, queue, every: float = 5.0) -> None:
    """sweep() every few seconds, and the queue's own sweep (a dead worker's sets
    queued again: queue.py), for as long as the server runs."""
    while True:
        await asyncio.sleep(every)
        try:
            await asyncio.to_thread(functools.partial(sweep, storage, stalled=queue.stalled))
            await queue.sweep()
        except Exception:  # noqa: BLE001 - swept again next time; the server goes on
            log.exception("sweeping the sets failed")


@dataclass
class Attempt:
    row: SetRow
    done: int = 0
    total: int = 0
    ended: bool = False  # the set ended elsewhere (cancelled, failed, taken over)


async def make_set(storage: Storage, id: str, run: Run, threads: int) -> None:
    """The job: makes set `id` as its latest attempt (see the module's note).
    Returns when the set has ended; raises CancelledError only when the worker is
    stopped (the queue then gives the set to another)."""
    row = await asyncio.to_thread(storage.begin_set, id, RUNNER)
    if row is None:
        return  # ended before it began: cancelled, or swept
    attempt = Attempt(row, total=row.total)
    if row.attempt > MAX_ATTEMPTS:
        await _end(storage, attempt, FAILED, error=f"the set was begun {MAX_ATTEMPTS} times and "
                   f"the worker making it stopped each time; make it again, with fewer copies.")
        return
    maker = asyncio.current_task()
    watcher = asyncio.ensure_future(_watch(storage, attempt, maker))
    try:
        pdf, notes = await _make(row, attempt, storage, run, threads)
        await _end(storage, attempt, DONE, pdf=pdf, apart=notes)
    except (WordsearchError, Busy) as exc:
        await _end(storage, attempt, FAILED, error=str(exc), option=getattr(exc, "option", None))
    except asyncio.CancelledError:
        if not attempt.ended:
            raise  # the worker is stopping: the set is left to the next attempt
    except Exception:
        log.exception("class set %s failed", id)
        await _end(storage, attempt, FAILED, error=INTERNAL)
    finally:
        watcher.cancel()


async def _make(row: SetRow, attempt: Attempt, storage: Storage, run: Run,
                threads: int) -> tuple[bytes, list]:
    asked = row.request
    generate, page = asked["generate"], asked["page"]
    mask = await asyncio.to_thread(_mask, storage, asked["mask"])
    plan = plan_set(1, asked["set"].get("copies", 1), asked["set"].get("students", []),
                    asked["code"])
    # The command's rule for copies, in the same rounds (build_set's KeepApart).
    apart = KeepApart(plan, 1, min_grid=generate.get("min_grid"),
                      grid_fixed=generate.get("grid") is not None)
    documents: dict[str, dict] = {}

    async def one(wanted) -> dict:
        floor = {} if wanted.min_grid is None else {"min_grid": wanted.min_grid}
        document = await run(jobs.make, asked["words"], dict(generate, seed=wanted.code, **floor),
                             mask, page, asked["time_limit"], threads)
        attempt.done += 1
        return document

    tasks: list[asyncio.Future] = []
    try:
        while wanted := apart.wanted():
            if tasks:  # a round after the first: copies made again
                attempt.total += len(wanted)
            tasks = [asyncio.ensure_future(one(w)) for w in wanted]
            for w, document in zip(wanted, await asyncio.gather(*tasks)):
                documents[document["code"]] = document
                apart.take(w, Puzzle.from_dict(document))
    finally:
        for task in tasks:  # cancelled, or one failed: the others never start
            task.cancel()
    title = page.get("title", "")
    sheets = [(title, student, documents[puzzle.code])
              for (_, student, _), puzzle in zip(plan.puzzles, apart.puzzles())]
    pdf = await run(jobs.draw_set, row.code, sheets, page, asked["set"].get("keys_per_page", 1))
    return pdf, [dict(note.to_dict(), says=note.describe()) for note in apart.notes()]


def _mask(storage: Storage, name: str | None) -> tuple[str, bytes | None] | None:
    """A mask's name and image: an upload's from the storage, or a built-in one's
    name alone (the worker reads it from the package)."""
    if name is None:
        return None
    if name.startswith(options.UPLOAD_PREFIX):
        png = storage.load_mask(name[len(options.UPLOAD_PREFIX):])
        if png is None:
            raise WordsearchError("the uploaded mask is not on this server any more; upload "
                                  "it again.")
        return jobs.UPLOAD_NAME, png
    return name, None


async def _watch(storage: Storage, attempt: Attempt, maker: asyncio.Task) -> None:
    """Every BEAT seconds, the attempt's progress and sign of life; when the set has
    ended elsewhere, the maker is stopped."""
    row = attempt.row
    while True:
        await asyncio.sleep(BEAT)
        alive = await asyncio.to_thread(storage.note_progress, row.id, row.attempt,
                                        attempt.done, attempt.total)
        if not alive:
            attempt.ended = True
            maker.cancel()
            return


async def _end(storage: Storage, attempt: Attempt, state: str, **result) -> None:
    row = attempt.row
    await asyncio.to_thread(storage.note_progress, row.id, row.attempt, attempt.done,
                            attempt.total)
    if not await asyncio.to_thread(storage.end_set, row.id, row.attempt, state, **result):
        log.info("class set %s attempt %d ended after the set had", row.id, row.attempt)
