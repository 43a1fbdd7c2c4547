"""Go Tell the Spartans: the sequence of play (4.0) as a stage machine, and the players' decisions in it.

:func:`advance` carries out everything automatic (dice, the Persian automaton in the solitaire game,
combat resolution; the procedures of ``rules.py`` and ``automaton.py``) and stops where a role must
decide, setting ``state.actor`` and ``state.stage``. :func:`legal` lists that role's actions as text
and :func:`apply` carries one out; both use the same predicates (``rules.py``).

Stages, in the order of 4.0:
  day_start -> commit (A.1, 5.1) -> ephialtes (A.2, 5.2; day 3) -> conference (A.3, 5.3; day 3)
  -> guard (6.0) -> west (6.0.1) -> deploy (B, 6.0) -> pdeploy (C, 7.0)
  -> round_start (7.0.2 entry) -> p_move (D.1) -> g_dfire (D.2) -> p_ofire (D.3) -> p_melee (D.4)
  -> g_move (D.5) -> p_dfire (D.6) -> g_ofire (D.7) -> g_melee (D.8) -> recovery (D.9)
  -> round_end -> ... -> end_of_day (E, 9.0) -> day_end -> next day or victory (10.0).
Rulings cited as G-numbers are in RULINGS.md. The modules are layered: state -> rules -> automaton ->
sequence -> game (no module imports one after it).
"""

from __future__ import annotations

from polemos.games.thermopylae.automaton import persian_fire, persian_movement, persian_retreat
from polemos.games.thermopylae.rules import (
    DAYS,
    FIRE_STAGES,
    ROUNDS,
    aname,
    automaton,
    begin_fire_segment,
    begin_movement_segment,
    can_repeat,
    cname,
    commit,
    conference_candidates,
    deploy_order,
    deploy_rest,
    do_move,
    do_retreat,
    end_game_on_points,
    end_of_day,
    feint,
    feint_question,
    fire_targets,
    firers,
    first_commit_options,
    greek_contingents,
    guard_candidates,
    has_work,
    melee,
    melee_areas,
    move_texts,
    occupancy,
    on_map,
    persian_deploy,
    pick_up_greeks,
    place,
    place_options,
    place_texts,
    placed_contingents,
    reach_of,
    reach_texts,
    recovery,
    resolve_fire,
    retreat_options,
    say_fog,
    send_away,
    series_over,
    set_guard,
    shoot,
    spartans,
    stacking_check,
    take_back,
    touch,
    uid,
    unit_role,
    west_candidates,
)
from polemos.games.thermopylae.state import (
    ARMY,
    BOX,
    FACING_NAMES,
    GONE,
    GREEK,
    PERSIAN,
    POOL,
    GTSState,
)


def setup(s: GTSState) -> None:
    s.stage = "day_start"
    s.say("4.0", "Go Tell the Spartans: August 18th, 480 BCE")
    advance(s)


def advance(s: GTSState) -> None:
    """Run automatic stages until a role must decide or the game is over."""
    guard = 0
    while s.winner < 0:
        guard += 1
        if guard > 10000:
            raise RuntimeError(f"stage machine stuck in {s.stage}")
        if not _step(s):
            return


def _step(s: GTSState) -> bool:
    """Carry out the current stage if it is automatic; False when a decision is needed."""
    comp = s.comp
    st = s.stage
    s.actor = -1
    if st != s.ended_stage:  # a new segment: every player takes part again (11.2)
        s.ended = []
        s.ended_stage = st
        if st in FIRE_STAGES:
            begin_fire_segment(s)
        elif st in ("p_move", "g_move"):
            begin_movement_segment(s)
    if st == "day_start":
        s.series = 0
        s.round = 0
        s.day_round = 0
        s.committed = []
        s.guard = -1
        s.west = -1
        for c in range(len(comp.cont_ids)):
            if comp.cont_side[c] == PERSIAN:
                s.routed[c] = False
                s.lost[c] = 0
        s.say("4.0", f"Day {s.day} (August {17 + s.day}th, 480 BCE)")
        s.stage = "commit"
        return True
    if st == "commit":
        if s.mode == "two":
            s.actor = PERSIAN  # 11.1: the Persian player chooses the first contingent of each day
            return False
        roll = s.rng.d10()
        cid = comp.tables.committed(s.day, roll)
        commit(s, comp.cont(cid), f"d10 {roll} on the Day {s.day} column")
        s.stage = "ephialtes" if s.day == DAYS else "guard"
        return True
    if st == "ephialtes":
        roll = s.rng.d6()
        s.eph_round = comp.tables.ephialtes_round(roll)
        imm = comp.cont("immortals")
        s.routed[imm] = False
        s.lost[imm] = 0
        for u in comp.cont_units[imm]:
            if s.loc[u] not in (ARMY, GONE):
                s.loc[u] = BOX
                s.losses[u] = 0
                s.disordered[u] = False
        touch(s)
        s.say("5.2", f"Ephialtes: d6 {roll}: the Immortals take the mountain path and enter in Action Round "
                     f"{s.eph_round} (7.0.2)")
        s.stage = "conference"
        return True
    if st == "conference":
        roll = s.rng.d6()
        s.conf_roll = roll
        s.stays = []
        n = comp.tables.contingents_remaining(roll)
        avail = greek_contingents(s)
        sp = spartans(s)
        stay = [sp] if sp in avail else []
        s.conf_left = max(0, n - len(stay))
        s.say("5.3", f"Greek conference: d6 {roll}: {n} contingents stay; the Spartans always stay"
                     f"{'; the Peloponnesians may stay' if roll == 6 else ''}")
        cands = conference_candidates(s)
        if len(cands) <= s.conf_left:
            s.conf_left = 0
            s.say("5.3", f"every contingent left stays: {', '.join(cname(s, c) for c in cands) or 'none'}")
            send_away(s, set(stay) | set(cands))
            s.stage = "guard"
            return True
        s.stage = "stay"
        return True
    if st == "stay":
        if s.conf_left <= 0 or not conference_candidates(s):
            send_away(s, {spartans(s), *s.stays})
            s.stage = "guard"
            return True
        s.actor = GREEK
        return False
    if st == "guard":
        if s.all_spartans:
            s.say("11.4", "Nothing But Spartans: no contingent guards the Ephialtes path")
            s.stage = "west"
            return True
        cands = guard_candidates(s)
        if len(cands) > 1:
            s.actor = GREEK
            return False
        if cands:
            set_guard(s, cands[0])
        s.stage = "west"
        return True
    if st == "west":
        pick_up_greeks(s)
        cands = west_candidates(s) if s.day < DAYS else []
        if len(cands) > 1:
            s.actor = GREEK
            return False
        s.west = cands[0] if cands else -1
        if s.west >= 0 and s.day < DAYS:
            s.say("6.0.1", f"the Spartans and the {cname(s, s.west)} set up west of the Wall")
        s.deploy_queue = deploy_order(s)
        s.stage = "deploy"
        return True
    if st == "deploy":
        while s.deploy_queue and not place_options(s, s.deploy_queue[0]):
            s.deploy_queue.pop(0)  # no room at all (never on the bundled map)
        if s.deploy_queue:
            s.actor = GREEK
            return False
        if not on_map(s, GREEK):
            s.say("9.0", "no Greek combat unit is left to hold the pass")
            end_game_on_points(s)
            return True
        s.say("6.0", "Greek deployment done")
        s.stage = "pdeploy"
        return True
    if st == "deploy_review":  # G44: a set-up made in one choice is looked over before it is done
        s.actor = GREEK
        return False
    if st == "pdeploy":
        persian_deploy(s, s.current, [0, 1, 2, 3], 1, "7.0", False)
        s.round = 0
        s.stage = "round_start"
        return True
    if st == "round_start":
        s.round += 1
        s.day_round += 1
        for u in range(len(s.loc)):
            s.moved[u] = False
        touch(s)
        s.say("D", f"Day {s.day}, Action Round {s.round} of series {s.series}")
        imm = comp.cont("immortals")
        if s.day == DAYS and s.day_round == s.eph_round and any(s.loc[u] == BOX for u in comp.cont_units[imm]):
            rows = list(range(comp.rows - 1, -1, -1))
            persian_deploy(s, imm, rows, 3, "7.0.2", True)
        s.stage = "p_move"
        s.moving_side = PERSIAN
        return True
    if st in ("p_move", "g_move"):
        side = PERSIAN if st == "p_move" else GREEK
        s.moving_side = side
        if side == PERSIAN and automaton(s):

            persian_movement(s)
            s.stage = st + "_end"
            return True
        if not has_work(s, side):
            s.stage = st + "_end"
            return True
        s.actor = side
        return False
    if st in ("p_move_end", "g_move_end"):
        side = PERSIAN if st == "p_move_end" else GREEK
        stacking_check(s, side)
        s.stage = "g_dfire" if side == PERSIAN else "p_dfire"
        return _segment_done(s)
    if st in FIRE_STAGES:
        side = GREEK if st[0] == "g" else PERSIAN
        s.moving_side = side
        if side == PERSIAN and automaton(s):

            persian_fire(s)
            return end_fire_segment(s)
        if not has_work(s, side):
            return end_fire_segment(s)
        s.actor = side
        return False
    if st in ("p_melee", "g_melee"):
        side = PERSIAN if st == "p_melee" else GREEK
        s.moving_side = side
        s.melee_queue = melee_areas(s)
        s.stage = st + "_run"
        return True
    if st in ("p_melee_run", "g_melee_run"):
        side = PERSIAN if st == "p_melee_run" else GREEK
        s.moving_side = side
        while s.melee_queue and s.winner < 0:
            a = s.melee_queue[0]
            lights, _, sps, _ = retreat_options(s, a, side)
            if (lights or sps or feint_question(s, a, side)) and s.retreat_area != a:
                defender = 1 - side
                if defender == PERSIAN and automaton(s):

                    persian_retreat(s, a, side)
                else:
                    s.retreat_area = a
                    s.actor = defender
                    return False
            s.retreat_area = -1
            s.melee_queue.pop(0)
            melee(s, a, side)
        if side == GREEK:
            s.feint = [False] * len(s.feint)  # 11.3: the bonus lasts until the next combat phase only
        s.stage = "g_move" if side == PERSIAN else "recovery"
        return _segment_done(s)
    if st == "recovery":
        recovery(s)
        s.stage = "round_end"
        return True
    if st == "round_end":
        if s.round >= ROUNDS or series_over(s):
            s.stage = "end_of_day"
        else:
            s.stage = "round_start"
        return True
    if st == "end_of_day":
        return end_of_day(s)
    if st == "day_end":
        for u in range(len(s.loc)):
            if s.loc[u] >= 0 or s.loc[u] == BOX:
                s.loc[u] = POOL
                s.disordered[u] = False  # G30: a night's rest clears Disorder
                s.feint[u] = False
        touch(s)
        if s.day >= DAYS:
            end_game_on_points(s)
            return True
        s.day += 1
        s.stage = "day_start"
        return True
    raise RuntimeError(f"unknown stage {st!r}")


def _segment_done(s: GTSState) -> bool:
    """Between segments: a series whose current contingent has routed, or whose Persians or Greeks are
    all gone, ends at once (D, G29): no further segment or round is run."""
    if s.winner >= 0:
        return False
    if series_over(s) and s.stage not in ("end_of_day", "day_end"):
        s.say("D", "no enemy left to fight: the Action Rounds end")
        s.stage = "end_of_day"
    return True


def end_fire_segment(s: GTSState) -> bool:
    """The end of a Fire Segment: the last target's fire is resolved (8.2.6) and the next segment of 4.0 D
    follows, unless the Action Rounds are over (G29)."""
    resolve_fire(s)
    if s.winner >= 0:
        return False
    s.stage = {"g_dfire": "p_ofire", "p_ofire": "p_melee", "p_dfire": "g_ofire", "g_ofire": "g_melee"}[s.stage]
    return _segment_done(s)


def legal(s: GTSState, role: str) -> list[str]:
    comp = s.comp
    st = s.stage
    if st == "commit":
        return [f"commit {comp.cont_ids[c]}" for c in first_commit_options(s)]
    if st == "stay":
        return [f"stay {comp.cont_ids[c]}" for c in conference_candidates(s)]
    if st == "guard":
        return [f"guard {comp.cont_ids[c]}" for c in guard_candidates(s)]
    if st == "west":
        return [f"west {comp.cont_ids[c]}" for c in west_candidates(s)]
    if st == "deploy":
        u = s.deploy_queue[0]
        # G44: the rest of the set-up in one choice, each unit still checked by place_options (after the
        # single placements, so that their order is unchanged)
        macros = ["deploy standard", "deploy repeat"] if can_repeat(s) else ["deploy standard"]
        return place_texts(s, u) + macros
    if st == "deploy_review":
        return ["end deployment", *(f"take back {comp.cont_ids[c]}" for c in placed_contingents(s))]
    if st in ("p_move", "g_move"):
        out = move_texts(s, s.actor, role)
        out.append("end movement")
        return out
    if st in FIRE_STAGES:
        out = [f"fire {uid(s, u)} {aname(s, b)}" for u in firers(s, s.actor) if unit_role(s, u) == role
               for b in fire_targets(s, u)]
        out.append("end fire")
        return out
    if st in ("p_melee_run", "g_melee_run"):
        a = s.retreat_area
        side = PERSIAN if st == "p_melee_run" else GREEK
        lights, _, sps, _ = retreat_options(s, a, side)
        out = []
        if lights:
            out.append(f"retreat {aname(s, a)}")
        if sps:
            out.append(f"feint {aname(s, a)}")
        out.append(f"stand {aname(s, a)}")
        return out
    return []


def _end_segment_for(s: GTSState, role: str) -> bool:
    """A player ends the segment for himself; True when nobody of that side has anything left (11.2)."""
    s.ended.append(s.roles().index(role))
    return not has_work(s, s.actor)


def apply(s: GTSState, action: str, role: str) -> None:
    """Carry out ``role``'s ``action`` (one of :func:`legal`'s), then everything automatic after it
    (:func:`advance`)."""
    act(s, action, role)
    advance(s)


def act(s: GTSState, action: str, role: str) -> None:
    """:func:`apply` without the :func:`advance` after it: ``GTSPlay`` calls the two in turn, through this
    module's attributes (the module is compiled, issue 12: a test that stops the game after each action
    replaces ``advance`` there)."""
    comp = s.comp
    word, _, rest = action.partition(" ")
    st = s.stage
    if st == "commit":
        commit(s, comp.cont(rest), "the Persian player's choice, 11.1")
        s.stage = "ephialtes" if s.day == DAYS else "guard"
    elif st == "stay":
        c = comp.cont(rest)
        s.stays.append(c)
        s.conf_left -= 1
        s.say("5.3", f"the {cname(s, c)} stay")
        if s.conf_left <= 0:
            send_away(s, {spartans(s), *s.stays})
            s.stage = "guard"
    elif st == "guard":
        set_guard(s, comp.cont(rest))
        s.stage = "west"
    elif st == "west":
        s.west = comp.cont(rest)
        say_fog(s, "6.0.1", f"the Spartans and the {cname(s, s.west)} set up west of the Wall",
                "the Greeks choose the contingent that sets up west of the Wall with the Spartans", GREEK)
        s.deploy_queue = deploy_order(s)
        s.stage = "deploy"
    elif st == "deploy" and word == "deploy":
        placed = deploy_rest(s, rest == "repeat")
        how = "as they were last set up (where still allowed)" if rest == "repeat" else "in the standard set-up"
        for c in sorted({comp.u_cont[u] for u in placed}):
            spots: dict[int, int] = {}  # 4 * area + facing -> units of the contingent there
            for u in placed:
                if comp.u_cont[u] == c:
                    spots[s.deployed_at[u]] = spots.get(s.deployed_at[u], 0) + 1
            where = ", ".join(f"{comp.area_facing_names[k]} x{n}" for k, n in spots.items())
            s.say("6.0", f"the {cname(s, c)} set up {how}: {where}", GREEK if s.mode == "two" else -1)
        if not s.deploy_queue:
            s.stage = "deploy_review"
    elif st == "deploy_review":
        if word == "take":  # "take back X" (G44)
            c = comp.cont(rest.split()[-1])
            back = take_back(s, c)
            s.say("6.0", f"the {cname(s, c)} and every unit placed after them are taken back ({len(back)} units), "
                         "to be set up again", GREEK if s.mode == "two" else -1)
        s.stage = "deploy"  # "end deployment": the queue is empty, and the deployment is done (6.0)
    elif st == "deploy":
        _, area, f = rest.split()
        u = s.deploy_queue.pop(0)
        place(s, u, comp.area_index(area), FACING_NAMES.index(f))
        s.say("6.0", f"{uid(s, u)} set up in {area} facing {f}", GREEK if s.mode == "two" else -1)
    elif st in ("p_move", "g_move"):
        if action == "end movement":
            if _end_segment_for(s, role):
                s.stage = st + "_end"
        elif word == "detach":
            u = comp.unit_ids.index(rest)
            s.force[u] = s.next_force
            s.next_force += 1
            touch(s)
            # unseen by the enemy: the pile stays as it is (3.4, RULINGS G43)
            s.say("3.1.2", f"{rest} leaves its stack", comp.u_side[u] if s.mode == "two" else -1)
        else:
            u = comp.unit_ids.index(rest.split()[0])
            r = reach_of(s, u, occupancy(s))
            texts = reach_texts(s, u, r)
            if action in texts:
                do_move(s, u, r.dest(texts.index(action), comp.a_col))
    elif st in FIRE_STAGES:
        if action == "end fire":
            if _end_segment_for(s, role):
                end_fire_segment(s)
        else:
            name, area = rest.split()
            u, b = comp.unit_ids.index(name), comp.area_index(area)
            if s.fire_target != b:
                resolve_fire(s)  # 8.2.6: the fire at the previous target is over
            if b in fire_targets(s, u):
                s.fire_target = b
                s.fire_hits += shoot(s, u, b)
            else:  # that resolution routed the contingent in b (8.4.4, 9.0(1)): nothing to fire at (G42)
                say_fog(s, "8.2.6", f"{aname(s, b)} holds no enemy any more: {name} holds its fire",
                        f"{aname(s, b)} holds no enemy any more: the shot is not taken", comp.u_side[u])
            if not has_work(s, s.actor):
                end_fire_segment(s)
    elif st in ("p_melee_run", "g_melee_run"):
        a = s.retreat_area
        side = PERSIAN if st == "p_melee_run" else GREEK
        lights, lend, sps, send = retreat_options(s, a, side)
        if word == "retreat":
            do_retreat(s, lights, lend, "8.3.2")
        elif word == "feint":
            feint(s, sps, send)
        # the melee itself is fought by advance (retreat_area marks the decision as taken)
