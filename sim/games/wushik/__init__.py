"""五十K (wushik): two decks without jokers, four players in fixed partnerships, 5/10/K points.

Phase 1 holds the game as data (``rules``), its scoring from raw facts (``scoring``) and its
exact deal values (``exact``); the ``Game`` interface is wired in a later phase.
"""
