"""Connections bounded (wordsearch.web.connections), on a real uvicorn server on the
loopback address: a connection that never finishes its headers is closed, and past
the cap a new one is answered 503 at once, while the server keeps answering."""
import socket
import threading
import time
import urllib.request

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from wordsearch.web import connections

HEADERS_SECONDS = 0.5
LIMIT = 4


@pytest.fixture(scope="module")
def server():
    async def hello(request):
        return PlainTextResponse("hello")

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(Starlette(routes=[Route("/", hello)]), host="127.0.0.1", port=port,
                            log_level="critical", lifespan="off",
                            http=connections.bounded(LIMIT, HEADERS_SECONDS))
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    while not running.started:
        time.sleep(0.01)
    yield port
    running.should_exit = True
    thread.join(5)


def get(port) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
        return answer.read().decode()


def closed_within(sock, seconds) -> bool:
    """Whether the server closes the connection within `seconds`."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except socket.timeout:
        return False


@pytest.mark.slow
def test_a_connection_that_never_finishes_its_headers_is_closed(server):
    sock = socket.create_connection(("127.0.0.1", server))
    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
    started = time.monotonic()
    assert closed_within(sock, 5)
    assert HEADERS_SECONDS - 0.1 < time.monotonic() - started < 3
    sock.close()
    assert get(server) == "hello"


@pytest.mark.slow
def test_a_byte_now_and_then_does_not_keep_a_connection(server):
    sock = socket.create_connection(("127.0.0.1", server))
    started = time.monotonic()
    closed = False
    for byte in b"GET / HTTP/1.1\r\n":
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            closed = True
            break
        time.sleep(0.1)
        if time.monotonic() - started > 3:
            break
    assert closed or closed_within(sock, 3)
    assert time.monotonic() - started < 4
    sock.close()


def test_past_the_cap_a_connection_is_answered_503_and_closed(server):
    held = [socket.create_connection(("127.0.0.1", server)) for _ in range(LIMIT)]
    time.sleep(0.05)
    extra = socket.create_connection(("127.0.0.1", server))
    extra.settimeout(2)
    answer = extra.recv(1024)
    assert answer.startswith(b"HTTP/1.1 503") and b"too many connections" in answer
    extra.close()
    for sock in held:
        sock.close()
    time.sleep(0.1)
    assert get(server) == "hello"


def test_the_cap_stays_below_the_files_the_process_may_open():
    import resource
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert connections.connection_limit(10**9) == soft - connections.RESERVED
    assert connections.connection_limit(5) == 5
