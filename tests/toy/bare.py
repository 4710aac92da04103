"""The toy game offering only ``play`` with unparametrised players: no census, replay, rescore,
balance, sweep, sessions or ``--duplicate``. The contract registers it to check that every
command a game does not offer stops with one line and writes nothing."""

from __future__ import annotations

from dataclasses import replace

from sim.game import Players
from tests.toy import GAME as TOY, POLICIES

GAME = replace(TOY, name="toy-bare", title="toy high card, play only", jobs={"play": TOY.jobs["play"]},
               players=Players(POLICIES, (), default="high"), scoring=None, replay=None, sessions=False,
               duplicate=False)
