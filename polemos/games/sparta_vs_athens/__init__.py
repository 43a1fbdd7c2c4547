"""Sparta vs. Athens (S&T 286, 2014): components (data.py, constraints.py, svg.py) and the rules engine.

Only sections 1.1-3.2 of the rulebook survive; DESIGN.md writes down the rest as our own design,
RULINGS.md the readings of the surviving text. ``state.py`` holds a game, ``rules.py`` plays the
sequence of play (3.2, DESIGN 3.3) and logistics, ``campaign.py`` campaigns, movement, combat,
sieges and revolts (DESIGN 4-10), ``view.py`` the open view (RULINGS S9), ``text.py`` the terminal
board, ``web.py`` the browser table's board and panel, ``game.py`` the registered game, ``bots.py`` the
heuristic player and ``worlds.py`` the search levels' worlds (RULINGS S23).
"""
