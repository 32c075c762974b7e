"""Class sets made in the background, with their progress to show.

A set takes one place in the workers' queue for as long as it runs, and makes its
puzzles through the workers a few at a time, each with its code SETCODE-n exactly
as `wordsearch --copies N --seed SETCODE` makes it. Sets live in the memory of the
server process that made them: the page polls that process for progress and
fetches the PDF from it; the most recent MAX_KEPT are kept."""
from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from dataclasses import dataclass

from wordsearch.errors import WordsearchError
from wordsearch.make.classset import Plan, plan_set
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
    total: int
    done: int = 0
    state: str = "working"        # working, done, failed
    error: str = ""
    option: str | None = None
    pdf: bytes | None = None

    def progress(self) -> dict:
        out = {"id": self.id, "code": self.code, "state": self.state, "done": self.done,
               "total": self.total}
        if self.state == "failed":
            out["error"] = self.error
        if self.state == "done":
            out["pdf"] = f"/api/sets/{self.id}.pdf"
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
        job = SetJob(secrets.token_urlsafe(9), plan.code, len(plan.puzzles))
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

        async def one(code: str) -> dict:
            async with at_once:
                document = await self.workers.run(
                    jobs.make, request.words, dict(options, seed=code), mask, request.page,
                    self.time_limit, self.workers.threads)
                job.done += 1
                return document

        tasks = [asyncio.ensure_future(one(code)) for _, _, code in plan.puzzles]
        try:
            documents = await asyncio.gather(*tasks)
            title = request.page.get("title", "")
            sheets = [(title, student, document)
                      for (_, student, _), document in zip(plan.puzzles, documents)]
            job.pdf = await self.workers.run(jobs.draw_set, job.code, sheets, request.page,
                                             request.set.get("keys_per_page", 1))
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
