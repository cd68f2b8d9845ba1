"""A director's calculator for bridge adjusted scores.

The calculations are pure Python in :mod:`bridge.scoring` (no Django): weighted,
split and serious-error scores for pairs and teams, each with its working.
"""
