"""Refresh the translation catalogs after user-interface strings change.

Extracts every marked string from the sources into ``locale/idoubtit.pot``, merges it into each
language's ``.po`` (keeping existing translations), and fills the English catalog with the source
strings. Run it from the project's root: ``python scripts/catalogs.py``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "idoubtit" / "locale"
TEMPLATE = LOCALE / "idoubtit.pot"
LANGUAGES = ("en", "mn", "lb", "af")
#: Extraction keywords beyond Babel's defaults: ``n`` is the short name the code gives ``ngettext``;
#: the browser table's scripts (``web/*.js``) call ``t`` and ``tn``.
KEYWORDS = ("-k", "n:1,2", "-k", "t", "-k", "tn:1,2")


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def main() -> None:
    pybabel(
        "extract", "-F", "babel.cfg", *KEYWORDS, "-o", str(TEMPLATE), "--project", "idoubtit",
        "--no-location", "--sort-output", "--omit-header", "src/idoubtit",
    )  # fmt: skip
    for language in LANGUAGES:
        catalog = LOCALE / language / "LC_MESSAGES" / "idoubtit.po"
        command = "update" if catalog.exists() else "init"
        extra = ["--no-fuzzy-matching", "--ignore-obsolete"] if command == "update" else []
        pybabel(command, "-D", "idoubtit", "-i", str(TEMPLATE), "-d", str(LOCALE), "-l", language, *extra)
    fill_english(LOCALE / "en" / "LC_MESSAGES" / "idoubtit.po")


def fill_english(path: Path) -> None:
    """English is the source language: its catalog holds every string as written in the code."""
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="en")
    for message in catalog:
        if message.id:
            message.string = message.id
    with path.open("wb") as handle:
        write_po(handle, catalog, omit_header=False, no_location=True, sort_output=True)


if __name__ == "__main__":
    main()
