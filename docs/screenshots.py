"""Turn the table's SVG snapshots (tests/tui/snapshots) into the README's PNG pictures.

Needs cairosvg and the system's cairo library (``pip install -e '.[docs]'``):
``python docs/screenshots.py`` after ``POKERNIGHT_UPDATE_SNAPSHOTS=1 pytest tests/tui``.
"""

from __future__ import annotations

from pathlib import Path

import cairosvg

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    for svg in sorted((ROOT / "tests" / "tui" / "snapshots").glob("*.svg")):
        png = ROOT / "docs" / f"table-{svg.stem}.png"
        cairosvg.svg2png(url=str(svg), write_to=str(png))
        print(png.relative_to(ROOT))


if __name__ == "__main__":
    main()
