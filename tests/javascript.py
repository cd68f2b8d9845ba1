"""The site's scripts run under node, outside a browser (tests/javascript.js):
the tests that compare the rules the scripts repeat with the Python run in
every test run, the PostgreSQL one too. `make test` installs node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import Phase

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "static"
HARNESS = Path(__file__).with_name("javascript.js")
# A property test here draws a batch of cases at a time, run by one node: it is
# not shrunk (its message names the case that differs), which would start node
# hundreds of times.
BATCHES = (Phase.explicit, Phase.reuse, Phase.generate)


def run(scripts: list[str], call: str, data: object = None) -> object:
    """Run ``scripts`` (paths under static/, in order) in a page of their own
    and return what ``call`` (the source of a JavaScript function of the data
    and the scripts' exports by file name) returns for ``data``, through JSON."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: `make test` installs it (Debian's nodejs)")
    request = {"scripts": [str(STATIC / script) for script in scripts], "call": call, "data": data}
    finished = subprocess.run(
        [node, str(HARNESS)], input=json.dumps(request), capture_output=True, text=True, timeout=300
    )
    if finished.returncode:
        pytest.fail(f"node failed:\n{finished.stderr}")
    return json.loads(finished.stdout)
