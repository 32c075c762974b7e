"""The JSON API and the pages it serves, through Starlette's test client: every
endpoint, every limit, errors as JSON with the command's own messages, the
puzzles exactly the library's, kept across a restart, and escaped everywhere."""
import base64
import datetime
import io
import email.message
import json
import re
import subprocess
import threading
import time
import urllib.error
import urllib.request

import pytest
from PIL import Image
from starlette.testclient import TestClient

import wordsearch
from conftest import pdf_info, pdf_pages_text, pdf_text, pdf_words, serve, stop, worker
from test_shape import bomb_png
from wordsearch.make.shape import Mask
from wordsearch.render import html
from wordsearch.render.html import ends_key, line_hash, salt
from wordsearch.web import app as app_module
from wordsearch.web import daily, limits, options
from wordsearch.web.app import MAX_UPLOAD, MAX_UPLOAD_PIXELS, Config, create_app
from wordsearch.web.storage import open_storage

NASTY = "<script>alert('x')</script> \"quoted\" {{ braces }}"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def db(request, tmp_path_factory) -> str:
    """The suite runs on each database: an SQLite file, then PostgreSQL (with a
    `wordsearch worker` process making its sets, as a deployment runs one)."""
    if request.param == "sqlite":
        yield str(tmp_path_factory.mktemp("web") / "puzzles.sqlite3")
        return
    database = request.getfixturevalue("postgres_server").database()
    open_storage(database).close()  # the tables, before the worker looks for its queue
    process = worker(database, "--processes", "1")
    yield database
    stop(process)


@pytest.fixture(scope="module")
def client(db):
    with TestClient(create_app(Config(db=db, workers=1))) as client:
        yield client


def make(client, **body):
    body.setdefault("words", ["sun", "moon", "star", "comet"])
    return client.post("/api/puzzles", json=body)


@pytest.mark.slow
def test_a_puzzle_is_made_with_links_and_is_the_librarys_own(client):
    answer = make(client, words=["Ice cream", "cake", "jelly"], grid="9x7",
                  difficulty="medium", seed="web-1", title="Party")
    assert answer.status_code == 201
    made = answer.json()
    id = made["id"]
    secret = made["links"]["teacher"]["play"].removeprefix("/t/")
    assert secret != id and len(secret) == 16 and "." not in secret and "/" not in secret
    assert made["links"] == {
        "play": f"/p/{id}", "pdf": f"/p/{id}.pdf", "svg": f"/p/{id}.svg",
        "teacher": {"play": f"/t/{secret}", "pdf": f"/t/{secret}.pdf",
                    "json": f"/t/{secret}.json", "svg": f"/t/{secret}.svg",
                    "key_svg": f"/t/{secret}.key.svg"}}
    same = wordsearch.generate(["Ice cream", "cake", "jelly"], grid="9x7",
                               difficulty="medium", seed="web-1")
    assert made["puzzle"] == same.to_dict()
    assert client.get(made["links"]["teacher"]["json"]).json() == same.to_dict()
    other = make(client, words=["Ice cream", "cake", "jelly"], seed="web-1").json()
    assert other["links"]["teacher"]["play"] != made["links"]["teacher"]["play"]


@pytest.mark.slow  # a second server
def test_a_puzzle_is_kept_and_reopens_after_a_restart(client, db):
    made = make(client, seed="kept", title="Kept").json()
    id = made["id"]
    with TestClient(create_app(Config(db=db, workers=1))) as again:
        assert again.get(made["links"]["teacher"]["json"]).json()["code"] == "kept"
        assert "Kept" in again.get(f"/p/{id}").text
        assert "code kept" in pdf_text(again.get(f"/p/{id}.pdf").content)


@pytest.mark.slow
def test_the_teachers_pdf_has_the_puzzle_and_its_key_with_the_code_and_page_options(client):
    made = make(client, seed="pdf-code", title="Planets", fields=["Name", "Class"],
                page_size="a4").json()
    answer = client.get(made["links"]["teacher"]["pdf"])
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.headers["content-disposition"] == \
        f'inline; filename="puzzle-{made["id"]}-with-key.pdf"'
    pages = pdf_pages_text(answer.content)
    assert len(pages) == 2 and all("code pdf-code" in page for page in pages)
    assert "Planets" in pages[0] and "Class" in pages[0] and "Answer key" in pages[1]


@pytest.mark.slow
def test_the_pupils_pdf_is_the_puzzle_page_alone(client):
    made = make(client, seed="pdf-code", title="Planets", fields=["Name", "Class"],
                page_size="a4").json()
    answer = client.get(made["links"]["pdf"])
    assert answer.headers["content-type"] == "application/pdf"
    assert re.search(r"Pages:\s+1\n", pdf_info(answer.content))
    text = pdf_text(answer.content)
    assert "code pdf-code" in text and "Planets" in text and "Answer key" not in text
    teachers = pdf_pages_text(client.get(made["links"]["teacher"]["pdf"]).content)
    assert pdf_pages_text(answer.content) == teachers[:1]


def test_the_pages_are_svg_images_of_the_puzzle_and_its_key(client):
    made = make(client, seed="svg").json()
    teacher = made["links"]["teacher"]
    puzzle, key = client.get(made["links"]["svg"]), client.get(teacher["key_svg"])
    assert puzzle.headers["content-type"] == key.headers["content-type"] == "image/svg+xml"
    assert puzzle.content.startswith(b"<?xml") and puzzle.content != key.content
    assert client.get(teacher["svg"]).headers["content-type"] == "image/svg+xml"


def cli_message(run, *args):
    """What the command says, without its "error: " and "(option ...)" additions."""
    result = run(*args)
    assert result.exit_code in (1, 2)
    lines = [line.removeprefix("error: ") for line in result.output.strip().splitlines()]
    return re.sub(r" \(option [^)]*\)$", "", "\n".join(lines))


@pytest.mark.parametrize("body, args", [
    ({"words": ["sun", "m00n"]}, ["sun", "m00n"]),
    ({"words": ["sunshine"], "grid": 5, "difficulty": "easy"},
     ["-g", "5", "--difficulty", "easy", "sunshine"]),
    ({"words": ["sun"], "directions": ["sideways"]}, ["-d", "sideways", "sun"]),
    ({"words": ["sun"], "page_size": "huge"}, ["-s", "huge", "sun"]),
    ({"words": ["sun"], "seed": "tab\there"}, ["--seed", "tab\there", "sun"]),
    ({"words": ["kansas", "arkansas"], "strict": True}, ["--strict", "kansas", "arkansas"]),
    ({"words": ["sun"], "grid": 12, "min_grid": 10}, ["-g", "12", "--min-grid", "10", "sun"]),
    ({"words": ["sun"], "level": "teen"}, ["--level", "teen", "sun"]),
])
def test_errors_are_422_with_the_commands_own_message(client, run, body, args):
    answer = client.post("/api/puzzles", json=body)
    assert answer.status_code == 422
    assert answer.json()["error"] == cli_message(run, *args)


@pytest.mark.slow
def test_the_word_level_makes_the_librarys_own_puzzle(client):
    words = ["train", "chair", "river", "robot"]
    for level in ("child", "adult"):
        made = make(client, words=words, message="See you soon", level=level,
                    seed="web-level").json()
        want = wordsearch.generate(words, message="See you soon", level=level, seed="web-level")
        assert made["puzzle"]["grid"] == list(want.grid), level


def test_a_smallest_grid_makes_the_librarys_own_puzzle(client):
    words = ["apple", "bread", "chair", "daisy", "eagle", "flute", "grape", "horse", "igloo",
             "juice", "kite", "lemon"]
    made = make(client, words=words, min_grid=10, seed="web-min").json()
    assert made["puzzle"] == wordsearch.generate(words, min_grid=10, seed="web-min").to_dict()
    assert (made["puzzle"]["rows"], made["puzzle"]["cols"]) == (10, 10)


def test_an_error_names_the_option_at_fault_as_the_api_spells_it(client):
    assert make(client, page_size="huge").json()["option"] == "page_size"
    assert make(client, grid="0").json()["option"] == "grid"
    assert make(client, grid=12, min_grid=10).json()["option"] == "min_grid"


@pytest.mark.parametrize("body, message", [
    ([1, 2], "should be a JSON object, not a list"),
    ({"words": "sun"}, '"words" should be a list of text, not text'),
    ({"words": ["sun"], "colour": "red"}, 'unknown option "colour"'),
    ({"words": ["sun"], "grid": True}, '"grid" should be a number or text'),
    ({"words": ["sun"], "beam": "wide"}, '"beam" should be a whole number'),
    ({"words": ["sun"], "strict": "yes"}, '"strict" should be true or false'),
    ({"words": ["sun"], "fields": [3]}, '"fields" should be text, not a number'),
    ({"words": ["sun"], "hide_words": "yes"}, '"hide_words" should be true or false'),
    ({"words": ["sun"], "list_order": 1}, '"list_order" should be text, not a number'),
])
def test_a_request_of_the_wrong_shape_is_400_saying_what_is_wrong(client, body, message):
    answer = client.post("/api/puzzles", json=body)
    assert answer.status_code == 400 and message in answer.json()["error"]


def test_a_body_that_is_not_json_is_400(client):
    answer = client.post("/api/puzzles", content=b"sun moon",
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "not JSON" in answer.json()["error"]


def test_a_body_over_64_kb_is_413_whether_or_not_it_says_its_length(client):
    big = json.dumps({"words": ["a" * 100] * 700}).encode()
    assert len(big) > options.MAX_BODY
    answer = client.post("/api/puzzles", content=big, headers={"content-type": "application/json"})
    assert answer.status_code == 413 and "64 KB" in answer.json()["error"]
    chunked = client.post("/api/puzzles", content=iter([big[:40000], big[40000:]]),
                          headers={"content-type": "application/json"})
    assert chunked.status_code == 413


@pytest.mark.parametrize("body, message", [
    ({"words": [f"word{chr(97 + i % 26)}{chr(97 + i // 26)}" for i in range(101)]},
     "101 words are more than the 100 the web page takes"),
    ({"grid": 41}, "a grid side of 41 is more than the web page makes; use at most 40"),
    ({"beam": 8193}, "a beam of 8,193 is more than the server's most, 8,192; ask for 8,192 "
                     "or less."),
    ({"title": "x" * 201}, "the title is 201 characters long; the most is 200"),
    ({"fields": ["a"] * 7}, "7 fields are more than the 6 the web page takes"),
    ({"mask": "../../etc/passwd"}, 'there is no built-in mask called "../../etc/passwd"'),
    ({"mask": "upload:nothing-here"}, "the uploaded mask is not on this server any more"),
])
def test_the_servers_limits_are_422_with_a_clear_message(client, body, message):
    answer = make(client, **body)
    assert answer.status_code == 422 and message in answer.json()["error"]


def test_a_class_set_over_40_copies_is_refused(client):
    answer = client.post("/api/sets", json={"words": ["sun", "moon"], "copies": 41})
    assert answer.status_code == 422 and answer.json() == {
        "error": "41 copies is more than the 40 a set can have; ask for 40 or fewer.",
        "option": "copies"}


@pytest.mark.slow  # a server of its own
def test_a_full_queue_is_503_at_once_and_the_server_goes_on(db):
    with TestClient(create_app(Config(db=str(db), workers=1, waiting=0))) as client:
        workers = client.app.state.service.workers
        workers.admitted = workers.limit  # every place taken
        answer = make(client)
        assert answer.status_code == 503 and "busy" in answer.json()["error"]
        assert answer.headers["retry-after"] == "5"
        workers.admitted = 0
        assert make(client).status_code == 201


@pytest.mark.slow  # a server of its own
def test_a_request_beyond_the_queue_is_503_while_another_is_being_made(db):
    """One worker and no waiting place: while a slow pack runs, a second request is
    refused at once rather than queued."""
    with TestClient(create_app(Config(db=str(db), workers=1, waiting=0))) as client:
        slow = {"words": [f"{a}{b}{c}word" for a in "abc" for b in "def" for c in "ghi"],
                "beam": 8192, "grid": 20}
        answers = []
        worker = threading.Thread(target=lambda: answers.append(make(client, **slow)))
        worker.start()
        while client.app.state.service.workers.admitted == 0 and worker.is_alive():
            pass
        refused = make(client)
        worker.join()
        assert refused.status_code == 503
        assert answers[0].status_code == 201


@pytest.mark.slow  # a server of its own
def test_the_time_limit_stops_a_pack_with_the_librarys_message(db):
    with TestClient(create_app(Config(db=str(db), workers=1, time_limit=0.05))) as client:
        words = [f"{a}{b}{c}{d}long" for a in "abcd" for b in "efgh" for c in "ij" for d in "kl"]
        answer = make(client, words=words, beam=8192)
        assert answer.status_code == 422
        assert "stopped at the time limit of 0.05 s" in answer.json()["error"]


def test_the_api_never_answers_with_html_or_a_traceback(client):
    for method, url in [("GET", "/api/nothing"), ("GET", "/p/nothing.json"),
                        ("GET", "/p/no.such/thing.pdf"), ("DELETE", "/api/puzzles"),
                        ("GET", "/api/puzzles"), ("GET", "/api/sets/none"),
                        ("GET", "/p/nothing.svg"), ("GET", "/t/nothing.json"),
                        ("GET", "/t/nothing.pdf"), ("GET", "/t/nothing.key.svg")]:
        answer = client.request(method, url)
        assert answer.status_code in (404, 405)
        assert answer.headers["content-type"] == "application/json"
        assert set(answer.json()) == {"error"}


def test_an_unknown_page_is_a_404_page(client):
    answer = client.get("/p/nothing")
    assert answer.status_code == 404 and "there is nothing at this address" in answer.text


def test_every_answer_has_a_content_security_policy_without_inline_script(client):
    made = make(client, seed="csp").json()
    for url in ["/", made["links"]["play"], "/static/play.js", "/api/options", "/nothing"]:
        policy = client.get(url).headers["content-security-policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert "default-src 'self'" in policy
    for url in ["/", made["links"]["play"]]:
        page = client.get(url).text
        scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
        assert scripts and all('src="/static/' in attrs or
                               ('type="application/json"' in attrs) for attrs, _ in scripts)
        assert "http://" not in page and "https://" not in page  # nothing from elsewhere


def test_titles_are_escaped_in_the_play_page_and_kept_in_the_data(client):
    made = make(client, seed="nasty", title=NASTY).json()
    page = client.get(made["links"]["play"]).text
    assert NASTY not in page and "<script>alert" not in page
    assert ("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &quot;quoted&quot; {{ braces }}"
            in page)
    data = re.search(r'<script type="application/json" id="puzzle-data">(.*?)</script>',
                     page, re.S).group(1)
    assert json.loads(data)["title"] == NASTY
    pages = pdf_pages_text(client.get(made["links"]["pdf"]).content)
    assert "{{ braces }}" in pages[0]


def test_fields_and_student_names_reach_the_pdf_as_text(client):
    answer = client.post("/api/sets", json={"words": ["sun", "moon"], "seed": "esc",
                                            "students": [NASTY, "Bo"],
                                            "fields": ['<i>"Class"</i> {{ x }}']})
    progress = wait_for_set(client, answer.json()["id"])
    text = pdf_text(client.get(progress["pdf"]).content)
    assert NASTY in text and "Bo" in text and '<i>"Class"</i> {{ x }}' in text


def test_the_answers_are_not_in_plain_sight_in_the_play_page(client):
    made = make(client, words=["Jupiter", "Saturn", "Neptune"], seed="hidden", grid=10).json()
    page = client.get(made["links"]["play"]).text
    data = json.loads(re.search(r'id="puzzle-data">(.*?)</script>', page, re.S).group(1))
    assert not re.search(r'"(row|col|direction)"', page)
    for word in data["words"]:
        assert set(word) == {"label", "length", "hash"}
    puzzle = wordsearch.Puzzle.from_dict(made["puzzle"])
    for placement, word in zip(puzzle.alphabetical(), data["words"]):
        cells = placement.cells()
        assert word["hash"] == line_hash(ends_key(salt(puzzle), cells[0], cells[-1]))
        assert word["hash"] == line_hash(ends_key(salt(puzzle), cells[-1], cells[0]))
        assert word["hash"] != line_hash(ends_key(salt(puzzle), cells[0], cells[-2]))
    key = data["salt"].encode()
    veiled = base64.b64decode(data["answers"])
    answers = json.loads(bytes(b ^ key[i % len(key)] for i, b in enumerate(veiled)))
    assert answers == [[p.row, p.col, p.direction] for p in puzzle.alphabetical()]


def test_the_hash_is_cyrb53_as_javascript_computes_it():
    # Values of the published cyrb53 with seed 0, as a browser prints them.
    assert int(line_hash("a"), 16) == 7929297801672961
    assert int(line_hash("b"), 16) == 8684336938537663
    assert line_hash("é☃𝄞") == line_hash("é☃𝄞") and len(line_hash("")) <= 14


def test_line_feedback_marks_errors_duplicates_and_counts_the_ready_words(client):
    answer = client.post("/api/words", json={"words": ["sun", "", "SUN", "b@d", "ab", "Moon"]})
    lines = answer.json()["lines"]
    assert answer.json()["ready"] == 2
    assert [line["state"] for line in lines] == ["ok", "blank", "duplicate", "error", "error", "ok"]
    assert lines[3]["message"].startswith('"b@d" (line 4) has \'@\'')
    assert lines[4]["message"] == '"ab" (line 5) has 2 letters; a word needs at least 3.'
    assert "is the same word as line 1" in lines[2]["message"]
    spanish = client.post("/api/words", json={"words": ["niño"], "language": "es"}).json()
    assert spanish["lines"][0]["form"] == "NIÑO"


def png_bytes(size=(60, 60), box=(10, 10, 50, 50)) -> bytes:
    image = Image.new("RGB", size, "white")
    image.paste((0, 0, 0), box)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_an_uploaded_mask_is_previewed_and_shapes_the_puzzle_as_the_library_would(client):
    png = png_bytes(size=(80, 60), box=(0, 0, 80, 30))
    answer = client.post("/api/masks", content=png, headers={"content-type": "image/png"})
    assert answer.status_code == 201
    uploaded = answer.json()
    assert uploaded["mask"].startswith("upload:")
    preview = uploaded["preview"]
    assert (preview["cols"], preview["rows"]) == (20, 8) and set("".join(preview["grid"])) == {"#"}
    made = make(client, mask=uploaded["mask"], seed="shaped").json()
    same = wordsearch.generate(["sun", "moon", "star", "comet"], seed="shaped",
                               mask=Mask.from_png(png, "your upload"))
    assert made["puzzle"] == same.to_dict()


def test_a_built_in_mask_shapes_the_puzzle_and_its_picture_is_served(client):
    made = make(client, mask="heart", seed="love").json()
    assert made["puzzle"] == wordsearch.generate(["sun", "moon", "star", "comet"],
                                                 mask="heart", seed="love").to_dict()
    picture = client.get("/api/masks/heart.png")
    assert picture.status_code == 200 and picture.content.startswith(b"\x89PNG")
    assert client.get("/api/masks/..%2F..%2Fsetup.py.png").status_code == 404


@pytest.mark.parametrize("data, status, message", [
    (b"x" * (2 * 1024 * 1024 + 1), 413, "the image is larger than 2 MB"),
    (b"GIF89a not a png", 422, "cannot read mask your upload: it is not an image"),
    (png_bytes(size=(2001, 2000), box=(0, 0, 10, 10)), 422,
     f"the image is 2,001×2,000 pixels; the web page takes at most {MAX_UPLOAD_PIXELS:,}"),
    (png_bytes(box=(0, 0, 0, 0)), 422, "has no shape in it"),
])
def test_a_bad_upload_is_refused_saying_why(client, data, status, message):
    answer = client.post("/api/masks", content=data, headers={"content-type": "image/png"})
    assert answer.status_code == status and message in answer.json()["error"]


def test_options_list_what_the_make_page_offers(client):
    offered = client.get("/api/options").json()
    assert "heart" in offered["masks"] and "a4-landscape" in offered["page_sizes"]
    assert {"code": "en", "name": "English", "native_name": "English"} in offered["languages"]
    assert offered["labels"]["es"] == {"name": "Nombre", "date": "Fecha"}
    assert offered["difficulties"]["easy"] == ["E", "S"]
    assert offered["limits"]["words"] == options.MAX_WORDS


def wait_for_set(client, id):
    for _ in range(600):
        progress = client.get(f"/api/sets/{id}").json()
        if progress["state"] != "working":
            return progress
        threading.Event().wait(0.05)
    raise AssertionError("the set was not made in 30 s")


@pytest.mark.slow
def test_a_class_set_shows_progress_and_is_the_commands_set(client, run, tmp_path):
    answer = client.post("/api/sets", json={"words": ["sun", "moon", "star"], "copies": 3,
                                            "seed": "class", "keys_per_page": 2, "grid": 7})
    assert answer.status_code == 202
    started = answer.json()
    assert started["total"] == 3 and started["state"] == "working"
    progress = wait_for_set(client, started["id"])
    # A copy too alike an earlier one is made again, and counted.
    assert progress["state"] == "done" and progress["done"] == progress["total"] >= 3
    assert [note["copies"] for note in progress["apart"]] == [3]
    pdf = client.get(progress["pdf"])
    assert pdf.headers["content-type"] == "application/pdf"
    result = run("--copies", "3", "--seed", "class", "--keys-per-page", "2", "-g", "7",
                 "-o", str(tmp_path / "set.pdf"), "sun", "moon", "star")
    assert result.exit_code == 0
    assert pdf_pages_text(pdf.content) == pdf_pages_text(tmp_path / "set.pdf")


def test_a_class_set_that_cannot_be_made_says_why(client):
    answer = client.post("/api/sets", json={"words": ["sunshine"], "copies": 2, "grid": 5})
    progress = wait_for_set(client, answer.json()["id"])
    assert progress["state"] == "failed" and "longer than the 5×5 grid" in progress["error"]
    both = client.post("/api/sets", json={"words": ["sun"], "copies": 2, "students": ["A"]})
    assert both.status_code == 422
    assert both.json()["error"] == ("give a number of copies or a list of students, not both: "
                                    "each student gets one copy of every list.")  # the command's


def test_a_class_set_can_be_cancelled(client):
    answer = client.post("/api/sets", json={"words": ["sun", "moon", "star"], "copies": 40,
                                            "seed": "stop-it"})
    id = answer.json()["id"]
    stopped = client.delete(f"/api/sets/{id}")
    assert stopped.status_code == 200 and stopped.json()["state"] == "cancelled"
    progress = wait_for_set(client, id)
    assert progress["state"] == "cancelled" and progress["error"] == "the set was cancelled."
    assert progress["done"] < 40 and "pdf" not in progress
    assert client.delete("/api/sets/no-such-set").status_code == 404


@pytest.mark.slow
def test_a_client_over_its_limit_is_told_when_to_try_again_and_others_are_not(db):
    """429 with Retry-After for the client over its puzzles a minute; another client
    (behind the trusted proxy, by its X-Forwarded-For) is served; /metrics counts
    the refusal."""
    config = Config(db=str(db), workers=1, trusted_proxies=limits.networks(["127.0.0.0/8"]))

    def make(client, headers):
        return client.post("/api/puzzles", json={"words": ["sun", "moon"]}, headers=headers)

    with TestClient(create_app(config), client=("127.0.0.1", 5000)) as proxied:
        service = proxied.app.state.service
        service.limits.rules["puzzles"] = limits.Rule(2, 1 / 60, limits.RULES["puzzles"].message)
        first = {"X-Forwarded-For": "198.51.100.7"}
        for _ in range(2):
            assert make(proxied, headers=first).status_code == 201
        refused = make(proxied, headers=first)
        assert refused.status_code == 429
        retry = refused.headers["retry-after"]
        assert 50 <= int(retry) <= 60  # a puzzle's room comes back in a minute
        assert refused.json()["error"] == ("you have made 2 puzzles in the last minute, the most "
                                           f"one computer may; try again in {retry} s.")
        assert make(proxied, headers={"X-Forwarded-For": "198.51.100.8"}).status_code == 201
        metrics = proxied.get("/metrics")
        assert metrics.headers["content-type"].startswith("text/plain")
        assert 'wordsearch_rejections_total{reason="puzzles"} 1.0' in metrics.text
        assert 'wordsearch_responses_total{status="201"} 3.0' in metrics.text
        assert "wordsearch_job_seconds_bucket" in metrics.text
        assert "wordsearch_tasks_waiting 0.0" in metrics.text


@pytest.mark.slow
def test_a_client_past_its_upload_bytes_is_told_when_to_try_again(db):
    # A client of its own: the buckets are kept in the database the suite shares.
    with TestClient(create_app(Config(db=db, workers=1)), client=("192.0.2.50", 5000)) \
            as uploader:
        rules = uploader.app.state.service.limits.rules
        rules["upload"] = limits.Rule(3000, 3000 / 86400, limits.RULES["upload"].message)
        answers = [uploader.post("/api/masks", content=png_bytes(size=(80, 60 + n)),
                                 headers={"content-type": "image/png"}) for n in range(40)]
        statuses = [a.status_code for a in answers]
        first = statuses.index(429)
        assert first >= 1 and set(statuses[:first]) == {201} and set(statuses[first:]) == {429}
        error = answers[first].json()["error"]
        assert error.startswith("you have uploaded 3 KB of images today, the most one computer "
                                "may; use a shape you uploaded before, or try again in ")
        assert error.endswith(" minutes.") or error.endswith(" hours.")
        assert int(answers[first].headers["retry-after"]) > 60


@pytest.mark.slow
def test_health_says_the_storage_and_the_workers_answer(client, tmp_path):
    health = client.get("/healthz")
    assert health.status_code == 200 and health.headers["cache-control"] == "no-store"
    body = health.json()
    assert body["status"] == "ok" and body["storage"] == "ok"
    assert body["workers"]["alive"] is True and body["workers"]["processes"] == 1
    queue = body["queue"]
    if client.app.state.service.config.db.startswith("postgresql://"):
        for _ in range(300):  # the worker started with the suite: its first heartbeat
            if (queue := client.get("/healthz").json()["queue"])["workers"]:
                break
            time.sleep(0.1)
        assert queue["kind"] == "procrastinate" and queue["ok"] and queue["workers"] == 1
    else:
        assert queue["kind"] == "local" and queue["ok"] and queue["sets_making"] >= 0
    metrics = client.get("/metrics").text
    assert "wordsearch_database_up 1.0" in metrics
    assert re.search(r'wordsearch_sets\{state="done"\} \d', metrics)
    with TestClient(create_app(Config(db=str(tmp_path / "db.sqlite3"), workers=1))) as broken:
        # the file where it cannot be opened (its folder gone)
        broken.app.state.service.storage.path = str(tmp_path / "gone" / "db.sqlite3")
        failing = broken.get("/healthz")
        assert failing.status_code == 503 and failing.json()["status"] == "failing"
        assert failing.json()["storage"].startswith("failing: ")


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB tmpfs of its own (CI runs as root, as .ci/run needs for apt-get)."""
    where = tmp_path / "disk"
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)],
                             capture_output=True, text=True)
    assert mounted.returncode == 0, f"this test mounts a tmpfs, as root: {mounted.stderr}"
    yield where
    subprocess.run(["umount", str(where)], check=True)


@pytest.mark.slow
def test_a_full_disk_is_a_clear_503_nothing_half_kept_and_the_service_recovers(small_disk):
    with TestClient(create_app(Config(db=str(small_disk / "db.sqlite3"), workers=1))) as client:
        assert make(client).status_code == 201
        filler = small_disk / "filler"
        with open(filler, "wb", buffering=0) as out:  # the disk filled by something else
            try:
                while True:
                    out.write(b"\0" * 4096)
            except OSError:
                pass
        answers = [make(client, title="x" * 100) for _ in range(40)]
        full = [a for a in answers if a.status_code != 201]
        assert full, "the disk never filled"
        assert {a.status_code for a in full} == {503}
        assert full[0].json()["error"] == ("the server's disk is full, so nothing more can be "
                                           "kept; try again later.")
        assert full[0].headers["retry-after"] == "60"
        kept = [a.json()["id"] for a in answers if a.status_code == 201]
        filler.unlink()
        again = make(client)
        assert again.status_code == 201
        for id in [*kept, again.json()["id"]]:  # every puzzle said kept is whole
            assert client.get(f"/p/{id}").status_code == 200
        assert client.get("/healthz").json()["status"] == "ok"


@pytest.mark.slow
def test_the_daily_puzzle_is_the_same_for_everyone_and_is_the_librarys(client):
    today = client.get("/daily", follow_redirects=False)
    assert today.status_code == 302
    assert today.headers["location"] == f"/daily/{datetime.date.today().isoformat()}"
    first = client.get("/daily/2026-03-14")
    assert first.status_code == 200 and "14 March 2026" in first.text
    assert client.get("/p/daily-2026-03-14.json").status_code == 404  # a pupils' page
    assert not re.search(r'"(row|col|direction)"|\.json"|\.key\.svg"', first.text)
    storage = client.app.state.service.storage
    document = storage.load_puzzle("daily-2026-03-14").document
    request = daily.request(datetime.date(2026, 3, 14))
    same = wordsearch.generate(theme=request["theme"], random=daily.WORDS, seed="daily-2026-03-14",
                               difficulty="medium")
    assert document == same.to_dict()
    assert client.get("/daily/2026-03-14").text == first.text
    assert storage.load_puzzle("daily-2026-03-15") is None  # made only when first asked for
    for bad in ["2026-02-30", "yesterday", "1999-01-01", "2026-3-1"]:
        assert client.get(f"/daily/{bad}").status_code == 404


def test_the_make_page_and_its_files_come_from_the_package(client):
    page = client.get("/")
    assert page.status_code == 200 and '<script src="/static/make.js">' in page.text
    for name in ["make.js", "play.js", "style.css"]:
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/../web/app.py").status_code == 404



def test_the_site_can_be_installed_and_played_offline(client):
    """A web app manifest and a service worker from the root (its scope the whole
    site), both linked from the served pages only, and allowed by the CSP."""
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert (data["name"], data["short_name"], data["start_url"], data["display"],
            data["theme_color"], data["lang"]) == ("Word search maker", "Word search", "/",
                                                   "standalone", "#1d4f91", "en")
    # in the page's language, as each page links it, else the browser's
    spanish = client.get("/manifest.webmanifest?lang=es").json()
    assert (spanish["short_name"], spanish["lang"]) == ("Sopa de letras", "es")
    assert spanish["description"] == "Sopas de letras para crear, imprimir y jugar."
    german = client.get("/manifest.webmanifest", headers={"Accept-Language": "de"}).json()
    assert german["name"] == "Suchsel-Generator" and german["icons"] == data["icons"]
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}
    for icon in data["icons"]:
        png = client.get(icon["src"])
        assert png.status_code == 200 and png.headers["content-type"] == "image/png"
        side = int(icon["sizes"].split("x")[0])
        assert png.content[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(png.content[16:20], "big") == side  # the IHDR's width
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["service-worker-allowed"] == "/"
    policy = worker.headers["content-security-policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
    assert "script-src 'self'" in policy
    # what it keeps: the pupils' pages and the browser's files, never the API or a teacher's
    kept = re.compile(re.search(r"const KEPT = /(.+)/;", worker.text).group(1))
    assert all(kept.match(path) for path in ("/p/AbC12", "/daily/2026-03-14", "/static/play.js"))
    assert not any(kept.match(path) for path in ("/api/puzzles", "/t/AbC12", "/p/AbC12.pdf",
                                                  "/p/AbC12.svg", "/", "/sw.js",
                                                  "/p/AbC12/again"))
    for url in data["icons"][0]["src"], "/manifest.webmanifest", "/static/play.js":
        assert f'"{url}"' in worker.text
    made = make(client).json()
    for url in "/", made["links"]["play"], made["links"]["teacher"]["play"]:
        assert '<link rel="manifest" href="/manifest.webmanifest?lang=en">' in client.get(url).text
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=sv">' in \
        client.get(made["links"]["play"] + "?lang=sv").text


def test_the_teachers_pages_are_kept_by_no_cache_and_no_puzzle_is_indexed(client):
    """The answers stay in the teacher's browser: no shared cache keeps a teacher's
    page (a school's proxy would give it to the next one who asks), and no search
    engine lists anyone's puzzle; the make page and the daily puzzle are public."""
    made = make(client).json()
    teacher = made["links"]["teacher"]
    for url in teacher.values():
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert answer.headers["cache-control"] == "private, no-store", url
        assert answer.headers["x-robots-tag"] == "noindex, nofollow", url
    for url in made["links"]["play"], made["links"]["pdf"], made["links"]["svg"]:
        answer = client.get(url)
        assert answer.headers["x-robots-tag"] == "noindex, nofollow", url
        assert "no-store" not in answer.headers.get("cache-control", ""), url  # kept offline
    for url in "/", "/static/style.css":
        assert "x-robots-tag" not in client.get(url).headers


def unveil(text: str, salt: str):
    """play.js's unveil(): the XOR with the salt undone."""
    key = salt.encode()
    return json.loads(bytes(b ^ key[i % len(key)] for i, b in enumerate(base64.b64decode(text))))


def play_data(page: str) -> dict:
    return json.loads(re.search(r'id="puzzle-data">(.*?)</script>', page, re.S).group(1))


def pdf_list(pdf: bytes, labels: list[str]) -> list[str]:
    """The puzzle page's word list in reading order: column by column, top to bottom."""
    listed = [w for w in pdf_words(pdf)[0] if w[0] in labels]
    return [w[0] for w in sorted(listed, key=lambda w: (round(w[1]), w[2]))]


@pytest.mark.slow
def test_the_word_list_options_shape_the_pdf_and_the_play_page_alike(client):
    words = ["sun", "moon", "star", "comet", "planet"]
    labels = [w.capitalize() for w in words]
    given = make(client, words=words, seed="order", list_order="given").json()
    assert pdf_list(client.get(given["links"]["pdf"]).content, labels) == labels
    assert [w["label"] for w in play_data(client.get(given["links"]["play"]).text)["words"]] \
        == labels
    hidden = make(client, words=words, seed="order", hide_words=True).json()
    assert hidden["puzzle"] == given["puzzle"]  # the same puzzle, printed otherwise
    pdf = pdf_pages_text(client.get(hidden["links"]["pdf"]).content)[0]
    page = client.get(hidden["links"]["play"]).text
    for text in (pdf, page):
        assert "Hidden words: 5 (no list: find them all)" in text
        # (whole words: Star is not Start again's)
        assert not any(re.search(rf"\b{label}\b", text) for label in labels)
    data = play_data(page)
    assert data["hide_words"] is True
    assert [unveil(w["label"], data["salt"]) for w in data["words"]] == sorted(labels)
    refused = make(client, words=words, list_order="sideways")
    assert refused.status_code == 422 and refused.json() == {
        "error": '"sideways" is not an order for the word list; use alphabetical or given.',
        "option": "list_order"}


def test_the_make_page_is_read_once_when_the_app_is_made(tmp_path, monkeypatch):
    read = []

    def counted(name):
        read.append(name)
        return html.asset(name)

    monkeypatch.setattr(app_module, "asset", counted)
    client = TestClient(create_app(Config(db=str(tmp_path / "db.sqlite3"), workers=1)))
    assert read == ["make.html"]
    expected = app_module.make_pages()["en"]
    for _ in range(3):
        assert client.get("/").text == expected
    assert read == ["make.html"] * 2  # the app's one reading, and this test's own


def nav_links(page: str) -> list[str]:
    return re.findall(r'href="([^"]*)"', re.search(r"<nav>(.*?)</nav>", page, re.S).group(1))


def test_the_pupils_page_links_the_puzzle_sheet_and_the_site(client):
    made = make(client, seed="nav").json()
    page = client.get(made["links"]["play"]).text
    assert nav_links(page) == ["/", made["links"]["pdf"], "/daily"]
    assert "Download PDF" in page and "JSON" not in page and "Answer key" not in page


def test_the_teachers_page_links_the_key_the_document_and_the_pupils_page(client):
    made = make(client, seed="nav").json()
    teacher = made["links"]["teacher"]
    page = client.get(teacher["play"]).text
    assert nav_links(page) == ["/", teacher["pdf"], teacher["key_svg"], teacher["json"],
                               made["links"]["play"], "/daily"]
    for text in ("PDF with answer key", "Answer key", "JSON", "Pupils&#x27; page"):
        assert text in page
    assert 'id="show"' in page and '"answers":' in page


def hrefs_and_srcs(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="([^"]*)"', page)


@pytest.mark.slow
def test_the_pupils_page_and_every_link_on_it_lead_to_no_answer(client):
    """Every address on the pupil's page (and on the pages those lead to), fetched:
    none has a word's place, the key, the teacher's secret or a link to them."""
    made = make(client, words=["Jupiter", "Saturn", "Neptune", "Mars"], seed="pupil",
                grid=10, title="Planets").json()
    secret = made["links"]["teacher"]["play"].removeprefix("/t/")
    key_svg = client.get(made["links"]["teacher"]["key_svg"]).content
    seen, todo = set(), [made["links"]["play"]]
    while todo:
        url = todo.pop()
        if url in seen or not url.startswith("/") or url.startswith("data:"):
            continue
        seen.add(url)
        answer = client.get(url)
        assert answer.status_code == 200, url
        body = answer.content
        assert secret.encode() not in body, url
        kind = answer.headers["content-type"]
        if kind.startswith("application/pdf"):
            assert re.search(r"Pages:\s+1\n", pdf_info(body)), url
            assert "Answer key" not in pdf_text(body), url
        elif kind.startswith("image/svg"):
            assert body != key_svg and b"Answer key" not in body, url
        elif kind.startswith("text/html"):
            text = answer.text
            assert not re.search(r'"(row|col|direction)"', text), url
            if 'class="play"' in text:  # a play page (the make page is the teacher's)
                assert "Answer key" not in text and ".json" not in text, url
                assert "/t/" not in text, url
                todo += hrefs_and_srcs(text)
        else:
            assert not re.search(rb'"(row|col|direction)"\s*:', body), url
    assert {made["links"]["pdf"], "/", "/daily", "/static/play.js"} <= seen
    assert any(url.startswith("/p/daily-") for url in seen)  # /daily: today's page, its PDF


@pytest.mark.slow
def test_a_wrong_or_missing_secret_is_a_404_as_for_no_puzzle(client):
    made = make(client, seed="wrong").json()
    id, teacher = made["id"], made["links"]["teacher"]
    secret = teacher["play"].removeprefix("/t/")
    wrong = secret[:-1] + ("A" if secret[-1] != "A" else "B")
    for url in [f"/t/{wrong}", f"/t/{wrong}.json", f"/t/{wrong}.pdf", f"/t/{wrong}.key.svg",
                f"/t/{id}", f"/t/{id}.json", "/t/", "/t/.json", f"/p/{id}.json",
                f"/p/{id}.key.svg", f"/p/{secret}", f"/p/{id}?teacher={secret}"]:
        answer = client.get(url)
        if url.startswith(f"/p/{id}?"):  # the pupil's page: a secret beside it adds nothing
            assert answer.status_code == 200 and secret not in answer.text
            assert teacher["json"] not in answer.text
            continue
        assert answer.status_code == 404, url
    for url in teacher.values():
        assert client.get(url).status_code == 200


def test_with_show_answers_off_the_pupils_page_has_no_button_and_no_answers(client):
    made = make(client, words=["Jupiter", "Saturn", "Neptune"], seed="off", grid=10,
                show_answers=False).json()
    assert made["page"]["show_answers"] is False
    page = client.get(made["links"]["play"]).text
    assert 'id="show"' not in page
    data = play_data(page)
    assert set(data) >= {"grid", "words", "salt", "answers"}  # veiled, for hints
    teacher = client.get(made["links"]["teacher"]["play"]).text
    assert 'id="show"' in teacher and "answers" in play_data(teacher)
    on = make(client, words=["Jupiter", "Saturn", "Neptune"], seed="off", grid=10,
              show_answers=True).json()
    assert 'id="show"' in client.get(on["links"]["play"]).text
    refused = make(client, show_answers="no")
    assert refused.status_code == 400 and '"show_answers" should be true or false' in \
        refused.json()["error"]


def test_serve_refuses_a_time_limit_no_run_can_keep(run):
    result = run("serve", "--time-limit", "0")
    assert result.exit_code == 2 and "a time limit of 0 s is out of range" in result.output


@pytest.mark.slow
def test_a_hidden_message_puzzle_is_the_librarys_and_its_message_is_veiled(client, run):
    made = make(client, words=["sun", "moon", "star"], message="Hi there", seed="msg").json()
    same = wordsearch.generate(["sun", "moon", "star"], message="Hi there", seed="msg")
    assert made["puzzle"] == same.to_dict()
    assert made["puzzle"]["message_label"] == "Hi there"
    assert any(word.get("added") for word in made["puzzle"]["words"])
    page = client.get(made["links"]["play"]).text
    assert "Hi there" not in page and "HITHERE" not in page
    assert page.count('<span class="blank"></span>') == 7
    data = play_data(page)
    assert unveil(data["message"], data["salt"]) == {"text": "Hi there",
                                                     "letters": list("HITHERE")}
    refused = make(client, words=["sun", "moon"], message="Hi", no_added_words=True, grid=3)
    assert refused.status_code == 422
    assert refused.json()["error"] == cli_message(run, "--message", "Hi", "--no-added-words",
                                                  "-g", "3", "sun", "moon")
    unfit = make(client, words=["apple", "banana", "cherry", "grape", "lemon"], message="Good",
                 no_added_words=True)
    assert unfit.status_code == 422 and "let dictionary words be added" in unfit.json()["error"]
    assert unfit.json()["option"] == "no_added_words"  # the request's own field


# Hostile input: each row of issue 29's table, answered with a 4xx, never a 500.

def post_raw(client, text: str, path: str = "/api/puzzles", **headers):
    return client.post(path, content=text.encode("utf-8"),
                       headers={"content-type": "application/json", **headers})


def test_json_nested_a_thousand_deep_is_400_before_it_is_parsed(client):
    for text in ("[" * 1000 + "]" * 1000, '{"words": ' + "[" * 1000 + "]" * 1000 + "}"):
        answer = post_raw(client, text)
        assert answer.status_code == 400
        assert "lists or objects 1,00" in answer.json()["error"]


@pytest.mark.parametrize("option, path, message", [
    ("beam", "/api/puzzles", "a beam of 999999… (5,000 digits) is more than the server's most, "
                             "8,192; ask for 8,192 or less."),
    ("grid", "/api/puzzles", "a grid side of 999999… (5,000 digits) is more than the web page "
                             "makes; use at most 40 cells a side."),
    ("copies", "/api/sets", "999999… (5,000 digits) copies is more than the 40 a set can have; "
                            "ask for 40 or fewer."),
])
def test_a_number_of_5000_digits_is_422_naming_its_option(client, option, path, message):
    answer = post_raw(client, f'{{"words": ["sun", "moon"], "{option}": {"9" * 5000}}}', path)
    assert answer.status_code == 422
    assert answer.json() == {"error": message, "option": option}


@pytest.mark.parametrize("option, value, said", [
    ("title", '"\\ud800"', "the title"),
    ("fields", '["Name", "\\ud800"]', "field 2"),
    ("page_size", '"\\ud800"', "the page size"),
    ("language", '"\\ud800"', "the language"),
    ("mask", '"upload:\\ud800"', "the mask"),
    ("difficulty", '"\\ud800"', "the difficulty"),
    ("list_order", '"\\ud800"', "the list order"),
    ("directions", '["E", "\\udcff"]', "direction 2"),
    ("directions", '"\\udcff"', "the list of directions"),
])
def test_a_lone_surrogate_is_422_naming_the_field(client, option, value, said):
    answer = post_raw(client, f'{{"words": ["sun", "moon"], "{option}": {value}}}')
    assert answer.status_code == 422
    assert answer.json()["option"] == option
    assert answer.json()["error"].startswith(f"{said} has ")
    assert "which no page can print (it is not UTF-8 text)" in answer.json()["error"]


@pytest.mark.parametrize("body, said, option", [
    ({"title": "Space\x00"}, 'the title has "\\x00" at character 6', "title"),
    ({"fields": ["Na\x00me"]}, 'field 1 has "\\x00" at character 3', "fields"),
    ({"message": "hi\x00"}, 'the message has "\\x00" at character 3', "message"),
])
def test_nul_is_422_naming_the_field_with_the_librarys_message(client, run, body, said, option):
    answer = make(client, **body)
    assert answer.status_code == 422 and answer.json()["option"] == option
    assert answer.json()["error"] == (f"{said}, which no page can print (a control "
                                      f"character); remove it or type it again.")


@pytest.mark.parametrize("option, value, args", [
    ("title", "a\x1bb", ["-t", "a\x1bb"]),
    ("fields", ["Name", "\udcff"], ["-f", "Name", "-f", "\udcff"]),
    ("seed", "k3\x07", ["--seed", "k3\x07"]),
    ("message", "hi\x1b", ["--message", "hi\x1b"]),
    ("page_size", "a4\x01", ["-s", "a4\x01"]),
    ("directions", ["E", "S\x01"], ["-d", "E", "-d", "S\x01"]),
    ("theme", "\udcff", ["--theme", "\udcff"]),
])
def test_the_command_says_what_the_api_says_of_text_no_page_can_print(client, run, option,
                                                                        value, args):
    words = [] if option == "theme" else ["sun", "moon", "star"]
    answer = client.post("/api/puzzles", content=json.dumps({"words": words, option: value}),
                         headers={"content-type": "application/json"})
    assert answer.status_code == 422 and answer.json()["option"] == option
    assert "which no page can print" in answer.json()["error"]
    assert answer.json()["error"] == cli_message(run, *args, *words)


def test_an_image_bomb_is_refused_from_its_header(client):
    png = bomb_png()
    assert 250_000 < len(png) < MAX_UPLOAD
    answer = client.post("/api/masks", content=png, headers={"content-type": "image/png"})
    assert answer.status_code == 422
    assert answer.json() == {"error": "the image is 50,000×50,000 pixels; the web page takes at "
                                      "most 4,000,000 (2,000×2,000). Scale it down.",
                             "option": "mask"}


@pytest.mark.parametrize("name, shown", [("Ann\x00", "\\x00"), ("\ud800Bo", "\\ud800")])
def test_a_students_name_no_page_can_print_is_refused_at_once(client, name, shown):
    answer = client.post("/api/sets", content=json.dumps(
        {"words": ["sun", "moon"], "students": ["Kim", name]}).encode(),
        headers={"content-type": "application/json"})
    assert answer.status_code == 422 and answer.json()["option"] == "students"
    assert answer.json()["error"].startswith(f'student name 2 has "{shown}" at character')


def test_a_seed_cannot_add_a_file_name_to_the_sets_pdf(client):
    seed = 'abc"; filename="evil.exe'
    answer = client.post("/api/sets", json={"words": ["sun", "moon", "star"], "grid": 6,
                                            "seed": seed, "beam": 16})
    progress = wait_for_set(client, answer.json()["id"])
    assert progress["state"] == "done", progress
    header = client.get(progress["pdf"]).headers["content-disposition"]
    assert len(re.findall(r";\s*filename\*?=", header)) == 1 and '"' not in header
    parsed = email.message.Message()
    parsed["Content-Disposition"] = header
    assert parsed.get_filename() == f"set-{seed}.pdf"
    assert parsed.get_content_disposition() == "attachment"


@pytest.mark.parametrize("path, content, kind", [
    ("/api/puzzles", b'{"words": ["sun", "moon"]}', "text/plain"),
    ("/api/puzzles", b"words=sun", "application/x-www-form-urlencoded"),
    ("/api/words", b'{"words": ["sun"]}', "multipart/form-data; boundary=x"),
    ("/api/sets", b'{"words": ["sun", "moon"]}', ""),
    ("/api/masks", b"\x89PNG", "application/json"),
])
def test_a_post_of_another_type_is_415_and_not_read(client, path, content, kind):
    answer = client.post(path, content=content, headers={"content-type": kind} if kind else {})
    assert answer.status_code == 415
    wanted = "image/png" if path == "/api/masks" else "application/json"
    assert f"send it as {wanted} (the Content-Type header)" in answer.json()["error"]


def test_a_post_from_another_sites_page_is_403_and_the_sites_own_is_served(client):
    foreign = client.post("/api/puzzles", json={"words": ["sun", "moon"]},
                          headers={"origin": "https://evil.example"})
    assert foreign.status_code == 403
    assert foreign.json()["error"] == (
        "this request does not come from this site's own page (the Origin header is "
        '"https://evil.example"); make puzzles on the site\'s page, or from a program, which '
        "sends no Origin.")
    # "null": a sandboxed frame on any page, or a browser that sends it from this
    # site's own page; the browser's Sec-Fetch-Site tells them apart
    for fetched_from in (None, "cross-site", "same-site"):
        sandboxed = {"origin": "null", **({"sec-fetch-site": fetched_from} if fetched_from else {})}
        assert client.post("/api/puzzles", json={"words": ["sun", "moon"]},
                           headers=sandboxed).status_code == 403
    own = client.post("/api/puzzles", json={"words": ["sun", "moon"]},
                      headers={"origin": "http://testserver"})
    assert own.status_code == 201
    # A program sends no Origin: served (the other tests here post without one).
    made = own.json()
    form = {"content-type": "application/x-www-form-urlencoded"}
    for path in (f"/p/{made['id']}/again", f"{made['links']['teacher']['play']}/again"):
        again = client.post(path, headers={**form, "origin": "http://testserver"},
                            follow_redirects=False)
        assert again.status_code == 303
        # as a browser may send the form's POST from the site's own page
        again = client.post(path, headers={**form, "origin": "null",
                                           "sec-fetch-site": "same-origin"},
                            follow_redirects=False)
        assert again.status_code == 303
        refused = client.post(path, headers={**form, "origin": "https://evil.example"})
        assert refused.status_code == 403 and "this site&#x27;s own page" in refused.text
        assert "<html" in refused.text  # a page, as the form's answers are


def test_the_line_by_line_check_quotes_a_nul_or_a_lone_surrogate_as_an_escape(client):
    answer = post_raw(client, '{"words": ["su\\ud800n", "mo\\u0000on", "star"]}', "/api/words")
    assert answer.status_code == 200
    lines = answer.json()["lines"]
    assert [(line["text"], line["letters"]) for line in lines[:2]] == [
        ("su\\ud800n", ["\\ud800"]), ("mo\\x00on", ["\\x00"])]
    assert lines[0]["message"].startswith('"su\\ud800n" (line 1) has \'\\ud800\': a word in '
                                          "English may use the letters A–Z")
    assert answer.json()["ready"] == 1


@pytest.mark.slow  # a server of its own
def test_serve_answers_only_the_hosts_it_is_given(tmp_path):
    process, url = serve(tmp_path, "--workers", "1", "--allowed-host", "127.0.0.1",
                         "--allowed-host", "puzzles.example")
    try:
        def status(host: str) -> tuple[int, str]:
            request = urllib.request.Request(f"{url}/api/options", headers={"Host": host})
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    return answer.status, ""
            except urllib.error.HTTPError as refused:
                return refused.code, json.load(refused)["error"]

        assert status("puzzles.example") == (200, "")
        assert status("PUZZLES.example:8080") == (200, "")
        assert status("evil.example") == (400, 'the Host header "evil.example" is not a name '
                                               "this server answers to; ask for the site by "
                                               "its own address.")
    finally:
        process.terminate()
        process.wait(10)


@pytest.mark.slow
def test_a_clue_puzzle_round_trips_through_the_api(client):
    from wordsearch.puzzle import Puzzle
    words = ["perro: the dog", "gato: the cat (10:30)", "caballo: the horse"]
    answer = make(client, words=words, language="es", clue_language="en", seed="web-clues")
    assert answer.status_code == 201, answer.text
    made = answer.json()
    same = wordsearch.generate(words, language="es", clue_language="en", seed="web-clues")
    assert made["puzzle"] == same.to_dict()
    kept = client.get(made["links"]["teacher"]["json"]).json()
    assert Puzzle.from_dict(kept) == same and kept["clue_language"] == "en"
    pupil = client.get(made["links"]["play"]).text
    assert "the cat (10:30)" in pupil
    assert not any(w in pupil for w in ("Perro", "PERRO", "Caballo", "CABALLO"))
    pdf = pdf_text(client.get(made["links"]["teacher"]["pdf"]).content)
    assert "the horse — Caballo" in pdf and "1. the cat (10:30)" in pdf


@pytest.mark.parametrize("body, message, option", [
    # quoted as the command quotes its word arguments (the make page's feedback on
    # each line names the line: test_web_checks)
    ({"words": ["perro: the dog", "gato"]}, '"gato" has no clue, but "perro" has one', None),
    ({"words": ["perro:the dog"]}, '"perro:the dog" has a colon with no space', None),
    ({"words": ["sun", "moon"], "hide_words": False, "clue_language": "tlh"},
     'the clue language: "tlh" is not a language', "clue_language"),
    ({"words": ["sun: it shines", "moon: at night"], "hide_words": True},
     "a clue puzzle's list cannot be hidden", "hide_words"),
    ({"words": ["sun", "moon"], "clues": True}, "built-in clues come with a theme", "clues"),
])
def test_a_clue_request_that_cannot_be_made_is_422_naming_the_entry_or_option(client, body,
                                                                              message, option):
    answer = client.post("/api/puzzles", json=body)
    assert answer.status_code == 422 and message in answer.json()["error"], answer.text
    assert answer.json().get("option") == option


@pytest.mark.slow
def test_a_new_layout_of_a_clue_puzzle_keeps_its_clues(client):
    """"New puzzle, same words" of a theme's built-in clues and of one's own in
    another language: the words with their clues, the clues' language kept."""
    form = {"content-type": "application/x-www-form-urlencoded"}
    for body in ({"words": [], "theme": "animals", "clues": True, "random": 5},
                 {"words": ["perro: the dog", "gato: the cat", "pato: the duck"],
                  "language": "es", "clue_language": "en"}):
        made = make(client, seed="again-clues", **body).json()
        again = client.post(f"{made['links']['teacher']['play']}/again", headers=form,
                            follow_redirects=False)
        assert again.status_code == 303, again.text
        new = client.get(again.headers["location"].split("?")[0] + ".json").json()
        assert new["code"] != made["puzzle"]["code"]
        assert new["clue_language"] == made["puzzle"]["clue_language"]
        assert sorted((w["word"], w["clue"]) for w in new["words"]) == \
            sorted((w["word"], w["clue"]) for w in made["puzzle"]["words"])


def test_a_picture_puzzle_through_the_api_has_its_pictures_on_every_page(client):
    made = make(client, words=["cat", "dog", "horse"], seed="web-pictures",
                pictures="only").json()
    assert made["puzzle"] == wordsearch.generate(["cat", "dog", "horse"], seed="web-pictures",
                                                 pictures="only").to_dict()
    assert all(w["picture"].startswith("openmoji:") for w in made["puzzle"]["words"])
    text = pdf_text(client.get(made["links"]["pdf"]).content)
    assert "Pictures: OpenMoji" in text and "Horse" not in text
    assert "data:image/svg+xml;base64," in client.get(made["links"]["play"]).text
    refused = make(client, words=["cat", "aardvark"], pictures="only")
    assert refused.status_code == 422 and "no picture for Aardvark" in refused.json()["error"]


def test_a_request_may_name_a_picture_by_codepoints_but_not_a_file_of_the_server(client):
    made = make(client, words=["cow = 1F404", "pig"], seed="web-own").json()
    assert [w["picture"] for w in made["puzzle"]["words"]] == ["openmoji:1F404", "openmoji:1F416"]
    refused = make(client, words=["cow = /etc/hostname.png", "pig"])
    assert refused.status_code == 422 and "may not name" in refused.json()["error"]
