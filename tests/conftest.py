"""Fixtures and helpers the test modules share: the command through click's
CliRunner, `wordsearch serve` in a process of its own, and PDFs read as a reader
would, with poppler's tools (pdftotext, pdfinfo, pdffonts; installed by install.sh)."""
import html
import io
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

import wordsearch
from wordsearch.cli import main
from wordsearch.render import layout, pages
from wordsearch.render.look import PageOptions

# CI (CI=true) runs every repeated check at its full count; a local run a tenth of it,
# to keep the quick tier quick. Both are deterministic per seed.
CI = bool(os.environ.get("CI"))
CI_EXAMPLES, DEV_EXAMPLES = 300, 30
settings.register_profile("ci", max_examples=CI_EXAMPLES, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=DEV_EXAMPLES, deadline=None, derandomize=True)
settings.load_profile("ci" if CI else "dev")


def examples(count: int) -> int:
    """A test that sets its own count of cases (hypothesis examples, a loop of
    generated cases) runs all `count` in CI and the dev profile's share locally."""
    return count if CI else max(1, count * DEV_EXAMPLES // CI_EXAMPLES)


def pytest_configure(config):
    """Ctrl-C as a terminal gives it. A run started by a non-interactive shell in the
    background (`pytest &`, as some CI runners and nohup scripts do) inherits SIGINT
    ignored, and an ignored signal stays ignored in every program it starts: Python
    then installs no KeyboardInterrupt handler, and the tests that press Ctrl-C on the
    command or the packer would find it deaf. A handler of our own is reset by exec,
    so the programs the tests start get the default again too."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def _signal_handlers_kept():
    """A command run in this process (the CLI tests call it directly) installs its
    SIGTERM and SIGINT handlers and leaves them: each test gets back the handlers it
    started with, so that a stray signal is met by pytest's, not by a command's."""
    before = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    yield
    for number, handler in before.items():
        if handler is not None:
            signal.signal(number, handler)


# Markers of the longest tests, each also marked slow (pyproject.toml).
ALSO_SLOW = ("fuzz", "sanitizers")


def pytest_collection_modifyitems(items):
    """A test marked fuzz or sanitizers must be marked slow too, or -m "not slow"
    (the quick tier) would run it. A test on PostgreSQL (the `postgres` fixture, or a
    parameter "postgres") is slow: a server to start and a database to make; CI runs
    them all, the quick tier none."""
    for item in items:
        spec = getattr(item, "callspec", None)
        if "postgres" in item.fixturenames or "postgres" in (spec.params.values() if spec else ()):
            item.add_marker(pytest.mark.slow)
        longest = any(item.get_closest_marker(name) for name in ALSO_SLOW)
        if longest and not item.get_closest_marker("slow"):
            raise pytest.UsageError(f"{item.nodeid} is marked {' or '.join(ALSO_SLOW)}; mark it "
                                    f"slow too")


FRUIT = ["Crème brûlée", "Dragon fruit", "apple", "banana", "cherry", "grape", "lemon",
         "mango", "peach", "plum", "kiwi", "lime", "orange", "papaya", "apricot"]


@pytest.fixture
def run(tmp_path, monkeypatch):
    """The command in a fresh folder: run("-o", "p.pdf", "sun") -> click's Result."""
    monkeypatch.chdir(tmp_path)

    def invoke(*args, input=None):
        return CliRunner().invoke(main, list(args), input=input)
    return invoke


def serve(folder: Path, *args: str, db: str | None = None,
          port: int | None = None) -> tuple[subprocess.Popen, str]:
    """`wordsearch serve` on a free loopback port (or `port`), its database in
    `folder` (or `db`) and run from there (not the checkout: the installed package),
    once it answers: the process (standard error piped) and its address."""
    if port is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "wordsearch", "serve", "--port", str(port),
                                "--db", db or str(folder / "db.sqlite3"), *args],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=folder)
    url = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            urllib.request.urlopen(f"{url}/api/options", timeout=1)
            return process, url
        except OSError:
            assert process.poll() is None, process.stderr.read().decode()
            time.sleep(0.05)
    process.kill()
    raise AssertionError(f"wordsearch serve did not answer in 20 s: "
                         f"{process.communicate()[1].decode()}")


@pytest.fixture
def packs(monkeypatch):
    """The keyword arguments of every call generate() makes to the packer, in order."""
    from wordsearch.make import packer

    calls, real = [], packer.pack

    def pack(*args, **kwargs):
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(packer, "pack", pack)
    return calls


@pytest.fixture(scope="session")
def fruit():
    """A 15x15 puzzle of 15 words, accents and phrases among them."""
    return wordsearch.generate(FRUIT, grid=15, difficulty="hard", seed="fruit", beam=512)


def package_data_patterns() -> list[str]:
    """The files pyproject.toml installs inside the package beside its modules."""
    import tomllib
    with open(Path(__file__).resolve().parent.parent / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["setuptools"]["package-data"]["wordsearch"]


def numbered(text: str) -> list[tuple[int, str]]:
    """Lines of a words file as the command reads them."""
    return list(enumerate(text.splitlines(), start=1))


def poppler(tool: str, *args: str, source: bytes | str | Path) -> str:
    """A poppler tool's output for a PDF given as bytes or as a file's path; "@" in
    `args` stands for the input."""
    assert shutil.which(tool), f"{tool} is missing: install.sh installs poppler-utils"
    data = source if isinstance(source, bytes) else None
    name = "-" if data is not None else str(source)
    command = [tool, *(name if a == "@" else a for a in args)]
    return subprocess.run(command, input=data, capture_output=True, check=True).stdout.decode()


def pdf_pages_text(source: bytes | str | Path) -> list[str]:
    """The text of each page, in reading order."""
    return poppler("pdftotext", "-raw", "@", "-", source=source).split("\f")[:-1]


def pdf_text(source: bytes | str | Path, page: int | None = None) -> str:
    """One page's text (1-based), or the whole document's."""
    if page is None:
        return poppler("pdftotext", "-raw", "@", "-", source=source)
    return pdf_pages_text(source)[page - 1]


def pdf_info(source: bytes | str | Path) -> str:
    return poppler("pdfinfo", "@", source=source)


def pdf_fonts(source: bytes | str | Path) -> str:
    return poppler("pdffonts", "@", source=source)


def page_count(source: bytes | str | Path) -> int:
    return int(re.search(r"Pages:\s+(\d+)", pdf_info(source)).group(1))


def pdf_of(puzzle, **options) -> bytes:
    """A puzzle's pages in one PDF, with PageOptions(**options)."""
    chosen = PageOptions(**options)
    return pages.pdf(layout.layouts(puzzle, chosen), chosen)


def png_of(puzzle, **options) -> list[bytes]:
    chosen = PageOptions(**options)
    return pages.png(layout.layouts(puzzle, chosen), chosen)


WORD_BOX = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                      r'yMax="([\d.]+)">([^<]*)</word>')
PAGE_BOX = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')


def pdf_words(source: bytes | str | Path) -> list[list[tuple[str, float, float, float, float]]]:
    """Each page's words as pdftotext -bbox finds them: (text, x0, y0, x1, y1) in
    points from the top left of the page (y down)."""
    out = poppler("pdftotext", "-bbox", "@", "-", source=source)
    pages = out.split("<page ")[1:]
    return [[(html.unescape(m.group(5)), *map(float, m.groups()[:4]))
             for m in WORD_BOX.finditer(page)] for page in pages]


def text_height(size: float, bold: bool = False, family: str = "Andika") -> float:
    """The height pdftotext gives a word set in `size` pt, measured on a PDF drawn
    here with Cairo alone: what a page's letters are compared with."""
    import cairo
    from wordsearch.render import font
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, 200, 200)
    ctx = cairo.Context(surface)
    ctx.set_font_face(font.face(bold, family))
    ctx.set_font_size(size)
    ctx.move_to(20, 100)
    ctx.show_text("H")
    surface.finish()
    (_, _, y0, _, y1), = pdf_words(out.getvalue())[0]
    return y1 - y0


@pytest.fixture(scope="session")
def postgres_server():
    """A real PostgreSQL for the session (tests/postgres.py)."""
    from postgres import Server

    server = Server()
    yield server
    server.stop()


@pytest.fixture
def postgres(postgres_server) -> str:
    """A new, empty PostgreSQL database's address."""
    return postgres_server.database()


@pytest.fixture(params=["sqlite", "postgres"])
def database(request, tmp_path) -> str:
    """Each database the service keeps its data in: an SQLite file's path, then a
    PostgreSQL database's address. The PostgreSQL cases are slow (a server to start)."""
    if request.param == "sqlite":
        return str(tmp_path / "db.sqlite3")
    return request.getfixturevalue("postgres")


def worker(database: str, *args: str) -> subprocess.Popen:
    """`wordsearch worker` on `database` (a PostgreSQL address), started (its log,
    warnings only, piped: read it when it has stopped)."""
    return subprocess.Popen([sys.executable, "-m", "wordsearch", "worker", "--db", database,
                             "--log-level", "warning", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            cwd=tempfile.gettempdir())  # the installed package, not the checkout


def stop(process: subprocess.Popen) -> str:
    """Stops a process (SIGTERM, then SIGKILL after 30 s): what it wrote on standard error."""
    process.terminate()
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
    return err.decode(errors="replace")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def nginx(folder: Path, site: str, port: int) -> subprocess.Popen:
    """Debian's nginx running `site` (a server block listening on loopback `port`),
    its files in `folder`, once it accepts connections."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(binary).exists(), "nginx is missing: install.sh installs it"
    (folder / "site.conf").write_text(site)
    temp = "\n".join(f"  {kind}_temp_path {folder}/{kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (folder / "nginx.conf").write_text(f"""user root;
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 512; }}
http {{
  access_log off;
{temp}
  include {folder}/site.conf;
}}
""")
    process = subprocess.Popen([binary, "-c", str(folder / "nginx.conf"), "-p", str(folder),
                                "-e", str(folder / "error.log")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            assert process.poll() is None, process.stderr.read().decode()
            time.sleep(0.05)
    process.kill()
    raise AssertionError("nginx did not accept connections in 5 s")


def kept_out(code: str) -> tuple[list[str], list[str]]:
    """What no grid in the language may spell, read from its lists as the rule says:
    (blocked, filler_only). The blocklist's words and the unsuitable strings of four
    letters or more read only inside one listed word; the unsuitable strings of three
    letters or fewer (PEE, GIT) read over no filler cell."""
    from wordsearch import lang
    from wordsearch.lang import lists

    language = lang.get(code)
    rude = {language.fold(w) for w in lists.blocklist(code)}
    unsuitable = {language.fold(w) for w in lists.unsuitable(code)}
    short = {f for f in unsuitable if len(f) <= 3} - rude
    return sorted(rude | (unsuitable - short)), sorted(short)
