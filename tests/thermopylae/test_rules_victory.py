"""Victory (10.0): points at the end of the third day, ties to Persia; automatic victories (8.4.5)."""

from __future__ import annotations

from polemos.games.thermopylae import rules, sequence
from polemos.games.thermopylae.state import ARMY, GONE, TRACK, GTSState

from .helpers import GREEK, PERSIAN, U, empty, put


def on_army(s: GTSState, *ids: str, place: int = ARMY) -> None:
    for x in ids:
        u = U(s, x)
        s.loc[u] = place
        if place == ARMY:
            (s.army_g if s.comp.u_side[u] == GREEK else s.army_p).append(u)


def test_10_0_three_points_for_each_persian_contingent_on_the_army_track() -> None:
    s = empty()
    on_army(s, "dahae-01", "medes-01")
    assert rules.victory_points(s) == (6, 0)


def test_10_0_a_contingent_counts_once_however_many_units() -> None:
    s = empty()
    on_army(s, "dahae-01", "dahae-02")
    assert rules.victory_points(s) == (3, 0)


def test_10_0_five_points_for_the_immortals() -> None:
    s = empty()
    on_army(s, "immortals-01", "immortals-02")
    assert rules.victory_points(s) == (5, 0)


def test_10_0_units_lost_in_a_morale_crisis_count_too() -> None:
    s = empty()
    on_army(s, "susa-01", "immortals-03", place=GONE)
    assert rules.victory_points(s) == (8, 0)


def test_10_0_six_points_for_each_greek_contingent_ten_for_the_spartans() -> None:
    s = empty()
    on_army(s, "thebans-1", "phocians-1", "spartans-1", "spartans-2")
    assert rules.victory_points(s) == (0, 22)


def test_10_0_units_merely_eliminated_score_nothing() -> None:
    s = empty()
    for x in ("thebans-1", "dahae-01", "immortals-01"):
        s.loc[U(s, x)] = TRACK
    assert rules.victory_points(s) == (0, 0)


def test_10_0_the_greeks_win_with_more_points() -> None:
    s = empty(stage="day_end", actor=-1, day=3)
    put(s, "spartans-1", "G8", "W")
    on_army(s, "dahae-01", "medes-01", "susa-01")  # 9
    on_army(s, "thebans-1")  # 6
    assert sequence._step(s)
    assert s.winner == GREEK
    out = s.outcome()
    assert out is not None and out.winner == "greek" and out.scores["greek"] == 9 and out.scores["persian"] == 6


def test_10_0_a_tie_goes_to_persia() -> None:
    s = empty(stage="day_end", actor=-1, day=3)
    put(s, "spartans-1", "G8", "W")
    on_army(s, "dahae-01", "medes-01")  # 6
    on_army(s, "thebans-1")  # 6
    assert sequence._step(s)
    assert s.winner == PERSIAN


def test_10_0_points_are_counted_only_at_the_end_of_the_third_day() -> None:
    s = empty(stage="day_end", actor=-1, day=2)
    put(s, "spartans-1", "G8", "W")
    on_army(s, "dahae-01", "medes-01", "susa-01")
    assert sequence._step(s)
    assert s.winner < 0 and s.day == 3


def test_8_4_5_an_automatic_victory_ends_the_game_at_once() -> None:
    s = empty(stage="g_melee", actor=GREEK)
    on_army(s, "thespians-1", "thebans-1", "phocians-1", "malians-1")
    put(s, ["spartans-1", "spartans-2", "spartans-3"], "E6", "W", losses=3)
    put(s, ["immortals-01", "immortals-02", "immortals-03"], "E6", "E", came_from="D6")
    rules.take_losses(s, s.comp.area_index("E6"), GREEK, 3, "8.3.5")  # all three Spartans gone
    rules.check_routs(s)
    assert s.winner == PERSIAN and s.stage == "over"
    assert s.legal_actions("greek") == [] and s.active_roles() == ()
