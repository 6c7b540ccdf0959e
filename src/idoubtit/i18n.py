"""Translations of everything a person reads, through gettext catalogs kept as Babel ``.po`` files.

The catalogs live in ``idoubtit/locale/<lang>/LC_MESSAGES/idoubtit.po``. They are compiled in memory
when first used (with Babel), so a fresh install needs no build step and a catalog edit shows at once.
"""

from __future__ import annotations

import gettext
import io
import os
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Final

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DOMAIN: Final = "idoubtit"
#: Languages of the user interface, each named in itself.
LANGUAGES: Final = {"en": "English", "mn": "Монгол", "lb": "Lëtzebuergesch", "af": "Afrikaans"}
DEFAULT_LANGUAGE: Final = "en"
#: A well-formed BCP 47 tag, as far as a room needs one: a primary language and optional subtags
#: (``en``, ``en-GB``, ``mn-Cyrl-MN``); ``_`` is read as ``-``, as locales write it.
_TAG: Final = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*")
LONGEST_TAG: Final = 35


def known_language(tag: object) -> str | None:
    """The project's language a tag names, or None: ``en-GB`` → ``en``; ``fr``, ``a/b``, ``..`` → None.

    >>> known_language("mn-Cyrl-MN"), known_language("LB"), known_language("fr"), known_language("ab<c")
    ('mn', 'lb', None, None)
    """
    if not isinstance(tag, str) or len(tag) > LONGEST_TAG or not tag.isascii() or not _TAG.fullmatch(tag):
        return None
    code = re.split("[-_]", tag, maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def pick_language(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The interface language: ``explicit`` if given, else the first known one in the environment's
    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` (as gettext reads them), else English."""
    if explicit is not None:
        code = _language_code(explicit)
        if code not in LANGUAGES:
            raise ValueError(f"unknown language {explicit!r}; choose one of {', '.join(LANGUAGES)}")
        return code
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for candidate in env.get(variable, "").split(":"):
            code = _language_code(candidate)
            if code in LANGUAGES:
                return code
    return DEFAULT_LANGUAGE


def language_of(tr: gettext.NullTranslations) -> str:
    """The language of ``tr`` as its catalog names it (English for the source strings)."""
    return tr.info().get("language", DEFAULT_LANGUAGE)


def _language_code(text: str) -> str:
    """``mn_MN.UTF-8`` → ``mn``."""
    return text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def catalog_path(language: str) -> resources.abc.Traversable:
    return resources.files("idoubtit") / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The gettext translations for ``language`` (English falls back to the source strings)."""
    path = catalog_path(language)
    if not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as po_file:
        catalog = read_po(po_file, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
