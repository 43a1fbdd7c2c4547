"""The contract fuzzer on Athens & Sparta (architecture: "Testing"), and whole random games.

CI runs twelve seeded random playouts; ``POLEMOS_DEEP=1`` runs a thousand. The fuzzer's
cheap checks and the fog-of-war leak check (``conftest.leak_problems`` plus the log-line watch)
run at every ``CHECK_EVERY``-th action and at the end; the expensive ones (JSON round trip with a
replay of the loaded position's record, undo by replay) run at the same points, which keeps a
playout of ~800 actions to about 1.5 seconds (checking every action would take minutes per game:
each check replays the record so far). The secrets check (each side's hidden variants, played on
``FOLLOW`` actions beside the game; ``hidden.py``) runs at every other point in CI, every point
under DEEP: it costs about as much again. Tune with ``POLEMOS_FUZZ_SEEDS=N`` (number of seeds,
starting at ``POLEMOS_FUZZ_FIRST``, default 0) and ``POLEMOS_FUZZ_CHECK_EVERY=K``.

A failing playout is saved as a record in ``fuzz-failures/athens-and-sparta-seed<N>.json`` (at
the repository root): ``polemos replay`` / ``polemos.replay`` reproduce it; its ``error``,
``step``, ``failing_action`` and ``traceback`` say what broke.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

import polemos
from polemos.core.game import JSON
from polemos.core.rng import Rng
from polemos.testing import fuzz_game
from tests.athens_sparta.conftest import (
    DEEP,
    GAME_ID,
    HIDDEN_KEYS,
    LogWatch,
    game,
    leak_check,
    leak_problems,
    new_state,
    play_random,
    random_step,
)

FAILURES = Path(__file__).resolve().parents[2] / "fuzz-failures"
FIRST = int(os.environ.get("POLEMOS_FUZZ_FIRST", "0"))
SEEDS = int(os.environ.get("POLEMOS_FUZZ_SEEDS", "1000" if DEEP else "12"))  # CI: ~3.5 s a playout compiled
CHECK_EVERY = int(os.environ.get("POLEMOS_FUZZ_CHECK_EVERY", "50"))
MAX_STEPS = 4000  # random games take 700-1000 actions; an endless loop shows up as a failure
# random-vs-random games that must all finish (CI: 100, about 10 s; the fuzzer above plays whole
# random games too, and CI must stay under 20 minutes in all)
GAMES = 400 if DEEP else 100
SECRETS_EVERY = CHECK_EVERY * (1 if DEEP else 2)
FOLLOW = 24 if DEEP else 12


def test_random_playouts_keep_the_game_contract(log_watch: LogWatch) -> None:
    seeds = range(FIRST, FIRST + SEEDS)
    report = fuzz_game(GAME_ID, seeds, max_steps=MAX_STEPS, check_every=CHECK_EVERY,
                       leak_check=leak_check(log_watch), save_dir=FAILURES, hidden_keys=HIDDEN_KEYS,
                       secrets_every=SECRETS_EVERY, follow=FOLLOW)
    saved = [str(f.path) for f in report.failures if f.path is not None]
    assert report.ok, (report.summary() + "\nfailing records (replay with `polemos replay FILE`): "
                       + ", ".join(saved))
    assert report.games == report.finished == SEEDS
    assert report.steps > SEEDS * 100  # whole games, not stubs


def test_random_games_all_finish_with_an_outcome() -> None:
    """``GAMES`` random-vs-random games (fixed agent seeds) all end, within the bounded length,
    with a winner and a reason; no role is ever left without a legal action."""
    reasons: Counter[str] = Counter()
    longest = 0
    started = time.perf_counter()
    for seed in range(GAMES):
        s, chooser = new_state(seed), Rng(seed)
        steps = 0
        while s.outcome() is None:
            try:
                assert steps < MAX_STEPS, f"no outcome after {MAX_STEPS} actions"
                random_step(s, chooser)
            except Exception as exc:
                path = FAILURES / f"{GAME_ID}-random-seed{seed}.json"
                FAILURES.mkdir(exist_ok=True)
                path.write_text(json.dumps({**s.record(), "error": f"{type(exc).__name__}: {exc}"}, indent=1))
                pytest.fail(f"seed {seed}, action {steps + 1}: {type(exc).__name__}: {exc} (record: {path})")
            steps += 1
        outcome = s.outcome()
        assert outcome is not None and outcome.winner in ("athens", "sparta"), f"seed {seed}: {outcome}"
        assert outcome.reason
        assert s.active_roles() == ()
        reasons[f"{outcome.winner}: {outcome.reason}"] += 1
        longest = max(longest, steps)
    elapsed = time.perf_counter() - started
    print(f"\n{GAMES} random games in {elapsed:.1f}s, longest {longest} actions; outcomes:")
    for reason, n in reasons.most_common():
        print(f"  {n:4d}  {reason}")


def test_secrets_of_the_syracuse_points_option_keep_the_contract(log_watch: LogWatch) -> None:
    """The fuzzer, its secrets check included, with the SYRACUSE Points option: each player's Sicily
    card stays secret until SYRACUSE is attacked, and is dealt again in the opponent's variants."""
    seeds = range(FIRST, FIRST + (40 if DEEP else 2))
    report = fuzz_game(GAME_ID, seeds, max_steps=MAX_STEPS, check_every=CHECK_EVERY,
                       leak_check=leak_check(log_watch), save_dir=FAILURES, hidden_keys=HIDDEN_KEYS,
                       options={"syracuse_points": True}, follow=FOLLOW)
    assert report.ok, report.summary()
    assert report.games == report.finished == len(seeds)


OPTIONS: list[JSON] = [
    {"syracuse_points": True},
    {"bid": {"side": "athens", "steps": 3}},
    {"bid": {"side": "sparta", "steps": 5}},
    {"syracuse_points": True, "bid": {"side": "sparta", "steps": 2}},
]


@pytest.mark.parametrize("options", OPTIONS, ids=["syracuse", "bid-athens-3", "bid-sparta-5", "syracuse+bid-sparta-2"])
def test_random_games_with_options_keep_the_contract(options: JSON, log_watch: LogWatch) -> None:
    """The fuzzer plays without options; these playouts cover the SYRACUSE Points option (Sicily
    cards) and the 10.3 tourney bid: no leak (every 10th action; every action under DEEP), exact
    JSON round trip and replay (every 97th action), an outcome, and a final record that replays."""
    every = 1 if DEEP else 10
    for seed in range(10) if DEEP else range(1):
        s, chooser = game().new(seed, options=options), Rng(seed)
        steps = 0
        while s.outcome() is None:
            assert steps < MAX_STEPS, f"seed {seed} with {options}: no outcome after {MAX_STEPS} actions"
            if steps % every == 0:
                for role in ("athens", "sparta", None):
                    problems = leak_problems(s, role, s.view(role)) + log_watch.drain()
                    assert not problems, f"seed {seed} with {options}, step {steps}, {role}: {problems[:3]}"
            if steps % 97 == 0:
                doc = json.loads(json.dumps(s.to_json()))
                assert game().from_json(doc).to_json() == doc, f"seed {seed} with {options}, step {steps}"
                assert polemos.replay(json.loads(json.dumps(s.record()))).to_json() == doc
            random_step(s, chooser)
            steps += 1
        assert polemos.replay(json.loads(json.dumps(s.record()))).to_json() == s.to_json()
        assert not log_watch.drain()


def test_the_game_does_not_depend_on_the_hash_seed() -> None:
    """Same seed, same actions, same final state in interpreters with other string-hash seeds
    (no iteration over sets of strings decides anything)."""
    code = ("import hashlib, json, polemos; from polemos.core.rng import Rng; "
            "from tests.athens_sparta.conftest import play_random; "
            "s = polemos.game('athens-and-sparta').new(5); play_random(s, Rng(5), 400); "
            "print(hashlib.sha256(json.dumps(s.to_json(), sort_keys=True).encode()).hexdigest())")
    root = Path(__file__).resolve().parents[2]
    digests = set()
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                             check=True)
        digests.add(out.stdout.strip())
    s = new_state(5)
    play_random(s, Rng(5), 400)
    digests.add(hashlib.sha256(json.dumps(s.to_json(), sort_keys=True).encode()).hexdigest())
    assert len(digests) == 1, digests
