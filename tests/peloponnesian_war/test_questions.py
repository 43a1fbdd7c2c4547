"""Every pending decision of The Peloponnesian War is asked in words (issue 11): the side panel and the terminal
show the rules' question, or their kind's worded one (text.QUESTIONS), never the kind's id ("op_build"), in
English and in Spanish."""

from __future__ import annotations

import pytest

import polemos
from polemos import i18n
from polemos.core.log import translate_line
from polemos.core.rng import Rng
from polemos.games.peloponnesian_war import text, web


def _shown(view: dict[str, object]) -> list[str]:
    """Where a decision is shown: the panel's prompt and the terminal's "Waiting for" line, in both languages."""
    out = [str(web.describe(view)["prompt"]), translate_line(str(web.describe(view)["prompt"]), "es")]
    with i18n.use("es"):
        out += [line for line in text.render(view).splitlines() if "Esperando" in line or "Waiting" in line]
    out += [line for line in text.render(view).splitlines() if "Waiting for" in line]
    return out


def _raw(kind: str, line: str) -> bool:
    """Does ``line`` show the kind's id: "Player (Athens): build", or "op_build" anywhere?"""
    return line.rstrip(" .").endswith(f": {kind}") or ("_" in kind and kind in line)


@pytest.mark.parametrize(("seed", "scenario", "options"), [
    (1, "peloponnesian-war", {"mode": "two-player"}), (2, "archidamian-war", {}),
    (3, "decelean-war", {"mode": "fixed", "side": "sparta"})])
def test_no_decision_shows_its_raw_kind(seed: int, scenario: str, options: dict[str, str]) -> None:
    # random playouts (the decisions of 3.1 strategy, 4.1 operations, 4.6.2 interception, 4.0 battle order,
    # 5.3.1 the Athenian defence, 7.2 building): each is shown in words, and so it is when the rules' own
    # question is missing (blanked here): its kind's question, translated
    state = polemos.game("peloponnesian-war").new(seed, scenario=scenario, options=options)
    chooser = Rng(seed)
    kinds: set[str] = set()
    for _ in range(1500):
        if state.outcome() is not None:
            break
        role = state.active_roles()[0]
        view = state.view(role)
        asked = view.get("asked")
        if isinstance(asked, dict):
            kind = str(asked["kind"])
            kinds.add(kind)
            assert kind in text.QUESTIONS, f"no worded question for {kind!r}: add it to text.QUESTIONS"
            for shown in (_shown(view), _shown({**view, "asked": {**asked, "question": ""}})):
                assert shown[0] and not [line for line in shown if _raw(kind, line)], (kind, shown)
                assert shown[1] != shown[0], f"{shown[0]!r} has no Spanish"
        state.apply(role, chooser.choice(state.legal_actions(role)))
    assert {"strategy", "op_objective", "op_build"} <= kinds


def test_every_kinds_question_reads_in_spanish() -> None:
    blank = {"role": "player", "side": "athens", "question": ""}
    for kind, question in text.QUESTIONS.items():
        assert question.rstrip(")").split("(")[-1][:1].isdigit(), f"{kind}: the question cites its rule"
        prompt = web.describe({"asked": {**blank, "kind": kind}})["prompt"]
        assert prompt == f"Player (Athens): {question}"
        spanish = translate_line(prompt, "es")
        assert spanish.startswith("Jugador (Atenas): ") and spanish != prompt and not _raw(kind, spanish)
    unknown = web.describe({"asked": {**blank, "kind": "some_new_kind"}})["prompt"]
    assert unknown == "Player (Athens): choose one of the legal actions"
