"""Room codes people read aloud and type, and the secret tokens that bind a seat to a person.

Room codes come from :data:`CODE_ALPHABET`, which leaves out every character that looks like another
(0 O Q D, 1 I L, 2 Z, 5 S, 6 G, 8 B, U V): someone reading a code off a screen, or hearing it, cannot
pick the wrong one. Codes only name a room; they are not secrets (spectators join with them), so their
length is chosen for typing, not for guessing resistance. Tokens are secrets: 32 random bytes.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

CODE_ALPHABET: Final = "ACEFHJKMNPRTWXY34679"
CODE_LENGTH: Final = 6
#: Random bytes in a seat or host token (43 URL-safe characters).
TOKEN_BYTES: Final = 32

_SEPARATORS = str.maketrans("", "", " -_.")


def new_room_code() -> str:
    """A fresh random room code, like ``K7WA3F`` (20⁶, some 64 million, possible codes)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    """A code as typed (any case, with spaces or dashes) in the form the archive stores.

    >>> normalize_code(" k7w-a3f ")
    'K7WA3F'
    """
    return text.translate(_SEPARATORS).upper()


def is_room_code(text: str) -> bool:
    """Whether ``text`` (already normalized) could be a room code at all.

    >>> is_room_code("K7WA3F"), is_room_code("K0WA3F")
    (True, False)
    """
    return len(text) == CODE_LENGTH and all(character in CODE_ALPHABET for character in text)


def new_token() -> str:
    """A fresh unguessable token for a seat or a host."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """The SHA-256 of a token in hexadecimal: what the archive stores instead of the token.

    A plain hash (no salt, no stretching) is enough because tokens are 256 random bits, not passwords:
    there is nothing to guess from a dictionary, and a hash that is the same every time lets the archive
    find a seat by its token with an index.

    Any string hashes, even one no encoder takes (a lone surrogate from a client's JSON): it simply
    matches no token.

    >>> len(hash_token("abc")), len(hash_token("\\ud800"))
    (64, 64)
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
