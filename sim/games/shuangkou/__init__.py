"""百变双扣 (shuangkou): two decks with jokers (wild), four players, partners by a drawn card.

Phase 1 holds the game as data (``rules``), its scoring from raw facts (``scoring``) and its
exact deal values (``exact``); the ``Game`` interface is wired in a later phase.
"""
