"""axe-core's accessibility checks run in a page, kept to the problems that matter most."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

AXE = Axe()


def serious_violations(page: Page) -> list[str]:
    """axe-core's violations of impact serious or critical on the page as it is now, one line each."""
    results: Any = AXE.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in {"serious", "critical"}:
            targets = [node["target"] for node in violation["nodes"]][:4]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found
