"""The compiled hot modules (mypyc, polemos/core/native.py; issue 12): which code runs, and the pure-Python
fallback when the build is missing, stale or disabled."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import polemos
from polemos.core import native
from polemos.core.rng import Rng


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
    view = "polemos.games.athens_sparta.view"  # not compiled, but compiled against (the state's types)
    sources[view] = "0" * 64  # as if the source had changed since the build
    native.MANIFEST.write_text(json.dumps({"python": sys.implementation.cache_tag, "sources": sources}))
    assert native._built() == f"stale: {view} changed since the build (make setup rebuilds it)"
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


def test_each_compiled_module_is_in_one_group_the_kernel_in_its_own() -> None:
    """One C library a game, and the kernel's State and Game in a library of their own that every game's
    (compiled or not) subclasses: a module can be in one mypyc group only."""
    assert {native.group_of(m) for m in native.COMPILED} == set(native.GROUPS)
    assert [m for m in native.COMPILED if native.group_of(m) == "core"] == ["polemos.core.game"]
    assert native.group_of("polemos.games.athens_sparta.state") == "athens_sparta"


def test_the_kernel_and_the_games_run_the_same_build() -> None:
    """The kernel is compiled exactly when the games are (one manifest): a compiled game's native state
    class can only subclass a compiled kernel State."""
    code = ("import polemos, polemos.core.native as n; polemos.game('athens-and-sparta'); "
            "print(n.mode('polemos.core'), n.mode('polemos.games.athens_sparta'), sep='|')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=native.ROOT)
    core, game = out.stdout.strip().split("|")
    assert core == game


def test_a_package_without_compiled_modules_is_pure_python() -> None:
    assert native.mode("polemos.server") == "pure Python (no compiled modules)"


def test_every_game_state_is_compiled() -> None:
    """Issue 12: every game's state is a native class in the compiled build (an interpreted state subclassing
    the kernel's native State read each field through CPython's generic path: Sparta vs. Athens +22%
    instructions a step), in its game's group."""
    for package in ("athens_sparta", "thermopylae", "peloponnesian_war", "sparta_vs_athens"):
        assert f"polemos.games.{package}.state" in native.COMPILED
        assert native.group_of(f"polemos.games.{package}.state") == package


@pytest.mark.parametrize(("game_id", "module"), [("athens-and-sparta", "polemos.games.athens_sparta.state"),
                                                 ("peloponnesian-war", "polemos.games.peloponnesian_war.state"),
                                                 ("sparta-vs-athens", "polemos.games.sparta_vs_athens.state"),
                                                 ("go-tell-the-spartans", "polemos.games.thermopylae.state")])
def test_a_native_state_clone_takes_every_field_by_name(game_id: str, module: str) -> None:
    """The compiled states copy their fields one by one (a native slot is not in ``__dict__``): a clone taken
    mid-game has every serialised field equal to its original's, each list a copy of its own (the states
    that name their flat lists: those)."""
    fields = importlib.import_module(module)
    state = polemos.game(game_id).new(3)
    chooser = Rng(3)
    for _ in range(120):
        if state.outcome() is not None:
            break
        role = state.active_roles()[0]
        state.apply(role, chooser.choice(state.legal_actions(role)))
    twin = state.clone()
    assert twin.to_json() == state.to_json()
    for name in (*fields._SCALARS, *fields._LISTS, *getattr(fields, "_DICTS", ())):
        assert getattr(twin, name) == getattr(state, name), name
    for name in getattr(fields, "_FLAT_LISTS", fields._LISTS):
        assert getattr(twin, name) is not getattr(state, name), name
