"""The Python examples of the README and docs/python.md (their ```python blocks) run as written, from the top of the
tree, and their assertions hold."""
import os
import re

import pytest

from conftest import SOURCE

PAGES = [SOURCE / "README.md", SOURCE / "docs" / "python.md"]


def examples():
    out = []
    for page in PAGES:
        for k, block in enumerate(re.findall(r"^```python\n(.*?)^```", page.read_text(), re.M | re.S)):
            out.append(pytest.param(block, id=f"{page.name}-{k}"))
    return out


@pytest.mark.parametrize("code", examples())
def test_example_runs(code, monkeypatch):
    monkeypatch.chdir(SOURCE)
    exec(compile(code, "example", "exec"), {})


def test_every_page_has_an_example():
    assert all(re.search(r"^```python\n", p.read_text(), re.M) for p in PAGES)
