"""The browser client's rules pages: one per language, well-formed, limited to a few plain tags, and
citing every rule and variant with the same call for “I doubt it” as the game's own catalogs."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from importlib import resources

import pytest
from babel.messages.pofile import read_po

from idoubtit.i18n import LANGUAGES, catalog_path

ALLOWED_TAGS = frozenset({"h2", "h3", "p", "ul", "ol", "li", "strong", "em"})
RULES = tuple(f"R{number}" for number in range(1, 11))
VARIANTS = tuple(f"V{number}" for number in range(1, 6))


def page_text(language: str) -> str:
    return (resources.files("idoubtit") / "web" / "rules" / f"{language}.html").read_text(encoding="utf-8")


class _Checker(HTMLParser):
    """Collects every tag, attribute and nesting error of a fragment, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.tags: list[str] = []
        self.problems: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if attrs:
            self.problems.append(f"<{tag}> has attributes {attrs}")
        self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.problems.append(f"self-closing <{tag}/>")

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1] if self.open else 'nothing'}")
            return
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_comment(self, data: str) -> None:
        self.problems.append("a comment")

    def handle_decl(self, decl: str) -> None:
        self.problems.append(f"a declaration <!{decl}>")

    def handle_pi(self, data: str) -> None:
        self.problems.append("a processing instruction")


def check(language: str) -> _Checker:
    checker = _Checker()
    checker.feed(page_text(language))
    checker.close()
    return checker


def doubt_call(language: str) -> str:
    with catalog_path(language).open("rb") as po_file:
        catalog = read_po(po_file, locale=language)
    message = catalog.get("I doubt it")
    assert message is not None, f"the {language} catalog lacks “I doubt it”"
    assert isinstance(message.string, str)
    assert message.string, f"the {language} catalog leaves “I doubt it” untranslated"
    return message.string


def test_every_language_has_a_rules_page() -> None:
    folder = resources.files("idoubtit") / "web" / "rules"
    missing = [language for language in LANGUAGES if not (folder / f"{language}.html").is_file()]
    assert not missing


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_page_is_well_formed_and_uses_only_plain_tags(language: str) -> None:
    checker = check(language)
    assert not checker.problems
    assert not checker.open, f"left open: {checker.open}"
    assert set(checker.tags) <= ALLOWED_TAGS, sorted(set(checker.tags) - ALLOWED_TAGS)
    assert checker.tags[0] == "h2"
    assert checker.tags.count("h2") == 1
    assert checker.tags.count("h3") >= 7


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_page_cites_every_rule_and_variant(language: str) -> None:
    text = "".join(check(language).text)
    missing = [name for name in RULES + VARIANTS if not re.search(rf"\b{name}\b", text)]
    assert not missing


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_page_is_of_a_readable_length(language: str) -> None:
    words = len("".join(check(language).text).split())
    assert 400 <= words <= 1000


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_the_page_uses_the_catalogs_call(language: str) -> None:
    assert doubt_call(language) in "".join(check(language).text)


def test_the_english_page_uses_the_english_call() -> None:
    assert "I doubt it" in "".join(check("en").text)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_page_links_nowhere_and_runs_nothing(language: str) -> None:
    lowered = page_text(language).lower()
    assert "http" not in lowered
    assert "<script" not in lowered
