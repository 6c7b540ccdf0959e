"""Names for computer players: short, friendly first names, a list for each interface language.

A table of computer players called "Computer (medium)" three times cannot tell who took the pile or
who won. Each bot seat gets a first name from the table's language instead, different from every
other name at the table; the interfaces mark bot seats as computer players themselves.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Final

#: Twenty names a language: a V4 table of 20 seats may hold one person and nineteen bots.
BOT_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": (
        "Max", "Lily", "Sam", "Rosa", "Theo", "Ivy", "Finn", "Nora", "Leo", "Mia",
        "Ben", "Zoe", "Jack", "Ella", "Tom", "Ruby", "Oscar", "Lucy", "Alfie", "Grace",
    ),
    "mn": (
        "Бат", "Сараа", "Болд", "Оюун", "Дорж", "Номин", "Ганаа", "Цэцэг", "Туяа", "Хулан",
        "Баяр", "Сүх", "Наран", "Энх", "Мөнх", "Солонго", "Ариун", "Билгүүн", "Золбоо", "Тэмүүжин",
    ),
    "lb": (
        "Pit", "Josée", "Fränz", "Léonie", "Mett", "Lis", "Charel", "Romy", "Jang", "Mady",
        "Gusty", "Carole", "Tun", "Joëlle", "Nico", "Lena", "Jos", "Sandy", "Raoul", "Mireille",
    ),
    "af": (
        "Jan", "Sanet", "Piet", "Annelie", "Koos", "Marlize", "Gert", "Elsa", "Frik", "Riana",
        "Hennie", "Lettie", "Wikus", "Karin", "Sarel", "Mienkie", "Johan", "Elmarie", "Danie", "Ilse",
    ),
}  # fmt: skip


def bot_name(language: str, taken: Collection[str], seed: object = None) -> str:
    """A name for a new computer player: from ``language``'s list (English for a language without one),
    different from every name in ``taken`` (compared without case), chosen by ``seed`` so that the same
    table gets the same names. When the list runs out, a number tells the bots apart ("Max 2")."""
    pool = list(BOT_NAMES.get(language, BOT_NAMES["en"]))
    random.Random(str(seed)).shuffle(pool)
    used = {name.casefold() for name in taken}
    for name in pool:
        if name.casefold() not in used:
            return name
    number = 2
    while True:
        for name in pool:
            candidate = f"{name} {number}"
            if candidate.casefold() not in used:
                return candidate
        number += 1


def distinct_name(name: str, taken: Collection[str]) -> str:
    """``name`` itself when nobody at the table has it yet, else ``name`` with the first free number
    ("Anna 2"), so that two people who both type "Anna" can still be told apart."""
    used = {other.casefold() for other in taken}
    if name.casefold() not in used:
        return name
    number = 2
    while f"{name} {number}".casefold() in used:
        number += 1
    return f"{name} {number}"
