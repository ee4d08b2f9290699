"""README stays a newcomer's five-minute read (issue 40: it had grown to 938 lines, about 390 of
them a measurement log): at most 200 lines, its quick start the two commands, its presets those
of the code, and its links, like those of the pages the rest moved to, leading somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper import ROOT
from scorekeeper.engine.presets import PRESETS

#: Reads files only: the PostgreSQL run of .ci/run leaves it out.
pytestmark = pytest.mark.no_database

README = ROOT / "README.md"
MAX_LINES = 200
#: The pages README's material moved to, whose links are checked with README's.
PAGES = [README, ROOT / "docs" / "FEATURES.md", ROOT / "docs" / "CONFIGURATION.md",
         ROOT / "docs" / "TESTING.md", ROOT / "deploy" / "README.md", ROOT / "bench" / "README.md"]


def _section(text: str, title: str) -> str:
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert found, f"README has no section {title!r}"
    return found.group(1)


def test_readme_is_at_most_200_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"README has {len(lines)} lines; move the detail to docs/"


def test_the_quick_start_is_make_run_and_make_test() -> None:
    quick_start = _section(README.read_text(encoding="utf-8"), "Quick start")
    blocks = re.findall(r"^```\w*\n(.*?)^```", quick_start, re.MULTILINE | re.DOTALL)
    assert blocks, "the quick start has no commands"
    assert blocks[0].split("\n")[:-1] == ["make run", "make test"]
    assert len(blocks) == 1, "the quick start is two commands and nothing else to type"


def test_the_presets_table_lists_each_preset_of_the_code_and_how_it_ends() -> None:
    section = _section(README.read_text(encoding="utf-8"), "The presets: 14 rule sets")
    rows = dict(re.findall(r"^\| `([\w-]+)` \| .*? \| (.*?) \|$", section, re.MULTILINE))
    assert set(rows) == set(PRESETS)
    assert len(PRESETS) == 14, "the section's title counts the presets"
    for ruleset_id, ends in rows.items():
        rules = PRESETS[ruleset_id]
        # A game of rounds ends after its last round, whatever its target says.
        expected = "rounds" if rules.rounds else f"{rules.target:,}"
        assert expected in ends, (ruleset_id, ends)


def _anchor(heading: str) -> str:
    """The id GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_relative_links_lead_to_a_file_and_its_heading(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # another site's
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.name} links to {target}, which is not there"
        if anchor:
            headings = re.findall(r"^#+ (.*)$", linked.read_text(encoding="utf-8"), re.MULTILINE)
            assert anchor in {_anchor(h) for h in headings}, f"{page.name}: no heading {target}"
