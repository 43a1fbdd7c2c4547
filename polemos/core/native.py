"""Compiled hot modules (mypyc), with the pure-Python package always there to fall back on (issue 12).

The modules named in :data:`COMPILED` are plain typed Python. ``make setup`` (and ``make test`` /
``make run``) also compiles them with mypyc, in place, next to their sources
(``python -m polemos.core.native build``); the same source then runs as C extension modules. The
build writes :data:`MANIFEST` with the SHA-256 of each source it compiled.

When the package is imported, :func:`install` decides which code runs. The pure Python sources are
used, and the extension modules ignored, when

- ``POLEMOS_PURE=1`` is set (to compare, or to debug with pure Python);
- nothing was built (no compiler, or the build failed: the set-up still succeeds);
- a source changed since the build (its hash differs from the manifest's): a stale extension never
  runs code other than the source in the tree.

:func:`mode` says which one ran (``polemos bench`` prints it). Nothing else in Polemos knows about
this: the compiled modules behave as their sources (mypyc also checks the annotated types at run
time, so a wrong type is a ``TypeError`` there).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: The modules compiled with mypyc: the kernel's State and Game, and the rule procedures of the games
#: (what listing and applying actions runs). Views, bots and presentation stay pure Python (tests patch them).
COMPILED = (
    # the kernel's State and Game (native classes: apply, undo and the fields every rule reads; the games'
    # states subclass them, compiled in another group or interpreted: allow_interpreted_subclasses)
    "polemos.core.game",
    # Athens & Sparta: its model, state (a native subclass of the kernel's State) and rule procedures
    "polemos.games.athens_sparta.model",
    "polemos.games.athens_sparta.state",
    "polemos.games.athens_sparta.common",
    "polemos.games.athens_sparta.movement",
    "polemos.games.athens_sparta.replacement",
    "polemos.games.athens_sparta.combat",
    "polemos.games.athens_sparta.attrition",
    "polemos.games.athens_sparta.victory",
    "polemos.games.athens_sparta.rules",
    # Go Tell the Spartans' searches, state (a native subclass of the kernel's State), rule procedures and
    # sequence of play (its game stays pure Python: tests replace sequence.advance where game.py calls it)
    "polemos.games.thermopylae.geometry",
    "polemos.games.thermopylae.comp",  # the components' class: its fields read natively by rules (issue 12)
    "polemos.games.thermopylae.search",
    "polemos.games.thermopylae.state",
    "polemos.games.thermopylae.rules",
    "polemos.games.thermopylae.automaton",
    "polemos.games.thermopylae.sequence",
    # The Peloponnesian War's state (a native subclass of the kernel's State) and rule procedures (its game,
    # strategy — tests patch strategy.matrix_objective — views, bots and drawing stay pure Python)
    "polemos.games.peloponnesian_war.model",
    "polemos.games.peloponnesian_war.geography",
    "polemos.games.peloponnesian_war.state",
    "polemos.games.peloponnesian_war.combat_tables",
    "polemos.games.peloponnesian_war.neutrals",
    "polemos.games.peloponnesian_war.victory",
    "polemos.games.peloponnesian_war.political",
    "polemos.games.peloponnesian_war.operations",
    "polemos.games.peloponnesian_war.combat",
    "polemos.games.peloponnesian_war.rebellion",
    "polemos.games.peloponnesian_war.administration",
    "polemos.games.peloponnesian_war.armistice",
    "polemos.games.peloponnesian_war.setup",
    "polemos.games.peloponnesian_war.rules",
    # Sparta vs. Athens' model, state (a native subclass of the kernel's State) and the Campaign Phase's
    # procedures, where a step's time goes (campaign.takable, state.units_at); its rules.py stays pure Python
    # (a test replaces rules.tribute_tally where rules.revenue_of calls it), as do its game, views and bots
    "polemos.games.sparta_vs_athens.model",
    "polemos.games.sparta_vs_athens.state",
    "polemos.games.sparta_vs_athens.campaign",
)
#: The mypyc groups, one a game and one for the kernel (``polemos.core.game``: a module can be in one group
#: only, and every game's state subclasses its State): each group is its own C library
#: ``polemos/<group>__mypyc*.so``, and the C compiler builds them side by side, one a core
#: (``build_ext --parallel``). No compiled module of one game imports another game's, so the only calls
#: that cross a group are into the kernel's. mypyc's separate compilation lets a native class of one group
#: subclass a native class of another (a game's library loads the kernel's when it is imported): the games'
#: native state classes subclass the kernel's State so, and interpreted classes (the games' play classes,
#: the toys, test doubles) as any Python class does (allow_interpreted_subclasses).
#: One group was one 25 MB C file on one core (CI's build: 5.7 minutes); the games' files are 8.5, 9.4 and
#: 4.1 MB (gcc: 97, 95 and 46 CPU seconds), the kernel's small, so two cores finish in ~60%.
GROUPS = {key: f"polemos._native_{key}"
          for key in ("core", "athens_sparta", "thermopylae", "peloponnesian_war", "sparta_vs_athens")}
ROOT = Path(__file__).resolve().parent.parent.parent  # the folder holding the ``polemos`` package
MANIFEST = ROOT / "polemos" / "_native.json"

_state: dict[str, str] = {"mode": "pure Python", "why": "not installed"}


def depends() -> list[str]:
    """The modules whose sources a build was made from: the compiled ones and every module of their
    packages (mypyc compiled against their types: the game's state class, the kernel), so that a
    change to any of them retires the build until it is made again."""
    names = set(COMPILED)
    # the kernel by its name: run as ``python -m polemos.core.native`` this module is ``__main__``
    for folder in {source_of(m).parent for m in (*COMPILED, "polemos.core.native")}:
        rel = folder.relative_to(ROOT)
        names.update(".".join((*rel.parts, p.stem)) for p in folder.glob("*.py") if p.stem != "__init__")
    return sorted(names)


def group_of(module: str) -> str:
    """The key in :data:`GROUPS` of a compiled module: ``core`` for the kernel, else its game's package."""
    parts = module.split(".")
    return "core" if parts[1] == "core" else parts[2]


def source_of(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _extensions(module: str) -> list[Path]:
    src = source_of(module)
    return [p for p in src.parent.glob(src.stem + ".*") if p.suffix in (".so", ".pyd")]


class _PureFinder(importlib.abc.MetaPathFinder):
    """Finds the listed modules as their ``.py`` sources, so that their extension modules beside
    them are not imported."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
                  ) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        src = source_of(fullname)
        if not src.exists():
            return None
        loader = importlib.machinery.SourceFileLoader(fullname, str(src))
        return importlib.util.spec_from_file_location(fullname, src, loader=loader)


def _built() -> str | None:
    """None if the extension modules are built and match their sources, else why not."""
    if not MANIFEST.exists():
        return "not built (make setup builds it; see polemos/core/native.py)"
    try:
        doc = json.loads(MANIFEST.read_text())
        hashes = doc["sources"]
        if doc.get("python") != sys.implementation.cache_tag:
            return f"built for {doc.get('python')}, not {sys.implementation.cache_tag}"
        for module in depends():
            if hashes.get(module) != _digest(source_of(module)):
                return f"stale: {module} changed since the build (make setup rebuilds it)"
        for module in COMPILED:
            if not _extensions(module):
                return f"incomplete: no extension module for {module}"
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        return f"unreadable build manifest: {exc}"
    return None


def install() -> None:
    """Choose compiled or pure Python for the modules of :data:`COMPILED` (before any is imported)."""
    if any(isinstance(f, _PureFinder) for f in sys.meta_path):
        return
    if os.environ.get("POLEMOS_PURE", "") not in ("", "0"):
        why: str | None = "POLEMOS_PURE is set"
    else:
        why = _built()
    if why is None:
        _state.update(mode="compiled (mypyc)", why="")
        return
    _state.update(mode="pure Python", why=why)
    sys.meta_path.insert(0, _PureFinder(COMPILED))


def mode(package: str = "polemos.games.athens_sparta") -> str:
    """Which code of ``package`` runs: 'compiled (mypyc)' or 'pure Python (<why>)', from what was
    imported (a game package with no compiled modules is pure Python)."""
    listed = [m for m in COMPILED if m.startswith(package + ".")]
    if not listed:
        return "pure Python (no compiled modules)"
    probe = importlib.import_module(listed[0])
    if Path(probe.__file__ or "").suffix in (".so", ".pyd"):
        return "compiled (mypyc)"
    return f"pure Python ({_state['why']})" if _state["why"] else "pure Python"


# -- the build (python -m polemos.core.native build) -----------------------------------------------
def clean() -> None:
    """Remove the extension modules and the manifest (pure Python from then on)."""
    MANIFEST.unlink(missing_ok=True)
    for module in COMPILED:
        for p in _extensions(module):
            p.unlink()
    for p in (ROOT / "polemos").glob("_native*__mypyc*"):
        p.unlink()


def build() -> int:
    """Compile :data:`COMPILED` in place with mypyc; on any failure leave pure Python (status 1)."""
    clean()
    sources = {m: _digest(source_of(m)) for m in depends()}
    with tempfile.TemporaryDirectory(prefix="polemos-mypyc-") as tmp:
        # built in a scratch folder (setuptools there reads no pyproject.toml), then copied in place
        groups = [([str(source_of(m)) for m in COMPILED if group_of(m) == key], name) for key, name in GROUPS.items()]
        jobs = str(min(len(groups), os.cpu_count() or 1))
        script = (
            "from setuptools import setup\n"
            "from mypyc.build import mypycify\n"
            f"setup(name='polemos-native', ext_modules=mypycify({[str(source_of(m)) for m in COMPILED]!r}, "
            f"opt_level='3', separate={groups!r}, target_dir='c'),\n"
            f"      script_args=['build_ext', '--parallel', {jobs!r}, '--build-lib', 'lib', '--build-temp', 'temp'])\n"
        )
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
        run = subprocess.run([sys.executable, "-c", script], cwd=tmp, env=env, capture_output=True, text=True,
                             check=False)
        if run.returncode != 0:
            clean()
            tail = "\n".join((run.stdout + run.stderr).strip().splitlines()[-15:])
            print(f"polemos: the mypyc build failed; pure Python will be used\n{tail}", file=sys.stderr)
            return 1
        lib = Path(tmp) / "lib"
        for p in lib.rglob("*"):
            if p.suffix in (".so", ".pyd"):
                shutil.copy2(p, ROOT / p.relative_to(lib))
    if any(not _extensions(m) for m in COMPILED):
        clean()
        print("polemos: the mypyc build made no extension modules; pure Python will be used", file=sys.stderr)
        return 1
    if any(_digest(source_of(m)) != h for m, h in sources.items()):
        clean()
        print("polemos: a source changed during the mypyc build; pure Python will be used", file=sys.stderr)
        return 1
    MANIFEST.write_text(json.dumps({"python": sys.implementation.cache_tag, "sources": sources}, indent=1) + "\n")
    print(f"polemos: compiled {len(COMPILED)} modules with mypyc")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["build"]:
        return build()
    if args == ["clean"]:
        clean()
        return 0
    if args == ["status"]:
        why = _built()
        print("compiled (mypyc)" if why is None else f"pure Python: {why}")
        return 0
    print("usage: python -c 'import polemos.core.native as n; n.main()' build|clean|status", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
