"""Translations: the language is picked as people expect, and no catalog lacks a string."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from idoubtit.i18n import LANGUAGES, catalog_path, pick_language, translations

SOURCE = Path(__file__).resolve().parent.parent / "src" / "idoubtit"
TEMPLATE = SOURCE / "locale" / "idoubtit.pot"
#: The call every table knows, as RULES.md gives it for each language.
DOUBT_CALL = {"en": "I doubt it", "mn": "Би эргэлзэж байна", "lb": "Ech bezweifelen dat", "af": "Ek twyfel dit"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def message_ids(catalog: Catalog) -> set[str]:
    return {message.id if isinstance(message.id, str) else message.id[0] for message in catalog if message.id}


def source_ids() -> set[str]:
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "n": (1, 2), "t": None, "tn": (1, 2)}
    methods = [("**.py", "python"), ("**.js", "javascript")]  # the terminal game, and the browser table
    found = extract_from_dir(str(SOURCE), method_map=methods, keywords=keywords)
    return {message if isinstance(message, str) else message[0] for _, _, message, _, _ in found}


def test_the_template_holds_every_string_of_the_code() -> None:
    missing = source_ids() - message_ids(read_catalog(TEMPLATE))
    assert not missing, f"run scripts/catalogs.py: the template lacks {sorted(missing)}"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_catalog_holds_every_string(language: str) -> None:
    catalog = read_catalog(Path(str(catalog_path(language))))
    missing = message_ids(read_catalog(TEMPLATE)) - message_ids(catalog)
    assert not missing, f"the {language} catalog lacks {sorted(missing)}"


def untranslated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return not all(strings)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_string_is_translated_with_its_placeholders(language: str) -> None:
    catalog = read_catalog(Path(str(catalog_path(language))))
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if untranslated(message):
            problems.append(f"untranslated: {ids[0]!r}")
        for index, text in enumerate(strings):
            source = str(ids[min(index, len(ids) - 1)])
            if text and sorted(PLACEHOLDER.findall(str(text))) != sorted(PLACEHOLDER.findall(source)):
                problems.append(f"placeholders differ: {source!r} → {text!r}")
    assert not problems


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_doubt_call_is_the_one_of_the_rules(language: str) -> None:
    assert translations(language).gettext("I doubt it") == DOUBT_CALL[language]


@pytest.mark.parametrize(
    ("explicit", "environment", "expected"),
    [
        ("mn", {"LANG": "af_ZA.UTF-8"}, "mn"),
        (None, {"LANG": "lb_LU.UTF-8"}, "lb"),
        (None, {"LANGUAGE": "fr:af", "LANG": "en_US.UTF-8"}, "af"),
        (None, {"LC_ALL": "mn_MN.UTF-8", "LANG": "af_ZA.UTF-8"}, "mn"),
        (None, {"LANG": "C"}, "en"),
        (None, {}, "en"),
        ("AF", {}, "af"),
        ("mn-MN", {}, "mn"),
    ],
)
def test_the_language_comes_from_the_option_then_the_environment(
    explicit: str | None, environment: dict[str, str], expected: str
) -> None:
    assert pick_language(explicit, environment) == expected


def test_an_unknown_language_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="choose one of en, mn, lb, af"):
        pick_language("fr", {})


def test_plural_forms_follow_the_count() -> None:
    tr = translations("en")
    assert tr.ngettext("%(count)d King", "%(count)d Kings", 1) % {"count": 1} == "1 King"
    assert tr.ngettext("%(count)d King", "%(count)d Kings", 3) % {"count": 3} == "3 Kings"


#: Phrasings a native reviewer asked for, and the ones they replaced (which must not come back).
REVIEWED = {
    "mn": {
        "What happened": ("Болсон үйл явдал", "Юу болсон бэ"),
        "Your cards": ("Таны хөзөр", "Таны гар"),
        "Decks": ("Хөзрийн боодол", "Багц"),
        "searching": ("гүн бодогч", "хайлт хийгч"),
    },
    "lb": {
        "put down at least one card": ("mindestens eng Kaart erofleeën", "Kaart of"),
        "Waiting for the host to start the game.": ("Organisateur", "Gastgeber"),
        "searching": ("déif iwwerleeënd", "sichend"),
        "%(name)s claims “%(claim)s”. %(call)s? (y/n)": ("(j/n)", "(y/n)"),
    },
    "af": {
        "Play picked cards (p)": ("Speel die gekose kaarte (p)", "Speel gekose kaarte"),
        "Clear pick": ("Kies af", "Ontkies"),
        "Not allowed: %(reason)s": ("Nie toegelaat nie: %(reason)s", "Mag nie"),
        "Due: %(rank)s": ("Aan die beurt: %(rank)s", "Nou:"),
        "Ace": ("Aas", "aas"),
        "you do not hold %(card)s": ("jy het nie %(card)s nie", "jy hou nie"),
    },
}


@pytest.mark.parametrize(("language", "source"), [(lang, source) for lang in REVIEWED for source in REVIEWED[lang]])
def test_the_reviewed_phrasings_stay(language: str, source: str) -> None:
    wanted, replaced = REVIEWED[language][source]
    text = translations(language).gettext(source)
    assert wanted in text
    assert replaced not in text


def test_no_deck_is_called_a_bundle_in_mongolian() -> None:
    catalog = read_catalog(Path(str(catalog_path("mn"))))
    strings = [
        text
        for message in catalog
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
    ]
    assert not [text for text in strings if "багц" in str(text).lower()]
