"""A map drawing (a game's ``svg.render_map``) read as a tree, for the games' drawing tests
(tests/peloponnesian_war/test_svg.py, tests/sparta_vs_athens/test_svg.py): its groups by data attribute, its
labels, its words, label boxes that meet, and a drawing made from a player's edited copy of the data folder."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from pathlib import Path

SVG = "{http://www.w3.org/2000/svg}"


class Drawing:
    """One SVG document and its parsed tree."""

    def __init__(self, doc: str) -> None:
        self.doc = doc
        self.root = ET.fromstring(doc)

    def groups(self, attr: str) -> dict[int, ET.Element]:
        """The ``<g>`` elements carrying ``attr`` (data-space, data-locale, ...), by its number."""
        return {int(g.attrib[attr]): g for g in self.root.iter(f"{SVG}g") if attr in g.attrib}

    def texts(self, css_class: str | None = None) -> list[ET.Element]:
        """Every ``<text>``, or those of class ``css_class``."""
        return [t for t in self.root.iter(f"{SVG}text") if css_class is None or t.attrib.get("class") == css_class]

    def labels(self) -> set[str | None]:
        """The names written on the map (the texts of class ``label``)."""
        return {t.text for t in self.texts("label")}

    def words(self) -> str:
        """All the drawing's words, the legend's included, in one string."""
        return " ".join(t.text or "" for t in self.texts())

    def label_clashes(self, char_width: float, above: float, below: float) -> list[tuple[str | None, str | None]]:
        """The pairs of labels whose boxes meet by more than 1 unit each way: a label's box is ``char_width`` a
        letter wide, anchored as the text is, from ``above`` over its baseline to ``below`` under it."""
        boxes = []
        for t in self.texts("label"):
            x, y, w = float(t.attrib["x"]), float(t.attrib["y"]), char_width * len(t.text or "")
            anchor = t.attrib["text-anchor"]
            x0 = x - w / 2 if anchor == "middle" else x if anchor == "start" else x - w
            boxes.append((t.text, x0, y - above, x0 + w, y + below))
        return [(a[0], b[0]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                if min(a[3], b[3]) - max(a[1], b[1]) > 1 and min(a[4], b[4]) - max(a[2], b[2]) > 1]


def drawn_from_an_edited_copy(render: Callable[[Path], str], data_dir: Path, files: Iterable[str], into: Path,
                              edited: str, old: str, new: str) -> str:
    """The drawing ``render`` makes from a copy of the data folder's ``files`` in ``into``, with ``old`` replaced
    by ``new`` in the copy's file ``edited`` (a player's own data folder)."""
    for name in files:
        shutil.copy(data_dir / name, into / name)
    path = into / edited
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {edited}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return render(into)
