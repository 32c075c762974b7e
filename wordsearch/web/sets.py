"""Class sets made in the background, with their progress to show.

A set takes one place in the workers' queue (its client's among them) for as long
as it runs, and puts its puzzles in its client's line, each with its code
SETCODE-n (or a copy's further try, SETCODE-n.2) exactly as `wordsearch --copies N
--seed SETCODE` makes it, its copies kept apart by the command's rule: the workers
take them in turn with other clients' tasks (workers.py). A set can be cancelled
(DELETE), and one nobody has asked about for UNPOLLED seconds is: its client has
gone, and its puzzles would take the workers for nothing. Sets live in the memory
of the server process that made them: the page polls that process for progress
and fetches the PDF from it; finished sets are kept for KEPT_SECONDS, at most
MAX_KEPT of them; a set still working is never dropped."""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass

from wordsearch.errors import WordsearchError
from wordsearch.make.classset import KeepApart, Plan, plan_set
from wordsearch.puzzle import Puzzle
from wordsearch.web import jobs
from wordsearch.web.options import Request
from wordsearch.web.workers import Busy, Workers

MAX_KEPT = 20
KEPT_SECONDS = 3600.0   # a finished set's PDF, for the teacher to fetch
UNPOLLED = 60.0         # seconds without a poll before a working set is cancelled
INTERNAL = "something went wrong on the server while making the set; try again."
log = logging.getLogger("wordsearch.web")


@dataclass
class SetJob:
    id: str
    code: str
    total: int                    # puzzles made and to make, copies made again included
    puzzles: int = 0              # puzzles in the set
    client: str = ""
    done: int = 0
    state: str = "working"        # working, done, failed, cancelled
    error: str = ""
    option: str | None = None
    pdf: bytes | None = None
    asked: float = 0.0            # time.monotonic() of the last poll (or the start)
    task: asyncio.Task | None = None
    apart: tuple = ()             # the set's Apart notes, once done

    def progress(self) -> dict:
        """The page's view of the set; "total" grows when copies too alike a
        neighbour are made again, and once done "apart" says how far apart they are."""
        out = {"id": self.id, "code": self.code, "state": self.state, "done": self.done,
               "total": self.total, "puzzles": self.puzzles}
        if self.state in ("failed", "cancelled"):
            out["error"] = self.error
        if self.state == "done":
            out["pdf"] = f"/api/sets/{self.id}.pdf"
            out["apart"] = [dict(note.to_dict(), says=note.describe()) for note in self.apart]
        return out


class Sets:
    def __init__(self, workers: Workers, time_limit: float) -> None:
        self.workers = workers
        self.time_limit = time_limit
        self.jobs: OrderedDict[str, SetJob] = OrderedDict()
        self._tasks: set[asyncio.Task] = set()

    def get(self, id: str) -> SetJob | None:
        """The set, its client's poll noted."""
        job = self.jobs.get(id)
        if job is not None:
            job.asked = time.monotonic()
        return job

    def start(self, request: Request, mask: tuple[str, bytes | None] | None,
              client: str = "") -> SetJob:
        """Admits the set for `client` (or raises Busy or TooMany) and starts making it."""
        options = dict(request.generate)
        plan = plan_set(1, request.set.get("copies", 1), request.set.get("students", []),
                        options.pop("seed", None))
        self.sweep()
        self.workers.admit(client)
        job = SetJob(secrets.token_urlsafe(9), plan.code, len(plan.puzzles), len(plan.puzzles),
                     client, asked=time.monotonic())
        self.jobs[job.id] = job
        job.task = asyncio.get_running_loop().create_task(
            self._make(job, request, options, mask, plan))
        self._tasks.add(job.task)
        job.task.add_done_callback(lambda task: self._ended(job, task))
        return job

    def _ended(self, job: SetJob, task: asyncio.Task) -> None:
        """The set's place in the queue given back, however it ended: made, failed,
        or cancelled (even before it began)."""
        self._tasks.discard(task)
        if job.state == "working":
            job.state = "cancelled"
            job.error = job.error or "the set was cancelled."
        job.asked = time.monotonic()  # a finished set is kept for KEPT_SECONDS from now
        self.workers.leave(job.client)

    def cancel(self, job: SetJob, why: str = "the set was cancelled.") -> None:
        """Stops a working set: its puzzles not yet begun never start."""
        if job.state == "working" and job.task is not None:
            job.error = why
            job.task.cancel()

    def sweep(self, now: float | None = None) -> None:
        """Cancels the working sets nobody asks about, and drops the finished sets
        past their time or past MAX_KEPT (the oldest first)."""
        now = time.monotonic() if now is None else now
        for job in list(self.jobs.values()):
            if job.state == "working" and now - job.asked > UNPOLLED:
                self.cancel(job, f"nobody asked about the set for {UNPOLLED:.0f} seconds, so it "
                                 f"was stopped; make it again.")
            elif job.state != "working" and now - job.asked > KEPT_SECONDS:
                del self.jobs[job.id]
        finished = [job for job in self.jobs.values() if job.state != "working"]
        for job in finished[:max(0, len(finished) - MAX_KEPT)]:
            del self.jobs[job.id]

    async def sweeping(self, every: float = 5.0) -> None:
        """sweep() every few seconds, for as long as the server runs."""
        while True:
            await asyncio.sleep(every)
            self.sweep()

    async def _make(self, job: SetJob, request: Request, options: dict,
                    mask: tuple[str, bytes | None] | None, plan: Plan) -> None:
        # The command's rule for copies, in the same rounds (build_set's KeepApart).
        apart = KeepApart(plan, 1, min_grid=options.get("min_grid"),
                          grid_fixed=options.get("grid") is not None)
        documents: dict[str, dict] = {}

        async def one(wanted) -> dict:
            floor = {} if wanted.min_grid is None else {"min_grid": wanted.min_grid}
            document = await self.workers.run(
                jobs.make, request.words, dict(options, seed=wanted.code, **floor), mask,
                request.page, self.time_limit, self.workers.threads, client=job.client,
                background=True)
            job.done += 1
            return document

        tasks: list[asyncio.Future] = []
        try:
            while wanted := apart.wanted():
                if tasks:  # a round after the first: copies made again
                    job.total += len(wanted)
                tasks = [asyncio.ensure_future(one(w)) for w in wanted]
                for w, document in zip(wanted, await asyncio.gather(*tasks)):
                    documents[document["code"]] = document
                    apart.take(w, Puzzle.from_dict(document))
            title = request.page.get("title", "")
            sheets = [(title, student, documents[puzzle.code])
                      for (_, student, _), puzzle in zip(plan.puzzles, apart.puzzles())]
            job.pdf = await self.workers.run(jobs.draw_set, job.code, sheets, request.page,
                                             request.set.get("keys_per_page", 1),
                                             client=job.client, background=True)
            job.apart = apart.notes()
            job.state = "done"
        except (WordsearchError, Busy) as exc:
            job.state, job.error = "failed", str(exc)
            job.option = getattr(exc, "option", None)
        except Exception:
            log.exception("class set %s failed", job.id)
            job.state, job.error = "failed", INTERNAL
        finally:
            for task in tasks:  # cancelled, or one failed: the others never start
                task.cancel()
