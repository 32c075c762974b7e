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
drawings."""
from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass, field

PUZZLES = 120                    # puzzles a minute (each made puzzle, a new layout, a daily)
SETS = 10                        # class sets a minute
UPLOAD_BYTES = 50 * 1024 * 1024  # bytes of mask images a day
MAX_CLIENTS = 100_000            # buckets kept; the fullest (idle) are dropped past it


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
    message: str         # with {retry} (seconds)


RULES = {
    "puzzles": Rule(PUZZLES, PUZZLES / 60, "you have made {size:,} puzzles in the last minute, the "
                                           "most one computer may; try again in {retry} s."),
    "sets": Rule(SETS, SETS / 60, "you have started {size:,} class sets in the last minute, the "
                                  "most one computer may; try again in {retry} s."),
    "upload": Rule(UPLOAD_BYTES, UPLOAD_BYTES / 86400,
                   "you have uploaded {size_mb} MB of images today, the most one computer may; "
                   "use a shape you uploaded before, or try again in {retry} s."),
}


@dataclass
class Limits:
    rules: dict[str, Rule] = field(default_factory=lambda: dict(RULES))
    buckets: dict[tuple[str, str], tuple[float, float]] = field(default_factory=dict)

    def take(self, client: str, kind: str, amount: float = 1, now: float | None = None) -> None:
        """Takes `amount` from the client's bucket of `kind`, or raises OverLimit
        (and takes nothing) when it has not that much left."""
        rule = self.rules[kind]
        now = time.monotonic() if now is None else now
        level, then = self.buckets.get((client, kind), (rule.size, now))
        level = min(rule.size, level + (now - then) * rule.per_second)
        if amount > level:
            retry = max(1, math.ceil((amount - level) / rule.per_second))
            raise OverLimit(rule.message.format(size=round(rule.size), retry=retry,
                                                size_mb=round(rule.size / 2**20)), retry, kind)
        self.buckets[(client, kind)] = (level - amount, now)
        if len(self.buckets) > MAX_CLIENTS:
            self._forget(now)

    def _forget(self, now: float) -> None:
        """Drops the buckets that have filled again: they hold nothing to remember."""
        for key, (level, then) in list(self.buckets.items()):
            rule = self.rules[key[1]]
            if level + (now - then) * rule.per_second >= rule.size:
                del self.buckets[key]


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
