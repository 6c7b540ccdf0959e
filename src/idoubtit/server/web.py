"""The browser table: the page, its scripts and styles, translations for it, and QR codes for join links.

Everything is served from the package itself (``idoubtit/web``): no fonts, scripts or trackers from
elsewhere, so a table works on a LAN with no internet. The client is plain HTML, CSS and JavaScript
modules; nothing is built before ``idoubtit serve`` can serve it.
"""

from __future__ import annotations

import io
from functools import cache
from importlib import resources
from typing import Any, Final

import segno
from babel.messages.pofile import read_po
from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from idoubtit.bots.characters import characters
from idoubtit.i18n import DOMAIN, LANGUAGES, catalog_path
from idoubtit.server.hub import Hub
from idoubtit.server.protocol import ServerError

WEB: Final = resources.files("idoubtit") / "web"


def add_web(app: FastAPI) -> None:
    """Serve the client at ``/`` (and at ``/r/{code}``, the join link; ``/r/{code}/history``, ``/g/{game_id}``
    and ``/me``, the pages that look back), its files under ``/static``."""
    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(str(WEB / "index.html"), media_type="text/html")

    @app.get("/r/{code}", include_in_schema=False)
    async def join_link(code: str) -> FileResponse:
        return FileResponse(str(WEB / "index.html"), media_type="text/html")

    # Looking back: the page reads the address and asks the history endpoints (server/history.py).
    @app.get("/r/{code}/history", include_in_schema=False)
    async def table_history(code: str) -> FileResponse:
        return FileResponse(str(WEB / "index.html"), media_type="text/html")

    @app.get("/g/{game_id}", include_in_schema=False)
    async def game_replay(game_id: str) -> FileResponse:
        return FileResponse(str(WEB / "index.html"), media_type="text/html")

    @app.get("/me", include_in_schema=False)
    async def own_page() -> FileResponse:
        return FileResponse(str(WEB / "index.html"), media_type="text/html")

    @app.get("/puzzles", include_in_schema=False)
    async def puzzles_page() -> FileResponse:
        return FileResponse(str(WEB / "puzzles.html"), media_type="text/html")

    @app.get("/api/i18n/{language}")
    async def messages(language: str) -> dict[str, Any]:
        if language not in LANGUAGES:
            raise ServerError("i18n.unknown", f"no language {language!r}; there are {', '.join(LANGUAGES)}", 404)
        return {
            "language": language,
            "languages": LANGUAGES,
            "messages": catalog_messages(language),
            "characters": character_sheets(language),
        }

    @app.get("/rules/{language}", include_in_schema=False)
    async def rules(language: str) -> HTMLResponse:
        page = WEB / "rules" / f"{language}.html"
        if language not in LANGUAGES or not page.is_file():
            raise ServerError("i18n.unknown", f"no rules page in {language!r}; there are {', '.join(LANGUAGES)}", 404)
        return HTMLResponse(page.read_text(encoding="utf-8"))

    @app.get("/api/rooms/{code}/qr.svg")
    async def qr_code(request: Request, code: str) -> Response:
        hub: Hub = request.app.state.hub
        table = hub.table(code)  # (throttled by the gate, as every lookup by code over HTTP)
        link = table.link or f"{str(request.base_url).rstrip('/')}/r/{table.code}"  # (this answer's only)
        return Response(qr_svg(link), media_type="image/svg+xml")


@cache
def character_sheets(language: str) -> list[dict[str, str]]:
    """The characters a host may seat, as ``language`` presents them (bots/characters.py)."""
    return [
        {"key": one.key, "name": one.name, "description": one.description, "difficulty": one.difficulty}
        for one in characters(language)
    ]


@cache
def catalog_messages(language: str) -> dict[str, str | list[str]]:
    """Every translated string of ``language``: msgid → text, or → [singular, plural] forms."""
    with catalog_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=DOMAIN)
    messages: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple | list):
            forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
            messages[str(message.id[0])] = [str(form) for form in forms]
        else:
            messages[str(message.id)] = str(message.string)
    return messages


@cache
def qr_svg(link: str) -> bytes:
    """A QR code of ``link`` as SVG, dark on light, scaled to be read from a phone at arm's length."""
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=6, border=2, title=link)
    return buffer.getvalue()
