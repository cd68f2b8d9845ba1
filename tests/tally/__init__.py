"""Tally, a toy game with seats known only to the tests: each hand, each
player scores a whole number, and a player's total is the sum. It is
installed by the tests' settings alone and gets everything else from the
kit (scorepads): read it as the smallest seated game, then Two Way Street."""
