"""Athens & Sparta action labels (issue 11: one display name per piece; the canonical action text stays the record
format, shown as the button's title): every action the rules offer, in both editions and with the options, reads in
the game's words on the browser's buttons and the terminal's menu, in English and in Spanish — no label opens with a
record word ("add", "disband", "retreat", "storm", ...) and none shows a raw id (a block's ``ATH-HOP-1``, a card's
``c14``, a board ref ``h:MEGARA``).

The labels are drawn from the role's view alone (``web.action_labels(view, legal)``): the test hands them the view as
JSON, which holds nothing hidden from the role (test_secrets, test_views).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import polemos
from polemos.core.log import translate_line
from polemos.core.rng import Rng
from polemos.games.athens_sparta import text, web
from polemos.i18n import use

AS = "athens-and-sparta"
# the options a game may be played with that change what is asked: the first edition (issue 13), SYRACUSE Points
# (9.2's optional rule: a card put at Sicily) and the 10.3 tourney bid (steps removed from starting blocks)
OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"edition": "first"},
    {"syracuse_points": True, "bid": {"side": "sparta", "steps": 2}},
    {"edition": "first", "syracuse_points": True, "bid": {"side": "athens", "steps": 1}},
)
SEEDS = (0, 1, 2)
STEPS = 700

RECORD_WORD = re.compile(r"^[a-z]")  # a label opening with a record word ("add ATHENS Hoplites", "retirarse a ...")
RAW_ID = re.compile(r"\b[A-Z]{3}(?:-[A-Z0-9]+)+\b"  # a block id (ATH-HOP-1, SPA-TYRANTS)
                    r"|\bc\d{1,2}\b"  # a card id (c14)
                    r"|\b[a-z]:\S")  # a board ref (h:MEGARA, b:ATH-HOP-1, c:end)


def _faults(label: str) -> list[str]:
    out = []
    if RECORD_WORD.match(label):
        out.append("opens with a record word")
    if RAW_ID.search(label):
        out.append("shows a raw id")
    return out


def _played(options: dict[str, Any], seed: int) -> dict[str, tuple[str, str]]:
    """Every kind of action a random playout of ``STEPS`` steps offers (its record verb, its number of words and the
    phase) -> (one action of that kind, its label), from each deciding role's view as JSON."""
    state = polemos.game(AS).new(seed, options=dict(options))
    chooser = Rng(seed)
    out: dict[str, tuple[str, str]] = {}
    for _ in range(STEPS):
        if state.outcome() is not None:
            break
        for role in state.active_roles():
            legal = state.legal_actions(role)
            view = json.loads(json.dumps(state.view(role)))
            labels = web.action_labels(view, legal)
            assert len(labels) == len(legal)
            for action, label in zip(legal, labels, strict=True):
                words = action.split()
                key = f"{words[0]}/{len(words)}/{view.get('phase')}"
                faulty = _faults(label)
                if key not in out or faulty:
                    out[key] = (action, label)
                if faulty:
                    return out  # the first faulty label is enough to show
        role = state.active_roles()[0]
        state.apply(role, chooser.choice(state.legal_actions(role)))
    return out


@pytest.fixture(scope="module")
def kinds() -> dict[str, dict[str, tuple[str, str]]]:
    """Per option set, every kind of action met over the seeds with one example."""
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for options in OPTIONS:
        met: dict[str, tuple[str, str]] = {}
        for seed in SEEDS:
            for key, example in _played(options, seed).items():
                if key not in met or _faults(example[1]):
                    met[key] = example
        out[json.dumps(options, sort_keys=True)] = met
    return out


def test_every_action_offered_reads_in_words_in_english_and_spanish(
        kinds: dict[str, dict[str, tuple[str, str]]]) -> None:
    """Issue 11: no button or menu line opens with a record word or shows a raw id, in either language, in
    either edition; and each reads in Spanish (the shared catalog's templates, the Spanish rulebook's terms)."""
    bad = []
    for options, met in kinds.items():
        for key, (action, label) in sorted(met.items()):
            bad += [f"{options} {key}: {action!r} -> {label!r}: {why}" for why in _faults(label)]
            spanish = translate_line(label, "es")
            bad += [f"{options} {key}: {action!r} -> {spanish!r} (es): {why}" for why in _faults(spanish)]
            if spanish == label:
                bad.append(f"{options} {key}: {action!r} -> {label!r} has no Spanish")
    assert bad == []


def test_the_playouts_meet_the_actions_of_every_stage(kinds: dict[str, dict[str, tuple[str, str]]]) -> None:
    """The check above is only as good as what the playouts offer: they reach the Card, Move, Combat and
    Replacement Phases' actions in both editions (the rare ones are labelled one by one below)."""
    verbs = {options: {key.split("/")[0] for key in met} for options, met in kinds.items()}
    common = {"play", "keep", "op", "march", "sea", "to", "stop", "end", "battle", "engage", "fire", "hit", "retreat",
              "withdraw", "regroup", "add", "build", "disband", "done", "revolt"}
    for options, met in verbs.items():
        assert common <= met, (options, sorted(common - met))
    assert "reduce" in verbs[json.dumps(OPTIONS[2], sort_keys=True)]  # 10.3 the bid
    assert "sicily" in verbs[json.dumps(OPTIONS[2], sort_keys=True)]  # 9.2 SYRACUSE Points
    assert {"patrol", "pillage", "coastal"} & verbs[json.dumps(OPTIONS[1], sort_keys=True)]  # the first edition's own


def _mid_game_view(options: dict[str, Any], steps: int = 300) -> dict[str, Any]:
    state = polemos.game(AS).new(5, options=dict(options))
    chooser = Rng(5)
    for _ in range(steps):
        role = state.active_roles()[0]
        state.apply(role, chooser.choice(state.legal_actions(role)))
    view: dict[str, Any] = json.loads(json.dumps(state.view("athens")))
    return view


# every record form of the game's actions (rules.LEGAL and combat.LEGAL's grammar), with ids and places filled in
# from the view below: rare ones too (a Helot revolt 7.1, an exchange 7.0, the Hellespont 9.1, a patrol 1st 6.7,
# the Mulligan/Bad Hand's re-deal, a sally by the navies, coastal combat and blockades 1st 6.2, 6.6)
FORMS = ("play {card}", "sicily {card}", "keep", "mulligan", "redeal", "reduce {block}", "op {block}", "march {block}",
         "sea {block}", "to {city}", "to 0907", "stop", "cancel", "end", "revolt {city}", "helots MESSENE",
         "disband {block}", "disband {revolt}", "exchange {revolt} {pool}", "battle {city}", "storm {city} armies",
         "storm {city} navies", "storm {city} all", "sally {city} armies", "sally {city} navies", "sally {city} all",
         "remain", "sally all", "sally armies", "sally navies", "withdraw {block}", "patrol {block}", "engage", "fire",
         "pass", "withdraw", "retreat", "storm", "land", "stay", "coastal", "blockade", "retreat {city}",
         "retreat 0907", "storm {block}", "hit {block}", "regroup {block} {city}", "regroup {block} 0907",
         "pillage {block}", "add {block}", "build {pool} {city}", "persia", "remove {block}", "done")


@pytest.mark.parametrize("options", [{}, {"edition": "first"}], ids=["current", "first"])
def test_every_record_form_has_its_words(options: dict[str, Any]) -> None:
    """Each record form, in each phase its verb may be met in, has a label in words in both languages (the
    playouts above need not meet every one); the revolt's keep (7.0) is not the Mulligan's."""
    view = _mid_game_view(options)
    mine = [b for b in view["blocks"] if "id" in b and b["owner"] == "athens" and b["type"] != "revolt"]
    pool = [b for b in view["pool"] if b["type"] == "peltast"] or view["pool"]
    if not view["hand"]:  # a card in hand, as in the Card Phase ([1]) or at Sicily (9.2)
        view["hand"] = [{"id": "c01", "mp": 2, "event": "storm", "title": "Storm", "text": ""}]
    fill = {"card": view["hand"][0]["id"], "block": mine[0]["id"],
            "city": mine[0]["location"], "pool": pool[0]["id"], "revolt": "ATH-DEMOS"}
    # the DEMOS block standing in a city, as after a successful revolt (7.0)
    view["blocks"].append({"id": "ATH-DEMOS", "owner": "athens", "location": mine[0]["location"], "name": "DEMOS",
                           "type": "revolt", "strength": 2, "steps": 4, "rating": "A2", "move": 0,
                           "besieged": False, "moved": False})
    forms = [form.format(**fill) for form in FORMS]
    bad = []
    for phase in ("mulligan", "card", "move", "combat", "replacement"):
        view["phase"] = phase
        # 'end' ends the Move or the Combat Phase (4.0, 5.0; END_WORDS), offered in no other
        legal = [a for a in forms if a != "end" or phase in ("move", "combat")]
        labels = web.action_labels(view, legal)
        with use("es"):
            spanish = text.action_labels(view, legal)
        for action, label, es in zip(legal, labels, spanish, strict=True):
            bad += [f"{phase}: {action!r} -> {label!r}: {why}" for why in _faults(label)]
            bad += [f"{phase}: {action!r} -> {es!r} (es): {why}" for why in _faults(es)]
            if es == label:
                bad.append(f"{phase}: {action!r} -> {label!r} has no Spanish")
        keep = labels[legal.index("keep")]
        assert (keep == "Keep this hand") == (phase == "mulligan"), (phase, keep)
    assert bad == []


def test_labels_name_the_block_place_and_rule_by_the_edition() -> None:
    """A few labels word for word (the rulebook's terms and numbers: 8.2 reinforcements, 5.5 retreats, 5.3 storming
    and 7.0 revolts; the first edition's 1st 8.2, 1st 5.3, 1st 5.54), and their Spanish (Refuerzos' 'añadir un
    paso', 'Retirarse', 'Asaltar', 'Revuelta'; ATENAS)."""
    view = _mid_game_view({})
    block = next(b for b in view["blocks"] if b.get("type") == "hoplite" and b["owner"] == "athens")
    bid, where = block["id"], block["location"]
    legal = [f"add {bid}", "retreat ATHENS", "storm ATHENS armies", "revolt CORINTH", f"disband {bid}"]
    name = web.display_names()[bid]
    assert web.action_labels(view, legal) == [
        f"Add a step to {name} in {where} (8.2)", "Retreat to ATHENS (5.5)", "Storm ATHENS with the armies (5.3)",
        "Sponsor a revolt in CORINTH (1 MP, 7.0)", f"Disband {name} in {where} to the Replacement Pool (8.6)"]
    first = {**view, "edition": "first"}
    assert web.action_labels(first, legal[:3]) == [
        f"Add a step to {name} in {where} (1st 8.2)", "Retreat to ATHENS (1st 5.3)",
        "Storm ATHENS with the armies (1st 5.54)"]
    with use("es"):
        spanish = text.action_labels(view, ["retreat ATHENS", "storm ATHENS armies", "revolt CORINTH"])
    assert spanish == ["Retirarse a ATENAS (5.5)", "Asaltar ATENAS con los ejércitos (5.3)",
                       "Financiar una Revuelta en CORINTO (1 PM, 7.0)"]
