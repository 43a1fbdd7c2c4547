"""The English messages the games write into their logs and views, marked for translation (issue 11).

The games keep writing English (their log is part of the state and the record format, unchanged);
these are the templates those lines are written from, with ``{name}`` placeholders where the game
fills something in. ``polemos.i18n.translate_text`` matches a line against them at view time and
fills the catalog's translation; each placeholder's text is translated the same way (a side, a
contingent, a card's title, a nested phrase), numbers and ids stay as they are. Babel extracts the
``N_`` calls below (``babel.cfg``); ``tests/test_i18n.py`` plays seeded games and checks that every
log line they write has a Spanish rendering, so a new or reworded line is caught.

Spanish terms follow the Spanish first-edition rulebook of Athens & Sparta where it names them
(Olimpiada, Turno de Juego, Fase de Movimiento, Revuelta, Asedio, Desgaste de Asedio, Mala Mano,
PM for MP, PP for BP (its 8.1 "Puntos de Producción" are the second edition's 8.1 Build Points),
"Storm (Asalto)", Terremotos, Hoplita, Peltasta, Caballería, Nave, Ilota).
"""

from __future__ import annotations

from polemos.i18n import N_

# ---------------------------------------------------------------- shared names
GAMES = (N_("Athens & Sparta"), N_("Go Tell the Spartans"), N_("The Peloponnesian War"))  # the games' titles
ROLES = (N_("Player"), N_("Matrix"))  # The Peloponnesian War's roles (the others are sides, below)
SIDES = (
    N_("Athens"), N_("Sparta"), N_("Athenian"), N_("Spartan"), N_("Greek"), N_("Persian"), N_("Greeks"),
    N_("Persians"), N_("none"), N_("no unit"),
)

# ---------------------------------------------------------------- Athens & Sparta: cards (data/cards.toml)
AS_CARDS = (
    N_("Storm"), N_("Earthquake"), N_("Betrayal"), N_("Plague at Athens"), N_("Persian Gold"), N_("War Levy"),
    N_("Alcibiades"), N_("Stasis"), N_("{n} MP"), N_("{mp}/{event}"),
)

# ---------------------------------------------------------------- Athens & Sparta: log lines
AS_LOG = (
    N_("Cards revealed: Athens {athens}, Sparta {sparta}."),
    N_("{rule} Victory Check after Olympiad {n}: Athens {athens}, Sparta {sparta}."),
    N_("{side}'s Player Turn (Player {n}), {mp} MP."),
    N_("{rule} Replacement Phase: Athens has {athens} BP, Sparta {sparta} BP ({rule2})."),
    N_("{side} moves a block to {to} ({rule})."),
    N_("{side} moves a block to {to} ({rule}). It must fight there."),
    N_("{side} {block} fires: {dice} — {n} hits ({rule})."),
    N_("{side} {block} fires: {dice} — {n} hit ({rule})."),
    N_("Olympiad {n}: the cards are shuffled and six dealt to each player ({rule})."),
    N_("You play {card}."),
    N_("{side} plays a card face-down."),
    N_("You keep your hand (Mulligan)."),
    N_("You add a step to {block} in {city} with the event's BPs ({n} BP left)."),
    N_("{side} makes a march move ({rule}) to {to}."),
    N_("{side} makes a sea move ({rule}) to {to}."),
    N_("Plague in {city} ({side}, {n}+): {dice} — {k} hits."),
    N_("Plague in {city} ({side}, {n}+): {dice} — {k} hit."),
    N_("{side} {block} is reduced to {n} ({rule})."),
    N_("You disband {block} in {city} to the Replacement Pool ({rule})."),
    N_("You build {block} in {city} ({rule})."),
    N_("{side} {block} takes a half-hit (double defence, {rule})."),
    N_("{rule} Siege Attrition at {city} ({side}, besieger, {n}+): {dice} — {k} hits."),
    N_("{rule} Siege Attrition at {city} ({side}, besieger, {n}+): {dice} — {k} hit."),
    N_("{rule} Siege Attrition at {city} ({side}, half-siege, {n}+): {dice} — {k} hits."),
    N_("{rule} Siege Attrition at {city} ({side}, half-siege, {n}+): {dice} — {k} hit."),
    N_("{side}'s {block} falls back from the storm ({rule})."),
    N_("{city} is now held by {side} ({rule})."),
    N_("Round {n} at {city} ({rule})."),
    N_("{side} sponsors a revolt in {city} ({rule})."),
    N_("{rule}: the revolt at {city} is fought as a siege battle; all defending blocks help."),
    N_("{rule}: the revolt at {city} is fought as a normal battle."),
    N_("{rule}: the revolt at {city} succeeds."),
    N_("{rule}: the revolt at {city} fails; the revolt block is eliminated."),
    N_("{side} adds a step to a block in {city} ({rule})."),
    N_("{side} adds a step to the revolt in {city} ({rule})."),
    N_("{side} {block} is eliminated ({rule})."),
    N_("{side} {block} cannot retreat and is eliminated ({rule})."),
    N_("{rule}: {side} attacks at {city} with {block}."),
    N_("{side} regroups a block to {city} ({rule})."),
    N_("{side}'s navy {block} engages in the Land Battle ({rule})."),
    N_("{side} {block} retreats to {city} ({rule})."),
    N_("{rule}: {side} withdraws a block into {city} (siege)."),
    N_("{rule}: {side} storms {city} with its armies."),
    N_("{rule}: {side} storms {city} with {block}."),
    N_("{rule}: {side} sallies from {city} with its armies."),
    N_("{side} takes a hit at {city}."),
    N_("{side} may now besiege {city} or regroup ({rule})."),
    N_("{rule}: the {city} navy may now be built by {side}."),
    N_("{rule}: {side} disbands {n} blocks in {where}."),
    N_("{rule}: {side} builds {n} new blocks in {where}."),
    N_("{rule}: {city} is attacked and joins {side}; its forces deploy at full strength."),
    N_("{rule}: {side} removes {block} from {city} to the Replacement Pool."),
    N_("{side} loses a block at {city} ({rule})."),
    N_("War Levy: {side} spends {n} BP on reinforcements now ({rule})."),
    N_("Persian Gold: {side} spends {n} BP on reinforcements now ({rule})."),
    N_("Storm ({rule}): no naval movement this Game Turn, for both Player Turns."),
    N_("Stasis: the first {n} revolt steps this turn cost no MP ({rule})."),
    N_("{side} is Player {n}: its event card has priority ({rule})."),
    N_("{side} is Player {n}: higher card (two events: higher MP first, {rule})."),
    N_("{side} is Player {n}: higher card ({rule})."),
    N_("{side} is Player {n}: Sparta is Player 1 on ties ({rule})."),
    N_("{side} has spent the event's BPs ({rule})."),
    N_("{side} finishes its Replacement Phase."),
    N_("{side} exchanges its revolt block for a peltast ({rule})."),
    N_("{side} ends the Move Phase."),
    N_("{side} disbands its successful revolt block ({rule})."),
    N_("{rule}: the block sails to {city}."),
    N_("{rule}: the besieged {side} blocks sally (navies)."),
    N_("{rule}: {side}'s relief forces attack the besiegers at {city}; all relief forces must engage."),
    N_("{rule}: {side} engages with nothing."),
    N_("{rule}: {side} engages with {block}."),
    N_("{rule} Sudden Death: {city} is occupied; {side} wins."),
    N_("{rule}: {side} takes {city} and may pillage {n} BP."),
    N_("{rule} Siege Attrition at {city} ({side}, full siege, {n}+): {dice} — {k} hits."),
    N_("{rule} Siege Attrition at {city} ({side}, full siege, {n}+): {dice} — {k} hit."),
    N_("{rule}: {side} disbands {n} block in {where}."),
    N_("{rule} Hellespont: {side} controls the sea at {city}; {other} must remove a block from {home}."),
    N_("{rule}: {side} removes a block from {city} (Hellespont)."),
    N_("Alcibiades: the first {n} revolt steps this turn cost no MP ({rule})."),
    N_("{side} wins: higher city points at the end of Olympiad {n} ({rule})."),
    N_("{side} wins: tie at the end of Olympiad {n}: {winner} wins ({rule})."),
    N_("Betrayal: besieged defenders stormed by {side} this turn lose double defence for both rounds ({rule}, "
       "publisher's Q&A)."),
    N_("Earthquake ({rule}): the Game Turn is cancelled for both players except Siege Attrition; Player 1 rolls "
       "first."),
    N_("Mulligan: both players keep their hands."),
)

# ---------------------------------------------------------------- Go Tell the Spartans: names
GTS_NAMES = (
    N_("Spartans"), N_("Thespians"), N_("Thebans"), N_("Phocians"), N_("Malians"), N_("Locrians (Opuntian)"),
    N_("Peloponnesians"), N_("Immortals"), N_("Dahae"), N_("Medes"), N_("Scythians (Sakae)"),
    N_("Susa (Cissians)"), N_("Ephialtes Box"), N_("Kolonos"),
    N_("in its own area"), N_("through its Front area"), N_("through its Front Left/Right area"),
    N_("through a Flank area"), N_("through a Rear Flank area"), N_("through its Rear area"),
    N_("passes"), N_("passes and recovers"), N_("Disordered"), N_("routs"),
    # TRANSLATORS: a facing, West (N, E and S read the same in Spanish)
    N_("W"),
    N_("in the standard set-up"), N_("as they were last set up (where still allowed)"),
)

# ---------------------------------------------------------------- Go Tell the Spartans: log lines
GTS_LOG = (
    N_("Go Tell the Spartans: August 18th, 480 BCE"),
    N_("Day {day} (August {date}th, 480 BCE)"),
    N_("Day {day}, Action Round {round} of series {series}"),
    N_("{units} fires at {area} (range {range}, d{die} {roll}): {n} hits"),
    N_("{units} fires at {area} (range {range}, d{die} {roll}): {n} hit"),
    N_("{units} fires at {area} (range {range}, d{die} {roll} -1 Wall): {n} hits"),
    N_("{units} fires at {area} (range {range}, d{die} {roll} -1 Wall): {n} hit"),
    N_("a unit in {area}"),
    N_("(automaton: {unit} targets {area}: {why})"),
    N_("{where}, range {range}"),
    N_("(automaton: {unit} {why})"),
    N_("8.1.6: as far forward as the Movement Allowance allows"),
    N_("8.1.6: the Immortals take the flank or rear of a Greek hoplite unit"),
    N_("(automaton: the Persian light units in {area} retreat before combat, RULINGS G32)"),
    N_("fire at {area}: {what} against DV {dv}: no effect"),
    N_("fire at {area}: {what} against DV {dv}: {n} Step Losses"),
    N_("fire at {area}: {what} against DV {dv}: {n} Step Loss"),
    N_("{n} hits"),
    N_("{n} hit"),
    N_("{n} hits more, {total} in this segment,"),
    N_("{n} hit more, {total} in this segment,"),
    N_("{unit} morale check d10 {roll} vs MR {mr}: {result}"),
    N_("{unit} morale check d10 {roll} +1 Disordered vs MR {mr}: {result}"),
    N_("a unit under the top in {area}: {result}"),
    N_("{unit} takes {n} Step Losses ({lost}/{steps})"),
    N_("{unit} takes {n} Step Loss ({lost}/{steps})"),
    N_("{unit} eliminated"),
    N_("{units} over the stacking limit in {area}: eliminated"),
    N_("{units} move {start} -> {to} facing {facing}"),
    N_("{units} face {facing} in {area}"),
    N_("{units} enter enemy-occupied {area} from {start} facing {facing}"),
    N_("{unit} and {n} more"),
    N_("{n} units from under the top"),
    N_("{n} unit from under the top"),
    N_("{unit} set up in {area} facing {facing}"),
    N_("{unit} leaves its stack"),
    N_("{units} retreat before combat {start} -> {to}"),
    N_("the {contingent} rout: their remaining units leave the field; {units} to the {side} Army Morale Track"),
    N_("the {contingent} set up {how}: {where}"),
    N_("the {contingent} deploy facing {facing}: {placed}"),
    N_("the {contingent} and every unit placed after them are taken back ({n} units), to be set up again"),
    N_("the Greek Army routs: Persian automatic victory"),
    N_("the Persian Army routs: Greek automatic victory"),
    N_("Persian morale crisis: {units} are out of the game"),
    N_("{side} melee in {area}: {detail}"),
    N_("Spartan feigned retreat: d10 {roll} vs MR {mr}: fails, they stand"),
    N_("Spartan feigned retreat: d10 {roll} vs MR {mr}: succeeds"),
    N_("{unit} rallies (d10 {roll} +1 vs MR {mr})"),
    N_("{unit} stays Disordered (d10 {roll} +1 vs MR {mr})"),
    N_("the {contingent} are committed ({why})"),
    N_("d10 {roll} on the Day {day} column"),
    N_("end of day check d10 {roll}"),
    N_("sent away: {names}"),
    N_("the {contingent} guard the mountain path (Ephialtes Box)"),
    N_("no Greek combat unit is left on the map: the day ends"),
    N_("end of day check: d10 {roll}: the {contingent} again: the day ends"),
    N_("9.0(1): the attacking contingent has routed: both sides deploy anew"),
    N_("9.0(2): the armies stay where they are; the new contingent enters at rows A and B"),
    N_("9.0(1): the {contingent} were the attacking contingent: the {n} other Persian units on the map are "
       "removed from play"),
    N_("victory points: Greeks {greeks}, Persians {persians}: Greek victory"),
    N_("victory points: Greeks {greeks}, Persians {persians}: Persian victory (ties go to Persia)"),
    N_("Ephialtes: d6 {roll}: the Immortals take the mountain path and enter in Action Round {n} (7.0.2)"),
    N_("Greek conference: d6 {roll}: {n} contingents stay; the Spartans always stay"),
    N_("Greek conference: d6 {roll}: {n} contingents stay; the Spartans always stay; the Peloponnesians may stay"),
    N_("every contingent left stays: {names}"),
    N_("Nothing But Spartans: no contingent guards the Ephialtes path"),
    N_("the Spartans and the {contingent} set up west of the Wall"),
    N_("no Greek combat unit is left to hold the pass"),
    N_("Greek deployment done"),
    N_("no enemy left to fight: the Action Rounds end"),
    N_("the {contingent} stay"),
)

# ---------------------------------------------------------------- the static pages (index.html, 404.html)
PAGES = (
    N_("Skip to content"), N_("Account"), N_("Loading Polemos…"), N_("Polemos needs JavaScript to run in the browser."),
    N_("Not found — Polemos"), N_("Page not found"),
    N_("There is no such page here: the address may be mistyped, or the game may not exist."),
    N_("Back to the lobby"),
)

# ---------------------------------------------------------------- the games' pages: panel keys (the page shows
# a panel's key as words, "day_round" -> "Day round"), prompts, "now" lines and action labels
PANEL_KEYS = (
    N_("Mode"), N_("Day"), N_("Series"), N_("Round"), N_("Day round"), N_("Phase"), N_("Rule"), N_("To move"),
    N_("Committed"), N_("Current"), N_("Vp"), N_("Army"), N_("Contingents"), N_("Ephialtes"), N_("Off map"),
    N_("Outcome"), N_("Played"), N_("Score"), N_("Olympiad"), N_("Turn"), N_("Player1"), N_("Active player"),
    N_("To act"), N_("Hand sizes"), N_("Status"), N_("Legend"), N_("Hand"), N_("Now"), N_("Greek"), N_("Persian"),
    N_("solitaire"), N_("two"), N_("greek-deployment"), N_("persian-deployment"), N_("move"), N_("combat"),
    N_("replacement"), N_("cards"), N_("Event"), N_("Locrians"), N_("mulligan"),
    # the roles' ids, as panels list them ("to move: greek")
    N_("greek"), N_("persian"), N_("athens"), N_("sparta"),
)

AS_PAGE = (
    N_("Move Phase (4.0): spend MPs on operation moves, strategic moves or revolts; 'end' when done."),
    N_("Combat Phase (5.0): choose the next battle, storm or sally; 'end' when done."),
    N_("A new battle (5.4): withdraw blocks into siege, then 'engage'."),
    N_("Your relief forces attack: the besieged may sally too (5.4)."),
    N_("Your block's action in the combat order (5.41)."),
    N_("More blocks would storm than the city's siege limit allows: pick the storming blocks (5.31)."),
    N_("Choose which of your equally strong blocks takes the hit (5.2)."),
    N_("Choose where the block retreats (5.5)."),
    N_("Your victorious blocks may regroup (5.6); 'done' when finished."),
    N_("Spend pillage BPs on the victorious blocks (5.61); 'done' when finished."),
    N_("Replacement Phase (8.0): add steps, build blocks, disband; 'done' when finished."),
    N_("The revolt succeeded (7.0): keep the revolt block, disband it, or exchange it for a peltast."),
    N_("The hit falls on your strongest block there (5.2): confirm."),
    N_("Your hand totals {mp} MP, under 10: show it for a re-deal or keep it (Mulligan)."),
    N_("Your hand totals {mp} MP: keep it (a Mulligan needs a hand under 10 MP)."),
    N_("Moving {block}: choose the next hex, 'stop' or 'cancel'."),
    N_("Moving {block}: choose its destination, or 'cancel'."),
    N_("Game over: {side} wins — {reason}."),
    N_("MPs left: {n}"),
    N_("BPs left: {n}"),
    N_("Operation move (4.4): {block}"),
    N_("March move (4.51): {block}"),
    N_("Sea move (4.52): {block}"),
    N_("{block} at {city}"),
    N_("Play {n} MP"),
    N_("Play {n} MP — {title}"),
    N_("Put at Sicily {n} MP"),
    N_("Put at Sicily {n} MP — {title}"),
    N_("Step to {hex}"),
    N_("Step to {hex} (and stop)"),
    N_("End the Move Phase (no more moves this Player Turn)"),
    N_("End the Combat Phase (no more battles)"),
    N_("Your hand ({n})"),
    N_("No cards."),
    N_("Quick moves: play board moves that can be undone without confirming"),
    N_("Stop here: end this block's move (4.4)"),
    N_("Cancel this move (it had no effect yet, RULINGS R4)"),
    N_("Keep this hand"),
    N_("Show this hand for a re-deal (Mulligan)"),
    N_("Take a new hand too (Mulligan)"),
    N_("Engage: fight the battle (5.4)"),
    N_("Done"),
    N_("Athens's Player Turn"),
    N_("Sparta's Player Turn"),
    N_("disband {block}"),
    N_("revolt {city}"),
    N_("Play a card face-down ({rule} Card Phase)."),
)

GTS_PAGE = (
    N_("Greeks: place {code} ({unit}: area and facing), or set up every unit left at once (standard or last "
       "deployment, G44: the last choices)"),
    N_("Greeks: choose the contingent that guards the Ephialtes path"),
    N_("Place {code} in {area}, facing {facing}"),
    N_("{area} (west of the Wall, on the road)"),
    N_("{area} (the Wall)"),
    N_("{area} (the Wall, its gate)"),
    N_("The {contingent} guard the Ephialtes path ({rule})"),
    N_("Detach {code} from its stack ({rule})"),
    N_("Standard deployment: set up every unit still to place ({rule})"),
    N_("Repeat the last deployment for every unit still to place ({rule})"),
    N_("Greeks: move a force or end movement"),
    N_("End this Movement Segment ({rule})"),
)

# ---------------------------------------------------------------- the games' option schemas (the lobby's form:
# each option's name as words, its description, its choices as words; tests/test_i18n.py checks they are all here)
OPTIONS = (
    N_("Syracuse points"),
    N_("SYRACUSE Points (optional): each player allocates a card at Sicily; their sum is SYRACUSE's value"),
    N_("Bid"),
    N_("10.3 Tourney bidding result: that side removes that many steps from its starting blocks (at "
       "most one per block)"),
    N_("Side"),
    N_("the side the winning bid plays"),
    N_("Steps"),
    N_("the steps it removes"),
    N_("Edition"),
    N_("Rules edition: second (the current English rules) or first (the first edition, Spanish rulebook)"),
    N_("Second"),
    N_("First"),
    N_("Players"),
    N_("solitaire (the Persians are the rulebook's automaton), two (11.1: a Persian player), or multi "
       "(11.2: Greek contingents debate the day-3 conference; the Persian system plays)"),
    N_("Solitaire"),
    N_("Two"),
    N_("Multi"),
    N_("Feigned retreat"),
    N_("11.3 Spartan feigned retreat option"),
    N_("Nothing but spartans"),
    N_("11.4 Nothing But Spartans"),
    N_("solitaire (switch sides as 2.1 demands, the score follows the player), fixed (solitaire on one "
       "side), or two-player (a player per side, no switching)"),
    N_("Fixed"),
    N_("Two Player"),
    N_("Scenario"),
    N_("the scenario (10.1-10.4), for tables and commands that choose games by their options"),
    N_("Peloponnesian War"),
    N_("Archidamian War"),
    N_("Decelean War"),
    N_("Fall Of Athens"),
    N_("the side the player commands first where the scenario leaves it open (10.1, 10.2), and the side "
       "kept in the fixed mode"),
)

# ---------------------------------------------------------------- Athens & Sparta's event cards' texts
# (data/cards.toml; tests/test_i18n.py checks every card's title and text is here)
AS_CARD_TEXTS = (
    N_("Event, resolved before any moves on either card: for both Player Turns of this Game Turn no "
       "navy may make an operation move or a sea move, and no army may make a sea move (4.52). Land "
       "moves, revolts, combat, retreats, regroups and siege attrition are unaffected. Then the player "
       "has 2 MP."),
    N_("Event: the Game Turn is cancelled for both players; neither card's MP may be spent (no moves, "
       "revolts or combat). Siege Attrition (6.0) is still rolled: Player 1 rolls for all his sieges "
       "and blockades first, then Player 2, who does not roll for a siege or blockade ended by Player "
       "1's rolls."),
    N_("Event: during this Player Turn, in every Siege Battle in which this player's blocks storm a "
       "city (5.41), the besieged defenders have no double defence in either combat round: each hit on "
       "them removes a full step. Then the player has 3 MP."),
    N_("Event, resolved before any moves: each player rolls one die for every block of his in the "
       "ATHENS hex (besieged, besieging or neither); each 5 or 6 is one hit on that player's strongest "
       "block there, applied one at a time as in Siege Attrition (6.0; the owner chooses among equals). "
       "It strikes whoever holds ATHENS, whichever player plays it. Then the player has 1 MP."),
    N_("Event, resolved before any moves: the player receives 3 BP and must spend them at once "
       "reinforcing (8.2) friendly blocks in friendly cities that are not besieged or blockaded, at the "
       "step costs of 8.4 and within each city's limit of 8.1 (3x a major city's value, 1 BP in a minor "
       "city). No new blocks may be built; BP not spent are lost. Then the player has 1 MP."),
    N_("Event, resolved before any moves: the player receives 2 BP and must spend them at once "
       "reinforcing (8.2) friendly blocks in friendly cities that are not besieged or blockaded, at the "
       "step costs of 8.4 and within each city's limit of 8.1. No new blocks may be built; BP not spent "
       "are lost. Then the player has 2 MP."),
    N_("Event: this Player Turn the player's first 2 Revolt Steps (7.0) cost no MP; they count toward "
       "the revolt block's strength as if paid. All other revolt rules apply (enemy major cities only, "
       "never ATHENS or SPARTA, neutrals only after joining). Then the player has 2 MP for moves or "
       "further revolt steps."),
    N_("Event: this Player Turn the player's first 2 Revolt Steps (7.0) cost no MP; they count toward "
       "the revolt block's strength as if paid. All other revolt rules apply (enemy major cities only, "
       "never ATHENS or SPARTA, neutrals only after joining). Then the player has 1 MP for moves or "
       "further revolt steps."),
    N_("No event: {n} Move Points ({rule})."),
    N_("No event: {n} Move Point ({rule})."),
    N_("Move Points only."),
)

# ---------------------------------------------------------------- The Peloponnesian War: the most frequent log lines
PW_LOG = (
    N_("{rule} from {start} to {to}: die {die} + {mod} = {total}: no rebellion."),
    N_("{rule} from {start} to {to}: die {die} + {mod} = {total}: it rebels."),
    N_("{rule} adjacent {space}: die {die}: no rebellion."),
    N_("{rule} adjacent {space}: die {die}: it rebels."),
    N_("{rule} {side}'s force in {space} tries to intercept in {to}: roll {roll}, failure."),
    N_("{rule} {side}'s force in {space} tries to intercept in {to}: roll {roll}, success."),
    N_("{rule} {side}' force in {space} tries to intercept in {to}: roll {roll}, failure."),
    N_("{rule} {side}' force in {space} tries to intercept in {to}: roll {roll}, success."),
    N_("{rule} {side} does not attempt an interception in {space}."),
    N_("{rule} {side} builds {n} {kind} SP ({cost} talents; Treasury {treasury})."),
    N_("{rule} skirmish in {space}: {side} rolls {roll}, {other} rolls {roll2}."),
    N_("{rule} {leader} moves alone to {to}."),
    N_("{rule} {leader} moves with {units} to {to}."),
    N_("{rule} the rebellion in {space} is put down."),
    N_("{rule} Post-Combat Movement of {n} {kind}: {moves}."),
    N_("{rule} the skirmish becomes a battle: {n} Naval SPs, {k} of them intercepting ({rule2})."),
    N_("{rule} the skirmish becomes a battle: {n} Land SPs, {k} of them intercepting ({rule2})."),
    N_("{rule} game turn {n} begins."),
    N_("{rule} {side} collects {n} talents ({detail}); Treasury {treasury}."),
    N_("{rule} {side} SCI {change} (now {n})."),
    N_("{rule} {side}'s Treasury {before} -> {after} talents."),
    N_("{rule} {side}'s Bellicosity {before} -> {after}."),
    N_("{rule} {side}'s Bellicosity {before} -> {after} ({detail})."),
    N_("{rule} {side} consults the auguries: {roll}, favourable."),
    N_("{rule} {side} consults the auguries: {roll}, unfavourable."),
    N_("{rule} {n} Ravaged markers are removed."),
    N_("{rule} {space} rebels: it is now friendly to {side}."),
    N_("{rule} side determination: die {die} + SCI {sci} = {total}: the player keeps {side}."),
    N_("{rule} {side} conducts the first operation: its leader's strategic modifier {a} beats {b}."),
    N_("{n} to {space}"),
)

# ---------------------------------------------------------------- the boards' own words (the SVG the server draws;
# the page swaps each text for its translation)
BOARDS = (
    N_("Thermopylae — west (row A, the Persians) ← → east (row O, Alpeni)"),
    N_("Day {day}, series {series}, round {round}"),
    N_("North: the sea (Malian Gulf, map column 1)"),
    N_("South: the mountain (Kallidromos, impassable)"),
    N_("Ephialtes Box — empty (exit to row O)"),
    N_("Greek: square, white inner border, code in lower case (spa1)"),
    N_("Persian: cut corners, CODE IN UPPER CASE (IMM12)"),
    N_("hoplite"), N_("mixed (spear, bow)"), N_("javelin"), N_("bow"), N_("? hidden (fog of war)"), N_("Scythians"),
    N_("Counter: code, type, MF-DV-MA; notch = facing; D disordered; −N step losses;"),
    N_("dark badge = units in the pile (the top unit large, the rest listed under it)."),
    N_("Terrain: clear; Kolonos mound (level 2); the Wall (row H, its gate on the road)."),
    N_("Greeks off the map: {units}"),
    N_("Persians off the map: {units}"),
    N_("SICILY (off-board)"), N_("Pool"), N_("Athens block (round corners, white rim)"),
    N_("Sparta block (square, dark rim)"), N_("enemy block: upright, face hidden"),
    N_("hex held by one side's blocks (4.2)"), N_("city, its points"), N_("walled city"), N_("port"), N_("Oracle"),
    N_("siege"), N_("blockade"), N_("the move"), N_("Key"),
    N_("Square blocks: Athens blue with a round-cornered white border; Sparta red with a square dark border; an "
       "enemy block stands upright and blank"),
    N_("Block face: type letter (H hoplites, P peltasts, C cavalry, N navy, R revolt), rating, strength/steps"),
    N_("Circle: city; hexagon: walled city; a number: its city points; ⚓ port; dotted purple ring: Oracle"),
    N_("City colour: who holds it now (its printed side as the outline when they differ); tinted hex: control "
       "(4.2)"),
    N_("Red dashes: siege; blue dots: blockade; thick red hexagon: the battle; orange line: the block's move"),
)
