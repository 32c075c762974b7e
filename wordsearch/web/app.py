"""The web app: routes, the limits on what a request may send, and errors as JSON.

Starlette: small, typed, async, with a test client and static files from a
package, and nothing else to learn; uvicorn runs it. Every answer under /api/, and
every .json or .pdf, is JSON when it fails: {"error": message, "option": name},
never a traceback or an HTML page. Packs and pages are made in worker processes
(workers.py); what outlives a request is kept in the storage (storage/: SQLite,
or PostgreSQL shared by many web processes), so that any process answers any
request; class sets are made by the queue (queue.py: the server's own workers, or
`wordsearch worker` processes through the task queue).

Every puzzle has two links. The pupil's, /p/ID, is the play page and the puzzle
sheet alone (/p/ID.pdf, /p/ID.svg): nothing under it leads to an answer. The
teacher's, /t/SECRET, is the play page with links to the PDF with its key
(/t/SECRET.pdf), the key (/t/SECRET.key.svg) and the document with every word's
place (/t/SECRET.json). The secret is made when the puzzle is kept and is its own
path, not a parameter of the pupil's: a pupil who is given /p/ID has nothing to
add to it, and a wrong or missing secret is a 404, as for a puzzle that does not
exist, so a pupil learns nothing by trying. (A page sends a Referer to this site
only: the secret does not leave it with a click.)
Before any handler, SiteChecks refuses a Host the server was not told to answer to
(when it was told any) and a POST (or any request that changes something) from
another site's page; the handlers that read a body take it only in their own type
(JSON, or a PNG upload), so that no form or plain-text POST from elsewhere is read
as a request.
The handlers are plain functions of a request at module level; what they share
(storage, workers, queue, settings) is one Service on app.state, which create_app makes.
"""
from __future__ import annotations

import asyncio
import contextlib
import datetime
import email.message
import functools
import json
import logging
import re
from urllib.parse import urlsplit
from html import escape
from dataclasses import dataclass

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from wordsearch import lang
from wordsearch.lang import lists, ui
from wordsearch.directions import COMPASS, DIFFICULTIES
from wordsearch.errors import InputError, WordsearchError, quoted
from wordsearch.make.options import resolve_clue_language
from wordsearch.make.words import CLUE_MARK
from wordsearch.make.shape import builtin_masks, png_size
from wordsearch.puzzle import Puzzle
from wordsearch.render import html, paper
from wordsearch.render.html import asset
from wordsearch.web import (DEFAULT_DB, DEFAULT_KEEP_DAYS, DEFAULT_MAX_MB, DEFAULT_PER_CLIENT,
                           DEFAULT_TIME_LIMIT, DEFAULT_UPLOAD_DAYS, DEFAULT_WAITING, checks,
                           daily, jobs, limits, options, sets)
from wordsearch.web.limits import Limits, OverLimit
from wordsearch.web.metrics import Metrics
from wordsearch.web.queue import LocalQueue, TaskQueue
from wordsearch.web.storage import (Full, Record, SQLiteStorage, Storage, new_secret, open_storage,
                                    valid_id)
from wordsearch.web.workers import Busy, TooMany, Workers

log = logging.getLogger("wordsearch.web")

MAX_UPLOAD = 2 * 1024 * 1024       # bytes of a mask image
MAX_UPLOAD_PIXELS = 4_000_000      # a 2,000 x 2,000 drawing is plenty for 40 cells
PURGE_SECONDS = 3600.0             # between purges of what is past its time
BODY_SECONDS = 30.0                # to send a body (2 MB at 70 KB/s); a slower one holds a connection
PREVIEW_SIDE = 20                  # cells across the shape preview of an upload
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "worker-src 'self'; manifest-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
INTERNAL = "something went wrong on the server; try again, and report it if it goes on."
# The library names an option as the API spells it, except the page size (--size).
API_NAMES = {"size": "page_size"}
# What the live check of the words reads of a request.
WORD_CHECK = ("words", "language", "grid", "directions", "difficulty")
JSON_TYPE, PNG_TYPE = "application/json", "image/png"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")  # they change nothing: their Origin is not asked
# A file name a Content-Disposition gives as it is; any other is encoded (RFC 2231).
PLAIN_NAME = re.compile(r"[A-Za-z0-9._-]+")


class TooLarge(Exception):
    """The request body is over its limit: a 413 with this message."""


class TooSlow(Exception):
    """The request body did not arrive within BODY_SECONDS: a 408 with this message."""


class WrongType(Exception):
    """The request body is not of the type the address takes: a 415 with this message."""


@dataclass
class Config:
    db: str = DEFAULT_DB
    workers: int | None = None
    waiting: int = DEFAULT_WAITING
    time_limit: float = DEFAULT_TIME_LIMIT
    per_client: int = DEFAULT_PER_CLIENT
    trusted_proxies: tuple = ()   # networks (limits.networks) whose X-Forwarded-For is believed
    keep_days: float = DEFAULT_KEEP_DAYS
    upload_days: float = DEFAULT_UPLOAD_DAYS
    max_mb: float = DEFAULT_MAX_MB
    # The host names the server answers to (the Host header, without its port); none:
    # any, as for a server on the loopback address or behind a proxy that checks them.
    allowed_hosts: tuple[str, ...] = ()


# Beside the security headers, by the path's start: a teacher's pages (the answers)
# are kept by no cache but the teacher's browser's memory, and no one's puzzle is
# listed by a search engine.
PRIVATE = {"/t/": [(b"cache-control", b"private, no-store"),
                   (b"x-robots-tag", b"noindex, nofollow")],
           "/p/": [(b"x-robots-tag", b"noindex, nofollow")]}


class SecurityHeaders:
    """The Content-Security-Policy (no inline script, nothing from elsewhere) and its
    companions on every response; PRIVATE's on the puzzles' pages."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        async def sending(message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(b"content-security-policy", CSP.encode()),
                            (b"x-content-type-options", b"nosniff"),
                            (b"referrer-policy", b"same-origin"),
                            (b"x-frame-options", b"DENY")]
                for prefix, more in PRIVATE.items():
                    if scope["path"].startswith(prefix):
                        named = {name for name, _ in more}
                        headers = [h for h in headers if h[0] not in named] + more
                message = dict(message, headers=headers)
            await send(message)

        await self.app(scope, receive, sending) if scope["type"] == "http" else \
            await self.app(scope, receive, send)


class SiteChecks:
    """Refuses, before any handler runs, a request whose Host is not one of
    `allowed_hosts` when some are given (a page on another name that resolves to this
    server, DNS rebinding, would otherwise reach it as a site of its own), and a POST
    (or a request of any other method not in SAFE_METHODS) whose Origin is another
    site's (a form or a script on another site's page, sent by a visitor's browser:
    403). A POST without an Origin is allowed: browsers send one with every POST from
    a page, so it is a program's (curl, the API's own clients), which acts for no
    one's browser.

    The site's pages send a Referer to the site only (Referrer-Policy: same-origin),
    so their form's POST carries the site's Origin. A browser that still sends
    "Origin: null" (as a sandboxed frame on any site's page would, or under a
    stricter policy of its own) is served when its Sec-Fetch-Site, which no page can
    set, says the POST came from this site's own page ("same-origin")."""

    def __init__(self, app, allowed_hosts: tuple[str, ...] = ()) -> None:
        self.app = app
        self.allowed = {name.lower().strip("[]") for name in allowed_hosts}  # [::1] is ::1

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            request = Request(scope)
            refusal = self.refusal(request)
            if refusal is not None:
                message, status = refusal
                await _turned_away(request, message, status)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def refusal(self, request: Request) -> tuple[str, int] | None:
        host = request.headers.get("host", "")
        if self.allowed and _hostname(host) not in self.allowed:
            return (f"the Host header {quoted(host)} is not a name this server answers to; "
                    f"ask for the site by its own address.", 400)
        origin = request.headers.get("origin")
        if request.method not in SAFE_METHODS and origin is not None:
            if origin == "null":
                foreign = request.headers.get("sec-fetch-site") != "same-origin"
            else:
                name = _hostname(urlsplit(origin).netloc)
                foreign = name is None or (name != _hostname(host) and name not in self.allowed)
            if foreign:
                return (f"this request does not come from this site's own page (the Origin "
                        f"header is {quoted(origin)}); make puzzles on the site's page, or "
                        f"from a program, which sends no Origin.", 403)
        return None


def _hostname(netloc: str) -> str | None:
    """A Host header's or an Origin's name, without its port, in lower case."""
    try:
        return urlsplit(f"//{netloc}").hostname if netloc else None
    except ValueError:  # an unclosed [ of an IPv6 address
        return None


def _turned_away(request: Request, message: str, status: int) -> Response:
    """SiteChecks' refusal as the address answers its errors: JSON, or a page."""
    if _wants_json(request):
        return error(message, status)
    return HTMLResponse(_page(message), status_code=status)


def _wants_json(request: Request) -> bool:
    path = request.url.path
    return path.startswith("/api/") or path.endswith((".json", ".pdf", ".svg"))


def error(message: str, status: int, option: str | None = None, **headers) -> JSONResponse:
    body = {"error": message}
    if option:
        body["option"] = API_NAMES.get(option, option)
    return JSONResponse(body, status_code=status, headers=headers or None)


async def _http_error(request: Request, exc: HTTPException) -> Response:
    messages = {404: "there is nothing at this address.",
                405: f"{request.method} is not how this address is used."}
    message = messages.get(exc.status_code, str(exc.detail))
    if _wants_json(request):
        return error(message, exc.status_code)
    return HTMLResponse(_page(f"{exc.status_code}: {message}"), status_code=exc.status_code)


async def _crash(request: Request, exc: Exception) -> Response:
    log.exception("%s %s failed", request.method, request.url.path)
    if _wants_json(request):
        return error(INTERNAL, 500)
    return HTMLResponse(_page(INTERNAL), status_code=500)


def refused(request: Request, exc: Busy | TooMany | OverLimit | Full) -> HTMLResponse:
    """A page's answer when the service, the client's share or the storage is full."""
    reason, status, headers = refusal(exc)
    service(request).metrics.rejections.labels(reason).inc()
    return HTMLResponse(_page(str(exc)), status_code=status, headers=headers)


def _page(text: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Word search'
            f'</title><link rel="stylesheet" href="/static/style.css"></head><body><main>'
            f'<p>{escape(text)}</p><p><a href="/">Make a puzzle</a></p></main>'
            f"</body></html>")


async def body_bytes(request: Request, limit: int, what: str) -> bytes:
    """The body, refused (TooLarge) once it passes `limit`, whatever the headers say."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise TooLarge(_too_large(what, limit))
    data = bytearray()
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                data += chunk
                if len(data) > limit:
                    raise TooLarge(_too_large(what, limit))
    except TimeoutError:
        raise TooSlow(f"{what} took more than {BODY_SECONDS:.0f} seconds to arrive; send it "
                      f"again on a faster connection.") from None
    return bytes(data)


def _too_large(what: str, limit: int) -> str:
    size = f"{limit // 1024} KB" if limit < 1 << 20 else f"{limit >> 20} MB"
    return f"{what} is larger than {size}, the most the server takes; send less."


def check_type(request: Request, wanted: str, what: str) -> None:
    """Refuses (WrongType) a body that does not say it is of the type `wanted`, before
    it is read: a form or plain text, which any page can send to any site, is never
    read as a request."""
    given = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if given != wanted:
        said = f"as {quoted(given)}" if given else "without a Content-Type"
        raise WrongType(f"{what} was sent {said}; send it as {wanted} (the Content-Type "
                        f"header).")


async def json_body(request: Request):
    check_type(request, JSON_TYPE, "the request")
    return options.read_json(await body_bytes(request, options.MAX_BODY, "the request"))


def content_disposition(kind: str, name: str) -> str:
    """The Content-Disposition header of a file `name`, built by the standard library's
    email.message (quotes escaped, and any name but letters, digits, dots, hyphens
    and underscores encoded as RFC 2231 and RFC 6266 say): a name that comes from a
    request, such as a set's seed, can never add a parameter of its own."""
    header = email.message.Message()
    header.add_header("Content-Disposition", kind,
                      filename=name if PLAIN_NAME.fullmatch(name) else ("utf-8", "", name))
    return header["Content-Disposition"]


def api(handler):
    """Turns what a handler raises into the API's answers: the library's message
    with 422, the request's fault with 400, too large 413, too slow 408, this client
    over its limits 429, the whole service busy 503; each counted by its reason."""
    @functools.wraps(handler)
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except options.BadRequest as exc:
            reason, answer = "bad_request", error(str(exc), 400)
        except TooLarge as exc:
            reason, answer = "too_large", error(str(exc), 413)
        except TooSlow as exc:
            reason, answer = "too_slow", error(str(exc), 408)
        except WrongType as exc:  # the request's fault, as a body that is not JSON is
            reason, answer = "bad_request", error(str(exc), 415)
        except (Busy, TooMany, OverLimit, Full) as exc:
            reason, status, headers = refusal(exc)
            answer = error(str(exc), status, **headers)
        except WordsearchError as exc:
            reason, answer = "invalid", error(str(exc), 422, exc.option)
        service(request).metrics.rejections.labels(reason).inc()
        log.debug("refused", extra={"reason": reason, "status": answer.status_code,
                                    "method": request.method, "path": request.url.path,
                                    "client": client(request)})
        return answer
    return wrapped


def refusal(exc: Busy | TooMany | OverLimit | Full) -> tuple[str, int, dict[str, str]]:
    """The reason counted, the status and the Retry-After of a refusal: 503 when the
    service is busy, 429 when the client's share or one of its limits is full, the
    storage's own status when it is."""
    if isinstance(exc, Full):
        return "storage_full", exc.status, {"Retry-After": "60"}
    if isinstance(exc, Busy):
        return "busy", 503, {"Retry-After": "5"}
    if isinstance(exc, TooMany):
        return "share", 429, {"Retry-After": "5"}
    return exc.kind, 429, {"Retry-After": str(exc.retry_after)}


def links(id: str, secret: str | None = None) -> dict:
    """The pupil's links (the play page, the puzzle sheet as PDF and SVG) and, given
    the teacher's secret, the teacher's under "teacher": the API's answer gives them."""
    pupil: dict = {"play": f"/p/{id}", "pdf": f"/p/{id}.pdf", "svg": f"/p/{id}.svg"}
    if secret:
        pupil["teacher"] = teacher_links(secret)
    return pupil


def teacher_links(secret: str) -> dict[str, str]:
    """The teacher's: the play page, the PDF with its key, the document with every
    word's place, the puzzle sheet and the key as SVG."""
    return {"play": f"/t/{secret}", "pdf": f"/t/{secret}.pdf", "json": f"/t/{secret}.json",
            "svg": f"/t/{secret}.svg", "key_svg": f"/t/{secret}.key.svg"}


SITE_LINKS = {"make": "/", "daily": "/daily"}


@dataclass(frozen=True)
class Service:
    """What every handler shares, made once by create_app and kept on app.state:
    the handlers are plain functions of a request, so that each can be served, and
    tested, alone on any app that carries one."""
    config: Config
    storage: Storage
    workers: Workers
    queue: LocalQueue | TaskQueue
    make_pages: dict[str, str]  # by language code
    limits: Limits
    metrics: Metrics


def client(request: Request) -> str:
    """Who is asking, for the limits (limits.client_of)."""
    return limits.client_of(request.client.host if request.client else None,
                            request.headers.get("x-forwarded-for"),
                            service(request).config.trusted_proxies)


def service(request: Request) -> Service:
    return request.app.state.service


async def mask_of(request: Request, name: str | None) -> tuple[str, bytes | None] | None:
    """A mask's name and image: an upload's from storage, or a built-in one's name
    alone (the worker reads it from the package). Never a path from the request."""
    if name is None:
        return None
    if name.startswith(options.UPLOAD_PREFIX):
        png = await run_in_threadpool(service(request).storage.load_mask,
                                      name[len(options.UPLOAD_PREFIX):])
        if png is None:
            raise InputError("the uploaded mask is not on this server any more; upload "
                             "it again.", option="mask")
        return jobs.UPLOAD_NAME, png
    return name, None


async def make(request: Request, made: options.Request,
               id: str | None = None) -> tuple[str, Record]:
    """Makes the puzzle `made` asks for in a worker and keeps it, under `id` if given:
    one of the client's puzzles a minute, and its turn in the workers."""
    generate = dict(made.generate)
    mask = await mask_of(request, generate.pop("mask", None))
    server = service(request)
    await run_in_threadpool(server.limits.take, client(request), "puzzles")
    document = await server.workers.job(jobs.make, made.words, generate, mask, made.page,
                                        server.config.time_limit, server.workers.threads,
                                        client=client(request))
    record = Record(document, made.stored(), made.page, new_secret())
    return await run_in_threadpool(server.storage.save_puzzle, record, id), record


async def record_of(request: Request, id: str) -> Record:
    """The kept puzzle `id`, or a 404."""
    load = service(request).storage.load_puzzle
    record = await run_in_threadpool(load, id) if valid_id(id) else None
    if record is None:
        raise HTTPException(404)
    return record


async def teacher_of(request: Request) -> tuple[str, Record]:
    """The id and record of the puzzle whose teacher's secret the path has, or a 404
    (the same as for a puzzle that does not exist)."""
    secret = request.path_params["secret"]
    found = await run_in_threadpool(service(request).storage.load_teacher, secret) \
        if valid_id(secret) else None
    if found is None:
        raise HTTPException(404)
    return found


@api
async def post_puzzle(request: Request) -> Response:
    made = options.parse(await json_body(request))
    id, record = await make(request, made)
    return JSONResponse({"id": id, "puzzle": record.document,
                         "links": links(id, record.secret),
                         "page": record.page}, status_code=201)


@api
async def post_words(request: Request) -> Response:
    """Line-by-line feedback while the words are typed (checks.py); the grid and the
    directions, when given, mark a word too long for them."""
    body = await json_body(request)
    made = options.parse({k: v for k, v in body.items() if k in WORD_CHECK}
                         if isinstance(body, dict) else body)
    language = lang.resolve(made.generate.get("language"))
    longest = checks.longest_line(made.generate.get("grid"), checks.allowed(made.generate))
    return JSONResponse(checks.feedback(made.words, language, longest))


@api
async def get_themes(request: Request) -> Response:
    """The language's themed word lists, for the page to draw words from, each with
    its built-in clues in ?clue_language= (by default the language's own: definitions)
    where it has them."""
    asked = options.parse({"language": request.query_params.get("language", lang.DEFAULT),
                           "clue_language": request.query_params.get("clue_language")})
    language = lang.resolve(asked.generate["language"])
    clue_language = resolve_clue_language(asked.generate.get("clue_language") or language)
    clues = lists.clues(language.code, clue_language.code)
    return JSONResponse({"language": language.code, "clue_language": clue_language.code,
                         "themes": [
        {"name": theme.name, "title": theme.title, "words": list(theme.words),
         **({"clues": clues[theme.name]} if theme.name in clues else {})}
        for theme in lists.themes(language.code).values()]})


@api
async def post_mask(request: Request) -> Response:
    check_type(request, PNG_TYPE, "the image")
    png = await body_bytes(request, MAX_UPLOAD, "the image")
    await run_in_threadpool(service(request).limits.take, client(request), "upload", len(png))
    preview = await run_in_threadpool(_preview, png)
    id = await run_in_threadpool(service(request).storage.save_mask, png)
    return JSONResponse({"mask": options.UPLOAD_PREFIX + id, "preview": preview},
                        status_code=201)


async def builtin_mask(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in builtin_masks():
        raise HTTPException(404)
    return Response(jobs.builtin_png(name), media_type="image/png",
                    headers={"Cache-Control": "max-age=86400"})


async def get_options(request: Request) -> Response:
    return JSONResponse({
        "masks": builtin_masks(),
        "languages": [{"code": c, "name": lang.get(c).name,
                       "native_name": lang.get(c).native_name} for c in lang.codes()],
        "labels": {c: {"name": lang.get(c).labels["name"],
                       "date": lang.get(c).labels["date"]} for c in lang.codes()},
        "default_language": lang.DEFAULT,
        "page_sizes": paper.names(),
        "default_page_size": paper.DEFAULT,
        "directions": list(COMPASS),
        "difficulties": {k: list(v) for k, v in DIFFICULTIES.items()},
        "limits": {"words": options.MAX_WORDS, "side": options.MAX_SIDE,
                   "beam": options.MAX_BEAM, "copies": options.MAX_COPIES,
                   "body": options.MAX_BODY, "upload": MAX_UPLOAD,
                   "upload_pixels": MAX_UPLOAD_PIXELS,
                   "time_limit": service(request).config.time_limit},
    })


@api
async def post_set(request: Request) -> Response:
    """Starts a class set (202, its progress): kept in the storage, made by the
    queue, polled on any process."""
    made = options.parse(await json_body(request), with_set=True)
    server, who = service(request), client(request)
    mask = made.generate.get("mask")
    await mask_of(request, mask)  # an upload that is gone is refused now, not in the set
    await run_in_threadpool(server.limits.take, who, "sets")
    await run_in_threadpool(sets.admit, server.storage, who, server.config.per_client)
    row = sets.new_set(made, mask, who, server.config.time_limit)
    server.queue.admit(who)
    try:
        await run_in_threadpool(server.storage.add_set, row)
        await server.queue.submit(row)
    except BaseException:
        server.queue.leave(who)
        raise
    return JSONResponse(sets.progress(row), status_code=202)


async def delete_set(request: Request) -> Response:
    """Stops a set being made (its puzzles not begun never start, on whichever
    machine makes it); a finished one is left as it is. Its progress after."""
    storage = service(request).storage
    id = request.path_params["id"]
    await run_in_threadpool(storage.cancel_set, id, "the set was cancelled.")
    return await get_set(request)


async def get_set(request: Request) -> Response:
    row = await run_in_threadpool(service(request).storage.poll_set, request.path_params["id"])
    if row is None:
        raise HTTPException(404)
    return JSONResponse(sets.progress(row))


async def get_set_pdf(request: Request) -> Response:
    found = await run_in_threadpool(service(request).storage.set_pdf, request.path_params["id"])
    if found is None:
        raise HTTPException(404)
    code, pdf = found
    return Response(pdf, media_type="application/pdf", headers={
        "Content-Disposition": content_disposition("attachment", f"set-{code}.pdf")})


async def play(request: Request) -> Response:
    """The pupil's page."""
    id = request.path_params["id"]
    return play_page(request, id, await record_of(request, id))


async def teacher_play(request: Request) -> Response:
    """The teacher's page: the pupil's, with links to the answers and to the pupil's
    page, and Show answers whatever the pupils' page has."""
    id, record = await teacher_of(request)
    return play_page(request, id, record, teacher=True)


def play_page(request: Request, id: str, record: Record, teacher: bool = False) -> Response:
    """The play page in the pupil's language (the switch's ?lang=, else the
    browser's), whatever the puzzle's; its list and words stay the puzzle's. The
    pupil's links only to the puzzle sheet; the teacher's to the key as well."""
    code = ui.choose(request.query_params.get("lang"), request.headers.get("accept-language"))
    puzzle = Puzzle.from_dict(record.document)
    if teacher and record.secret:
        answers = teacher_links(record.secret)
        shown = {"pdf_key": answers["pdf"], "key_svg": answers["key_svg"],
                 "json": answers["json"], "pupil": links(id)["play"],
                 "again": f"{answers['play']}/again"}
    else:
        shown = {"pdf": links(id)["pdf"], "again": f"{links(id)['play']}/again"}
    if request.query_params.get("lang") == code:
        shown["again"] += f"?lang={code}"
    page = html.play_page(puzzle, record.page.get("title", ""),
                          links={**shown, **SITE_LINKS}, look=jobs.look(record.page),
                          ui_language=code, switch=True,
                          show_answers=teacher or record.page.get("show_answers", True))
    return HTMLResponse(page, headers={"Vary": "Accept-Language", "Content-Language": code})


# What a new layout of a puzzle does not take from the options it was made with:
# its code (a new one is drawn), and a theme or a draw, with the theme's clues (its
# words, with their clues, are given instead).
NOT_AGAIN = ("words", "seed", "theme", "random", "clues")


async def again(request: Request) -> Response:
    """A new layout of the same words (the ending's "New puzzle, same words"): the
    puzzle's own options but the code, with the words it listed and their clues (the
    words added to hide a message are chosen again), kept as a new puzzle with the same Show
    answers; then its page, the teacher's for a teacher. A form's POST, so that no
    link or crawler makes puzzles."""
    teacher = "secret" in request.path_params
    if teacher:
        id, record = await teacher_of(request)
    else:
        id = request.path_params["id"]
        record = await record_of(request, id)
    listed = [f"{word.label}{CLUE_MARK} {word.clue}" if word.clue else word.label
              for word in Puzzle.from_dict(record.document).words if not word.added]
    asked = {k: v for k, v in record.options.items() if k not in NOT_AGAIN}
    try:
        new_id, made = await make(request, options.parse({**asked, "words": listed}))
    except (Busy, TooMany, OverLimit, Full) as exc:
        return refused(request, exc)
    except WordsearchError as exc:
        return HTMLResponse(_page(f"no new layout: {exc}"), status_code=422)
    where = f"/t/{made.secret}" if teacher else f"/p/{new_id}"
    chosen = request.query_params.get("lang")
    if chosen in lang.codes():
        where += f"?lang={chosen}"
    return RedirectResponse(where, status_code=303)


@api
async def teacher_document(request: Request) -> Response:
    """The document with every word's place: the teacher's."""
    _, record = await teacher_of(request)
    return JSONResponse(record.document)


async def _drawn(request: Request, record: Record, kind: str, media: str,
                 name: str = "") -> Response:
    """The puzzle's PDF, or one of its pages as SVG, drawn in a worker; a PDF is
    named `name`."""
    data = await service(request).workers.job(jobs.draw, record.document, record.page, kind,
                                              client=client(request))
    headers = {"Content-Disposition": content_disposition("inline", name)} if name else {}
    return Response(data, media_type=media, headers=headers)


async def _pupils(request: Request, kind: str, media: str, name: str = "") -> Response:
    id = request.path_params["id"]
    return await _drawn(request, await record_of(request, id), kind, media, name)


async def _teachers(request: Request, kind: str, media: str, name: str = "") -> Response:
    _, record = await teacher_of(request)
    return await _drawn(request, record, kind, media, name)


@api
async def draw_pdf(request: Request) -> Response:
    """The pupils' PDF: the puzzle page alone."""
    return await _pupils(request, "sheet", "application/pdf",
                         f"puzzle-{request.path_params['id']}.pdf")


@api
async def draw_puzzle(request: Request) -> Response:
    return await _pupils(request, "puzzle", "image/svg+xml")


@api
async def teacher_pdf(request: Request) -> Response:
    """The teacher's PDF: the puzzle page and its key."""
    id, record = await teacher_of(request)
    return await _drawn(request, record, "pdf", "application/pdf",
                        f"puzzle-{id}-with-key.pdf")


@api
async def teacher_puzzle(request: Request) -> Response:
    return await _teachers(request, "puzzle", "image/svg+xml")


@api
async def teacher_key(request: Request) -> Response:
    return await _teachers(request, "key", "image/svg+xml")


async def service_worker(request: Request) -> Response:
    """The service worker (static/sw.js) from the site's root, so that its scope is
    every page: it keeps the pupils' pages and the browser's files for offline play."""
    return Response(asset("sw.js"), media_type="text/javascript", headers={
        "Service-Worker-Allowed": "/", "Cache-Control": "no-cache"})


async def manifest(request: Request) -> Response:
    """The web app manifest (static/manifest.webmanifest) in the page's language
    (?lang=, as each page links it, else the browser's): the site can be installed,
    under a name the pupil reads."""
    code = ui.choose(request.query_params.get("lang"), request.headers.get("accept-language"))
    texts = ui.texts(code)
    data = {**json.loads(asset("manifest.webmanifest")), "lang": code,
            "name": texts["common.site"], "short_name": texts["common.app_short"],
            "description": texts["common.app_description"]}
    return JSONResponse(data, media_type="application/manifest+json", headers={
        "Cache-Control": "max-age=3600", "Vary": "Accept-Language"})


async def daily_today(request: Request) -> Response:
    return RedirectResponse(f"/daily/{datetime.date.today().isoformat()}", status_code=302)


async def daily_page(request: Request) -> Response:
    """The date's puzzle, made the first time it is asked for and kept under its
    date's id."""
    date = daily.parse_date(request.path_params["date"])
    if date is None:
        return HTMLResponse(_page(f"there is a daily puzzle for each date from "
                                  f"{daily.FIRST} to {daily.LAST}, written YYYY-MM-DD."),
                            status_code=404)
    id = daily.puzzle_id(date)
    record = await run_in_threadpool(service(request).storage.load_puzzle, id)
    if record is None:
        try:
            id, record = await make(request, options.parse(daily.request(date)), id)
        except (Busy, TooMany, OverLimit, Full) as exc:
            return refused(request, exc)
    return play_page(request, id, record)


async def home(request: Request) -> Response:
    """The make page in the teacher's language: the one the switch asked for, else the
    browser's."""
    code = ui.choose(request.query_params.get("lang"), request.headers.get("accept-language"))
    return HTMLResponse(service(request).make_pages[code], headers={
        "Vary": "Accept-Language", "Content-Language": code})


def make_pages() -> dict[str, str]:
    """The make page in each language, filled in once: the package's files do not
    change while the server runs."""
    template = asset("make.html")
    return {code: ui.fill(template, code, lang=code, languages=_language_choices(code),
                          texts=html.script_json(_page_texts(code, ("common.", "make."))))
            for code in lang.codes()}


def _page_texts(code: str, prefixes: tuple[str, ...]) -> dict[str, str]:
    """The texts a page's script needs."""
    return {key: text for key, text in ui.texts(code).items() if key.startswith(prefixes)}


def _language_choices(chosen: str) -> str:
    return "".join(f'<option value="{code}"{" selected" if code == chosen else ""}>'
                   f"{escape(lang.get(code).native_name)}</option>" for code in lang.codes())


def watched(server: Service) -> None:
    """The gauges /metrics reads when scraped."""
    workers, watch = server.workers, server.metrics.watch
    watch("wordsearch_jobs_admitted", "Jobs admitted (puzzles, pages, sets), running or "
          "waiting.", lambda: workers.admitted)
    watch("wordsearch_tasks_waiting", "Tasks waiting for a worker.", lambda: workers.waiting)
    watch("wordsearch_tasks_running", "Tasks in a worker.", lambda: workers.running)
    watch("wordsearch_workers", "Worker processes.", lambda: workers.processes)
    watch("wordsearch_storage_bytes", "Bytes the storage takes.", server.storage.size)


async def healthz(request: Request) -> Response:
    """200 when the storage answers, the workers are alive and the queue has a
    worker for its sets, else 503 saying which is not: for a load balancer or a
    supervisor."""
    server = service(request)
    try:
        await run_in_threadpool(server.storage.ping)
        storage = "ok"
    except Exception as exc:  # noqa: BLE001 - whatever it is, the service is not healthy
        storage = f"failing: {exc}"
    try:
        queue = await server.queue.health()
    except Exception as exc:  # noqa: BLE001
        queue = {"ok": False, "error": str(exc)}
    workers = server.workers
    alive = workers.alive()
    ok = storage == "ok" and alive and queue["ok"]
    body = {"status": "ok" if ok else "failing", "storage": storage,
            "workers": {"processes": workers.processes, "alive": alive,
                        "running": workers.running, "waiting": workers.waiting,
                        "admitted": workers.admitted, "limit": workers.limit},
            "queue": queue}
    return JSONResponse(body, status_code=200 if ok else 503,
                        headers={"Cache-Control": "no-store"})


async def get_metrics(request: Request) -> Response:
    """The metrics, the database's and the queue's read now."""
    server = service(request)
    metrics = server.metrics
    try:
        for state, count in (await run_in_threadpool(server.storage.count_sets)).items():
            metrics.sets.labels(state).set(count)
        metrics.database_up.set(1)
    except Exception:  # noqa: BLE001 - a database that does not answer is what this says
        metrics.database_up.set(0)
    with contextlib.suppress(Exception):
        for what, value in (await server.queue.health()).items():
            if what not in ("kind", "ok"):
                metrics.queue.labels(what).set(value)
    data, media = await run_in_threadpool(metrics.text)
    return Response(data, headers={"Content-Type": media, "Cache-Control": "no-store"})


class Counted:
    """Counts every response by its status, for /metrics."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def sending(message) -> None:
            if message["type"] == "http.response.start":
                scope["app"].state.service.metrics.responses.labels(message["status"]).inc()
            await send(message)

        await self.app(scope, receive, sending)


@contextlib.asynccontextmanager
async def lifespan(app: Starlette):
    """The workers and the queue start with the server, and stop with it; while it
    runs, the sets are swept (sets.sweep) and the storage purged (purging)."""
    server = app.state.service
    server.workers.warm()
    await server.queue.open()
    loop = asyncio.get_running_loop()
    chores = [loop.create_task(sets.sweeping(server.storage, server.queue)), loop.create_task(purging(server))]
    try:
        yield
    finally:
        for chore in chores:
            chore.cancel()
        await server.queue.close()
        server.workers.close()


async def purging(server: Service, every: float = PURGE_SECONDS) -> None:
    """The storage purged of what is past its time, at the start and then hourly."""
    while True:
        try:
            puzzles, masks = await run_in_threadpool(server.storage.purge)
            if puzzles or masks:
                log.info("purged %d puzzles and %d uploads past their time", puzzles, masks)
        except Exception:  # noqa: BLE001 - a failed purge is tried again; the server goes on
            log.exception("purging the storage failed")
        await asyncio.sleep(every)


def create_app(config: Config | None = None, storage: Storage | None = None) -> Starlette:
    """The server: its Service (storage, workers, queue, settings), the routes to the
    handlers above, the security headers, errors as JSON, and the workers' lifespan."""
    config = config or Config()
    storage = storage or open_storage(config.db, max_mb=config.max_mb,
                                      keep_days=config.keep_days,
                                      upload_days=config.upload_days)
    metrics = Metrics()
    workers = Workers(config.workers, config.waiting, config.per_client, metrics.task_done)
    queue = LocalQueue(storage, workers) if isinstance(storage, SQLiteStorage) \
        else TaskQueue(storage.url, storage)
    server = Service(config, storage, workers, queue, make_pages(), Limits(storage), metrics)
    watched(server)
    routes = [
        Route("/", home),
        Route("/api/options", get_options),
        Route("/api/puzzles", post_puzzle, methods=["POST"]),
        Route("/api/words", post_words, methods=["POST"]),
        Route("/api/themes", get_themes),
        Route("/api/masks", post_mask, methods=["POST"]),
        Route("/api/masks/{name}.png", builtin_mask),
        Route("/api/sets", post_set, methods=["POST"]),
        Route("/api/sets/{id}.pdf", get_set_pdf),
        Route("/api/sets/{id}", get_set),
        Route("/api/sets/{id}", delete_set, methods=["DELETE"]),
        Route("/p/{id}.pdf", draw_pdf),
        Route("/p/{id}.svg", draw_puzzle),
        Route("/p/{id}/again", again, methods=["POST"]),
        Route("/p/{id}", play),
        Route("/t/{secret}.pdf", teacher_pdf),
        Route("/t/{secret}.key.svg", teacher_key),
        Route("/t/{secret}.svg", teacher_puzzle),
        Route("/t/{secret}.json", teacher_document),
        Route("/t/{secret}/again", again, methods=["POST"]),
        Route("/t/{secret}", teacher_play),
        Route("/sw.js", service_worker),
        Route("/manifest.webmanifest", manifest),
        Route("/healthz", healthz),
        Route("/metrics", get_metrics),
        Route("/daily", daily_today),
        Route("/daily/{date}", daily_page),
        Mount("/static", StaticFiles(packages=[("wordsearch", html.STATIC)]), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[
                        Middleware(Counted), Middleware(SecurityHeaders),
                        Middleware(SiteChecks, allowed_hosts=config.allowed_hosts)],
                    exception_handlers={HTTPException: _http_error, Exception: _crash},
                    lifespan=lifespan)
    app.state.service = server
    return app


def _preview(png: bytes) -> dict:
    """The uploaded shape as the grid will have it, PREVIEW_SIDE cells across; the
    pixel count is checked from the PNG's header before the image is decoded (a PNG
    of 300 KB may declare 50,000×50,000 pixels)."""
    from wordsearch.make.shape import Mask

    width, height = png_size(png) or (0, 0)  # not a PNG: Mask.from_png says what it is
    if width * height > MAX_UPLOAD_PIXELS:
        raise InputError(f"the image is {width:,}×{height:,} pixels; the web page takes at most "
                         f"{MAX_UPLOAD_PIXELS:,} (2,000×2,000). Scale it down.", option="mask")
    shape = Mask.from_png(png, jobs.UPLOAD_NAME).across(PREVIEW_SIDE)
    return {"rows": shape.rows, "cols": shape.cols, "cells": int(shape.inside.sum()),
            "grid": ["".join("#" if cell else "." for cell in row) for row in shape.inside]}
