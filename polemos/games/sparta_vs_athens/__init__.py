"""Sparta vs. Athens (S&T 286, 2014): the component layer (data.py, constraints.py, svg.py); rules to come.

Only sections 1.1-3.2 of the rulebook survive; DESIGN.md writes down the rest as our own design,
RULINGS.md the readings of the surviving text. Not registered as a game: nothing here is playable
yet, and nothing user-facing may pretend it is.
"""
