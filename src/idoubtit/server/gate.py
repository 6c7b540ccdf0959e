"""What every request passes before the lobby or a table sees it: which name it was sent to, where it
comes from, and how often its address has guessed a room code wrong.

* **Host.** Every request, reading ones included, must be addressed (its ``Host``) to an IP address,
  ``localhost``, this machine's own name, ``--public-url``'s host or one of ``--allowed-hosts``. A web
  page elsewhere could otherwise point its own name at this server's address (DNS rebinding) and then
  use the lobby and read its answers as its own origin, passing the origin check below.
* **Origin.** A browser names the page that makes a request in ``Origin``. A request that changes
  something (any HTTP method but GET, HEAD and OPTIONS, and every WebSocket) from a page of another
  origin is refused: no web page elsewhere may create rooms from a visitor's browser or sit them at a
  table. The server's own origins are the address the request itself was sent to (its ``Host``), the
  ``--public-url`` and the ``--allowed-origins``. A request without ``Origin`` (curl, a script, the
  Python :class:`~idoubtit.client.table_client.TableClient`) is not a web page's and goes through.
* **Room lookups.** Room codes are short enough to type, so they can be guessed; an address that asked
  for rooms that do not exist too often is refused every lookup by code for a while (``limit.lookups``).
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final
from urllib.parse import urlsplit

from idoubtit.server.config import DEFAULT_PORTS, ServerConfig, host_name_of, is_address, origin_of

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Methods that only read: no origin check (a page elsewhere cannot read the answer anyway).
READING: Final = frozenset({"GET", "HEAD", "OPTIONS"})
#: An address's lookups are forgotten once its allowance is full again; past this many addresses the
#: full ones are swept away.
SWEEP_AT: Final = 10_000


def _same_host(origin: str, host_header: str) -> bool:
    """Whether ``origin`` names the host (and port) a request was sent to, whatever the scheme: behind a
    proxy that ends TLS the server sees http while the page is https."""
    parsed = origin_of(origin)
    return parsed is not None and any(origin_of(f"{scheme}://{host_header}") == parsed for scheme in DEFAULT_PORTS)


class LookupThrottle:
    """Failed room lookups per client address: ``per_minute`` on average, as many at once."""

    def __init__(self, per_minute: float) -> None:
        self.rate, self.burst = per_minute / 60, per_minute
        self._addresses: dict[str, tuple[float, float]] = {}  # address → (allowance, when)

    def _allowance(self, address: str, moment: float) -> float:
        allowance, then = self._addresses.get(address, (self.burst, moment))
        return min(self.burst, allowance + (moment - then) * self.rate)

    def allows(self, address: str | None) -> bool:
        """Whether ``address`` may look a room up now."""
        return address is None or self._allowance(address, time.monotonic()) >= 1

    def failed(self, address: str | None) -> None:
        """``address`` asked for a room that does not exist."""
        if address is None:
            return
        moment = time.monotonic()
        self._addresses[address] = (max(0.0, self._allowance(address, moment) - 1), moment)
        if len(self._addresses) > SWEEP_AT:
            self._addresses = {
                other: entry for other, entry in self._addresses.items() if self._allowance(other, moment) < self.burst
            }


class HostCheck:
    """Which names requests may be addressed to (see the module's docstring)."""

    def __init__(self, config: ServerConfig, machine: str | None = None) -> None:
        self.any = "*" in config.allowed_hosts
        machine = (machine if machine is not None else socket.gethostname()).lower().rstrip(".")
        names = {name.lower().rstrip(".") for name in config.allowed_hosts}
        if machine:
            names |= {machine, f"{machine}.local"}  # the machine's name, and its mDNS name on a LAN
        if config.public_url is not None and (public := urlsplit(config.public_url).hostname):
            names.add(public.lower().rstrip("."))
        self.names = frozenset(names)

    def allows(self, host_header: str | None) -> bool:
        """Whether a request with this ``Host`` header (None: it had none, so no browser sent it) is
        served."""
        if host_header is None or self.any:
            return True
        name = host_name_of(host_header)
        if name is None:
            return False
        name = name.rstrip(".")
        return is_address(name) or name == "localhost" or name.endswith(".localhost") or name in self.names


class Gate:
    """ASGI middleware: the host and origin checks for everything, the lookup throttle for the lobby's
    room paths (the WebSocket checks the throttle itself, so that it can say why in an ``error``
    message)."""

    def __init__(self, app: App, config: ServerConfig, throttle: LookupThrottle) -> None:
        self.app, self.throttle = app, throttle
        self.hosts = HostCheck(config)
        extra = [origin_of(origin) for origin in config.allowed_origins]
        public = [] if config.public_url is None else [origin_of(config.public_url)]
        self.origins = frozenset(origin for origin in [*extra, *public] if origin is not None)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in {"http", "websocket"}:
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        if not self.hosts.allows(headers.get("host")):
            await self._refuse_host(kind, headers["host"], receive, send)
            return
        if kind == "websocket" or scope["method"] not in READING:
            origin = headers.get("origin")
            if origin is not None and not self.allows_origin(origin, headers.get("host", "")):
                await self._refuse_origin(kind, origin, receive, send)
                return
        if kind == "http" and _names_a_room(scope["path"]):
            address = scope["client"][0] if scope.get("client") else None
            if not self.throttle.allows(address):
                await _json(send, 429, "limit.lookups", LOOKUPS_MESSAGE)
                return
        await self.app(scope, receive, send)

    def allows_origin(self, origin: str, host: str) -> bool:
        return origin_of(origin) in self.origins or _same_host(origin, host)

    @staticmethod
    async def _refuse_host(kind: str, host: str, receive: Receive, send: Send) -> None:
        if kind == "websocket":
            await receive()
            await send({"type": "websocket.close", "code": 1008})
            return
        await _json(send, 400, "auth.host", HOST_MESSAGE.format(host=host[:60]))

    @staticmethod
    async def _refuse_origin(kind: str, origin: str, receive: Receive, send: Send) -> None:
        if kind == "websocket":  # refuse the handshake: the browser sees HTTP 403
            await receive()
            await send({"type": "websocket.close", "code": 1008})
            return
        await _json(send, 403, "auth.origin", f"requests from pages at {origin[:60]!r} are not allowed here")


HOST_MESSAGE: Final = (
    "this server answers requests sent to an IP address, localhost, its own name or --public-url's host,"
    " not to {host!r}; its host may allow that name with --allowed-hosts"
)
LOOKUPS_MESSAGE: Final = "too many room codes that name no room were tried from your address; wait a minute"


def _names_a_room(path: str) -> bool:
    """``/api/rooms/{code}`` and everything under it (not ``/api/rooms`` itself, which creates one)."""
    return path.startswith("/api/rooms/") and len(path) > len("/api/rooms/")


def _headers(scope: Scope) -> dict[str, str]:
    return {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope.get("headers", [])}


async def _json(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode("ascii")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
