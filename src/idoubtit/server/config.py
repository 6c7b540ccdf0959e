"""What a server operator may tune: timers, batching, limits and where the archive lives."""

from __future__ import annotations

import ipaddress
import math
import re
from dataclasses import dataclass, fields
from urllib.parse import urlsplit


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """The settings of one ``idoubtit serve``; every field has a command-line option of the same name.

    Times are in seconds. The defaults suit friends around a table; tests shorten the timers.
    """

    host: str = "127.0.0.1"
    port: int = 8000
    #: ``--db``: None → the SQLite file in the user's data directory, a path, or a PostgreSQL URL.
    db: str | None = None
    #: The address people type to reach the server (used in join links); None → the address they used.
    public_url: str | None = None
    #: How long a disconnected person's seat waits before a bot of the room's level plays it.
    grace_seconds: float = 30.0
    #: Doubts that arrive within this long of the first one are settled together by R9.
    batch_seconds: float = 0.005
    #: How long a bot seems to think before it plays (doubt answers come sooner, within the window).
    bot_delay_seconds: float = 1.0
    #: The largest message a client may send, in bytes; a larger frame closes its connection.
    max_message_bytes: int = 4096
    #: Messages per second a connection may send on average, and how many it may send in a burst.
    messages_per_second: float = 20.0
    message_burst: int = 40
    #: Rooms that may be open at once per client address, and on the whole server.
    rooms_per_address: int = 20
    max_rooms: int = 2000
    #: Spectators (connections without a token) per room. A seat's token is never counted against it:
    #: whoever holds a seat always gets back to it.
    spectators_per_room: int = 64
    #: Connections one seat may have open at once (a phone and a laptop, a few refreshed tabs); one more
    #: closes that seat's oldest connection, never refuses the newest.
    connections_per_seat: int = 8
    #: How long a new connection has to say hello.
    hello_seconds: float = 10.0
    #: Lookups of rooms that do not exist one client address may make per minute (as many at once).
    lookups_per_minute: float = 30.0
    #: Proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed (addresses or networks,
    #: comma-separated; ``*`` for any). None: no forwarded header is believed, the peer's address counts.
    forwarded_allow_ips: str | None = None
    #: Origins (``https://cards.example.org``) whose web pages may use the lobby and the tables, besides
    #: the server's own (the address a request was sent to, and ``public_url``).
    allowed_origins: tuple[str, ...] = ()
    #: Host names (``cards.example.org``) requests may be addressed to, besides any IP address,
    #: ``localhost``, this machine's own name and ``public_url``'s host; ``*`` for any name. A page on some
    #: other name that its owner's DNS points at this server (DNS rebinding) is refused.
    allowed_hosts: tuple[str, ...] = ()
    #: ``--node-url``: this node's own URL, for several nodes on one PostgreSQL (server/cluster.py); None:
    #: the only server of its archive.
    node_url: str | None = None
    #: How long a node's lease on a room lasts unless renewed (with ``node_url``).
    lease_seconds: float = 6.0

    def __post_init__(self) -> None:
        for spec in fields(self):
            value = getattr(self, spec.name)
            if spec.name.endswith("_seconds") or spec.name in {"messages_per_second", "lookups_per_minute"}:
                _check_positive(spec.name, value, allow_zero=spec.name in {"batch_seconds", "bot_delay_seconds"})
            elif spec.type == "int" and spec.name != "port":
                _check_positive(spec.name, value, allow_zero=False, whole=True)
        if isinstance(self.port, bool) or not isinstance(self.port, int) or not 0 <= self.port <= 65535:
            raise ValueError(f"port must be a whole number from 0 to 65535, not {self.port!r}")
        for origin in self.allowed_origins:
            if origin_of(origin) is None:
                raise ValueError(
                    f"an allowed origin is scheme://host[:port], such as https://cards.example.org, not {origin!r}"
                )
        for name in self.allowed_hosts:
            if name != "*" and not HOST_NAME.fullmatch(name):
                raise ValueError(
                    f"an allowed host is a name such as cards.example.org (no scheme, port or path) or *, not {name!r}"
                )


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an http(s) URL, lower case and without a default port, or None.

    >>> origin_of("HTTP://Table.LAN:80/r/ACE347"), origin_of("https://a.example:8443"), origin_of("null")
    ('http://table.lan', 'https://a.example:8443', None)
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme not in DEFAULT_PORTS or not host:
        return None
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    return f"{scheme}://{host}" if port is None or port == DEFAULT_PORTS[scheme] else f"{scheme}://{host}:{port}"


DEFAULT_PORTS = {"http": 80, "https": 443}

#: A DNS name: dot-separated labels of letters, digits and inner hyphens.
HOST_NAME = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")


def host_name_of(host_header: str) -> str | None:
    """The name or address in a ``Host`` header, lower case, without its port or IPv6 brackets; None
    when it is not one.

    >>> host_name_of("Table.LAN:8000"), host_name_of("[::1]:80"), host_name_of("a b")
    ('table.lan', '::1', None)
    """
    try:
        parts = urlsplit(f"http://{host_header.strip()}")
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError:
        return None
    name = parts.hostname
    if not name or parts.path or parts.query or parts.fragment or parts.username is not None:
        return None
    return name if is_address(name) or HOST_NAME.fullmatch(name) else None


def is_address(name: str) -> bool:
    """Whether ``name`` is an IPv4 or IPv6 address (not a name)."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _check_positive(name: str, value: object, *, allow_zero: bool, whole: bool = False) -> None:
    kinds: tuple[type, ...] = (int,) if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not math.isfinite(float(value)):  # type: ignore[arg-type]
        raise ValueError(f"{name} must be a {'whole ' if whole else ''}number, not {value!r}")
    assert isinstance(value, int | float)
    if value < 0 or (value == 0 and not allow_zero):
        raise ValueError(f"{name} must be {'zero or more' if allow_zero else 'more than zero'}, not {value!r}")
