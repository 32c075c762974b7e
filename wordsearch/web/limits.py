"""What one client may ask of the service in a while, and who the client is.

A client is an address: the connection's, or, when the connection comes from a
proxy named as trusted, the address that proxy says it served (the last one in
X-Forwarded-For that is not itself a trusted proxy). Without a trusted proxy the
header is ignored: anyone can write it.

Each limit is a bucket that fills at a steady rate up to its size: a teacher can
make several puzzles in a row (the burst), and a client that keeps asking gets a
429 saying when to try again. The defaults suit a school behind one address, where
every teacher's browser is the same client: PUZZLES a minute is more than a class's
teachers click, SETS a minute more than they print, UPLOAD_BYTES a day dozens of
drawings.

The buckets are kept in the storage (Storage.take), so that a client's limit is the
same whichever web process it reaches; the storage's purge forgets the buckets
that have filled again."""
from __future__ import annotations

import ipaddress
import math
from dataclasses import dataclass, field
from typing import Protocol

PUZZLES = 120                    # puzzles a minute (each made puzzle, a new layout, a daily)
SETS = 10                        # class sets a minute
UPLOAD_BYTES = 50 * 1024 * 1024  # bytes of mask images a day


class OverLimit(Exception):
    """The client is over one of its limits: a 429, with Retry-After."""

    def __init__(self, message: str, retry_after: int, kind: str) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.kind = kind


@dataclass
class Rule:
    size: float          # the burst
    per_second: float    # the rate it refills at
    message: str         # with {size} and {retry} (a time: "40 s", "3 minutes")


RULES = {
    "puzzles": Rule(PUZZLES, PUZZLES / 60, "you have made {size} puzzles in the last minute, the "
                                           "most one computer may; try again in {retry}."),
    "sets": Rule(SETS, SETS / 60, "you have started {size} class sets in the last minute, the "
                                  "most one computer may; try again in {retry}."),
    "upload": Rule(UPLOAD_BYTES, UPLOAD_BYTES / 86400,
                   "you have uploaded {size} of images today, the most one computer may; "
                   "use a shape you uploaded before, or try again in {retry}."),
}


class Buckets(Protocol):
    def take(self, key: str, amount: float, size: float, per_second: float,
             now: float | None = None) -> float | None: ...


@dataclass
class Limits:
    buckets: Buckets  # the storage
    rules: dict[str, Rule] = field(default_factory=lambda: dict(RULES))

    def take(self, client: str, kind: str, amount: float = 1, now: float | None = None) -> None:
        """Takes `amount` from the client's bucket of `kind`, or raises OverLimit
        (and takes nothing) when it has not that much left."""
        rule = self.rules[kind]
        level = self.buckets.take(f"{kind} {client}", amount, rule.size, rule.per_second, now)
        if level is not None:
            retry = max(1, math.ceil((amount - level) / rule.per_second))
            size = _bytes(rule.size) if kind == "upload" else f"{round(rule.size):,}"
            raise OverLimit(rule.message.format(size=size, retry=_when(retry)), retry, kind)


def _bytes(n: float) -> str:
    return f"{n / 2**20:,.0f} MB" if n >= 2**20 else f"{n / 1024:,.0f} KB"


def _when(seconds: int) -> str:
    """A wait as a teacher reads it: 40 s, 3 minutes, 5 hours."""
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 7200:
        return f"{round(seconds / 60)} minutes"
    return f"{round(seconds / 3600)} hours"


def client_of(peer: str | None, forwarded: str | None,
              trusted: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]) -> str:
    """The client's address: the peer's, or behind trusted proxies the nearest
    address in X-Forwarded-For that is not one of them."""
    if not peer:
        return ""
    if not trusted or not forwarded or not _within(peer, trusted):
        return peer
    for hop in reversed([part.strip() for part in forwarded.split(",")]):
        if not _within(hop, trusted):
            return hop if _address(hop) else peer
    return peer


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _within(text: str, networks) -> bool:
    address = _address(text)
    return address is not None and any(address in network for network in networks)


def networks(texts) -> tuple:
    """The trusted proxies as networks ("127.0.0.1", "10.0.0.0/8"); a clear
    ValueError naming the one that is not an address."""
    out = []
    for text in texts:
        try:
            out.append(ipaddress.ip_network(text, strict=False))
        except ValueError:
            raise ValueError(f'"{text}" is not an address or a network such as 10.0.0.0/8') \
                from None
    return tuple(out)
