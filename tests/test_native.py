"""The compiled hot modules (mypyc, polemos/core/native.py; issue 12): which code runs, and the pure-Python
fallback when the build is missing, stale or disabled."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from polemos.core import native


def run_mode(env: dict[str, str]) -> str:
    code = "import polemos, polemos.core.native as n; polemos.game('athens-and-sparta'); print(n.mode())"
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, **env}, capture_output=True, text=True,
                         check=True, cwd=native.ROOT)
    return out.stdout.strip()


def test_polemos_pure_runs_the_sources_whatever_was_built() -> None:
    assert run_mode({"POLEMOS_PURE": "1"}) == "pure Python (POLEMOS_PURE is set)"


def test_the_mode_follows_the_build_manifest() -> None:
    """Compiled exactly when a build matching every source is there; otherwise pure Python, saying why."""
    why = native._built()
    mode = run_mode({"POLEMOS_PURE": ""})
    if why is None:
        assert mode == "compiled (mypyc)"
    else:
        assert mode == f"pure Python ({why})"


def test_a_stale_or_missing_build_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "MANIFEST", tmp_path / "_native.json")
    assert (native._built() or "").startswith("not built")
    sources = {m: native._digest(native.source_of(m)) for m in native.depends()}
    state = "polemos.games.athens_sparta.state"  # not compiled, but compiled against
    sources[state] = "0" * 64  # as if the source had changed since the build
    native.MANIFEST.write_text(json.dumps({"python": sys.implementation.cache_tag, "sources": sources}))
    assert native._built() == f"stale: {state} changed since the build (make setup rebuilds it)"
    native.MANIFEST.write_text(json.dumps({"python": "cpython-00", "sources": sources}))
    assert native._built() == f"built for cpython-00, not {sys.implementation.cache_tag}"
    native.MANIFEST.write_text("{")
    assert (native._built() or "").startswith("unreadable build manifest")


def test_the_pure_finder_loads_the_listed_modules_from_their_sources() -> None:
    finder = native._PureFinder(native.COMPILED)
    spec = finder.find_spec("polemos.games.athens_sparta.movement", None)
    assert spec is not None and spec.origin == str(native.source_of("polemos.games.athens_sparta.movement"))
    assert finder.find_spec("polemos.games.athens_sparta.view", None) is None  # not compiled: the usual import


def test_a_build_answers_for_the_compiled_modules_and_all_they_were_compiled_against() -> None:
    names = native.depends()
    assert set(native.COMPILED) <= set(names)
    assert {"polemos.games.athens_sparta.state", "polemos.core.game", "polemos.core.rng"} <= set(names)
    assert all(native.source_of(m).exists() for m in names)


def test_a_game_without_compiled_modules_is_pure_python() -> None:
    assert native.mode("polemos.games.sparta_vs_athens") == "pure Python (no compiled modules)"
