"""The deployment the README shows, run: `wordsearch serve` behind Debian's nginx
with deploy/nginx.conf (its ports changed, nothing else), on the loopback address.
Pages and the API answer through it; the server tells two clients apart by the
address nginx passes on (--trusted-proxy), not by the proxy's own; nginx's body
limit and the server's Host check hold."""
import http.client
import json
from pathlib import Path

import pytest

from conftest import free_port, nginx, serve, stop

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "deploy" / "nginx.conf"
BIG = [f"{a}{b}{c}" for a in "bdfgklmnprst" for b in "aeiou" for c in "gnt"][:100]


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    """nginx on a free port in front of `wordsearch serve`: nginx's port."""
    folder = tmp_path_factory.mktemp("deployed")
    server, url = serve(folder, "--trusted-proxy", "127.0.0.1", "--per-client", "1",
                        "--allowed-host", "127.0.0.1", "--workers", "2")
    port = free_port()
    site = SITE.read_text()
    assert "listen 80;" in site and "server 127.0.0.1:8000;" in site
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};").replace(
        "server 127.0.0.1:8000;", f"server {url.removeprefix('http://')};")
    process = nginx(folder, site, port)
    yield port
    stop(process)
    stop(server)


def call(port, method, path, body=None, source="127.0.0.1", headers=None, raw=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                            source_address=(source, 0))
    try:
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None
                                            else None)
        connection.request(method, path, body=data, headers={
            "Content-Type": "application/json", **(headers or {})})
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


@pytest.mark.slow
def test_pages_and_the_api_answer_through_nginx(proxied):
    status, page = call(proxied, "GET", "/")
    assert status == 200 and b"<html" in page
    status, made = call(proxied, "POST", "/api/puzzles", {"words": ["sun", "moon", "star"]})
    assert status == 201
    links = json.loads(made)["links"]
    assert call(proxied, "GET", links["play"])[0] == 200
    status, pdf = call(proxied, "GET", links["teacher"]["pdf"])
    assert status == 200 and pdf.startswith(b"%PDF")
    status, health = call(proxied, "GET", "/healthz")
    assert status == 200 and json.loads(health)["status"] == "ok"


@pytest.mark.slow
def test_the_server_tells_clients_apart_by_the_address_nginx_passes_on(proxied):
    """--per-client 1: a second set from one address waits (429); a set from another
    address through the same nginx is admitted."""
    body = {"words": BIG, "grid": 40, "copies": 40}
    status, first = call(proxied, "POST", "/api/sets", {**body, "seed": "a1"})
    assert status == 202
    status, again = call(proxied, "POST", "/api/sets", {**body, "seed": "a2"})
    assert status == 429 and b"wait for them to finish" in again
    status, other = call(proxied, "POST", "/api/sets", {**body, "seed": "b1"}, source="127.0.0.2")
    assert status == 202
    for answer in (first, other):
        status, _ = call(proxied, "DELETE", f"/api/sets/{json.loads(answer)['id']}")
        assert status == 200


@pytest.mark.slow
def test_nginx_keeps_the_body_limit_and_the_server_the_host_check(proxied):
    status, _ = call(proxied, "POST", "/api/masks", raw=b"\0" * (4 << 20),
                     headers={"Content-Type": "image/png"})
    assert status == 413
    status, answer = call(proxied, "GET", "/api/options", headers={"Host": "evil.example"})
    assert status == 400 and b"evil.example" in answer
