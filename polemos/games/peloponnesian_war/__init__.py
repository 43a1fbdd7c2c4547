"""The Peloponnesian War (Victory Games, 1991): registered as ``peloponnesian-war``.

Components: model.py, data.py (+ data/*.toml), geography.py, svg.py. State and sequence of play:
state.py, rules.py (1.4). Rules: political.py (2.x), strategy.py (3.x), operations.py (4.x),
combat.py / combat_tables.py (5.x), rebellion.py (6.x), administration.py (7.x), armistice.py (8.x),
victory.py (9.0, 10.x ends), setup.py (10.x set-ups), neutrals.py (4.5). The game, views and players:
game.py, view.py, text.py (terminal), web.py (browser table), bots.py. Rulings: RULINGS.md.
"""
