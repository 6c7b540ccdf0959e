"""The browser client's logic (src/idoubtit/web/*.js), tested with Node's own test runner."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent


def test_the_client_logic_passes_its_node_tests() -> None:
    node = shutil.which("node")
    assert node is not None, "the browser client's logic tests need Node.js (.ci/run installs it)"
    result = subprocess.run(
        [node, "--test", str(HERE / "client.test.mjs")], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# fail 0" in result.stdout
    assert "# pass 0" not in result.stdout
