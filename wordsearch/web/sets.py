"""Class sets made in the background, with their progress to show.

A set takes one place in the workers' queue for as long as it runs, and makes its
puzzles through the workers a few at a time, each with its code SETCODE-n (or a
copy's further try, SETCODE-n.2) exactly as `wordsearch --copies N --seed SETCODE`
makes it, its copies kept apart by the command's rule. Sets live in the memory of the
server process that made them: the page polls that process for progress and
fetches the PDF from it; the most recent MAX_KEPT are kept."""
from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from dataclasses import dataclass

from wordsearch.errors import WordsearchError
from wordsearch.make.classset import KeepApart, Plan, plan_set
from wordsearch.puzzle import Puzzle
from wordsearch.web import jobs
from wordsearch.web.options import Request
from wordsearch.web.workers import Busy, Workers

MAX_KEPT = 20
INTERNAL = "something went wrong on the server while making the set; try again."
log = logging.getLogger("wordsearch.web")


@dataclass
class SetJob:
    id: str
    code: str
    total: int                    # puzzles made and to make, copies made again included
    puzzles: int = 0              # puzzles in the set
    done: int = 0
    state: str = "working"        # working, done, failed
    error: str = ""
    option: str | None = None
    pdf: bytes | None = None
    apart: tuple = ()  # the set's Apart notes, once done

    def progress(self) -> dict:
        """The page's view of the set; "total" grows when copies too alike a
        neighbour are made again, and once done "apart" says how far apart they are."""
        out = {"id": self.id, "code": self.code, "state": self.state, "done": self.done,
               "total": self.total, "puzzles": self.puzzles}
        if self.state == "failed":
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
        return self.jobs.get(id)

    def start(self, request: Request, mask: tuple[str, bytes | None] | None) -> SetJob:
        """Admits the set (or raises Busy) and starts making it."""
        options = dict(request.generate)
        plan = plan_set(1, request.set.get("copies", 1), request.set.get("students", []),
                        options.pop("seed", None))
        self.workers.admit()
        job = SetJob(secrets.token_urlsafe(9), plan.code, len(plan.puzzles), len(plan.puzzles))
        self.jobs[job.id] = job
        while len(self.jobs) > MAX_KEPT:
            self.jobs.popitem(last=False)
        task = asyncio.get_running_loop().create_task(
            self._make(job, request, options, mask, plan))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    async def _make(self, job: SetJob, request: Request, options: dict,
                    mask: tuple[str, bytes | None] | None, plan: Plan) -> None:
        at_once = asyncio.Semaphore(self.workers.processes)

        # The command's rule for copies, in the same rounds (build_set's KeepApart).
        apart = KeepApart(plan, 1, min_grid=options.get("min_grid"),
                          grid_fixed=options.get("grid") is not None)
        documents: dict[str, dict] = {}

        async def one(wanted) -> dict:
            async with at_once:
                floor = {} if wanted.min_grid is None else {"min_grid": wanted.min_grid}
                document = await self.workers.run(
                    jobs.make, request.words, dict(options, seed=wanted.code, **floor), mask,
                    request.page, self.time_limit, self.workers.threads)
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
                                             request.set.get("keys_per_page", 1))
            job.apart = apart.notes()
            job.state = "done"
        except (WordsearchError, Busy) as exc:
            for task in tasks:
                task.cancel()
            job.state, job.error = "failed", str(exc)
            job.option = getattr(exc, "option", None)
        except Exception:
            for task in tasks:
                task.cancel()
            log.exception("class set %s failed", job.id)
            job.state, job.error = "failed", INTERNAL
        finally:
            self.workers.leave()
