"""Two Way Street: a trick-taking game for 3 to 12 players, scored by the rules in rules.py."""
