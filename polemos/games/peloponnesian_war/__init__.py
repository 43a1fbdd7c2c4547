"""The Peloponnesian War (Victory Games, 1991): components so far (data.py, svg.py); rules to come.

Not registered as a game yet: this package holds the reconstructed component layer (map, leaders,
tables, Strategy Matrixes, scenario set-ups) the rule procedures will be written against.
"""
