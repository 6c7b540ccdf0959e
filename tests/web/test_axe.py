"""The accessibility check the browser tests share: axe-core goes into a document once and then checks
the document as it is at each call, so a problem that appears later is still found."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.web.axe import serious_violations


def test_axe_is_put_into_a_document_once_and_checks_it_as_it_is_now(browser: Browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    try:
        page.set_content("<!doctype html><html lang='en'><title>Fine</title><main><h1>Fine</h1></main></html>")
        assert serious_violations(page) == []
        page.evaluate("window.axe.marker = 'kept'")  # the axe-core put in by the first check
        page.evaluate("document.querySelector('main').append(document.createElement('button'))")
        found = serious_violations(page)  # a button with no name: a critical problem
        assert any(line.startswith("button-name (critical)") for line in found), found
        assert page.evaluate("window.axe.marker") == "kept"  # not put in again
        page.set_content("<!doctype html><html lang='en'><title>New</title><main><button></button></main></html>")
        assert any(line.startswith("button-name") for line in serious_violations(page))  # a new document
    finally:
        context.close()
