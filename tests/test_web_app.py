"""The web app's parts one at a time (wordsearch.web.app): each handler served
alone on a small Starlette app that carries a Service (a real SQLite file, a real
worker process), and the pieces around them: the API's error mapping, the body
limits, the security headers, errors as JSON or as a page, and create_app's
assembly. tests/test_web_api.py drives the whole app through every endpoint."""
import asyncio
import concurrent.futures
import datetime
import html
import json
import os
import re

import pytest
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

import wordsearch
from wordsearch import lang
from wordsearch.lang import lists, ui
from wordsearch.errors import InputError
from wordsearch.web import app, daily, jobs, options
from wordsearch.web.app import Config, Service, create_app
from wordsearch.web.limits import Limits
from wordsearch.web.metrics import Metrics
from wordsearch.web import sets
from wordsearch.web.queue import LocalQueue
from wordsearch.web.storage import DONE, Record, SetRow, SQLiteStorage
from wordsearch.web.limits import OverLimit
from wordsearch.web.workers import Busy, TooMany, Workers

MAKE_PAGES = {code: f"<!doctype html><title>the make page in {code}</title>" for code in lang.codes()}
WORDS = ["sun", "moon", "star"]


@pytest.fixture(scope="module")
def workers():
    """One worker process, started now from this thread: a worker ends with the
    thread that started it (the parent-death signal is a thread's), and a test
    client's requests run in threads of their own that end with each request."""
    pool = Workers(1, waiting=1)
    concurrent.futures.wait(pool.warm())
    yield pool
    pool.close()


@pytest.fixture
def service(tmp_path, workers):
    config = Config(db=str(tmp_path / "db.sqlite3"), workers=1, time_limit=7.5)
    storage = SQLiteStorage(config.db)
    return Service(config, storage, workers, LocalQueue(storage, workers), MAKE_PAGES,
                   Limits(storage), Metrics())


def alone(service, path, handler, methods=None, *more: Route) -> TestClient:
    """`handler` as the one route (or beside the `more` routes) of an app that
    carries `service`."""
    small = Starlette(routes=[Route(path, handler, methods=methods), *more])
    small.state.service = service
    return TestClient(small, raise_server_exceptions=False)


def saved(service, **options) -> tuple[str, Record]:
    puzzle = wordsearch.generate(WORDS, grid=6, seed="saved", **options)
    record = Record(puzzle.to_dict(), {"words": WORDS, "seed": "saved"}, {"title": "Saved"},
                    "s3cret-teacher-1")
    return service.storage.save_puzzle(record), record


@pytest.fixture
def full(workers):
    """Every place in the workers' queue taken: a job sent now would be refused."""
    workers.admitted = workers.limit
    yield workers
    workers.admitted = 0


# ---- the handlers, each alone ----

@pytest.mark.parametrize("asked, accepted, code", [
    (None, None, "en"), (None, "es-MX,es;q=0.9,en;q=0.8", "es"), (None, "zh-CN, de;q=0.5", "de"),
    ("fr", "de", "fr"), ("xx", "pl", "pl"), (None, "en;q=0.2, sv;q=0.9", "sv"), (None, ";;,q=x", "en"),
])
def test_home_is_the_make_page_in_the_language_asked_for_else_the_browsers(
        service, asked, accepted, code):
    answer = alone(service, "/", app.home).get(
        "/", params={"lang": asked} if asked else None,
        headers={"Accept-Language": accepted} if accepted else None)
    assert answer.text == MAKE_PAGES[code]
    assert answer.headers["content-language"] == code and answer.headers["vary"] == \
        "Accept-Language"


@pytest.mark.parametrize("code", lang.codes())
def test_each_make_page_is_filled_in_its_language_with_every_text(code):
    page = app.make_pages()[code]
    assert f'<html lang="{code}">' in page and "{{" not in page
    texts = ui.texts(code)
    assert html.escape(texts["make.generate"]) in page
    script = json.loads(re.search(r'<script type="application/json" id="ui-texts">(.*?)</script>',
                                  page, re.S).group(1))
    assert script == {k: v for k, v in texts.items() if k.startswith(("common.", "make."))}
    assert f'<option value="{code}" selected>' in page


def test_themes_are_the_languages_own(service):
    client = alone(service, "/api/themes", app.get_themes)
    spanish = client.get("/api/themes", params={"language": "es"}).json()
    assert spanish["language"] == "es"
    assert [t["name"] for t in spanish["themes"]] == list(lists.themes("es"))
    animals = next(t for t in spanish["themes"] if t["name"] == "animals")
    assert animals["title"] == "Animales" and "jirafa" in animals["words"]
    assert client.get("/api/themes", params={"language": "pl"}).json()["themes"] == []
    refused = client.get("/api/themes", params={"language": "tlh"})
    assert refused.status_code == 422 and refused.json()["option"] == "language"


def test_the_options_give_the_servers_own_time_limit_and_limits(service):
    answer = alone(service, "/api/options", app.get_options).get("/api/options").json()
    assert answer["limits"]["time_limit"] == 7.5
    assert answer["limits"]["side"] == options.MAX_SIDE
    assert answer["limits"]["upload"] == app.MAX_UPLOAD
    assert "heart" in answer["masks"] and answer["default_language"] == "en"


def test_a_puzzle_is_made_in_a_worker_and_kept_in_the_services_storage(service):
    client = alone(service, "/api/puzzles", app.post_puzzle, methods=["POST"])
    answer = client.post("/api/puzzles", json={"words": WORDS, "seed": "alone",
                                               "title": "Alone"})
    assert answer.status_code == 201, answer.text
    made = answer.json()
    assert made["puzzle"] == wordsearch.generate(WORDS, seed="alone").to_dict()
    secret = made["links"]["teacher"]["play"].removeprefix("/t/")
    assert service.storage.load_puzzle(made["id"]) == Record(
        made["puzzle"], {"words": WORDS, "seed": "alone", "title": "Alone"},
        {"title": "Alone"}, secret)
    assert service.workers.admitted == 0


def test_a_puzzle_is_refused_at_once_when_the_queue_is_full(service, full):
    client = alone(service, "/api/puzzles", app.post_puzzle, methods=["POST"])
    answer = client.post("/api/puzzles", json={"words": WORDS})
    assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
    assert "busy" in answer.json()["error"]


def test_a_word_too_long_for_the_chosen_grid_and_directions_is_refused_as_typed():
    client = TestClient(Starlette(routes=[Route("/w", app.post_words, methods=["POST"])]))
    words = ["elephant", "hippopotamus", "cat"]
    lines = client.post("/w", json={"words": words, "grid": 10,
                                    "directions": ["E", "S"]}).json()["lines"]
    assert [line["state"] for line in lines] == ["ok", "error", "ok"]
    assert lines[1] | {"message": ""} == {"line": 2, "text": "hippopotamus", "state": "error",
                                          "reason": "grid", "letters": 12, "most": 10,
                                          "message": ""}
    assert "longest line of this grid in the chosen directions holds 10" in lines[1]["message"]
    tall = client.post("/w", json={"words": words, "grid": "14x6", "directions": ["S"]}).json()
    assert [line["state"] for line in tall["lines"]] == ["error", "error", "ok"]
    automatic = client.post("/w", json={"words": words, "difficulty": "easy"}).json()
    assert automatic["ready"] == 3


def test_the_words_are_checked_line_by_line_without_storage_or_workers():
    client = TestClient(Starlette(routes=[Route("/w", app.post_words, methods=["POST"])]))
    answer = client.post("/w", json={"words": ["Ice cream", "", "ice-cream", "a1"]}).json()
    assert answer["ready"] == 1
    assert [line["state"] for line in answer["lines"]] == ["ok", "blank", "duplicate", "error"]
    assert answer["lines"][0] == {"line": 1, "state": "ok", "label": "Ice cream",
                                  "form": "ICECREAM"}
    assert "same word as line 1 (ICECREAM)" in answer["lines"][2]["message"]
    assert answer["lines"][2]["first"] == 1 and answer["lines"][2]["text"] == "ice-cream"
    assert answer["lines"][3] | {"message": ""} == {
        "line": 4, "text": "a1", "state": "error", "reason": "letters", "letters": ["1"],
        "message": ""}


def test_an_upload_is_kept_in_the_services_storage(service):
    png = jobs.builtin_png("heart")
    client = alone(service, "/api/masks", app.post_mask, methods=["POST"])
    answer = client.post("/api/masks", content=png, headers={"content-type": "image/png"})
    assert answer.status_code == 201
    mask = answer.json()["mask"]
    assert mask.startswith(options.UPLOAD_PREFIX)
    assert service.storage.load_mask(mask[len(options.UPLOAD_PREFIX):]) == png
    assert answer.json()["preview"]["cols"] == app.PREVIEW_SIDE


def test_an_upload_no_longer_kept_is_refused_naming_the_mask(service):
    async def ask():
        scope = {"type": "http", "app": alone(service, "/", app.home).app}
        return await app.mask_of(Request(scope), options.UPLOAD_PREFIX + "ugone")

    with pytest.raises(InputError, match="upload it again") as refused:
        asyncio.run(ask())
    assert refused.value.option == "mask"


def test_a_built_in_mask_is_its_picture_and_no_other_name_is_one(service):
    client = alone(service, "/api/masks/{name}.png", app.builtin_mask)
    answer = client.get("/api/masks/star.png")
    assert answer.content == jobs.builtin_png("star")
    assert answer.headers["cache-control"] == "max-age=86400"
    assert client.get("/api/masks/setup.png").status_code == 404


def test_a_set_is_found_by_its_id_in_the_storage(service):
    storage = service.storage
    for id, code, puzzles in (("set1", "code", 2), ("set2", "other", 3)):
        storage.add_set(SetRow(id, code, "client", {}, puzzles, puzzles, created=1e10,
                               asked=1e10, beat=1e10))
    storage.begin_set("set1")
    storage.note_progress("set1", 1, 2, 2)
    storage.end_set("set1", 1, DONE, pdf=b"%PDF-set")
    progress = alone(service, "/api/sets/{id}", app.get_set)
    assert progress.get("/api/sets/set1").json() == {
        "id": "set1", "code": "code", "state": "done", "done": 2, "total": 2, "puzzles": 2,
        "pdf": "/api/sets/set1.pdf", "apart": []}
    assert progress.get("/api/sets/set2").json()["state"] == "working"
    assert progress.get("/api/sets/set3").status_code == 404
    pdf = alone(service, "/api/sets/{id}.pdf", app.get_set_pdf)
    answer = pdf.get("/api/sets/set1.pdf")
    assert answer.content == b"%PDF-set"
    assert answer.headers["content-disposition"] == 'attachment; filename="set-code.pdf"'
    assert pdf.get("/api/sets/set2.pdf").status_code == 404  # not made yet


def test_a_set_is_started_in_the_services_sets(service):
    with alone(service, "/api/sets", app.post_set, ["POST"],
               Route("/api/sets/{id}", app.get_set)) as client:
        answer = client.post("/api/sets", json={"words": WORDS, "copies": 2, "seed": "two"})
        assert answer.status_code == 202
        id = answer.json()["id"]
        while (progress := client.get(f"/api/sets/{id}").json())["state"] == "working":
            pass
    assert (progress["code"], progress["state"], progress["done"]) == ("two", "done", 2)
    assert service.storage.set_pdf(id)[1].startswith(b"%PDF")


def test_a_kept_puzzle_is_played_and_given_as_json_to_its_teacher(service):
    id, record = saved(service)
    play = alone(service, "/p/{id}", app.play).get(f"/p/{id}")
    assert play.status_code == 200 and "Saved" in play.text and f"/p/{id}.pdf" in play.text
    assert record.secret not in play.text and ".json" not in play.text
    teacher = alone(service, "/t/{secret}", app.teacher_play).get(f"/t/{record.secret}")
    assert teacher.status_code == 200 and f"/t/{record.secret}.json" in teacher.text
    document = alone(service, "/t/{secret}.json", app.teacher_document)
    assert document.get(f"/t/{record.secret}.json").json() == record.document
    assert document.get(f"/t/{id}.json").status_code == 404
    assert document.get("/t/missing.json").status_code == 404


def test_a_puzzle_kept_without_a_secret_has_no_teachers_page(service):
    puzzle = wordsearch.generate(WORDS, grid=6, seed="old")
    id = service.storage.save_puzzle(Record(puzzle.to_dict(), {}, {"title": "Old"}))
    play = alone(service, "/p/{id}", app.play).get(f"/p/{id}")
    assert play.status_code == 200 and "/t/" not in play.text
    assert alone(service, "/t/{secret}", app.teacher_play).get("/t/None").status_code == 404


def test_a_puzzle_is_played_in_the_pupils_language_with_a_switch(service):
    """The browser's language (Accept-Language), or the switch's ?lang=, whatever the
    puzzle's; the list's heading stays the puzzle's."""
    id, _ = saved(service)
    client = alone(service, "/p/{id}", app.play)
    french = client.get(f"/p/{id}", headers={"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.5"})
    assert french.status_code == 200 and '<html lang="fr">' in french.text
    assert "Faites glisser" in french.text and "Voir la solution" in french.text
    assert "Find these words" in french.text and "Drag across" not in french.text
    assert french.headers["content-language"] == "fr"
    assert "accept-language" in french.headers["vary"].lower()
    assert '<form class="ui-lang" method="get">' in french.text
    assert '<option value="fr" selected>' in french.text
    czech = client.get(f"/p/{id}?lang=cs", headers={"Accept-Language": "fr"})
    assert '<html lang="cs">' in czech.text and "Ukázat řešení" in czech.text
    plain = client.get(f"/p/{id}")
    assert '<html lang="en">' in plain.text and "Drag across" in plain.text


def again_client(service) -> TestClient:
    return alone(service, "/p/{id}/again", app.again, ["POST"],
                 Route("/t/{secret}/again", app.again, methods=["POST"]))


def listed(record: Record) -> list[str]:
    return [w["label"] for w in record.document["words"] if not w.get("added")]


@pytest.mark.slow
def test_a_new_layout_is_the_same_words_and_options_under_a_new_code(service):
    """The ending's "New puzzle, same words": a new puzzle kept with the words the
    old one listed (a message's added words chosen again) and its options (Show
    answers among them) but the code; the pupil goes to its page."""
    words = ["apple", "banana", "cherry", "grape", "lemon"]
    asked = {"words": words, "seed": "first", "grid": 9, "message": "yum",
             "show_answers": False, "title": "Fruit"}
    made = options.parse(asked)
    puzzle = wordsearch.generate(words, grid=9, seed="first", message="yum")
    id = service.storage.save_puzzle(Record(puzzle.to_dict(), made.stored(), made.page, "t-secret-1"))
    page = alone(service, "/p/{id}", app.play).get(f"/p/{id}")
    assert f'<form method="post" action="/p/{id}/again" id="new-layout">' in page.text
    answer = again_client(service).post(f"/p/{id}/again", follow_redirects=False)
    assert answer.status_code == 303
    new_id = answer.headers["location"].removeprefix("/p/")
    new = service.storage.load_puzzle(new_id)
    assert new_id != id and new.document["code"] != "first"
    assert listed(new) == ["Apple", "Banana", "Cherry", "Grape", "Lemon"]
    assert new.document["grid"] != puzzle.to_dict()["grid"]
    assert new.document["message"] == puzzle.to_dict()["message"]
    assert new.page == {"title": "Fruit", "show_answers": False} and new.options["grid"] == 9
    assert 'id="show"' not in alone(service, "/p/{id}", app.play).get(f"/p/{new_id}").text


def test_a_new_layout_of_a_draw_keeps_the_words_drawn(service):
    """The daily puzzle draws its words: a new layout does not draw again."""
    alone(service, "/daily/{date}", app.daily_page).get("/daily/2024-03-09")
    old = service.storage.load_puzzle("daily-2024-03-09")
    answer = again_client(service).post("/p/daily-2024-03-09/again?lang=fr",
                                        follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"].endswith("?lang=fr")
    new = service.storage.load_puzzle(answer.headers["location"][3:].split("?")[0])
    assert listed(new) == listed(old) and len(listed(new)) == daily.WORDS
    assert new.document["grid"] != old.document["grid"]
    assert "random" not in new.options and new.options["words"] == listed(old)


def test_a_teachers_new_layout_leads_to_the_new_teachers_page(service):
    id, record = saved(service)
    client = again_client(service)
    answer = client.post(f"/t/{record.secret}/again", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"].startswith("/t/")
    new_secret = answer.headers["location"][3:]
    assert new_secret != record.secret
    assert service.storage.load_teacher(new_secret)[0] != id
    assert client.post(f"/t/{id}/again").status_code == 404
    assert client.post("/p/missing/again").status_code == 404


def test_a_new_layout_is_asked_for_by_a_form_not_a_link(service):
    id, _ = saved(service)
    assert again_client(service).get(f"/p/{id}/again").status_code == 405


def test_a_new_layout_is_503_when_the_queue_is_full(service, full):
    id, _ = saved(service)
    answer = again_client(service).post(f"/p/{id}/again")
    assert answer.status_code == 503 and "busy" in answer.text


def test_an_id_that_is_not_one_is_not_looked_up(service):
    assert alone(service, "/p/{id}", app.play).get("/p/a%20b").status_code == 404


def unnumbered(drawing: bytes) -> bytes:
    """An SVG without Cairo's surface ids, which count the surfaces the process has
    made so far ("surface7"): the worker has drawn others before this one."""
    return re.sub(rb'id="surface\d+"', b'id="surface"', drawing)


@pytest.mark.parametrize("path, handler, drawn, media, name", [
    ("/p/{id}.pdf", app.draw_pdf, "sheet", "application/pdf", "puzzle-{id}.pdf"),
    ("/p/{id}.svg", app.draw_puzzle, "puzzle", "image/svg+xml", None),
    ("/t/{secret}.pdf", app.teacher_pdf, "pdf", "application/pdf", "puzzle-{id}-with-key.pdf"),
    ("/t/{secret}.svg", app.teacher_puzzle, "puzzle", "image/svg+xml", None),
    ("/t/{secret}.key.svg", app.teacher_key, "key", "image/svg+xml", None),
])
def test_a_kept_puzzle_is_drawn_in_a_worker(service, path, handler, drawn, media, name):
    id, record = saved(service)
    answer = alone(service, path, handler).get(path.format(id=id, secret=record.secret))
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith(media)
    assert unnumbered(answer.content) == unnumbered(jobs.draw(record.document, record.page,
                                                             drawn))
    assert answer.headers.get("content-disposition") == (
        name and f'inline; filename="{name.format(id=id)}"')


def test_today_is_todays_date():
    client = TestClient(Starlette(routes=[Route("/daily", app.daily_today)]))
    answer = client.get("/daily", follow_redirects=False)
    assert answer.status_code == 302
    assert answer.headers["location"] == f"/daily/{datetime.date.today().isoformat()}"


def test_a_daily_puzzle_kept_is_played_without_a_worker(service, full):
    date = datetime.date(2024, 3, 5)
    puzzle = wordsearch.generate(WORDS, seed="kept-daily")
    service.storage.save_puzzle(Record(puzzle.to_dict(), {}, {"title": "Kept daily"}),
                                daily.puzzle_id(date))
    answer = alone(service, "/daily/{date}", app.daily_page).get("/daily/2024-03-05")
    assert answer.status_code == 200 and "Kept daily" in answer.text


def test_a_daily_puzzle_is_made_once_and_kept_under_its_date(service):
    client = alone(service, "/daily/{date}", app.daily_page)
    answer = client.get("/daily/2024-03-06")
    assert answer.status_code == 200
    record = service.storage.load_puzzle("daily-2024-03-06")
    assert record.document["code"] == "daily-2024-03-06"
    assert record.page["title"] in answer.text


def test_a_daily_puzzle_not_yet_made_is_503_when_the_queue_is_full(service, full):
    answer = alone(service, "/daily/{date}", app.daily_page).get("/daily/2024-03-07")
    assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
    assert "busy" in answer.text and answer.headers["content-type"].startswith("text/html")


def test_a_date_out_of_range_is_a_404_page_saying_which_dates(service):
    answer = alone(service, "/daily/{date}", app.daily_page).get("/daily/1999-01-01")
    assert answer.status_code == 404
    assert "from 2020-01-01 to 2099-12-31, written YYYY-MM-DD" in answer.text


# ---- what surrounds the handlers ----

@pytest.mark.parametrize("raised, status, body, headers, reason", [
    (options.BadRequest("not JSON"), 400, {"error": "not JSON"}, {}, "bad_request"),
    (app.TooLarge("too big"), 413, {"error": "too big"}, {}, "too_large"),
    (app.TooSlow("too slow"), 408, {"error": "too slow"}, {}, "too_slow"),
    (Busy("busy now"), 503, {"error": "busy now"}, {"retry-after": "5"}, "busy"),
    (TooMany("yours are waiting"), 429, {"error": "yours are waiting"}, {"retry-after": "5"},
     "share"),
    (OverLimit("a minute's puzzles", 7, "puzzles"), 429, {"error": "a minute's puzzles"},
     {"retry-after": "7"}, "puzzles"),
    (InputError("no such size", option="size"), 422,
     {"error": "no such size", "option": "page_size"}, {}, "invalid"),
    (InputError("bad grid", option="grid"), 422, {"error": "bad grid", "option": "grid"}, {},
     "invalid"),
    (InputError("no option"), 422, {"error": "no option"}, {}, "invalid"),
])
def test_the_api_answers_what_a_handler_raises(service, raised, status, body, headers, reason):
    """Each with its status, and counted by its reason for /metrics."""
    @app.api
    async def handler(request):
        """A handler that fails."""
        raise raised

    assert (handler.__name__, handler.__doc__) == ("handler", "A handler that fails.")
    answer = alone(service, "/", handler).get("/")
    assert (answer.status_code, answer.json()) == (status, body)
    for name, value in headers.items():
        assert answer.headers[name] == value
    counted = service.metrics.registry.get_sample_value("wordsearch_rejections_total",
                                                        {"reason": reason})
    assert counted == 1


def test_what_the_api_does_not_map_is_left_to_the_apps_error_handlers():
    @app.api
    async def handler(request):
        raise HTTPException(404)

    assert TestClient(Starlette(routes=[Route("/", handler)])).get("/").status_code == 404


def limited(limit):
    async def echo(request):
        try:
            return PlainTextResponse(str(len(await app.body_bytes(request, limit, "the thing"))))
        except app.TooLarge as exc:
            return PlainTextResponse(str(exc), status_code=413)
    return TestClient(Starlette(routes=[Route("/", echo, methods=["POST"])]))


def test_a_body_within_its_limit_is_read_whole():
    assert limited(1024).post("/", content=b"x" * 1024).text == "1024"


def test_a_body_over_its_limit_is_refused_by_its_declared_length_or_as_it_streams():
    declared = limited(1024).post("/", content=b"x" * 1025)
    assert declared.status_code == 413
    assert declared.text == ("the thing is larger than 1 KB, the most the server takes; "
                             "send less.")
    streamed = limited(2 << 20).post("/", content=iter([b"x" * (1 << 20)] * 3))
    assert streamed.status_code == 413 and "larger than 2 MB" in streamed.text


def test_a_body_that_is_not_json_is_the_requests_fault(service):
    client = alone(service, "/w", app.post_words, ["POST"])
    answer = client.post("/w", content=b"\xff not json",
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "not JSON" in answer.json()["error"]


def test_every_answer_carries_the_security_headers():
    async def hello(request):
        return PlainTextResponse("hello")

    client = TestClient(Starlette(routes=[Route("/", hello)],
                                  middleware=[Middleware(app.SecurityHeaders)]))
    headers = client.get("/").headers
    assert headers["content-security-policy"] == app.CSP
    assert (headers["x-content-type-options"], headers["referrer-policy"],
            headers["x-frame-options"]) == ("nosniff", "same-origin", "DENY")


@pytest.mark.parametrize("path, json", [("/api/x", True), ("/p/x.json", True),
                                        ("/p/x.pdf", True), ("/p/x.svg", True),
                                        ("/p/x", False), ("/", False)])
def test_a_crash_is_json_for_the_api_and_documents_and_a_page_elsewhere(path, json):
    async def crash(request):
        raise RuntimeError("a bug")

    client = TestClient(Starlette(routes=[Route("/{path:path}", crash)],
                                  exception_handlers={Exception: app._crash}),
                        raise_server_exceptions=False)
    answer = client.get(path)
    assert answer.status_code == 500
    if json:
        assert answer.json() == {"error": app.INTERNAL}
    else:
        assert app.INTERNAL.split(";")[0] in answer.text and "a bug" not in answer.text


def test_create_app_gives_its_service_the_storage_and_settings_it_is_given(tmp_path):
    storage = SQLiteStorage(tmp_path / "given.sqlite3")
    made = create_app(Config(db=str(tmp_path / "unused.sqlite3"), workers=1, waiting=3,
                             time_limit=2.5), storage)
    server = made.state.service
    assert server.storage is storage and not os.path.exists(tmp_path / "unused.sqlite3")
    assert (server.workers.processes, server.workers.limit) == (1, 4)
    assert server.queue.workers is server.workers and server.queue.storage is storage
    assert server.config.time_limit == 2.5
    paths = {route.path for route in made.routes}
    assert not paths & {"/p/{id}.json", "/p/{id}.key.svg"}  # the answers are the teacher's
    assert paths >= {
        "/", "/api/options", "/api/puzzles", "/api/words", "/api/masks",
        "/api/masks/{name}.png", "/api/sets", "/api/sets/{id}.pdf", "/api/sets/{id}",
        "/p/{id}.pdf", "/p/{id}.svg", "/p/{id}", "/t/{secret}.pdf", "/t/{secret}.key.svg",
        "/t/{secret}.svg", "/t/{secret}.json", "/t/{secret}",
        "/daily", "/daily/{date}", "/static"}
    server.workers.close()


def checked(**settings) -> TestClient:
    """A GET and a POST route behind SiteChecks alone."""
    async def hello(request):
        return PlainTextResponse("hello")

    return TestClient(Starlette(routes=[Route("/", hello, methods=["GET", "POST", "DELETE"]),
                                        Route("/api/x", hello, methods=["POST"])],
                                middleware=[Middleware(app.SiteChecks, **settings)]))


def test_any_host_is_served_when_none_is_named():
    client = checked()
    assert client.get("/", headers={"host": "anything.example"}).text == "hello"


def test_a_host_not_named_is_refused_and_a_named_one_served_whatever_its_port():
    client = checked(allowed_hosts=("Puzzles.example", "[::1]"))
    assert client.get("/", headers={"host": "puzzles.example:8000"}).text == "hello"
    assert client.get("/", headers={"host": "[::1]:8000"}).text == "hello"
    for host in ("evil.example", "puzzles.example.evil.example", "[::1", ""):
        refused = client.get("/", headers={"host": host})
        assert refused.status_code == 400
        assert "is not a name this server answers to" in refused.text
    api = client.post("/api/x", headers={"host": "evil.example"})
    assert api.status_code == 400 and api.json()["error"] == (
        'the Host header "evil.example" is not a name this server answers to; ask for the '
        "site by its own address.")


def test_a_post_is_served_from_the_sites_own_page_or_without_an_origin():
    client = checked(allowed_hosts=("puzzles.example", "www.puzzles.example"))
    site = {"host": "puzzles.example"}
    assert client.post("/", headers=site).text == "hello"
    assert client.post("/", headers={**site, "origin": "https://puzzles.example"}).text == "hello"
    # behind a proxy on another port, or the site under its other name
    assert client.post("/", headers={**site, "origin": "http://puzzles.example:8443"}).text == \
        "hello"
    assert client.post("/", headers={**site, "origin": "https://www.puzzles.example"}).text == \
        "hello"
    for origin in ("https://evil.example", "null", "https://puzzles.example.evil.example"):
        assert client.post("/", headers={**site, "origin": origin}).status_code == 403
        assert client.post("/", headers={**site, "origin": origin,
                                         "sec-fetch-site": "cross-site"}).status_code == 403
    # the site's own page, from a browser that sends an Origin of null
    assert client.post("/", headers={**site, "origin": "null",
                                     "sec-fetch-site": "same-origin"}).text == "hello"
    assert client.delete("/", headers={**site, "origin": "https://evil.example"}).status_code == \
        403
    # a GET carries no request to make anything: its Origin is not asked
    assert client.get("/", headers={**site, "origin": "https://evil.example"}).text == "hello"


def test_themes_carry_their_built_in_clues_in_the_language_asked(service):
    client = alone(service, "/api/themes", app.get_themes)
    english = client.get("/api/themes", params={"language": "en"}).json()
    assert english["clue_language"] == "en"
    clues = lists.clues("en", "en")
    by_name = {t["name"]: t for t in english["themes"]}
    for name, theme in by_name.items():
        assert theme.get("clues") == clues.get(name), name
    greek = client.get("/api/themes", params={"language": "en", "clue_language": "el"}).json()
    assert greek["clue_language"] == "el" and all("clues" not in t for t in greek["themes"])
    refused = client.get("/api/themes", params={"language": "en", "clue_language": "tlh"})
    assert refused.status_code == 422 and refused.json()["option"] == "clue_language"
