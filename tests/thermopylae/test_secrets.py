"""Secret facts of the two-player Go Tell the Spartans (11.1, 3.4 fog of war) leave no public trace:
what the enemy and a spectator see, who is asked to act and the log depend only on the top unit of
each stack, the number and facing of the units under it, and what is off the map (RULINGS G43).

The fuzzer's general check of every secret (``polemos.testing.fuzz``, "Secrets") runs in
``test_fuzz.py``.
"""

from __future__ import annotations

import json

from polemos import script_dice
from polemos.games.thermopylae import sequence
from polemos.games.thermopylae.state import GTSState

from .helpers import GREEK, empty, new, put, where


def public(s: GTSState, role: str) -> str:
    """What ``role``'s enemy and a spectator are shown: their views and who acts."""
    other = "persian" if role == "greek" else "greek"
    return json.dumps([s.view(other), s.view(None), s.active_roles()], sort_keys=True)


def _at_greek_deployment() -> GTSState:
    s = new(3, players="two")
    while s.stage != "deploy":
        role = s.active_roles()[0]
        s.apply(role, s.legal_actions(role)[0])
    return s


def test_g43_the_greek_deployment_is_shown_when_it_is_done() -> None:
    """G43 (6.0, 3.4): the Persians would learn every unit under a top by watching the Greek units
    placed one by one in the set order (6.0.1, G27); they see the deployment when it is done."""
    s = _at_greek_deployment()
    before = public(s, "greek")
    assert "placing" not in s.view("persian") or s.view("persian")["placing"] is None
    assert s.view("greek")["placing"]["id"] == s.comp.unit_ids[s.deploy_queue[0]]
    placed = 0
    while s.stage == "deploy":
        assert public(s, "greek") == before
        s.apply("greek", s.legal_actions("greek")[0])
        placed += 1
    assert placed > 10
    text = json.dumps(s.view("persian")["log"])
    assert "Greek deployment done" in text and "set up in" not in text
    areas = s.view("persian")["areas"]
    assert any(u["side"] == "greek" for units in areas.values() for u in units)


def test_g43_detaching_a_unit_is_not_seen_by_the_enemy() -> None:
    """G43 (3.1.2, 3.4): leaving a stack changes nothing the enemy sees (the pile stays)."""
    s = empty(stage="g_move", actor=GREEK, players="two")
    put(s, ["thebans-1", "thebans-2", "thebans-3"], "F6", "W")
    put(s, ["dahae-01", "dahae-02"], "B5", "E")
    before = public(s, "greek")
    s.apply("greek", "detach thebans-3")
    assert public(s, "greek") == before


def test_g43_a_force_from_under_the_top_moves_without_its_name() -> None:
    """G43 (3.4): a force that leaves from under another and joins the bottom of another stack is
    never on top: the enemy sees units move, not which."""
    s = empty(stage="g_move", actor=GREEK, players="two")
    put(s, ["thebans-1"], "F6", "W")
    put(s, ["thebans-2", "thebans-3"], "F6", "W")  # a second force, under thebans-1
    put(s, ["thespians-1"], "D6", "W")
    put(s, ["dahae-01", "dahae-02"], "B5", "E")
    move = next(a for a in s.legal_actions("greek") if a.startswith("move thebans-2 D6"))
    s.apply("greek", move)
    assert where(s, "thebans-2") == "D6"
    seen = json.dumps([s.view("persian"), s.view(None)])
    assert "thebans-2" not in seen and "thebans-3" not in seen
    assert any("2 units from under the top" in line["text"] for line in s.view("persian")["log"])


def test_g43_a_unit_coming_to_the_top_is_a_reveal() -> None:
    """3.4 and the undo policy: a force that moves off its stack shows the enemy the unit under it,
    so it cannot be taken back."""
    s = empty(stage="g_move", actor=GREEK, players="two")
    put(s, ["thebans-1"], "F6", "W")
    put(s, ["thebans-2"], "F6", "W")
    put(s, ["dahae-01", "dahae-02"], "B5", "E")
    reveals = s.reveals
    s.apply("greek", next(a for a in s.legal_actions("greek") if a.startswith("move thebans-1 D6")))
    assert s.reveals == reveals + 1 and not s.can_undo("greek")
    assert [u.get("id") for u in s.view("persian")["areas"]["F6"]] == ["thebans-2"]


def _thespians_attacked(under: str, elsewhere: str) -> GTSState:
    """The Persian Melee Segment of the two-player game with 11.3: Dahae have entered a hoplite
    stack topped by a Thespian, with ``under`` beneath it; ``elsewhere`` is under another."""
    s = empty(stage="p_melee", actor=-1, players="two", feigned_retreat=True)
    put(s, ["thespians-1", elsewhere], "M5", "W")
    put(s, ["thespians-2", under], "D7", "W")
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "D7", "E", came_from="C7")
    put(s, "dahae-04", "A2", "E")
    sequence.advance(s)
    return s


def test_g43_the_feint_question_does_not_tell_of_spartans_under_the_top() -> None:
    """G43 (11.3, 3.4): asked only when Spartans stood in the stack, the question would tell the
    Persians so; the Greeks are asked before every melee against their hoplites."""
    with_spartan = _thespians_attacked("spartans-1", "thespians-3")
    without = _thespians_attacked("thespians-3", "spartans-1")
    for s in (with_spartan, without):
        assert s.stage == "p_melee_run" and s.active_roles() == ("greek",)
    assert with_spartan.legal_actions("greek") == ["feint D7", "stand D7"]
    assert without.legal_actions("greek") == ["stand D7"]
    assert public(with_spartan, "greek") == public(without, "greek")
    script_dice(without, [1] * 8)
    without.apply("greek", "stand D7")  # then the melee is fought (8.3.2)
    assert any("melee in D7" in line["text"] for line in without.view("persian")["log"])
