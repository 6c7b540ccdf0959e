"""The table server: rooms, seats, a real-time doubt window, reconnects and crash-safe games.

``idoubtit serve`` runs it; ``create_app(ServerConfig(...))`` gives the ASGI app for tests and hosting.
The protocol is in docs/protocol.md.
"""

from idoubtit.server.app import create_app, serve
from idoubtit.server.config import ServerConfig
from idoubtit.server.protocol import PROTOCOL_VERSION, ServerError

__all__ = ["PROTOCOL_VERSION", "ServerConfig", "ServerError", "create_app", "serve"]
