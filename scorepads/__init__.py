"""What every game's score pad needs, in one place: games kept private to their
members, numbered entries recorded exactly once, the revision that an open
pad's poll reads, read-only share links, PDF rendering, and the views' answers
to polls and downloads.

Each game is an app beside this one (``pad`` is Gorilla's): its models extend
:mod:`scorepads.models`, its services write through :mod:`scorepads.recording`
and :mod:`scorepads.sharing`, its selectors read through
:mod:`scorepads.access`, its PDFs render through :mod:`scorepads.pdf`.
"""
