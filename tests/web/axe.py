"""axe-core's accessibility checks run in a page, kept to the problems that matter most."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import DEFAULT_OPTIONS, Axe, AxeResults
from playwright.sync_api import Page


class AxeOncePerDocument(Axe):  # type: ignore[misc]  # (the library ships no types)
    """axe-core put into a document once, then run there as often as asked, sending back its violations.

    The library's ``run`` evaluates the whole of axe-core (over half a megabyte of script) before every
    check and sends every result back (the passes too). The screens test checks each screen at four sizes
    in four languages: a check of the home page took 160 ms that way and takes about 70 ms this way. A new
    document (after a navigation) gets axe-core anew.
    """

    def run(self, page: Any, context: Any = None, options: dict[str, Any] | None = DEFAULT_OPTIONS) -> AxeResults:
        if context is not None:
            return super().run(page, context, options)
        if page.evaluate("typeof window.axe") == "undefined":
            page.evaluate(self.axe_script)
        found = page.evaluate("options => axe.run(document, options).then(r => ({violations: r.violations}))", options)
        return AxeResults(found)


AXE = AxeOncePerDocument()


def serious_violations(page: Page) -> list[str]:
    """axe-core's violations of impact serious or critical on the page as it is now, one line each."""
    results: Any = AXE.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in {"serious", "critical"}:
            targets = [node["target"] for node in violation["nodes"]][:4]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found
