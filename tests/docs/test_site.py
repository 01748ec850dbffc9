"""The site holds together: no link of the README or the site leaves the repository, the command
reference names every command of the app, the API reference every public module."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import typer
from tests.docs.blocks import ROOT

from pokernight.cli.main import COMMANDS, build

HOOK = ROOT / "docs" / "hooks" / "reference.py"
LINK = re.compile(r"\]\(([^)\s]+)\)|<(https?://[^>]+)>|(?:src|href)=\"([^\"]+)\"")


def reference() -> object:
    spec = importlib.util.spec_from_file_location("docs_reference", HOOK)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def relative_links(page: Path) -> list[str]:
    """Every link of a page that is not a web address or an anchor on the page."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    links = ["".join(m.groups(default="")) for m in LINK.finditer(text)]
    return [link for link in links if not re.match(r"[a-z]+:|#", link)]


def test_no_link_leaves_the_repository() -> None:
    """Every relative link of the README and the site names a file of the repository (or a
    page the site generates), and no page names a path above it such as ``../shared/``."""
    docs = ROOT / "docs"
    generated = {docs / "reference" / "commands.md", *(docs / p for p in reference().api_pages())}  # type: ignore[attr-defined]
    pages = [ROOT / "README.md", *sorted(docs.rglob("*.md"))]
    outside = []
    for page in pages:
        for link in relative_links(page):
            target = (page.parent / link.split("#")[0]).resolve()
            if not target.is_relative_to(ROOT) or not (target.exists() or target in generated):
                outside.append(f"{page.relative_to(ROOT)}: {link}")
        outside += [
            f"{page.relative_to(ROOT)}: ../shared" for _ in [1] if "../shared" in page.read_text()
        ]
    assert outside == []


def test_the_readme_fits_on_a_screen() -> None:
    assert len((ROOT / "README.md").read_bytes()) < 10_000


def test_every_command_is_in_the_command_reference() -> None:
    page = reference().commands_page()  # type: ignore[attr-defined]
    expected = []
    for name in COMMANDS:
        command = typer.main.get_command(build(name)).commands[name]  # type: ignore[attr-defined]
        expected.append(f"pokernight {name}")
        expected += [f"pokernight {name} {sub}" for sub in getattr(command, "commands", {})]
    headings = re.findall(r"^## `(.+)`$", page, re.M)
    assert headings == expected
    assert "Usage: pokernight sim [OPTIONS] {game}" in page
    assert "| `--hands` | `<integer>` | number of hands | `10000` |" in page


def test_every_public_module_is_in_the_api_reference() -> None:
    pages = reference().api_pages()  # type: ignore[attr-defined]
    rendered = {m for text in pages.values() for m in re.findall(r"^::: (\S+)$", text, re.M)}
    src = ROOT / "src"
    public = set()
    for path in (src / "pokernight").rglob("*.py"):
        parts = path.relative_to(src).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        if all(p.isidentifier() and not p.startswith("_") for p in parts[1:]):
            public.add(".".join(parts))
    public.discard("pokernight")
    assert rendered == public
    assert "pokernight.engine.protocol" in rendered and "pokernight.web.writer" in rendered
    index = pages["reference/api/index.md"]
    assert all(f"({top}.md)" in index for top in {m.split(".")[1] for m in public})
