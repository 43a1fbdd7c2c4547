"""Extract, update and compile Polemos's message catalogs (issue 11; ``make i18n``).

    python scripts/i18n.py            # all three steps
    python scripts/i18n.py extract    # polemos/locale/polemos.pot from the sources (babel.cfg)
    python scripts/i18n.py update     # merge the .pot into each polemos/locale/<lang>/LC_MESSAGES/polemos.po
    python scripts/i18n.py compile    # each .po -> .mo (committed: the package needs no Babel CLI at run time)
    python scripts/i18n.py check      # exit 1 if a .mo differs from what its .po compiles to

Only Babel's library is used (``babel.messages``), as ``pybabel`` would, so the same steps run anywhere
the package's dependencies are installed.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "polemos" / "locale"
POT = LOCALE / "polemos.pot"
LANGS = ("es",)
# the translation calls of each kind of source (a Python variable named t is not a message)
KEYWORDS = {"python": {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)},
            "javascript": {"t": None}}


def _method_map() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    section = ""
    for line in (ROOT / "babel.cfg").read_text().splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            method, _, pattern = line[1:-1].partition(":")
            out.append((pattern.strip(), method.strip()))
            section = pattern
    assert section, "babel.cfg names no sources"
    return out


def extract() -> Catalog:
    pot = Catalog(project="polemos", charset="utf-8")
    for pattern, method in _method_map():
        for filename, lineno, message, comments, context in extract_from_dir(
                str(ROOT), method_map=[(pattern, method)], keywords=KEYWORDS[method],
                comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            pot.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    with POT.open("wb") as f:
        write_po(f, pot, width=120, sort_output=True, omit_header=False)
    return pot


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "polemos.po"


def update(pot: Catalog) -> None:
    for lang in LANGS:
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as f:
                cat = read_po(f, locale=lang)
        else:
            cat = Catalog(locale=lang, project="polemos", charset="utf-8")
        cat.update(pot, no_fuzzy_matching=True)
        cat.obsolete.clear()
        with path.open("wb") as f:
            write_po(f, cat, width=120, sort_output=True)


def compiled(lang: str) -> bytes:
    with po_path(lang).open("rb") as f:
        cat = read_po(f, locale=lang)
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


def compile_all() -> None:
    for lang in LANGS:
        po_path(lang).with_suffix(".mo").write_bytes(compiled(lang))


def check() -> int:
    stale = [lang for lang in LANGS if po_path(lang).with_suffix(".mo").read_bytes() != compiled(lang)]
    for lang in stale:
        print(f"{po_path(lang).with_suffix('.mo')} is not what its .po compiles to: run make i18n")
    return 1 if stale else 0


def main(argv: list[str]) -> int:
    step = argv[0] if argv else "all"
    if step in ("all", "extract", "update"):
        pot = extract()
        if step != "extract":
            update(pot)
    if step in ("all", "compile"):
        compile_all()
    if step == "check":
        return check()
    if step not in ("all", "extract", "update", "compile", "check"):
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
